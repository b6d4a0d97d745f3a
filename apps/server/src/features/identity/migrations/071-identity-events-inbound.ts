import type { Kysely } from 'kysely';
import { run } from '../../../db/tenancy-sql.ts';

/**
 * Identity's own record of applied events (identity_events, migration 037) moves into the
 * inbound-webhook pipeline's table (070): each id already applied stays applied there, so a late
 * redelivery of one is still a duplicate; then the old table goes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await run(
    db,
    `insert into inbound_events (provider, event_id, received_at, payload, state, applied_at, outcome)
      select 'stripe-identity', event_id, received_at,
        jsonb_build_object('eventId', event_id, 'type', type, 'accountNo', account_no),
        'applied', received_at, 'applied'
      from identity_events
      on conflict (provider, event_id) do nothing`,
    'drop table identity_events',
  );
}
