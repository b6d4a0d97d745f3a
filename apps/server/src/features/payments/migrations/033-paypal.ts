import type { Kysely } from 'kysely';
import { run, tenantTable } from '../../../db/tenancy-sql.ts';

/**
 * PayPal top-ups (issue 13). A payment is paid by card or with PayPal (`method`); a PayPal one's
 * provider id is the PayPal order's. The sandbox PayPal keeps its orders here as PayPal keeps
 * them on its side: created, approved by the buyer (with a funding source), completed by the
 * capture, or voided. Only the escape hatch touches them (the sandbox is not a tenant's data).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await run(
    db,
    `alter table payments add column method text not null default 'card' check (method in ('card', 'paypal'))`,
    'alter table payments drop constraint payments_provider_check',
    `alter table payments add constraint payments_provider_check check (provider in ('sandbox', 'stripe', 'paypal'))`,
    // PayPal takes no auto top-up (it has no saved card to charge).
    `alter table payments add constraint payments_paypal_no_auto_check check (method = 'card' or not auto_top_up)`,
    `create table paypal_sandbox_orders (
      id text primary key,
      account_no integer not null references accounts (account_no) on delete restrict,
      amount_pence integer not null check (amount_pence > 0),
      description text not null,
      status text not null default 'CREATED' check (status in ('CREATED', 'APPROVED', 'COMPLETED', 'VOIDED')),
      funding text check (funding in ('balance', 'declinedCard')),
      capture_id text unique,
      created_at timestamptz not null default now(),
      check ((status = 'COMPLETED') = (capture_id is not null))
    )`,
    'create index paypal_sandbox_orders_account_idx on paypal_sandbox_orders (account_no)',
  );
  await tenantTable(db, 'paypal_sandbox_orders', { crossAccountOnly: true });
}
