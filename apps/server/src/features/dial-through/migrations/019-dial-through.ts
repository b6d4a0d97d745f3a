import type { Kysely } from 'kysely';
import { accountKey, run, tenantReference, tenantTable } from '../../../db/tenancy-sql.ts';

/**
 * Dial-throughs (DISA) and their caller-ID authentication entries: a number is in a dial-through
 * once; the entries go with their dial-through.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await run(
    db,
    `create table dial_throughs (
      id serial primary key,
      account_no integer not null references accounts (account_no) on delete cascade,
      name varchar(50) not null,
      cli varchar(20) not null default '',
      pin varchar(20) not null default '',
      pin_enabled boolean not null default true,
      uk_geo boolean not null default true,
      inter boolean not null default false,
      uk_mob boolean not null default true,
      uk_other boolean not null default false,
      channels smallint not null default 2,
      version integer not null default 1,
      created_at timestamptz not null default now()
    )`,
    `create index dial_throughs_name_idx on dial_throughs (account_no, name)`,
    `create trigger dial_throughs_version before update on dial_throughs
      for each row execute function bump_version()`,
    `create table dial_through_clis (
      id serial primary key,
      account_no integer not null references accounts (account_no) on delete cascade,
      dial_through_id integer not null,
      number varchar(20) not null,
      created_at timestamptz not null default now(),
      constraint dial_through_clis_number_uq unique (dial_through_id, number)
    )`,
  );
  await tenantTable(db, 'dial_throughs');
  await tenantTable(db, 'dial_through_clis');
  await accountKey(db, 'dial_throughs');
  await tenantReference(db, {
    table: 'dial_through_clis',
    column: 'dial_through_id',
    references: 'dial_throughs',
    onDelete: 'cascade',
  });
}
