import type { Kysely } from 'kysely';
import { guardChangeEvents } from '../../../db/tenancy-sql.ts';

/**
 * The provider's ranges and service tariff change only with a provider admin's recorded act (the
 * change-event guard of migration 064, as every tenant table has it). The stock's rows are exempt
 * (CHANGE_EVENT_EXEMPT): they move with the purchases and releases that record their own events.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ['number_ranges', 'service_tariff']) await guardChangeEvents(db, table);
}

export async function down(): Promise<void> {}
