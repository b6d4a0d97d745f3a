import type { Kysely } from 'kysely';
import { run, tenantReference, tenantTable } from '../../../db/tenancy-sql.ts';

/**
 * Invoice notes (issue 27, advice of transfer): a line of text an area asks to be printed on an
 * account's next invoice (a retail account accepting the port of a number away). A note waits
 * with no invoice until the billing run issues the account's next one, which takes every waiting
 * note in its own transaction (`invoice_id` set once, never back: a trigger). Tenants read their
 * notes; only the escape hatch writes them (the porting response, the billing run), each with its
 * change event.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await run(
    db,
    `create table invoice_notes (
      id serial primary key,
      account_no integer not null references accounts (account_no) on delete restrict,
      note varchar(500) not null check (length(note) > 0),
      invoice_id integer,
      created_at timestamptz not null default now(),
      constraint invoice_notes_account_key unique (account_no, id)
    )`,
    'create index invoice_notes_waiting_idx on invoice_notes (account_no, id) where invoice_id is null',
    `create function invoice_notes_once() returns trigger language plpgsql as $f$ begin
      if old.invoice_id is not null or new.note <> old.note or new.account_no <> old.account_no then
        raise exception 'an invoice note is printed once, as written' using errcode = '42501';
      end if;
      return new;
    end $f$`,
    `create trigger invoice_notes_once before update on invoice_notes
      for each row execute function invoice_notes_once()`,
  );
  await tenantTable(db, 'invoice_notes', { rows: 'readOnly' });
  await run(db, 'revoke update on invoice_notes from switchboard_app');
  await tenantReference(db, { table: 'invoice_notes', column: 'invoice_id', references: 'invoices' });
}
