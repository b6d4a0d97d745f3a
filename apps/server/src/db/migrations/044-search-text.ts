import type { Kysely } from 'kysely';
import { addSearchText } from '../search-text.ts';
import { run } from '../tenancy-sql.ts';

/**
 * Short searches of the seats list within the issue 11 target (under 20 ms at 20,000 seats). A one-
 * or two-character term ('2', 'de') cannot use the trigram indexes: the list reads every seat of the
 * account, twice (the page and its total), and ILIKE lower-cased six columns of each (25 ms for "2"
 * at 20,000 seats, 40 ms for two letters no seat has). The six searched columns are now kept
 * lower-cased in one stored column, which a short search matches with one LIKE; and the list's own
 * order (extension, id) carries it in an index, so the page's ids and its total read that index alone
 * instead of the seats' wide rows (a column at the end of fifty is costly to reach): "2" 4 ms, "qz"
 * (nothing matches) 9 ms for ids and total together.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await addSearchText(db, 'seats', ['extension', 'name', 'nickname', 'caller_id_name', 'caller_id_number', 'vm_email']);
  await run(db, 'create index seats_extension_search_idx on seats (account_no, extension, id) include (search_text)');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('seats').dropColumn('search_text').execute();
}
