import type { Kysely } from 'kysely';
import { run, tenantTable } from '../tenancy-sql.ts';

/**
 * The inbound-webhook pipeline's events (platform/webhooks.ts, issue 26 item 4): every provider's
 * verified event once per (provider, event id) — a redelivery, a replay or two deliveries at once
 * store it once — with its payload and how its apply went: received → applying → applied, or
 * failed (its error kept, retried after `next_attempt_at`) and in the end dead. Not one account's
 * row (an event names its account only once applied): the escape hatch alone touches it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await run(
    db,
    `create table inbound_events (
      id serial primary key,
      provider text not null,
      event_id text not null,
      received_at timestamptz not null default now(),
      payload jsonb not null,
      state text not null default 'received'
        check (state in ('received', 'applying', 'applied', 'failed', 'dead')),
      attempts integer not null default 0,
      last_error text,
      next_attempt_at timestamptz not null default now(),
      applied_at timestamptz,
      outcome text check (outcome in ('applied', 'duplicate', 'ignored')),
      unique (provider, event_id),
      check ((state = 'applied') = (applied_at is not null))
    )`,
    // The sweep's due events: a short index, as applied events are most of the table.
    `create index inbound_events_due_idx on inbound_events (next_attempt_at)
      where state in ('received', 'failed', 'applying')`,
  );
  await tenantTable(db, 'inbound_events', { crossAccountOnly: true });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await run(db, 'drop table inbound_events');
}
