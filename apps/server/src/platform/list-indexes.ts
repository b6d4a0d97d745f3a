/**
 * The list indexes, derived from the field declarations: every sortable or filterable column of a
 * list's own table leads an index — after the account, as row-level security reads every list by
 * it, then the id (the list's tie-break) — so a sorted or filtered page is read in order from an
 * index. An area names its lists' field maps (ServerArea.lists); after the migrations, the owner
 * creates the indexes that are missing (`{table}_{column}_list_idx`, the names migration 047 gave
 * the first ones). A field made sortable gets its index without a migration being written.
 */
import { sql } from 'kysely';
import type { DB } from '../db/database.ts';
import type { FieldDef } from './fields.ts';
import { tableOf } from './fields.ts';

export interface ListIndex {
  table: string;
  column: string;
}

/** The indexes the lists' field maps call for, once each. */
export function listIndexes(lists: ReadonlyArray<Readonly<Record<string, FieldDef>>>): ListIndex[] {
  const seen = new Map<string, ListIndex>();
  for (const fields of lists) {
    const table = tableOf(fields);
    for (const def of Object.values(fields)) {
      if (!def.sortable && !def.filterable) continue;
      if (def.column === undefined || def.sql !== `${table}.${def.column}`) continue; // computed or mapped
      seen.set(`${table}.${def.column}`, { table, column: def.column });
    }
  }
  return [...seen.values()];
}

export const listIndexName = ({ table, column }: ListIndex) => `${table}_${column}_list_idx`;

/**
 * Creates the indexes of `indexes` that are missing (as the tables' owner: migrations' connection).
 * A column that already leads an index of its table — after the account, or first (an older
 * migration's trigram or unique index) — is read in order already and gets no second one.
 */
export async function ensureListIndexes(db: DB, indexes: ListIndex[]): Promise<void> {
  const { rows } = await sql<{ table: string }>`
    select table_name as table from information_schema.columns
    where table_schema = 'public' and column_name = 'account_no'`.execute(db);
  const perAccount = new Set(rows.map((r) => r.table));
  const led = await leadingColumns(db);
  for (const index of indexes) {
    if (led.has(`${index.table}.${index.column}`)) continue;
    const lead = perAccount.has(index.table) ? 'account_no, ' : '';
    await sql
      .raw(`create index if not exists ${listIndexName(index)} on ${index.table} (${lead}${index.column}, id)`)
      .execute(db);
  }
}

/** 'table.column' of every column that leads an index of its table, first or after the account. */
async function leadingColumns(db: DB): Promise<Set<string>> {
  const { rows } = await sql<{ table: string; first: string | null; second: string | null }>`
    select t.relname as table, a1.attname as first, a2.attname as second
    from pg_index i
    join pg_class t on t.oid = i.indrelid
    left join pg_attribute a1 on a1.attrelid = t.oid and a1.attnum = i.indkey[0]
    left join pg_attribute a2 on a2.attrelid = t.oid and a2.attnum = i.indkey[1]
    where t.relnamespace = 'public'::regnamespace`.execute(db);
  const led = new Set<string>();
  for (const { table, first, second } of rows) {
    if (first) led.add(`${table}.${first}`);
    if (first === 'account_no' && second) led.add(`${table}.${second}`);
  }
  return led;
}
