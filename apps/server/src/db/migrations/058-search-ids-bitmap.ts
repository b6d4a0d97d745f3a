import type { Kysely } from 'kysely';
import { run } from '../tenancy-sql.ts';

/**
 * `app_search_ids` (migration 041) plans its search without index-only scans. It runs as its owner,
 * under forced row-level security, where PostgreSQL uses no column statistics for `ilike` (not
 * LEAKPROOF): it takes a trigram index to match some 8,000 rows whatever the term, and so preferred
 * walking the caller's whole account through the extension index's covering copy of `search_text`.
 * With 200,000 seats on the platform that made a seats search for "202" 41 ms (raw SQL 3; issue 25).
 * Without index-only scans it ands the trigram index with the account's (3.6 ms there). Terms
 * shorter than a trigram never come here (platform/list.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await run(db, 'alter function app_search_ids(text, text[], text) set enable_indexonlyscan = off');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await run(db, 'alter function app_search_ids(text, text[], text) reset enable_indexonlyscan');
}
