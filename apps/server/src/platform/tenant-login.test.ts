/**
 * A login that can only be a tenant (issue 26 item 1, db/logins.ts): on PostgreSQL the app serves
 * as the tenant login and the cross-account login, a tenant transaction cannot leave the tenant
 * role, the server refuses a privileged login; on both databases the tenant role cannot post to the
 * ledger, change a balance or grant a provider feature, and the search function answers only the
 * caller's account's ids.
 */
import { FEATURES, GRANTABLE_FEATURES, MASK, NEW_USER_GRANTS } from '@switchboard/domain';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { PRIVILEGED_LOGIN_OVERRIDE, servingLoginProblem, TENANT_LOGIN } from '../db/logins.ts';
import { CROSS_ACCOUNT_ROLE, TENANT_ROLE } from '../db/tenancy-sql.ts';
import { createTestContext, onPostgres, type TestContext } from '../test/harness.ts';
import { exemptFromChangeEvents } from './outbox.ts';
import type { Tenancy } from './tenancy.ts';

let t: TestContext;
let tenancy: Tenancy;
beforeAll(async () => {
  t = await createTestContext();
  tenancy = t.app.platform.tenancy;
});
afterAll(async () => t?.close());

const who = sql<{ session: string; current: string }>`select session_user as session, current_user as current`;

describe.runIf(onPostgres)('the logins the app serves as', () => {
  it('serves tenant transactions as the tenant login, the named uses as the cross-account login', async () => {
    const tenant = await tenancy.tenant(30000, (tx) => who.execute(tx));
    expect(tenant.rows[0]).toEqual({ session: TENANT_LOGIN, current: TENANT_ROLE });
    const cross = await tenancy.crossAccount('seed', (tx) => who.execute(tx));
    expect(cross.rows[0]).toEqual({ session: `${TENANT_LOGIN}_cross`, current: CROSS_ACCOUNT_ROLE });
    // Outside any transaction (the session look-up's call) the cross-account login is its role.
    const call = await tenancy.crossAccountCall('session', (db) => who.execute(db));
    expect(call.rows[0]?.current).toBe(CROSS_ACCOUNT_ROLE);
    expect(await servingLoginProblem(t.appDatabase.db, TENANT_ROLE, 'DATABASE_URL')).toBeUndefined();
    expect(
      await servingLoginProblem(t.appDatabase.cross, CROSS_ACCOUNT_ROLE, 'the cross-account login'),
    ).toBeUndefined();
  });

  it('cannot leave the tenant role inside a tenant transaction: every way out fails', async () => {
    const owner = await sql<{ owner: string }>`select tableowner as owner from pg_tables where tablename = 'seats'`
      .execute(t.database.db)
      .then((r) => r.rows[0]?.owner ?? 'postgres');
    const attempts = [
      'reset role',
      'set role none',
      `set role ${CROSS_ACCOUNT_ROLE}`,
      `set local role ${CROSS_ACCOUNT_ROLE}`,
      `select set_config('role', '${CROSS_ACCOUNT_ROLE}', true)`,
      `set role "${owner}"`,
      `set local role "${owner}"`,
      'set role postgres',
      `set session authorization "${owner}"`,
      'set session authorization postgres',
      'set local session authorization postgres',
    ];
    for (const attempt of attempts) {
      const read = tenancy.tenant(30000, async (tx) => {
        await sql.raw(attempt).execute(tx);
        // Whatever the connection is now, it reads no account's seats.
        return (await sql<{ n: number }>`select count(*)::int as n from seats`.execute(tx)).rows[0]?.n;
      });
      await expect(read, attempt).rejects.toThrow(/permission denied/);
    }
    // The connection is as it was for the next request: the tenant role, its account's rows only.
    const seen = await tenancy.tenant(30001, (tx) => tx.selectFrom('seats').select('account_no').execute());
    expect(new Set(seen.map((s) => s.account_no))).toEqual(new Set([30001]));
  });

  it('refuses to serve as a superuser or the owner, naming the fix, unless the development override is set', async () => {
    const config = loadConfig({}, { webDist: undefined, logLevel: 'silent', sandboxProviders: true });
    const refused = buildApp(config, { database: t.database, logger: false });
    await expect(refused).rejects.toThrow(/DATABASE_URL connects as '[^']+', a superuser/);
    await expect(refused).rejects.toThrow(/node scripts\/db-setup\.ts/);
    await expect(refused).rejects.toThrow(new RegExp(`${PRIVILEGED_LOGIN_OVERRIDE}=true`));
    const allowed = await buildApp(
      { ...config, allowPrivilegedDatabaseLogin: true },
      { database: t.database, logger: false },
    );
    await allowed.close();
  });
});

describe('what the tenant role may not write, whatever SQL runs', () => {
  it('cannot post to the ledger, change its balance or what the provider decides about the account', async () => {
    const escapes: Record<string, string> = {
      'a ledger credit': `insert into ledger_entries (account_no, kind, amount_pence, description)
        values (30000, 'top-up', 100000, 'free money')`,
      'a ledger debit': `insert into ledger_entries (account_no, kind, amount_pence, description)
        values (30000, 'charge', -100, 'x')`,
      'the balance': 'update accounts set balance_pence = balance_pence + 100000',
      'the parent': 'update accounts set parent = null',
      'the kind': `update accounts set account_kind = 'wholesale'`,
      'the deletion': 'update accounts set deleted_at = now()',
    };
    for (const [what, statement] of Object.entries(escapes)) {
      await expect(
        tenancy.tenant(30000, (tx) => sql.raw(statement).execute(tx)),
        what,
      ).rejects.toThrow(/permission denied/);
    }
    // Its own details it still edits.
    await tenancy.tenant(30000, async (tx) => {
      await exemptFromChangeEvents(tx, 'test fixture');
      await tx.updateTable('accounts').set({ telephone: '01632960000' }).execute();
    });
  });

  it('cannot grant its users a provider feature; the features a user manager offers it can', async () => {
    const user = await tenancy.tenant(30000, (tx) =>
      tx.selectFrom('users').select('id').where('is_holder', '=', false).orderBy('id').executeTakeFirstOrThrow(),
    );
    for (const feature of [FEATURES.vhAdmin, FEATURES.vhCustomers, FEATURES.admin, FEATURES.cpAdmin, FEATURES.retail]) {
      await expect(
        tenancy.tenant(30000, (tx) =>
          tx.insertInto('user_permissions').values({ user_id: user.id, feature_id: feature, mask: MASK.all }).execute(),
        ),
        String(feature),
      ).rejects.toThrow(/row-level security/);
    }
    // Nor turn a grant it holds into one.
    await expect(
      tenancy.tenant(30000, (tx) =>
        tx
          .updateTable('user_permissions')
          .set({ feature_id: FEATURES.vhAdmin })
          .where('user_id', '=', user.id)
          .execute(),
      ),
    ).rejects.toThrow(/row-level security/);
    await tenancy.tenant(30000, async (tx) => {
      await exemptFromChangeEvents(tx, 'test fixture');
      await tx
        .deleteFrom('user_permissions')
        .where('user_id', '=', user.id)
        .where('feature_id', '=', FEATURES.mobile)
        .execute();
      await tx
        .insertInto('user_permissions')
        .values({ user_id: user.id, feature_id: FEATURES.mobile, mask: MASK.readOnly })
        .execute();
    });
  });

  it('keeps the database’s grantable features the domain’s (migration 067)', async () => {
    const rows = await tenancy.tenant(30000, (tx) =>
      sql<{ id: number }>`select feature_id as id from tenant_grantable_features order by 1`.execute(tx),
    );
    const domain = new Set([...GRANTABLE_FEATURES.map((f) => f.id), ...NEW_USER_GRANTS.map((g) => g.featureId)]);
    expect(rows.rows.map((r) => r.id)).toEqual([...domain].sort((a, b) => a - b));
  });
});

describe('what the owner creates later (migration 069)', () => {
  it('is the cross-account role’s to use at once, and nothing of the tenant role’s', async () => {
    const owner = t.database.db;
    await sql`create schema later_queue`.execute(owner);
    await sql`create table later_queue.jobs (id serial primary key, name text)`.execute(owner);
    try {
      const { rows } = await sql<{ cross: boolean; tenant: boolean; sequence: boolean; schema: boolean }>`select
        has_table_privilege(${CROSS_ACCOUNT_ROLE}, 'later_queue.jobs', 'insert') as cross,
        has_table_privilege(${TENANT_ROLE}, 'later_queue.jobs', 'select') as tenant,
        has_sequence_privilege(${CROSS_ACCOUNT_ROLE}, 'later_queue.jobs_id_seq', 'usage') as sequence,
        has_schema_privilege(${CROSS_ACCOUNT_ROLE}, 'later_queue', 'usage') as schema`.execute(owner);
      expect(rows[0]).toEqual({ cross: true, tenant: false, sequence: true, schema: true });
      // The cross-account login's own statements, outside any transaction (a job queue's).
      await tenancy.crossAccountCall('housekeeping', (db) =>
        sql`insert into later_queue.jobs (name) values ('x')`.execute(db),
      );
      await expect(tenancy.tenant(30000, (tx) => sql`select * from later_queue.jobs`.execute(tx))).rejects.toThrow(
        /permission denied/,
      );
    } finally {
      await sql`drop schema later_queue cascade`.execute(owner);
    }
  });
});

describe('the search function (migration 068)', () => {
  const SEARCHED = {
    seats: ['nickname', 'extension'],
    telephone_numbers: ['number'],
    users: ['username', 'email'],
    prompts: ['name'],
  };
  type Searched = keyof typeof SEARCHED;
  let accounts: number[];
  let accountOf: Map<string, number | null>;
  beforeAll(async () => {
    accounts = (
      await sql<{ n: number }>`select account_no as n from accounts order by 1`.execute(t.database.db)
    ).rows.map((r) => r.n);
    accountOf = new Map();
    for (const table of Object.keys(SEARCHED)) {
      const { rows } = await sql<{
        id: number;
        a: number | null;
      }>`select id, account_no as a from ${sql.table(table)}`.execute(t.database.db);
      for (const row of rows) accountOf.set(`${table}:${row.id}`, row.a);
    }
  });

  const search =
    (table: Searched, pattern: string, fn = 'app_search_ids') =>
    (tx: Parameters<Parameters<Tenancy['tenant']>[1]>[0]) =>
      sql<{
        id: number;
      }>`select ${sql.raw(fn)}(${table}, array[${sql.join(SEARCHED[table])}]::text[], ${pattern}) as id`
        .execute(tx)
        .then((r) => r.rows.map((row) => Number(row.id)).sort((a, b) => a - b));

  it('never answers another account’s ids: only what the caller’s own ILIKE reads (property)', async () => {
    const term = fc.stringMatching(/^[a-z0-9 %_]{0,5}$/);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...(Object.keys(SEARCHED) as Searched[])),
        fc.integer({ min: 0, max: 1000 }),
        term,
        async (table, pick, text) => {
          const account = accounts[pick % accounts.length] as number;
          const pattern = `%${text}%`;
          const { found, read, candidates } = await tenancy.tenant(account, async (tx) => ({
            found: await search(table, pattern)(tx),
            candidates: await search(table, pattern, 'app_search_candidates')(tx),
            read: (
              await sql<{ id: number }>`select id from ${sql.table(table)} where ${sql.join(
                SEARCHED[table].map((c) => sql`${sql.ref(c)}::text ilike ${pattern}`),
                sql` or `,
              )} order by id`.execute(tx)
            ).rows.map((r) => r.id),
          }));
          const foreign = [...found, ...candidates].filter((id) => {
            const owner = accountOf.get(`${table}:${id}`);
            return owner !== account && owner !== null;
          });
          expect(foreign).toEqual([]);
          expect(found).toEqual(read);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('answers a tenant that unsets its account nothing, a table without an account never', async () => {
    const unset = await tenancy.tenant(30000, async (tx) => {
      await sql`select set_config('app.account_no', '', true)`.execute(tx);
      return {
        ids: await search('seats', '%')(tx),
        candidates: await search('seats', '%', 'app_search_candidates')(tx),
      };
    });
    // PGlite's one connection is a superuser's: there the cross-account role is always within reach.
    if (onPostgres) expect(unset).toEqual({ ids: [], candidates: [] });
    else expect(unset.ids).toEqual([]);
    await expect(
      tenancy.tenant(30000, (tx) =>
        sql`select app_search_candidates('user_permissions', array['mask'], '%')`.execute(tx),
      ),
    ).rejects.toThrow(/has no account_no/);
  });
});
