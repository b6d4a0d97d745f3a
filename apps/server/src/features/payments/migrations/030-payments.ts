import type { Kysely } from 'kysely';
import { run, tenantTable } from '../../../db/tenancy-sql.ts';

/**
 * Card payments (issue 13): one row per payment the panel asked the card provider for — a top-up
 * or an invoice's payment — with the provider's intent id (unique: a webhook names it) and the
 * client secret the browser confirms it with. The status follows the provider's signed webhooks;
 * `settled_at` marks the one confirmation that moved money (the ledger's idempotency key is the
 * intent id as well). Accounts and invoices are never deleted from under a payment (restrict).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await run(
    db,
    `create table payments (
      id serial primary key,
      account_no integer not null references accounts (account_no) on delete restrict,
      purpose text not null check (purpose in ('topup', 'invoice')),
      invoice_id integer references invoices (id) on delete restrict,
      amount_pence integer not null check (amount_pence > 0),
      description text not null,
      provider text not null check (provider in ('sandbox', 'stripe')),
      provider_id text not null unique,
      client_secret text not null unique,
      status text not null default 'requires_payment_method' check (status in
        ('requires_payment_method', 'requires_action', 'processing', 'succeeded', 'canceled')),
      failure text not null default '',
      auto_top_up boolean not null default false,
      card_last4 text not null default '',
      auto_top_up_threshold_pence integer,
      created_by integer references users (id) on delete restrict,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      settled_at timestamptz,
      check ((purpose = 'invoice') = (invoice_id is not null))
    )`,
    'create index payments_account_idx on payments (account_no, created_at desc)',
    'create index payments_invoice_idx on payments (invoice_id)',
    'create index payments_created_by_idx on payments (created_by)',
    // The account's auto top-up (spec 1 §3): the card of a top-up made with autoTopup, the amount and threshold.
    `create table auto_top_ups (
      account_no integer primary key references accounts (account_no) on delete restrict,
      enabled boolean not null default true,
      amount_pence integer not null check (amount_pence > 0),
      threshold_pence integer not null check (threshold_pence > 0),
      payment_id integer not null references payments (id) on delete restrict,
      updated_at timestamptz not null default now()
    )`,
    'create index auto_top_ups_payment_idx on auto_top_ups (payment_id)',
    // Auto top-up charges (issue 13: 'fires once, even under concurrent postings'): a debit that takes
    // the balance from at or above the threshold to below it queues one charge, in the posting's own
    // transaction and under the account's lock (the ledger's), never a second while one is queued.
    // The payments worker charges the saved card outside any transaction and records the payment.
    `create table auto_top_up_charges (
      id serial primary key,
      account_no integer not null references accounts (account_no) on delete restrict,
      amount_pence integer not null check (amount_pence > 0),
      state text not null default 'pending' check (state in ('pending', 'charged', 'failed')),
      payment_id integer references payments (id) on delete restrict,
      failure text not null default '',
      created_at timestamptz not null default now(),
      done_at timestamptz
    )`,
    `create index auto_top_up_charges_pending_idx on auto_top_up_charges (id) where state = 'pending'`,
    'create index auto_top_up_charges_account_idx on auto_top_up_charges (account_no, id)',
    'create index auto_top_up_charges_payment_idx on auto_top_up_charges (payment_id)',
    `create function auto_top_up_on_posting() returns trigger language plpgsql as $f$
    declare
      a record;
    begin
      if new.amount_pence >= 0 then return new; end if;
      select amount_pence, threshold_pence into a from auto_top_ups
        where account_no = new.account_no and enabled;
      if found and new.balance_after_pence < a.threshold_pence
         and new.balance_after_pence - new.amount_pence >= a.threshold_pence
         and not exists (select 1 from auto_top_up_charges c
           where c.account_no = new.account_no and c.state = 'pending') then
        insert into auto_top_up_charges (account_no, amount_pence) values (new.account_no, a.amount_pence);
      end if;
      return new;
    end $f$`,
    `create trigger ledger_entries_auto_top_up after insert on ledger_entries
      for each row execute function auto_top_up_on_posting()`,
  );
  await tenantTable(db, 'payments');
  await tenantTable(db, 'auto_top_ups');
  await tenantTable(db, 'auto_top_up_charges');
}
