import type { Kysely } from 'kysely';
import { run } from '../tenancy-sql.ts';
import { trigramAvailable } from './013-scale-indexes.ts';

/**
 * Searches that keep their speed after writes (issue 25). The seats list's search had six trigram
 * GIN indexes (migration 013), one for each searched column, each with `fastupdate`: every edit of a
 * seat queued an entry in each index's pending list, which every search then read in full until a
 * vacuum (after 5,300 edits, 5,290 pending entries each; "202" 7.7 → 57 ms). One trigram index over
 * the stored, lower-cased `search_text` (migration 044: the same six columns) answers the same
 * searches (list.ts), and with `fastupdate = off` an edit updates it at once: nothing pending. The
 * telephone numbers' trigram indexes stop queueing too.
 */
const SEAT_COLUMN_INDEXES: Array<[string, string]> = [
  ['seats_extension_trgm', '(extension::text)'],
  ['seats_name_trgm', 'name'],
  ['seats_nickname_trgm', 'nickname'],
  ['seats_caller_id_name_trgm', 'caller_id_name'],
  ['seats_caller_id_number_trgm', 'caller_id_number'],
  ['seats_vm_email_trgm', 'vm_email'],
];
const NUMBER_INDEXES = [
  'telephone_numbers_number_trgm',
  'telephone_numbers_nickname_trgm',
  'telephone_numbers_cid_prefix_trgm',
  'telephone_numbers_fax_address_trgm',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  if (await trigramAvailable(db)) {
    await run(
      db,
      'create index if not exists seats_search_text_trgm on seats using gin (search_text gin_trgm_ops) with (fastupdate = off)',
      ...NUMBER_INDEXES.map((name) => `alter index if exists ${name} set (fastupdate = off)`),
    );
  }
  await run(db, ...SEAT_COLUMN_INDEXES.map(([name]) => `drop index if exists ${name}`));
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (await trigramAvailable(db)) {
    await run(
      db,
      ...SEAT_COLUMN_INDEXES.map(
        ([name, expression]) => `create index if not exists ${name} on seats using gin (${expression} gin_trgm_ops)`,
      ),
      ...NUMBER_INDEXES.map((name) => `alter index if exists ${name} reset (fastupdate)`),
    );
  }
  await run(db, 'drop index if exists seats_search_text_trgm');
}
