import type { Kysely } from 'kysely';
import { run, tenantTable } from '../../../db/tenancy-sql.ts';

/**
 * Invoice auto-pay (issue 13, spec 1 §3 pay payload `autoBill`, §9: "Invoice auto-pay charges the
 * card three days after the invoice date"). An invoice paid by card with autoBill saves that card
 * for the account's later invoices; each unpaid invoice dated from then on is then charged once (`invoice_id` unique), three
 * days after its date, by the payments worker.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await run(
    db,
    'alter table payments add column auto_bill boolean not null default false',
    `alter table payments add constraint payments_auto_bill_check check (not auto_bill or (purpose = 'invoice' and method = 'card'))`,
    `create table invoice_auto_pay (
      account_no integer primary key references accounts (account_no) on delete restrict,
      enabled boolean not null default true,
      payment_id integer not null references payments (id) on delete restrict,
      -- Invoices dated from this day on are paid automatically (never the older ones).
      since date not null,
      updated_at timestamptz not null default now()
    )`,
    'create index invoice_auto_pay_payment_idx on invoice_auto_pay (payment_id)',
    `create table invoice_auto_charges (
      id serial primary key,
      account_no integer not null references accounts (account_no) on delete restrict,
      invoice_id integer not null unique references invoices (id) on delete restrict,
      state text not null default 'pending' check (state in ('pending', 'charged', 'failed')),
      payment_id integer references payments (id) on delete restrict,
      failure text not null default '',
      created_at timestamptz not null default now(),
      done_at timestamptz
    )`,
    'create index invoice_auto_charges_account_idx on invoice_auto_charges (account_no, id)',
    'create index invoice_auto_charges_payment_idx on invoice_auto_charges (payment_id)',
  );
  await tenantTable(db, 'invoice_auto_pay');
  await tenantTable(db, 'invoice_auto_charges');
}
