import type { Kysely } from 'kysely';
import { accountKey, run, tenantReference, tenantTable } from '../../../db/tenancy-sql.ts';

/**
 * Identity verification (issue 13).
 * - identity_verifications: one row per verification session the server asked the identity
 *   provider for, with the provider's session id (unique: a webhook names it) and its status as the
 *   provider's signed webhooks report it. The client secret is not kept (Stripe: never store it).
 * - account_identity: the account's identity status, the session it follows, who started the
 *   check and when, when it was verified.
 * - identity_events: the ids of the provider's events already applied (a redelivered or replayed
 *   event changes nothing and notifies no one twice).
 * - identity_sandbox_sessions: the sandbox provider's side of a session, as Stripe keeps it (only
 *   the escape hatch touches it: it is not a tenant's data).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await run(
    db,
    `create table identity_verifications (
      id serial primary key,
      account_no integer not null references accounts (account_no) on delete restrict,
      provider text not null check (provider in ('sandbox', 'stripe')),
      provider_id text not null unique,
      status text not null default 'requires_input'
        check (status in ('requires_input', 'processing', 'verified', 'canceled')),
      last_error_code text not null default '',
      last_error_reason text not null default '',
      via text not null check (via in ('panel', 'registration')),
      created_by integer references users (id) on delete restrict,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`,
    'create index identity_verifications_created_by_idx on identity_verifications (created_by)',
    `create table account_identity (
      account_no integer primary key references accounts (account_no) on delete restrict,
      status text not null check (status in ('unverified', 'pending', 'verified', 'requires_input')),
      verification_id integer not null,
      started_by integer references users (id) on delete restrict,
      started_at timestamptz not null default now(),
      verified_at timestamptz,
      updated_at timestamptz not null default now(),
      check ((status = 'verified') = (verified_at is not null))
    )`,
    'create index account_identity_started_by_idx on account_identity (started_by)',
    `create table identity_events (
      event_id text primary key,
      account_no integer not null references accounts (account_no) on delete restrict,
      type text not null,
      received_at timestamptz not null default now()
    )`,
    'create index identity_events_account_idx on identity_events (account_no)',
    `create table identity_sandbox_sessions (
      id text primary key,
      account_no integer not null references accounts (account_no) on delete restrict,
      email text not null,
      client_secret text not null unique,
      idempotency_key text not null unique,
      status text not null default 'requires_input'
        check (status in ('requires_input', 'processing', 'verified', 'canceled')),
      last_error_code text not null default '',
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`,
    'create index identity_sandbox_sessions_account_idx on identity_sandbox_sessions (account_no)',
  );
  // Also the account's sessions by id (the unique key's index).
  await accountKey(db, 'identity_verifications');
  await tenantReference(db, {
    table: 'account_identity',
    column: 'verification_id',
    references: 'identity_verifications',
  });
  await tenantTable(db, 'identity_verifications');
  await tenantTable(db, 'account_identity');
  await tenantTable(db, 'identity_events', { crossAccountOnly: true });
  await tenantTable(db, 'identity_sandbox_sessions', { crossAccountOnly: true });
}
