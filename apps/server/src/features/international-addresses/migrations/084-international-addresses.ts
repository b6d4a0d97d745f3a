import type { Kysely } from 'kysely';
import { accountKey, run, tenantReference, tenantTable } from '../../../db/tenancy-sql.ts';

/**
 * The account's international addresses (spec 3 §3), their proof documents (the file in the file
 * store, the row its key, size and hash) and the account's international numbers linked to them.
 * Tenant tables; a proof and a link carry their address's account (a composite key), and a link its
 * number's: neither can name another account's row.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await run(
    db,
    `create table international_addresses (
      id serial primary key,
      account_no integer not null references accounts (account_no) on delete cascade,
      title varchar(20) not null,
      firstname varchar(50) not null,
      lastname varchar(50) not null,
      address_line1 varchar(150) not null,
      address_line2 varchar(150) not null,
      county varchar(50) not null,
      country varchar(50) not null,
      postcode varchar(20) not null,
      version integer not null default 1,
      created_at timestamptz not null default now()
    )`,
    `create trigger international_addresses_version before update on international_addresses
      for each row execute function bump_version()`,
    `create table international_proofs (
      id serial primary key,
      account_no integer not null references accounts (account_no) on delete cascade,
      address_id integer not null,
      proof_type varchar(30) not null
        check (proof_type in ('DrivingLicence', 'EnterpriseCertificate', 'Passport', 'GovernmentID', 'UtilityBill')),
      file_name varchar(255) not null,
      file_type varchar(40) not null,
      file_key varchar(100) not null,
      file_size integer not null,
      file_sha256 char(64) not null,
      created_at timestamptz not null default now()
    )`,
    // A number's (account, id) key, so a link names a number of its own account (the database checks).
    `create unique index if not exists telephone_numbers_account_id_uq on telephone_numbers (account_no, id)`,
    `create table international_address_links (
      id serial primary key,
      account_no integer not null references accounts (account_no) on delete cascade,
      address_id integer not null,
      telephone_number_id integer not null,
      created_at timestamptz not null default now(),
      unique (address_id, telephone_number_id),
      foreign key (account_no, telephone_number_id) references telephone_numbers (account_no, id) on delete cascade
    )`,
    `create index international_address_links_number_idx on international_address_links (telephone_number_id)`,
  );
  await accountKey(db, 'international_addresses');
  await tenantTable(db, 'international_addresses');
  await tenantTable(db, 'international_proofs');
  await tenantTable(db, 'international_address_links');
  await tenantReference(db, {
    table: 'international_proofs',
    column: 'address_id',
    references: 'international_addresses',
  });
  await tenantReference(db, {
    table: 'international_address_links',
    column: 'address_id',
    references: 'international_addresses',
  });
}
