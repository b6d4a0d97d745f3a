/**
 * "Nothing changed", measured by the database: a trigger on every table counts each row a
 * committed transaction inserted, updated or deleted (the count rolls back with a refused write's
 * transaction, so a write begun and undone leaves no trace). One cheap read per request tells
 * whether a refused request changed anything, and which tables.
 */
import { sql } from 'kysely';
import type { DB } from '../../db/database.ts';
import { createTestContext, type TestContext } from '../harness.ts';

/**
 * A test context whose writes are all the requests': with the write counter installed. (Background
 * work that writes on its own clock — the emergency registry's sandbox answering submissions, the
 * outbox and mail drains — is started only by a serving process, never by an app built over a test's
 * own database.)
 */
export async function quietTestContext(): Promise<TestContext> {
  const t = await createTestContext();
  await installWriteCounter(t.database.db);
  return t;
}

/**
 * Tables whose rows change on requests that are refused, by design: they are not data a caller
 * can change through a route, only the record of the calls themselves.
 */
export const UNCOUNTED_TABLES: Readonly<Record<string, string>> = {
  sessions: 'a signed-in request slides its session’s expiry; sign-in and disguise move it',
  login_attempts: 'every sign-in attempt is recorded, refused or not (the throttle counts them)',
  sign_in_throttle: 'the sign-in and password-check throttles count refused attempts',
  kysely_migration: 'the migrator’s own book-keeping',
  kysely_migration_lock: 'the migrator’s own book-keeping',
  security_probe_writes: 'this counter',
};

export type WriteCounts = ReadonlyMap<string, number>;

/** Installs the counting trigger on every other table of the database (as its owner). */
export async function installWriteCounter(db: DB): Promise<void> {
  await sql`create table if not exists security_probe_writes (tbl text primary key, n bigint not null)`.execute(db);
  await sql`create or replace function security_probe_count() returns trigger language plpgsql
    security definer set search_path = public as $f$ begin
      insert into security_probe_writes as w (tbl, n) values (tg_table_name, 1)
        on conflict (tbl) do update set n = w.n + 1;
      return null;
    end $f$`.execute(db);
  // A partitioned table's trigger is its partitions' too (the call records' months): partitions are
  // left out, and their rows count under the partition's name.
  const { rows } = await sql<{ tablename: string }>`select c.relname as tablename from pg_class c
    where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p') and not c.relispartition
    order by 1`.execute(db);
  for (const { tablename } of rows) {
    if (tablename in UNCOUNTED_TABLES) continue;
    await sql`drop trigger if exists zz_security_probe on ${sql.table(tablename)}`.execute(db);
    await sql`create trigger zz_security_probe after insert or update or delete on ${sql.table(tablename)}
      for each row execute function security_probe_count()`.execute(db);
  }
}

/** The rows written so far, by table. */
export async function writeCounts(db: DB): Promise<WriteCounts> {
  const { rows } = await sql<{ tbl: string; n: number }>`select tbl, n from security_probe_writes`.execute(db);
  return new Map(rows.map((r) => [r.tbl, Number(r.n)]));
}

/** The tables written between two counts ('mobiles +1'), empty when nothing changed. */
export function changedTables(before: WriteCounts, after: WriteCounts): string[] {
  const out: string[] = [];
  for (const [table, n] of after) {
    const was = before.get(table) ?? 0;
    if (n !== was) out.push(`${table} +${n - was}`);
  }
  return out.sort();
}
