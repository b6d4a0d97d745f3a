/**
 * A table's searchable columns kept lower-cased in one column (migration 044), so a search too short
 * for the trigram indexes (one or two characters: every row is read) is one plain LIKE per row
 * instead of an ILIKE, which lower-cases its text anew, in every column of every row.
 */
import type { Kysely } from 'kysely';
import { run } from './tenancy-sql.ts';

/** Between the columns: a search term never holds it (list.ts does not use the column for one that does). */
export const SEARCH_TEXT_SEPARATOR = '\u001f';

/**
 * The tables with a `search_text` and the columns it is made of, in order. list.ts uses it for the
 * columns a list searches only when they are exactly these (a test compares them with the database's
 * own expression).
 */
export const SEARCH_TEXT_COLUMNS: ReadonlyMap<string, readonly string[]> = new Map([
  ['seats', ['extension', 'name', 'nickname', 'caller_id_name', 'caller_id_number', 'vm_email']],
]);

/**
 * Adds `table.search_text`: `lower(column::text)` of each of `columns` (never null), joined by the
 * separator; stored, kept by the database on every write.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations and tests hold differently typed handles.
export async function addSearchText(db: Kysely<any>, table: string, columns: readonly string[]): Promise<void> {
  const separator = `chr(${SEARCH_TEXT_SEPARATOR.codePointAt(0)})`;
  const parts = columns.map((c) => `lower(coalesce(${c}::text, ''))`).join(` || ${separator} || `);
  await run(db, `alter table ${table} add column search_text text generated always as (${parts}) stored`);
}
