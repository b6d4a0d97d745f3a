import type { Kysely } from 'kysely';
import { run } from '../../../db/tenancy-sql.ts';

/** The state of each area of the USA (spec 3 §4: the wizard asks for the State, then the Region). */
const US_STATES: ReadonlyArray<[string, string]> = [
  ['New York', 'New York'],
  ['Chicago', 'Illinois'],
  ['San Francisco', 'California'],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await run(
    db,
    'alter table international_areas add column state varchar(40)',
    ...US_STATES.map(
      ([area, state]) => `update international_areas set state = '${state}' where country = 'US' and name = '${area}'`,
    ),
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await run(db, 'alter table international_areas drop column state');
}
