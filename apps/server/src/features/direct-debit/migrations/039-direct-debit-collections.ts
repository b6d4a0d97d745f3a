import type { Kysely } from 'kysely';
import { accountKey, run, tenantReference, tenantTable } from '../../../db/tenancy-sql.ts';

/**
 * Direct Debit collections (spec 1 §9): the invoices collected by the account's mandate.
 *
 * - `direct_debits` learns its bureau: which one holds it (`provider`: 'sandbox' | 'gocardless'),
 *   the bureau's mandate id, and whether the bureau still collects on it (`provider_status`:
 *   'active', or 'cancelled' / 'failed' / 'expired' / 'blocked' as the bureau reported). Mandates
 *   set up before the bureau existed are the sandbox's (given sandbox mandates that collect); a row
 *   stored without a bureau mandate id (not through the wizard) is not collected.
 * - `direct_debit_collections`: one per invoice and mandate, never two live ones for an invoice
 *   (unique where not cancelled): 'pending' (recorded, the bureau not yet asked), 'submitting' (being
 *   asked, leased by updated_at), then the bureau's states. `paid` once it paid the invoice.
 * - An invoice being collected gets no invoice auto-pay charge (a trigger on invoice_auto_charges).
 * - The sandbox bureau's own tables (the escape hatch only): its mandates (and how their
 *   collections end) and its payments.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await run(
    db,
    `alter table direct_debits
      add column provider varchar(20) not null default 'sandbox' check (provider in ('sandbox', 'gocardless')),
      add column provider_mandate_id varchar(64),
      add column provider_status varchar(20) not null default 'active',
      add column provider_reason varchar(200) not null default ''`,
    `update direct_debits set provider_mandate_id = 'SBMD-LEGACY-' || id`,
    `create unique index direct_debits_provider_mandate_uq on direct_debits (provider, provider_mandate_id)`,
    `create table direct_debit_collections (
      id serial primary key,
      account_no integer not null references accounts (account_no) on delete restrict,
      invoice_id integer not null,
      mandate_id integer not null,
      provider varchar(20) not null,
      provider_id varchar(64),
      amount_pence integer not null check (amount_pence > 0),
      charge_date date not null,
      state varchar(20) not null default 'pending' check (state in ('pending', 'submitting',
        'pending_submission', 'submitted', 'confirmed', 'paid_out', 'failed', 'charged_back', 'cancelled')),
      failure varchar(300) not null default '',
      paid boolean not null default false,
      idempotency_key varchar(100) not null unique,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`,
    `create unique index direct_debit_collections_invoice_uq on direct_debit_collections (invoice_id)
      where state <> 'cancelled'`,
    `create unique index direct_debit_collections_provider_uq on direct_debit_collections (provider, provider_id)`,
    'create index direct_debit_collections_account_idx on direct_debit_collections (account_no, charge_date)',
    `create index direct_debit_collections_state_idx on direct_debit_collections (state)
      where state in ('pending', 'submitting', 'pending_submission')`,
    `create table direct_debit_sandbox_mandates (
      id varchar(64) primary key,
      account_no integer not null references accounts (account_no) on delete restrict,
      outcome varchar(20) not null check (outcome in ('paid', 'failed', 'charged_back')),
      reason varchar(200) not null default '',
      status varchar(20) not null default 'active',
      created_at timestamptz not null default now()
    )`,
    `insert into direct_debit_sandbox_mandates (id, account_no, outcome)
      select provider_mandate_id, account_no, 'paid' from direct_debits`,
    'create index direct_debit_sandbox_mandates_account_idx on direct_debit_sandbox_mandates (account_no)',
    `create table direct_debit_sandbox_payments (
      id varchar(64) primary key,
      account_no integer not null references accounts (account_no) on delete restrict,
      mandate_id varchar(64) not null references direct_debit_sandbox_mandates (id) on delete restrict,
      amount_pence integer not null check (amount_pence > 0),
      charge_date date not null,
      status varchar(20) not null default 'pending_submission',
      reason varchar(200) not null default '',
      updated boolean not null default false,
      idempotency_key varchar(100) not null unique,
      created_at timestamptz not null default now()
    )`,
    'create index direct_debit_sandbox_payments_account_idx on direct_debit_sandbox_payments (account_no)',
    'create index direct_debit_sandbox_payments_mandate_idx on direct_debit_sandbox_payments (mandate_id, status)',
  );
  // Never both: invoice auto-pay (the payments area) takes precedence — a collection is cancelled
  // before it reaches Bacs once auto-pay covers its invoice (collections.ts) — and an invoice whose
  // collection is under way (not cancelled, failed or charged back) gets no auto-pay charge: the
  // charge's row is skipped (auto-pay's run inserts with 'on conflict do nothing'; it tries again
  // later, and charges once the collection is cancelled or has failed).
  await run(
    db,
    `create function invoice_auto_charges_not_by_direct_debit() returns trigger language plpgsql as $f$ begin
      if exists (select 1 from direct_debit_collections c where c.invoice_id = new.invoice_id
          and c.state not in ('cancelled', 'failed', 'charged_back')) then
        return null;
      end if;
      return new;
    end $f$`,
    `create trigger invoice_auto_charges_not_by_direct_debit before insert on invoice_auto_charges
      for each row execute function invoice_auto_charges_not_by_direct_debit()`,
  );
  await accountKey(db, 'direct_debits');
  await tenantReference(db, { table: 'direct_debit_collections', column: 'invoice_id', references: 'invoices' });
  await tenantReference(db, { table: 'direct_debit_collections', column: 'mandate_id', references: 'direct_debits' });
  await tenantTable(db, 'direct_debit_collections', { rows: 'readOnly' });
  await tenantTable(db, 'direct_debit_sandbox_mandates', { crossAccountOnly: true });
  await tenantTable(db, 'direct_debit_sandbox_payments', { crossAccountOnly: true });
}
