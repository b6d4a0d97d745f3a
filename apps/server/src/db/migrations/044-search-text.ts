import type { Kysely } from 'kysely';
import { addSearchText } from '../search-text.ts';

/**
 * Short searches of the seats list within the issue 11 target (under 20 ms at 20,000 seats). A one-
 * or two-character term ('2', 'de') cannot use the trigram indexes: the list reads every seat of the
 * account, twice (the page and its total), and ILIKE lower-cased six columns of each (25 ms at
 * 20,000 seats). The six searched columns are now kept lower-cased in one stored column, which a
 * short search matches with one LIKE.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await addSearchText(db, 'seats', ['extension', 'name', 'nickname', 'caller_id_name', 'caller_id_number', 'vm_email']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('seats').dropColumn('search_text').execute();
}
