/**
 * The tenant cannot choose its account (issue 26 item 1; migrations 090, 091): inside a tenant
 * transaction, setting `app.account_no` — to a number, a forged token or another transaction's
 * token — shows and reaches no other account's rows; the account cannot be entered a second time,
 * not even after `reset role` back to the login; the tenant role may not enter one at all; the key
 * is nobody's to read; every policy reads the account once per statement.
 */
import { createHmac } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exemptFromChangeEvents } from '../platform/outbox.ts';
import type { Tenancy, Tx } from '../platform/tenancy.ts';
import { createTestContext, onPostgres, type TestContext } from '../test/harness.ts';
import { CROSS_ACCOUNT_ROLE, TENANT_ROLE } from './tenancy-sql.ts';

let t: TestContext;
let tenancy: Tenancy;
beforeAll(async () => {
  t = await createTestContext();
  tenancy = t.app.platform.tenancy;
});
afterAll(async () => t?.close());

const MINE = 30000;
const OTHER = 30001;

/** What the transaction sees and reaches of OTHER's rows, and the account it is in. */
async function reachOfOther(tx: Tx) {
  const count = async (table: string) =>
    Number(
      (
        await sql<{
          n: number;
        }>`select count(*)::int as n from ${sql.table(table)} where account_no = ${OTHER}`.execute(tx)
      ).rows[0]?.n,
    );
  await exemptFromChangeEvents(tx, 'test probe');
  const updated = await sql`update access_lists set description = 'taken' where account_no = ${OTHER}`.execute(tx);
  const deleted = await sql`delete from seats where account_no = ${OTHER}`.execute(tx);
  const account = (await sql<{ a: number | null }>`select app_account_no() as a`.execute(tx)).rows[0]?.a;
  return {
    account,
    seats: await count('seats'),
    users: await count('users'),
    accessLists: await count('access_lists'),
    updated: Number(updated.numAffectedRows),
    deleted: Number(deleted.numAffectedRows),
  };
}
const NOTHING = { account: null, seats: 0, users: 0, accessLists: 0, updated: 0, deleted: 0 };

const token = (tx: Tx) =>
  sql<{ v: string }>`select current_setting('app.account_no') as v`.execute(tx).then((r) => r.rows[0]?.v ?? '');

describe('the account of a tenant transaction (migration 090)', () => {
  beforeAll(async () => {
    // OTHER has rows of each kind probed (the demo estate gives it seats and users).
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from seats where account_no = ${OTHER}`.execute(
      t.database.db,
    );
    expect(rows[0]?.n).toBeGreaterThan(0);
    await tenancy.tenant(OTHER, async (tx) => {
      await exemptFromChangeEvents(tx, 'test fixture');
      await tx.insertInto('access_lists').values({ account_no: OTHER, name: 'Probe of 090' }).execute();
    });
  });

  it('is the entered account: its rows, as a token only the database makes (HMAC-SHA256 of the account, backend, start)', async () => {
    const seen = await tenancy.tenant(MINE, async (tx) => {
      const facts = await sql<{ v: string; pid: number; at: string; a: number }>`select
        current_setting('app.account_no') as v, pg_backend_pid() as pid, extract(epoch from now())::text as at,
        app_account_no() as a`.execute(tx);
      const accounts = await tx.selectFrom('seats').select('account_no').distinct().execute();
      return { ...facts.rows[0], accounts: accounts.map((r) => r.account_no) };
    });
    expect(seen.a).toBe(MINE);
    expect(seen.accounts).toEqual([MINE]);
    const { rows } = await sql<{ ipad: Buffer }>`select ipad from app_account_key`.execute(t.database.db);
    const key = Buffer.from((rows[0]?.ipad ?? Buffer.alloc(0)).map((b) => b ^ 0x36)).subarray(0, 32);
    const mac = createHmac('sha256', key).update(`${MINE}:${seen.pid}:${seen.at}`).digest('hex');
    expect(seen.v).toBe(`${MINE}:${mac}`);
  });

  it('cannot be chosen by setting app.account_no: a number, a forged token, another transaction’s token', async () => {
    const theirs = await tenancy.tenant(OTHER, token);
    const forged = `${OTHER}:${'0'.repeat(64)}`;
    for (const value of [String(OTHER), forged, theirs, `${OTHER}:`, `${OTHER}`, ':', 'x:y']) {
      const reach = await tenancy.tenant(MINE, async (tx) => {
        await sql`select set_config('app.account_no', ${value}, true)`.execute(tx);
        return reachOfOther(tx);
      });
      expect(reach, value).toEqual(NOTHING);
      // Nor can it write a row of theirs.
      await expect(
        tenancy.tenant(MINE, async (tx) => {
          await sql`select set_config('app.account_no', ${value}, true)`.execute(tx);
          await exemptFromChangeEvents(tx, 'test probe');
          await tx.insertInto('access_lists').values({ account_no: OTHER, name: 'Stolen' }).execute();
        }),
        value,
      ).rejects.toThrow(/row-level security/);
    }
    // A token of this very transaction's account, set again, still answers (nothing else does).
    const again = await tenancy.tenant(MINE, async (tx) => {
      await sql`select set_config('app.account_no', ${await token(tx)}, true)`.execute(tx);
      return (await sql<{ a: number }>`select app_account_no() as a`.execute(tx)).rows[0]?.a;
    });
    expect(again).toBe(MINE);
    // Their rows are as they were.
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from access_lists
      where account_no = ${OTHER} and description = 'taken'`.execute(t.database.db);
    expect(rows[0]?.n).toBe(0);
  });

  it('cannot be entered by the tenant role, nor a second time in one transaction (even after reset role, in a savepoint)', async () => {
    await expect(tenancy.tenant(MINE, (tx) => sql`select app_enter_account(${OTHER})`.execute(tx))).rejects.toThrow(
      /permission denied for function app_enter_account: only a login/,
    );
    for (const before of [['reset role'], ['set role none'], ['savepoint s', 'reset role']]) {
      const attempt = tenancy.tenant(MINE, async (tx) => {
        for (const statement of before) await sql.raw(statement).execute(tx);
        await sql`select app_enter_account(${OTHER})`.execute(tx);
        await sql`select set_config('role', ${TENANT_ROLE}, true)`.execute(tx);
        return reachOfOther(tx);
      });
      await expect(attempt, before.join('; ')).rejects.toThrow(/this transaction has entered an account already/);
    }
  });

  it.runIf(onPostgres)('cannot be entered by the cross-account login', async () => {
    await expect(
      tenancy.crossAccount('seed', async (tx) => {
        await sql`reset role`.execute(tx);
        await sql`select app_enter_account(${OTHER})`.execute(tx);
      }),
    ).rejects.toThrow(/permission denied for function app_enter_account: only a login/);
  });

  it('is no account in a cross-account transaction, which still sees every account', async () => {
    const seen = await tenancy.crossAccount('seed', async (tx) => ({
      account: (await sql<{ a: number | null }>`select app_account_no() as a`.execute(tx)).rows[0]?.a,
      accounts: (await tx.selectFrom('seats').select('account_no').distinct().execute()).length,
    }));
    expect(seen.account).toBeNull();
    expect(seen.accounts).toBeGreaterThan(1);
  });

  it('is made with a key neither role may read, by a function everyone may call and that decides itself', async () => {
    for (const role of [TENANT_ROLE, CROSS_ACCOUNT_ROLE]) {
      const { rows } = await sql<{ key: boolean; enter: boolean; no: boolean }>`select
        has_table_privilege(${role}, 'app_account_key', 'select') as key,
        has_function_privilege(${role}, 'app_enter_account(integer)', 'execute') as enter,
        has_function_privilege(${role}, 'app_account_no()', 'execute') as no`.execute(t.database.db);
      // app_enter_account is everyone's to call and refuses all but a tenant login as itself.
      expect(rows[0], role).toEqual({ key: false, enter: true, no: true });
    }
    await expect(tenancy.tenant(MINE, (tx) => sql`select * from app_account_key`.execute(tx))).rejects.toThrow(
      /permission denied/,
    );
    // A key of its own in a temporary table (searched first for tables) is not the functions' key.
    const forged = await tenancy.tenant(MINE, async (tx) => {
      await sql`create temporary table app_account_key (ipad bytea, opad bytea)`.execute(tx);
      await sql`insert into app_account_key values (decode('00', 'hex'), decode('00', 'hex'))`.execute(tx);
      // The token that key would make (were it read), for this backend and transaction.
      await sql`select set_config('app.account_no', ${OTHER} || ':' || encode(sha256(k.opad || sha256(k.ipad
        || convert_to(${OTHER} || ':' || pg_backend_pid() || ':' || extract(epoch from now()), 'UTF8'))), 'hex'), true)
        from app_account_key k`.execute(tx);
      return (await sql<{ a: number | null }>`select app_account_no() as a`.execute(tx)).rows[0]?.a;
    });
    expect(forged).toBeNull();
  });

  it('keeps the row events of tables without an account column the transaction’s account’s (migration 076)', async () => {
    const { rows } = await sql<{
      src: string;
    }>`select prosrc as src from pg_proc where proname = 'app_row_event'`.execute(t.database.db);
    expect(rows[0]?.src).toContain('app_account_no()');
    expect(rows[0]?.src).not.toContain("current_setting('app.account_no'");
  });
});

describe('the account once per statement (migration 091)', () => {
  it('is read by every policy in a sub-select', async () => {
    const { rows } = await sql<{ policy: string; text: string }>`select tablename || '.' || policyname as policy,
      concat_ws(' ', qual, with_check) as text from pg_policies
      where qual like '%app_account_no()%' or with_check like '%app_account_no()%'`.execute(t.database.db);
    expect(rows.length).toBeGreaterThan(50);
    const bare = rows.filter((r) =>
      r.text.replaceAll('( SELECT app_account_no() AS app_account_no)', '').includes('app_account_no()'),
    );
    expect(bare.map((r) => r.policy)).toEqual([]);
  });

  it('is an InitPlan, computed once, in a tenant’s list query plan', async () => {
    const plan = await tenancy.tenant(MINE, (tx) =>
      sql<{ 'QUERY PLAN': string }>`explain select * from seats where nickname like 'a%'`.execute(tx),
    );
    const text = plan.rows.map((r) => r['QUERY PLAN']).join('\n');
    // Its result a parameter of the index condition ($0 on PostgreSQL 15, (InitPlan 1).col1 on 17).
    expect(text).toMatch(/Index Cond: \(account_no = (\$\d+|\(InitPlan \d+\)\.col1)\)/);
    expect(text).toMatch(/InitPlan 1/);
  });
});
