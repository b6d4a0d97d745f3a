/**
 * A registrar's registrations expire without a write. A table of them keeps `registered` (the expiry
 * was ahead when the row was written; a BEFORE trigger sets it) and a partial index of the registered
 * ones' expiries (migration 053 for the seats'); this job turns `registered` off once the expiry has
 * passed, reading only the rows that just expired, and the table's triggers carry it on (a seat's
 * stored status). Safe to run from every process at once.
 */
import { sql } from 'kysely';
import { type JobDefinition, job } from '../../platform/jobs.ts';
import type { Tenancy } from '../../platform/tenancy.ts';

export type RegistrationsTable = 'seat_registrations';

/** Turns off the registrations of `table` whose expiry has passed; answers how many. */
export async function expireRegistrations(tenancy: Tenancy, table: RegistrationsTable): Promise<number> {
  const result = await tenancy.crossAccount('housekeeping', (tx) =>
    sql`update ${sql.table(table)} set registered = false where registered and expires_at <= now()`.execute(tx),
  );
  return Number(result.numAffectedRows ?? 0);
}

/**
 * `expireRegistrations` every second on the job queue (a status follows its expiry within a second
 * or two): cron's minute is too coarse, so each run enqueues the next one a second later (one queued
 * at a time across processes), with a minute's cron behind it should a run be lost. Completed runs
 * are kept ten minutes.
 */
export function registrationExpiryJob(tenancy: Tenancy, table: RegistrationsTable): JobDefinition {
  return job(`registration-expiry-${table.replaceAll('_', '-')}`, () => expireRegistrations(tenancy, table), {
    every: 1,
    singleton: true,
  });
}
