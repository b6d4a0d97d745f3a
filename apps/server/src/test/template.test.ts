/**
 * The template database of the server tests (template.ts): a test file's copy holds exactly what a
 * fresh migration and seed make — this is where the migrations and the seed still run from scratch
 * in every run, on each database — and the seed's time-relative stamps read as if seeded now.
 */
import type { SeatDevice } from '@switchboard/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type DatabaseHandle, type DB, openDatabase } from '../db/database.ts';
import { moveDemoClock } from '../demo/seed.ts';
import { createTenancy } from '../platform/tenancy.ts';
import { createTestContext, json, onPostgres, type TestContext } from './harness.ts';
import { createPostgresDatabase, migrateAndSeed } from './template.ts';

/** Columns the seed or the migrations fill with fresh random values (each draws new ones: the account key's pads). */
const RANDOM_COLUMNS = new Set(['password_hash', 'secret', 'unique_string', 'ldap_password', 'ipad', 'opad']);

/** The schema and every row of `db`, with random values and times blanked. */
async function snapshot(db: DB) {
  const columns = await sql<{
    table_name: string;
    column_name: string;
    data_type: string;
    column_default: string | null;
  }>`
    select table_name, column_name, data_type, column_default from information_schema.columns
    where table_schema = 'public' order by table_name, ordinal_position`.execute(db);
  const tables = [...new Set(columns.rows.map((c) => c.table_name))];
  const rows: Record<string, unknown[]> = {};
  for (const table of tables) {
    const result = await sql<Record<string, unknown>>`select * from ${sql.table(table)} order by 1`.execute(db);
    rows[table] = result.rows.map((row) =>
      Object.fromEntries(
        Object.entries(row).map(([k, v]) => [
          k,
          v instanceof Date || table === 'kysely_migration'
            ? typeof v
            : RANDOM_COLUMNS.has(k)
              ? `random ${typeof v}`
              : v,
        ]),
      ),
    );
  }
  const catalog = await sql<{ kind: string; name: string }>`
    select 'policy' as kind, tablename || '.' || policyname as name from pg_policies where schemaname = 'public'
    union all select 'trigger', tgrelid::regclass::text || '.' || tgname from pg_trigger where not tgisinternal
    union all select 'function', proname from pg_proc where pronamespace = 'public'::regnamespace
    union all select 'index', indexname from pg_indexes where schemaname = 'public'
    union all select 'sequence', sequencename || '=' || coalesce(last_value::text, 'unused') from pg_sequences
      where schemaname = 'public'
    union all select 'grant', grantee || ' ' || privilege_type || ' on ' || table_name
      from information_schema.role_table_grants where table_schema = 'public'
    order by 1, 2`.execute(db);
  return { columns: columns.rows, catalog: catalog.rows, rows };
}

let t: TestContext;
let scratch: { handle: DatabaseHandle; drop: () => Promise<void> } | undefined;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await scratch?.drop();
  await t?.close();
});

describe('the template database', () => {
  it('is provided to the test files by the server projects’ globalSetup', () => {
    expect(inject('serverTemplate')?.kind).toBe(onPostgres ? 'postgres' : 'pglite');
  });

  it('copies hold exactly what migrating and seeding an empty database makes', async () => {
    if (onPostgres) {
      const database = await createPostgresDatabase('sb_test');
      const handle = await openDatabase({ databaseUrl: database.url, dataDir: 'memory' });
      scratch = {
        handle,
        drop: async () => {
          await handle.close();
          await database.drop();
        },
      };
    } else {
      const handle = await openDatabase({ dataDir: 'memory' });
      scratch = { handle, drop: () => handle.close() };
    }
    await migrateAndSeed(scratch.handle);
    const fresh = await snapshot(scratch.handle.db);
    expect(Object.keys(fresh.rows).length).toBeGreaterThan(20);
    expect(fresh.rows.seats?.length).toBeGreaterThan(10);
    expect(await snapshot(t.database.db)).toEqual(fresh);
  }, 180_000); // Migrates and seeds a database from scratch: slow on a loaded machine.

  it('reads as seeded now: the training room phone is unlocked for the next quarter of an hour', async () => {
    const retail = await t.login('retail');
    const { id } = await t.database.db
      .selectFrom('seats')
      .select('id')
      .where('account_no', '=', 30000)
      .where('extension', '=', 212)
      .executeTakeFirstOrThrow();
    const device = async () =>
      json<{ records: SeatDevice[] }>(await t.api('GET', `/seat/${id}/devices`, retail)).records[0] as SeatDevice;
    const minutesLeft = async () => (Date.parse((await device()).locksAt ?? '') - Date.now()) / 60_000;
    expect((await device()).locked).toBe(false);
    // Some minutes may pass between the copy and this read on a loaded machine: most of the quarter is left.
    expect(await minutesLeft()).toBeGreaterThan(10);
    // A copy of a template seeded an hour ago, before its clock is moved: the phone has locked again.
    const tenancy = createTenancy(t.database.db);
    await moveDemoClock(tenancy, -3_600_000);
    expect(await device()).toMatchObject({ locked: true, locksAt: null });
    await moveDemoClock(tenancy, 3_600_000);
    expect((await device()).locked).toBe(false);
    expect(await minutesLeft()).toBeGreaterThan(10);
    expect(await minutesLeft()).toBeLessThanOrEqual(15);
  });
});
