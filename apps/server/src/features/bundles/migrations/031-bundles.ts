import type { Kysely } from 'kysely';
import { run, tenantTable } from '../../../db/tenancy-sql.ts';

/**
 * Bundles (issue 13): an account's enabled bundles — one active row per bundle (ceased_at null),
 * history kept (a ceased row stays for the invoice of the month it was ceased in), minutes used in
 * the current month (call rating fills it).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await run(
    db,
    `create table account_bundles (
      id serial primary key,
      account_no integer not null references accounts (account_no) on delete restrict,
      bundle_id integer not null check (bundle_id > 0),
      enabled_at timestamptz not null default now(),
      ceased_at timestamptz,
      minutes_used integer not null default 0 check (minutes_used >= 0),
      check (ceased_at is null or ceased_at >= enabled_at)
    )`,
    'create unique index account_bundles_active_uq on account_bundles (account_no, bundle_id) where ceased_at is null',
    'create index account_bundles_account_idx on account_bundles (account_no, enabled_at)',
  );
  await tenantTable(db, 'account_bundles');
}
