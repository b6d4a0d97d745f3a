import type { Kysely } from 'kysely';
import { run, unversioned, versioned } from '../../../db/tenancy-sql.ts';

/**
 * A member's own version (issue 11: every update carries the version it was based on): a member's
 * edit (its penalty) is refused when the member changed since the page listed it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await run(db, ...versioned('call_queue_members'));
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await run(db, ...unversioned('call_queue_members'));
}
