import { type Kysely, sql } from 'kysely';

/**
 * The audit log page (features/audit): a change event carries the record's name as the user knows
 * it, and the log is read newest first per account.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw(`alter table change_events add column label text not null default ''`).execute(db);
  await sql.raw('create index audit_log_account_at_idx on audit_log (account_no, at desc, id desc)').execute(db);
}
