import type { Kysely } from 'kysely';
import { run, tenantTable } from '../../../db/tenancy-sql.ts';

/**
 * Direct debit mandates (issue 13): one current mandate per account (superseded_at null); a
 * replacement supersedes it, history kept. Only the account number's last four digits are kept
 * (the bank holds the mandate; the panel never shows or needs the whole number again).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await run(
    db,
    `create table direct_debits (
      id serial primary key,
      account_no integer not null references accounts (account_no) on delete restrict,
      holder_first_name text not null,
      holder_last_name text not null,
      account_holder text not null,
      bank_name text not null,
      sort_code text not null check (sort_code ~ '^[0-9]{6}$'),
      account_ending text not null check (account_ending ~ '^[0-9]{4}$'),
      company text not null,
      telephone text not null,
      address text not null,
      postcode text not null,
      email text not null default '',
      setup_at timestamptz not null default now(),
      superseded_at timestamptz,
      created_by integer references users (id) on delete restrict
    )`,
    'create unique index direct_debits_current_uq on direct_debits (account_no) where superseded_at is null',
    'create index direct_debits_account_idx on direct_debits (account_no, setup_at)',
    'create index direct_debits_created_by_idx on direct_debits (created_by)',
  );
  await tenantTable(db, 'direct_debits');
}
