/**
 * The call records' month partitions (migration 102): made ahead by a daily job (this month and the
 * next), and by ingestion for the months of a batch — a month made by neither lands in the default
 * partition, which the next making of that month empties into it.
 */
import { sql } from 'kysely';
import type { JobDefinition } from '../../platform/jobs.ts';
import { job } from '../../platform/jobs.ts';
import type { Platform } from '../../platform/platform.ts';
import type { Tx } from '../../platform/tenancy.ts';

/** Makes the month partitions of `instants` that are missing (once per month named). */
export async function ensurePartitions(tx: Tx, instants: Iterable<Date>): Promise<void> {
  const months = new Map<string, Date>();
  for (const at of instants) months.set(at.toISOString().slice(0, 7), at);
  for (const at of months.values())
    await sql`select call_records_partition(${at.toISOString()}::timestamptz)`.execute(tx);
}

export function callRecordJobs(platform: Platform): JobDefinition[] {
  return [
    job(
      'call-record-partitions',
      () =>
        platform.tenancy.crossAccount('housekeeping', (tx) => {
          const now = new Date();
          return ensurePartitions(tx, [now, new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1))]);
        }),
      { schedule: '17 3 * * *', singleton: true },
    ),
  ];
}
