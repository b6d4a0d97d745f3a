import type { Kysely } from 'kysely';
import { accountKey, run, tenantReference, tenantTable } from '../../../db/tenancy-sql.ts';

/**
 * Invoices (issue 13): the monthly billing run's invoices and their lines, and the numbering.
 *
 * - `invoices`: one per account per period (unique: a second run makes no second invoice). Amounts
 *   in integer pence with total = subtotal + VAT checked by the database. The stored status is
 *   unpaid, paid or void; Overdue is derived (unpaid and the due date past). A paid invoice has its
 *   paid date, a void one its reason. `version` is bumped by every update.
 * - `invoice_lines`: the invoice's lines (description, quantity, unit price, amount = quantity ×
 *   unit price, checked). Written once with the invoice, never changed.
 * - `invoice_numbers`: the gap-free sequence of each provider (the top of an account's parent
 *   chain). A number is taken by incrementing the provider's row in the invoice's own transaction,
 *   so a rolled-back invoice gives its number back and two runs queue on the row: no gaps, no
 *   duplicates (unique (provider, number) backs it).
 * - `billing_runs`: one row per period the scheduled run has claimed (a lease: a server that died
 *   mid-run leaves it to be claimed again after an hour) and finished: the scheduler's memory of
 *   which months are done, and its single-runner lock across servers.
 * Accounts are never deleted from under an invoice, nor an invoice from under its lines (restrict).
 * Tenants read their own invoices and lines (and may update an invoice: paying it); only the escape
 * hatch (the billing run, a provider admin's void) creates them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await run(
    db,
    // Issued invoices and their lines are never deleted; lines never change.
    `create function invoice_lines_immutable() returns trigger language plpgsql as $f$ begin
      raise exception 'issued invoices and their lines are kept as issued' using errcode = '42501';
    end $f$`,
    `create table invoice_numbers (
      provider_account_no integer primary key references accounts (account_no) on delete restrict,
      last_no integer not null default 0 check (last_no >= 0)
    )`,
    `create table invoices (
      id serial primary key,
      account_no integer not null references accounts (account_no) on delete restrict,
      provider_account_no integer not null references accounts (account_no) on delete restrict,
      seq integer not null check (seq > 0),
      invoice_no varchar(20) not null,
      period char(7) not null check (period ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
      period_start date not null,
      period_end date not null check (period_end >= period_start),
      invoice_date date not null,
      due_date date not null check (due_date >= invoice_date),
      paid_date date,
      paid_reference varchar(200),
      subtotal_pence integer not null check (subtotal_pence >= 0),
      vat_pence integer not null check (vat_pence >= 0),
      total_pence integer not null check (total_pence = subtotal_pence + vat_pence),
      status varchar(10) not null default 'unpaid' check (status in ('unpaid', 'paid', 'void')),
      void_reason varchar(200),
      voided_at timestamptz,
      voided_by integer,
      version integer not null default 1,
      created_at timestamptz not null default now(),
      constraint invoices_period_uq unique (account_no, period),
      constraint invoices_number_uq unique (provider_account_no, seq),
      constraint invoices_paid_ck check ((status = 'paid') = (paid_date is not null)),
      constraint invoices_void_ck check ((status = 'void') = (void_reason is not null))
    )`,
    `create index invoices_date_idx on invoices (account_no, invoice_date desc, id)`,
    `create trigger invoices_version before update on invoices for each row execute function bump_version()`,
    // What was invoiced never changes: only the settlement (paid / void) does, and never back.
    `create function invoices_settle_only() returns trigger language plpgsql as $f$ begin
      if (new.account_no, new.provider_account_no, new.seq, new.invoice_no, new.period, new.period_start,
          new.period_end, new.invoice_date, new.due_date, new.subtotal_pence, new.vat_pence, new.total_pence)
        is distinct from (old.account_no, old.provider_account_no, old.seq, old.invoice_no, old.period,
          old.period_start, old.period_end, old.invoice_date, old.due_date, old.subtotal_pence, old.vat_pence,
          old.total_pence) then
        raise exception 'an issued invoice does not change' using errcode = '42501';
      end if;
      if old.status <> 'unpaid' and new.status is distinct from old.status then
        raise exception 'a % invoice stays %', old.status, old.status using errcode = '42501';
      end if;
      return new;
    end $f$`,
    `create trigger invoices_settle_only before update on invoices for each row execute function invoices_settle_only()`,
    `create trigger invoices_no_delete before delete on invoices for each row execute function invoice_lines_immutable()`,
    `create table invoice_lines (
      id serial primary key,
      account_no integer not null references accounts (account_no) on delete restrict,
      invoice_id integer not null,
      position smallint not null,
      description varchar(200) not null check (length(trim(description)) > 0),
      quantity integer not null check (quantity > 0),
      unit_price_pence integer not null check (unit_price_pence >= 0),
      amount_pence integer not null,
      constraint invoice_lines_amount_ck check (amount_pence = quantity * unit_price_pence)
    )`,
    `create trigger invoice_lines_no_change before update or delete on invoice_lines
      for each row execute function invoice_lines_immutable()`,
  );
  await run(
    db,
    `create table billing_runs (
      period char(7) primary key check (period ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
      started_at timestamptz not null default now(),
      finished_at timestamptz,
      issued integer not null default 0,
      failed integer not null default 0
    )`,
  );
  await tenantTable(db, 'billing_runs', { crossAccountOnly: true });
  await tenantTable(db, 'invoice_numbers', { crossAccountOnly: true });
  await tenantTable(db, 'invoices', { rows: 'readOnly' });
  await tenantTable(db, 'invoice_lines', { rows: 'readOnly' });
  await accountKey(db, 'invoices');
  await tenantReference(db, { table: 'invoice_lines', column: 'invoice_id', references: 'invoices' });
}
