/**
 * Isolation by the database: row-level security binds every query of a tenant transaction, a
 * reference cannot cross accounts, the escape hatch is the only way across, and every write leaves
 * a change event the audit log consumes.
 */
import { type Seat, seatValues } from '@switchboard/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '../db/database.ts';
import { createTestContext, json, onPostgres, type TestContext } from '../test/harness.ts';
import { exemptFromChangeEvents } from './outbox.ts';
import type { Tenancy } from './tenancy.ts';

let t: TestContext;
let tenancy: Tenancy;
beforeAll(async () => {
  t = await createTestContext();
  tenancy = t.app.platform.tenancy;
});
afterAll(async () => t?.close());

const count = async (table: 'seats' | 'access_lists' | 'telephone_numbers', accountNo?: number) => {
  const rows = await tenancy.crossAccount('seed', (tx) => {
    const q = tx.selectFrom(table).select(sql<number>`count(*)::int`.as('n'));
    return (accountNo === undefined ? q : q.where('account_no', '=', accountNo)).executeTakeFirstOrThrow();
  });
  return Number(rows.n);
};

describe('row-level security', () => {
  it('shows a query written with no account filter only the rows of the transaction’s account', async () => {
    const all = await count('seats');
    const mine = await count('seats', 30000);
    expect(mine).toBeGreaterThan(0);
    expect(all).toBeGreaterThan(mine);
    const seen = await tenancy.tenant(30000, (tx) => tx.selectFrom('seats').select(['account_no']).execute());
    expect(seen).toHaveLength(mine);
    expect(new Set(seen.map((s) => s.account_no))).toEqual(new Set([30000]));
    // A join, an aggregate and a sub-query see the same.
    const joined = await tenancy.tenant(30000, (tx) =>
      sql<{ n: number }>`select count(*)::int as n from seats s
        join telephone_numbers t on t.number = s.caller_id_number`.execute(tx),
    );
    const joinedAll = await tenancy.crossAccount('seed', (tx) =>
      sql<{ n: number }>`select count(*)::int as n from seats s
        join telephone_numbers t on t.number = s.caller_id_number and t.account_no = 30000
        where s.account_no = 30000`.execute(tx),
    );
    expect(joined.rows[0]?.n).toBe(joinedAll.rows[0]?.n);
  });

  it('refuses to write a row of another account, and to move a row to another account', async () => {
    await expect(
      tenancy.tenant(30000, (tx) =>
        tx
          .insertInto('mobiles')
          .values({ account_no: 30001, description: 'x', number: '07700900999', active: true })
          .execute(),
      ),
    ).rejects.toThrow(/row-level security/);
    await expect(
      tenancy.tenant(30000, (tx) => tx.updateTable('mobiles').set({ account_no: 30001 }).execute()),
    ).rejects.toThrow(/row-level security/);
    // Another account's rows are not there to change or delete.
    const other = await tenancy.tenant(30000, (tx) =>
      tx.deleteFrom('mobiles').where('account_no', '=', 30001).executeTakeFirst(),
    );
    expect(Number(other.numDeletedRows)).toBe(0);
  });

  it('keeps sessions and sign-in attempts away from tenants altogether', async () => {
    await expect(tenancy.tenant(30000, (tx) => tx.selectFrom('sessions').selectAll().execute())).rejects.toThrow(
      /permission denied/,
    );
    await expect(tenancy.tenant(30000, (tx) => tx.selectFrom('login_attempts').selectAll().execute())).rejects.toThrow(
      /permission denied/,
    );
    // Nor through the session look-up's function (migration 040): the application calls it before
    // any role switch; a tenant may not.
    await expect(tenancy.tenant(30000, (tx) => sql`select app_session('x', 60)`.execute(tx))).rejects.toThrow(
      /permission denied/,
    );
  });

  it('looks a session up in one call: the live session of the hash given, and nothing for another hash', async () => {
    const headers = await t.login('retail');
    const token = String(headers.authorization).replace('Bearer ', '');
    const hash = (await import('node:crypto')).createHash('sha256').update(token).digest('hex');
    const { rows } = await tenancy.crossAccountCall('session', (db) =>
      sql<{ s: { account_no: number; username: string; grants: unknown[] } | null }>`
        select app_session(${hash}, 60) as s`.execute(db),
    );
    expect(rows[0]?.s).toMatchObject({ account_no: 30000, username: 'retail' });
    expect(rows[0]?.s?.grants.length).toBeGreaterThan(0);
    const none = await tenancy.crossAccountCall('session', (db) =>
      sql<{ s: unknown }>`select app_session(${'0'.repeat(64)}, 60) as s`.execute(db),
    );
    expect(none.rows[0]?.s).toBeNull();
  });

  it('searches by index (app_search_ids, migration 041) only the rows the caller’s own policies show', async () => {
    const search = (db: DB, table: string, columns: string[]) =>
      sql<{ id: string }>`select app_search_ids(${table}, array[${sql.join(columns)}]::text[], '%') as id`
        .execute(db)
        .then((r) => r.rows.map((row) => Number(row.id)).sort((a, b) => a - b));
    const ids = (accountNo?: number) =>
      tenancy.crossAccount('seed', async (tx) => {
        const q = tx.selectFrom('seats').select('id').orderBy('id');
        const rows = await (accountNo === undefined ? q : q.where('account_no', '=', accountNo)).execute();
        return rows.map((r) => r.id);
      });
    const mine = await ids(30000);
    expect(mine.length).toBeGreaterThan(0);
    expect(await tenancy.tenant(30000, (tx) => search(tx, 'seats', ['nickname', 'extension']))).toEqual(mine);
    // The escape hatch's policies show every row; another account sees its own only.
    expect(await tenancy.crossAccount('seed', (tx) => search(tx, 'seats', ['nickname']))).toEqual(await ids());
    expect(await tenancy.tenant(30001, (tx) => search(tx, 'seats', ['nickname']))).toEqual(await ids(30001));
    // The connection's own user outside any role (the tests' is a superuser: no policy binds it).
    expect(await search(t.database.db, 'seats', ['nickname'])).toEqual(await ids());
    // Shared rows (provider prompts, account_no null) as the tenant's read policy says.
    const prompts = await tenancy.tenant(30000, async (tx) => ({
      searched: await search(tx, 'prompts', ['name']),
      read: (await tx.selectFrom('prompts').select('id').orderBy('id').execute()).map((r) => r.id),
    }));
    expect(prompts.searched).toEqual(prompts.read);
    // Names are identifiers, never SQL; a table the caller may not read is refused.
    await expect(tenancy.tenant(30000, (tx) => search(tx, 'seats', ['nickname) or (true']))).rejects.toThrow(
      /column "nickname\) or \(true" does not exist/,
    );
    await expect(tenancy.tenant(30000, (tx) => search(tx, 'sessions', ['token_hash']))).rejects.toThrow(
      /may not read sessions/,
    );
    await expect(tenancy.tenant(30000, (tx) => search(tx, 'no_such_table', ['x']))).rejects.toThrow(/no table/);
  });

  it('has every table with an account_no column under forced row-level security', async () => {
    const { rows } = await sql<{ table: string; rls: boolean; forced: boolean }>`
      select c.relname as table, c.relrowsecurity as rls, c.relforcerowsecurity as forced
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r'
        and exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'account_no' and not a.attisdropped)
      order by 1`.execute(t.database.db);
    expect(rows.length).toBeGreaterThan(15);
    expect(rows.filter((r) => !r.rls || !r.forced).map((r) => r.table)).toEqual([]);
  });

  it('shows provider prompts to every account but another account’s to none', async () => {
    const prompts = await tenancy.tenant(30001, (tx) => tx.selectFrom('prompts').select(['account_no']).execute());
    expect(prompts.some((p) => p.account_no === null)).toBe(true);
    expect(prompts.every((p) => p.account_no === null || p.account_no === 30001)).toBe(true);
  });
});

describe('references that carry the account', () => {
  it('has no foreign key that turns a reference NULL when its row is deleted', async () => {
    // on delete set null / set default would lift a restriction or lose an owner silently: restrict.
    const { rows } = await sql<{ name: string; table: string }>`
      select con.conname as name, c.relname as table
      from pg_constraint con join pg_class c on c.oid = con.conrelid
      join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and con.contype = 'f' and con.confdeltype in ('n', 'd')
      order by 2, 1`.execute(t.database.db);
    expect(rows.map((r) => `${r.table}.${r.name}`)).toEqual([]);
  });

  it('has no index that repeats another of its table (each costs every write and answers nothing new)', async () => {
    const { DUPLICATE_INDEXES_SQL } = await import('../db/migrations/029-duplicate-indexes.ts');
    const { rows } = await sql.raw<{ name: string; table: string }>(DUPLICATE_INDEXES_SQL).execute(t.database.db);
    expect(rows.map((r) => `${r.table}.${r.name}`)).toEqual([]);
  });

  it('cannot point a seat at another account’s access list, even through the escape hatch', async () => {
    const theirs = await tenancy.crossAccount('seed', (tx) =>
      tx.selectFrom('access_lists').select('id').where('account_no', '=', 30001).executeTakeFirstOrThrow(),
    );
    await expect(
      tenancy.crossAccount('seed', (tx) =>
        tx.updateTable('seats').set({ acl_id: theirs.id }).where('account_no', '=', 30000).execute(),
      ),
    ).rejects.toMatchObject({ code: '23503' });
  });

  it('cannot give an access list another account’s prompt (the provider’s are fine)', async () => {
    const theirs = await tenancy.crossAccount('seed', (tx) =>
      tx.selectFrom('prompts').select('id').where('account_no', '=', 30001).executeTakeFirstOrThrow(),
    );
    const provider = await tenancy.crossAccount('seed', (tx) =>
      tx.selectFrom('prompts').select('id').where('account_no', 'is', null).executeTakeFirstOrThrow(),
    );
    await expect(
      tenancy.crossAccount('seed', (tx) =>
        tx.updateTable('access_lists').set({ prompt_id: theirs.id }).where('account_no', '=', 30000).execute(),
      ),
    ).rejects.toMatchObject({ code: '23503' });
    await tenancy.crossAccount('seed', (tx) =>
      tx.updateTable('access_lists').set({ prompt_id: provider.id }).where('account_no', '=', 30001).execute(),
    );
  });

  it('refuses to delete an access list a seat is limited to, naming the seat, and the seat keeps it', async () => {
    const retail = await t.login('retail');
    const list = await tenancy.tenant(30000, (tx) =>
      tx.selectFrom('access_lists').select(['id', 'name']).orderBy('id').executeTakeFirstOrThrow(),
    );
    const seat = await tenancy.tenant(30000, (tx) =>
      tx.selectFrom('seats').select(['id', 'extension', 'nickname']).orderBy('extension').executeTakeFirstOrThrow(),
    );
    // A fixture, not a change of anyone's (exempt from the change-event guard, migration 064).
    await tenancy.tenant(30000, async (tx) => {
      await exemptFromChangeEvents(tx, 'test fixture');
      await tx.updateTable('seats').set({ acl_id: list.id }).where('id', '=', seat.id).execute();
    });
    const res = await t.api('DELETE', `/accesscontrol/${list.id}`, retail);
    expect(res.statusCode).toBe(409);
    expect(json(res).message).toContain(`In use in Seat ${seat.extension}`);
    const after = await tenancy.tenant(30000, (tx) =>
      tx.selectFrom('seats').select('acl_id').where('id', '=', seat.id).executeTakeFirstOrThrow(),
    );
    expect(after.acl_id).toBe(list.id);
    // And the database itself restricts (no silent null), should the check ever be skipped.
    await expect(
      tenancy.tenant(30000, (tx) => tx.deleteFrom('access_lists').where('id', '=', list.id).execute()),
    ).rejects.toMatchObject({ code: expect.stringMatching(/^(23001|23503)$/) });
    await tenancy.tenant(30000, async (tx) => {
      await exemptFromChangeEvents(tx, 'test fixture');
      await tx.updateTable('seats').set({ acl_id: null }).where('id', '=', seat.id).execute();
    });
  });
});

describe('the escape hatch', () => {
  it('counts each named use', async () => {
    const before = tenancy.crossAccountCounts.get('customers') ?? 0;
    const reseller = await t.login('reseller');
    expect((await t.api('POST', '/customers/0/15', reseller, {})).statusCode).toBe(200);
    expect(tenancy.crossAccountCounts.get('customers')).toBe(before + 1);
  });
});

describe('change events', () => {
  it('records a write in its transaction and the audit log gets the changed fields', async () => {
    const retail = await t.login('retail');
    const created = await t.api('POST', '/mobile', retail, { mobileDescription: 'Audit van', mobileNo: '07700900777' });
    expect(created.statusCode).toBe(200);
    const id = json<{ id: number }>(created).id;
    const saved = await t.api('PUT', `/mobile/${id}`, retail, {
      mobileDescription: 'Audit van 2',
      mobileNo: '07700900777',
      active: false,
    });
    expect(saved.statusCode).toBe(200);
    const events = await tenancy.tenant(30000, (tx) =>
      tx
        .selectFrom('change_events')
        .selectAll()
        .where('area', '=', 'mobile')
        .where('record_id', '=', id)
        .orderBy('id')
        .execute(),
    );
    expect(events.map((e) => e.kind)).toEqual(['create', 'update']);
    expect(events[1]?.before).toMatchObject({ mobileDescription: 'Audit van', active: true });
    expect(events[1]?.after).toMatchObject({ mobileDescription: 'Audit van 2', active: false });

    // A refused write leaves no event.
    const refused = await t.api('PUT', `/mobile/${id}`, retail, { mobileDescription: 'x', mobileNo: 'not a number' });
    expect(refused.statusCode).toBe(400);

    await t.app.platform.outbox.drain();
    const audit = await tenancy.tenant(30000, (tx) =>
      tx
        .selectFrom('audit_log')
        .selectAll()
        .where('action', '=', 'mobile.update')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow(),
    );
    expect(audit.details).toMatchObject({
      recordId: id,
      changes: { mobileDescription: { from: 'Audit van', to: 'Audit van 2' }, active: { from: true, to: false } },
    });
    const [auditStatus] = (await t.app.platform.outbox.status()).filter((c) => c.name === 'audit');
    expect(auditStatus).toMatchObject({ lagEvents: 0, attempts: 0, lastError: null });
  });

  it('keeps secrets out of events: a changed PIN shows as a changed fingerprint', async () => {
    const admin = await t.login('admin');
    expect((await t.api('POST', '/users/auth/disguise', admin, { accountNo: 30000 })).statusCode).toBe(200);
    const seat = await tenancy.tenant(30000, (tx) =>
      tx.selectFrom('seats').select('id').where('extension', '=', 201).executeTakeFirstOrThrow(),
    );
    const record = json<Seat>(await t.api('GET', `/seat/${seat.id}`, admin));
    const body = seatValues(record);
    const res = await t.api('PUT', `/seat/${seat.id}`, admin, {
      ...body,
      allowInternational: true,
      internationalPIN: '24681357',
    });
    expect(res.statusCode).toBe(200);
    const event = await tenancy.tenant(30000, (tx) =>
      tx
        .selectFrom('change_events')
        .selectAll()
        .where('area', '=', 'seats')
        .where('record_id', '=', seat.id)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow(),
    );
    expect(JSON.stringify(event.after)).not.toContain('24681357');
    expect((event.after as Record<string, string>).internationalPIN).toMatch(/^secret:[0-9a-f]{8}$/);
  });
});

describe.runIf(onPostgres)('a delete racing a save that routes to the deleted record', () => {
  it('never leaves a dangling reference (40 races)', async () => {
    const retail = await t.login('retail');
    const profile = json<{ records: Array<{ id: number } & Record<string, unknown>> }>(
      await t.api('POST', '/timeprofile/0/1', retail, {}),
    ).records[0] as { id: number } & Record<string, unknown>;
    const { id: profileId, ...record } = profile;
    const body = Object.fromEntries(
      [
        'name',
        'description',
        'bankHoliday',
        'mode',
        'inPromptId',
        'inDestination',
        'outPromptId',
        'outDestination',
        'days',
      ].map((k) => [k, record[k]]),
    );
    let dangling = 0;
    for (let i = 0; i < 40; i++) {
      const extension = 900 + i;
      const created = await t.api('POST', '/seat', retail, { extension, nickname: `Race ${i}` });
      expect(created.statusCode).toBe(200);
      const seatId = json<{ id: number }>(created).id;
      await Promise.all([
        t.api('PUT', `/timeprofile/${profileId}`, retail, { ...body, outDestination: `seat:${extension}` }),
        t.api('DELETE', `/seat/${seatId}`, retail),
      ]);
      const state = await tenancy.tenant(30000, async (tx) => ({
        seat: await tx.selectFrom('seats').select('id').where('extension', '=', extension).executeTakeFirst(),
        profile: await tx
          .selectFrom('time_profiles')
          .select('out_destination')
          .where('id', '=', profileId)
          .executeTakeFirstOrThrow(),
      }));
      if (state.profile.out_destination === `seat:${extension}` && !state.seat) dangling++;
      // Put things back for the next race.
      await t.api('PUT', `/timeprofile/${profileId}`, retail, body);
      if (state.seat) await t.api('DELETE', `/seat/${state.seat.id}`, retail);
    }
    expect(dangling).toBe(0);
  });
});
