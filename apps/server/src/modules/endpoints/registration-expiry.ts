/**
 * A registrar's registrations expire without a write. A table of them keeps `registered` (the expiry
 * was ahead when the row was written; a BEFORE trigger sets it) and a partial index of the registered
 * ones' expiries (migration 053 for the seats'); this job turns `registered` off once the expiry has
 * passed, reading only the rows that just expired, and the table's triggers carry it on (a seat's
 * stored status). Safe to run from every process at once.
 */
import { sql } from 'kysely';
import { everyInterval } from '../../platform/every-interval.ts';
import type { Tenancy } from '../../platform/tenancy.ts';

export type RegistrationsTable = 'seat_registrations';

/** Turns off the registrations of `table` whose expiry has passed; answers how many. */
export async function expireRegistrations(tenancy: Tenancy, table: RegistrationsTable): Promise<number> {
  const result = await tenancy.crossAccount('housekeeping', (tx) =>
    sql`update ${sql.table(table)} set registered = false where registered and expires_at <= now()`.execute(tx),
  );
  return Number(result.numAffectedRows ?? 0);
}

/** `expireRegistrations` every `intervalMs` (a second: a status follows its expiry within it); answers its stop. */
export function startRegistrationExpiry(
  tenancy: Tenancy,
  table: RegistrationsTable,
  log: { error(error: unknown): void },
  intervalMs = 1000,
): () => void {
  return everyInterval(() => expireRegistrations(tenancy, table), log, intervalMs);
}
