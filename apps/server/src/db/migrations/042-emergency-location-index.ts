import type { Kysely } from 'kysely';
import { run } from '../tenancy-sql.ts';

/**
 * The seats list's Location column asks, for each seat of the page, whether the number it presents
 * has an emergency address (spec 3: telephone numbers with an EMS postcode). Without an index the
 * database hashed every number of the account to answer 15 seats (0.6 ms at 5,000 numbers, and a
 * sort by Location walked them for every seat); the numbers with an address are few.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await run(
    db,
    `create index if not exists telephone_numbers_ems_located_idx on telephone_numbers (account_no, number)
      where ems_postcode <> ''`,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await run(db, 'drop index if exists telephone_numbers_ems_located_idx');
}
