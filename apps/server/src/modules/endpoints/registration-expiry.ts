/**
 * A registrar's registrations expire without a write. A table of them keeps `registered` (the expiry
 * was ahead when the row was written; a BEFORE trigger sets it) and a partial index of the registered
 * ones' expiries (migration 053 for the seats'); this job turns `registered` off once the expiry has
 * passed, reading only the rows that just expired, and the table's triggers carry it on (a seat's
 * stored status). Safe to run from every process at once.
 *
 * The registrar writes the registrations (not this server): the job learns of a new one by looking.
 * Each run turns off what has expired and runs again when the next registered expiry falls due, or
 * after a few seconds at the latest (a registration written meanwhile), not every second.
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

/** Seconds to the next expiry of a registration of `table` still registered, null when none is. */
export async function nextExpiryIn(tenancy: Tenancy, table: RegistrationsTable): Promise<number | null> {
  const { rows } = await tenancy.crossAccount('housekeeping', (tx) =>
    sql<{ seconds: number | string | null }>`select extract(epoch from min(expires_at) - now()) as seconds
      from ${sql.table(table)} where registered`.execute(tx),
  );
  const seconds = rows[0]?.seconds;
  return seconds === null || seconds === undefined ? null : Number(seconds);
}

/** The longest wait between two runs: a registration written meanwhile is looked at within it. */
export const REGISTRATION_SWEEP_SECONDS = 3;

/**
 * `expireRegistrations` on the job queue (cron's minute is too coarse): each run enqueues the next one
 * (one queued at a time across processes) for the next expiry it knows, REGISTRATION_SWEEP_SECONDS at
 * the latest, with a minute's cron behind it should a run be lost. Completed runs are kept ten minutes.
 */
export function registrationExpiryJob(tenancy: Tenancy, table: RegistrationsTable): JobDefinition {
  return job(
    `registration-expiry-${table.replaceAll('_', '-')}`,
    async () => {
      await expireRegistrations(tenancy, table);
      return nextExpiryIn(tenancy, table);
    },
    {
      every: REGISTRATION_SWEEP_SECONDS,
      // Just after the expiry (the database's `expires_at <= now()` then holds).
      nextIn: (seconds) => (typeof seconds === 'number' ? seconds + 0.05 : undefined),
      singleton: true,
    },
  );
}
