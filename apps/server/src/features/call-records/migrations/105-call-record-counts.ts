import type { Kysely } from 'kysely';
import { countRowsOf } from '../../../db/list-counts.ts';
import { run } from '../../../db/tenancy-sql.ts';

/**
 * The call records counted per account and month (UK time, the list's month: migration 104's parts),
 * in the writing transaction — the switch's batch and its count commit together —, so a month's page
 * answers its total in one lookup where count(*) read the month's index (4-12 s at 5,000,000 calls).
 * The triggers are the partitioned table's: a statement through the parent is seen whole, whatever
 * the partitions it wrote. Rows moved between partitions (call_records_partition emptying the
 * default into a new month) are deleted and inserted in the partitions themselves, which is no
 * change of the count. A call's start never changes (the update is refused), nor its account.
 */
export const CALL_RECORD_MONTH_SQL = `to_char(started_at at time zone 'Europe/London', 'YYYY-MM')`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await countRowsOf(db, 'call_records', 'true', { sql: CALL_RECORD_MONTH_SQL, columns: ['started_at'] });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await run(
    db,
    ...['insert', 'delete', 'truncate', 'account', 'part'].map(
      (t) => `drop trigger if exists call_records_count_${t} on call_records`,
    ),
    `delete from list_counts where table_name = 'call_records'`,
  );
}
