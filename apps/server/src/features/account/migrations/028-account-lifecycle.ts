import type { Kysely } from 'kysely';
import { CROSS_ACCOUNT_ROLE, run, tenantReference, tenantTable } from '../../../db/tenancy-sql.ts';

/**
 * The account's life (issue 13):
 * - `accounts.version`: the account details form names the version it was based on. It moves
 *   only when the details change — never with the balance (every ledger posting updates the row).
 * - `accounts.deleted_at` / `deleted_by`: a deleted account is kept (soft delete) for the
 *   provider; its users can no longer sign in.
 * - `accounts.pending_activation`: a registered account until its holder sets a password.
 * - `accounts.company_no` / `vat_no`: a registered company's number and VAT number.
 * - `sessions.password_checked_at`: when the session's user last confirmed their password
 *   (POST /users/auth/passwordcheck); deleting the account needs a fresh confirmation.
 * - `password_tokens`: set-password links (activation of a registered account or a new user, and
 *   password resets): stored as sha-256 hashes, single-use, expiring.
 * - `account_numbers`: the numbers of registered accounts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await run(
    db,
    'alter table accounts add column version integer not null default 1',
    'alter table accounts add column deleted_at timestamptz',
    'alter table accounts add column deleted_by integer',
    'alter table accounts add column pending_activation boolean not null default false',
    "alter table accounts add column company_no varchar(15) not null default ''",
    "alter table accounts add column vat_no varchar(9) not null default ''",
    `create function accounts_bump_version() returns trigger language plpgsql as $f$ begin
      if (to_jsonb(new) - 'balance_pence' - 'version') is distinct from (to_jsonb(old) - 'balance_pence' - 'version') then
        new.version := old.version + 1;
      else
        new.version := old.version;
      end if;
      return new;
    end $f$`,
    'create trigger accounts_version before update on accounts for each row execute function accounts_bump_version()',
    'alter table sessions add column password_checked_at timestamptz',
    `create table password_tokens (
      id serial primary key,
      account_no integer not null references accounts (account_no) on delete restrict,
      user_id integer not null,
      purpose text not null check (purpose in ('activation', 'reset')),
      token_hash char(64) not null unique,
      expires_at timestamptz not null,
      used_at timestamptz,
      created_at timestamptz not null default now()
    )`,
    'create index password_tokens_user_idx on password_tokens (user_id, purpose)',
    `create sequence account_numbers start with 40000`,
    `select setval('account_numbers', greatest(40000, (select coalesce(max(account_no), 0) + 1 from accounts)), false)`,
    `grant usage, select on sequence account_numbers to ${CROSS_ACCOUNT_ROLE}`,
  );
  await tenantReference(db, { table: 'password_tokens', column: 'user_id', references: 'users' });
  await tenantTable(db, 'password_tokens');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await run(
    db,
    'drop sequence account_numbers',
    'drop table password_tokens',
    'alter table sessions drop column password_checked_at',
    'drop trigger accounts_version on accounts',
    'drop function accounts_bump_version()',
    'alter table accounts drop column vat_no',
    'alter table accounts drop column company_no',
    'alter table accounts drop column pending_activation',
    'alter table accounts drop column deleted_by',
    'alter table accounts drop column deleted_at',
    'alter table accounts drop column version',
  );
}
