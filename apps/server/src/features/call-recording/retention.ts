/**
 * The retention job (one job queue, platform/jobs.ts): every hour, each account's recordings older
 * than its retention days are deleted, then, while its recordings hold more than its quota, the
 * oldest first until they fit — the account told so by a notification (the bell). An ingestion that
 * takes an account over its quota asks for a run of that account alone.
 *
 * Rows and files always agree: a batch's rows are deleted in the account's transaction (with the
 * change event saying why), and their files only once it has committed — a rolled-back delete keeps
 * both. A crash between the commit and the files' delete leaves files without rows, which the sweep
 * removes: files under the recordings' folder that no row holds, stored more than an hour ago (an
 * ingestion stores its file before its row commits).
 */
import { CALL_RECORDING_MESSAGES, formatBytes } from '@switchboard/domain';
import { sql } from 'kysely';
import { notify } from '../../modules/mail/index.ts';
import { type JobDefinition, job } from '../../platform/jobs.ts';
import { recordAct } from '../../platform/outbox.ts';
import type { Platform } from '../../platform/platform.ts';
import type { Tx } from '../../platform/tenancy.ts';
import { RECORDINGS_KIND, RETENTION_JOB } from './ingest.ts';
import { storageSettings, usedStorage } from './settings.ts';
import './tables.ts';

/** Rows deleted a transaction (their files after each commit). */
const BATCH = 500;
/** A file no row holds is an orphan once it is older than this (its ingestion has long finished). */
export const ORPHAN_AGE_MS = 60 * 60 * 1000;

export interface RetentionOutcome {
  expired: number;
  overQuota: number;
  orphans: number;
}

type Batch = { reason: 'expired' | 'quota'; keys: string[] } | null;

/** The oldest recordings older than the retention, a batch of them. */
async function expiredBatch(tx: Tx, days: number, now: Date) {
  return tx
    .selectFrom('call_recordings')
    .select(['id', 'file_key', 'file_size'])
    .where('started_at', '<', sql<Date>`${now}::timestamptz - make_interval(days => ${days})`)
    .orderBy('started_at')
    .orderBy('id')
    .limit(BATCH)
    .execute();
}

/** The oldest recordings to delete for the rest to fit in `quota` bytes (at most a batch). */
async function overQuotaBatch(tx: Tx, quota: number) {
  const { usedBytes } = await usedStorage(tx);
  if (usedBytes <= quota) return [];
  const oldest = await tx
    .selectFrom('call_recordings')
    .select(['id', 'file_key', 'file_size'])
    .orderBy('started_at')
    .orderBy('id')
    .limit(BATCH)
    .execute();
  const chosen: typeof oldest = [];
  let left = usedBytes;
  for (const row of oldest) {
    if (left <= quota) break;
    chosen.push(row);
    left -= Number(row.file_size);
  }
  return chosen;
}

/** One transaction of an account's retention: a batch deleted and why, or null when nothing is due. */
async function retainBatch(tx: Tx, accountNo: number, now: Date): Promise<Batch> {
  const settings = await storageSettings(tx, accountNo);
  let reason: 'expired' | 'quota' = 'expired';
  let rows = await expiredBatch(tx, settings.retentionDays, now);
  if (rows.length === 0) {
    reason = 'quota';
    rows = await overQuotaBatch(tx, settings.quotaBytes);
  }
  if (rows.length === 0) return null;
  const ids = rows.map((r) => r.id);
  await tx.deleteFrom('call_recordings').where('id', 'in', ids).execute();
  await recordAct(tx, {
    userId: null,
    accountNo,
    action: 'call-recording.retention',
    details: { reason, deleted: ids.length, ids, retentionDays: settings.retentionDays, quotaGb: settings.quotaGb },
  });
  if (reason === 'quota') {
    await notify(tx, accountNo, {
      kind: 'call-recording-quota',
      title: CALL_RECORDING_MESSAGES.quotaTitle,
      message: CALL_RECORDING_MESSAGES.quotaMessage(ids.length, formatBytes(settings.quotaBytes)),
      icon: 'warning',
    });
  }
  return { reason, keys: rows.map((r) => r.file_key) };
}

/** An account's retention and quota applied, batch by batch; answers how many of each went. */
export async function retainAccount(platform: Platform, accountNo: number, now = new Date()) {
  const outcome = { expired: 0, overQuota: 0 };
  for (;;) {
    const batch = await platform.tenancy.tenant(accountNo, (tx) => retainBatch(tx, accountNo, now));
    if (!batch) return outcome;
    // Committed: the rows are gone, so their files go.
    for (const key of batch.keys) await platform.files.delete(key);
    outcome[batch.reason === 'expired' ? 'expired' : 'overQuota'] += batch.keys.length;
  }
}

/** The files under the recordings' folder that no row holds and that are older than ORPHAN_AGE_MS, deleted. */
export async function sweepOrphans(platform: Platform, now = new Date()): Promise<number> {
  let removed = 0;
  let keys: string[] = [];
  const flush = async () => {
    if (keys.length === 0) return;
    const asked = keys;
    keys = [];
    const held = await platform.tenancy.crossAccount('housekeeping', (tx) =>
      tx.selectFrom('call_recordings').select('file_key').where('file_key', 'in', asked).execute(),
    );
    const kept = new Set(held.map((r) => r.file_key));
    for (const key of asked.filter((k) => !kept.has(k))) {
      const stat = await platform.files.stat(key);
      if (stat && now.getTime() - stat.modifiedAt.getTime() > ORPHAN_AGE_MS) {
        await platform.files.delete(key);
        removed++;
      }
    }
  };
  for await (const key of platform.files.list(`${RECORDINGS_KIND}/`)) {
    keys.push(key);
    if (keys.length >= BATCH) await flush();
  }
  await flush();
  return removed;
}

/** Every account with recordings (or only `accountNo`), its retention applied; then the orphans swept. */
export async function runRetention(
  platform: Platform,
  options: { accountNo?: number; now?: Date } = {},
): Promise<RetentionOutcome> {
  const now = options.now ?? new Date();
  const accounts = await platform.tenancy.crossAccount('housekeeping', async (tx) => {
    let query = tx
      .selectFrom('accounts as a')
      .select('a.account_no')
      .where(({ exists, selectFrom }) =>
        exists(selectFrom('call_recordings as r').select('r.id').whereRef('r.account_no', '=', 'a.account_no')),
      );
    if (options.accountNo !== undefined) query = query.where('a.account_no', '=', options.accountNo);
    return query.orderBy('a.account_no').execute();
  });
  const outcome: RetentionOutcome = { expired: 0, overQuota: 0, orphans: 0 };
  for (const { account_no } of accounts) {
    const done = await retainAccount(platform, account_no, now);
    outcome.expired += done.expired;
    outcome.overQuota += done.overQuota;
  }
  // An account's own run (after an ingestion) leaves the sweep to the hourly one.
  if (options.accountNo === undefined) outcome.orphans = await sweepOrphans(platform, now);
  return outcome;
}

/** The area's job: hourly over every account, or one account's when an ingestion asks. */
export function retentionJobs(platform: Platform): JobDefinition[] {
  return [
    job<{ accountNo?: number } | null>(
      RETENTION_JOB,
      (data) => runRetention(platform, data?.accountNo === undefined ? {} : { accountNo: data.accountNo }),
      { schedule: '23 * * * *', retry: 2 },
    ),
  ];
}
