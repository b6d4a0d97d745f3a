import type { Kysely } from 'kysely';
import { accountKey, run, tenantReference, tenantTable, versioned } from '../../../db/tenancy-sql.ts';

/**
 * Porting-away requests (issue 27, spec 3 §3 "AOT"): a number of the account being ported to
 * another provider, raised by a provider admin, answered once by the holder through the e-mailed
 * link. The link's key is 32 random bytes; only its sha-256 is stored (`key_hash`, unique), with
 * its expiry. At most one open request per number (a partial unique index). A request goes with
 * its number (cascade): the history of a number given back is not the next holder's.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await run(
    db,
    `create table porting_requests (
      id serial primary key,
      account_no integer not null references accounts (account_no) on delete restrict,
      telephone_number_id integer not null,
      number varchar(20) not null,
      date_porting date not null,
      status varchar(20) not null default 'AOT Required' check (status in ('AOT Required', 'AOT Not Required')),
      aot_response varchar(6) check (aot_response in ('accept', 'reject')),
      aot_date_response timestamptz,
      date_rejected timestamptz,
      date_cancelled timestamptz,
      reason varchar(500),
      responder_name varchar(100),
      company_name varchar(100),
      reseller_export boolean not null default false,
      key_hash char(64) not null unique,
      expires_at timestamptz not null,
      raised_by integer,
      created_at timestamptz not null default now(),
      constraint porting_requests_response_ck check ((aot_response is null) = (aot_date_response is null))
    )`,
    `create unique index porting_requests_open_uq on porting_requests (telephone_number_id)
      where aot_response is null and date_rejected is null and date_cancelled is null and status = 'AOT Required'`,
    ...versioned('porting_requests'),
  );
  await tenantTable(db, 'porting_requests');
  await accountKey(db, 'porting_requests');
  await tenantReference(db, {
    table: 'porting_requests',
    column: 'telephone_number_id',
    references: 'telephone_numbers',
    onDelete: 'cascade',
  });
}
