import type { Kysely } from 'kysely';
import { run, tenantTable } from '../../../db/tenancy-sql.ts';

/**
 * Saved cards with the card provider (issue 13: auto top-up and invoice auto-pay with Stripe).
 *
 * - `payment_customers`: the account's one customer at the provider (Stripe's Customer owns the
 *   saved payment methods). The row is made first with a random idempotency key, so that
 *   concurrent requests all ask the provider with the same key and get the same customer;
 *   `customer_id` is null until the provider answered.
 * - `payments.customer_id` / `payments.payment_method_id`: the card a payment saved (recorded
 *   from its succeeded webhook) or charged off-session. An off-session charge's row is written
 *   before the provider is asked, with `pending_…` in `provider_id` (also the charge's
 *   idempotency key and its intent's metadata) until the provider's intent id replaces it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await run(
    db,
    `create table payment_customers (
      account_no integer not null references accounts (account_no) on delete restrict,
      provider text not null check (provider in ('sandbox', 'stripe')),
      customer_id text,
      idempotency_key text not null unique,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      primary key (account_no, provider),
      unique (provider, customer_id)
    )`,
    `alter table payments add column customer_id text not null default ''`,
    `alter table payments add column payment_method_id text not null default ''`,
    // Off-session charges whose provider answer is still awaited (the worker retries stale ones).
    `create index payments_pending_charge_idx on payments (updated_at) where provider_id like 'pending\\_%'`,
  );
  await tenantTable(db, 'payment_customers');
}
