import type { Kysely } from 'kysely';
import { CROSS_ACCOUNT_ROLE, run, TENANT_ROLE, tenantTable } from '../../../db/tenancy-sql.ts';

/**
 * The provider's number stock (issue 27): ranges of UK numbers by type, country and area, each
 * number a row of `number_stock` (available, allocated to an account, or quarantined after it was
 * given back); the service tariff (spec 3 §3 "Tariff item": monthly and setup, integer pence,
 * provider-editable); each account's allocations (what it bought, the setup charged, when it ended);
 * and the not-for-profit mark on accounts (0300 numbers, spec 3 §5), a provider column.
 *
 * Provider-level tables: the cross-account role writes them (a purchase is the 'numbering' use, a
 * provider admin's range or price too); the tenant role reads the ranges and the tariff, and of the
 * stock only the numbers that are available or its own (row-level security). Giving a number back
 * (deleting the account's telephone_numbers row) quarantines it and ends its allocation in the same
 * statement (a SECURITY DEFINER trigger owned by the cross-account role); the quarantine job
 * returns it to stock later.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const roles = `${TENANT_ROLE}, ${CROSS_ACCOUNT_ROLE}`;
  await run(
    db,
    'alter table accounts add column not_for_profit boolean not null default false',
    `create table number_ranges (
      id serial primary key,
      number_type varchar(10) not null,
      country varchar(3),
      name varchar(60) not null,
      prefix varchar(8) not null,
      first_number varchar(16) not null,
      last_number varchar(16) not null,
      vanity boolean not null default false,
      source varchar(200) not null default '',
      created_at timestamptz not null default now(),
      constraint number_ranges_bounds check (length(first_number) = length(last_number) and first_number <= last_number),
      constraint number_ranges_country check ((number_type = 'GEONUM') = (country is not null))
    )`,
    // Ids below 1000 are the spec's own (the vanity ranges 359, 676, 699, 700).
    `alter sequence number_ranges_id_seq restart with 1000`,
    `create table number_stock (
      number varchar(16) primary key,
      range_id integer not null references number_ranges (id) on delete restrict,
      vanity_class smallint check (vanity_class between 1 and 4),
      status varchar(12) not null default 'available' check (status in ('available', 'allocated', 'quarantined')),
      account_no integer,
      released_at timestamptz,
      constraint number_stock_owner check ((status = 'allocated') = (account_no is not null))
    )`,
    // The wizard's search: a range's free numbers in order, whatever else is in stock.
    `create index number_stock_available_idx on number_stock (range_id, number) where status = 'available'`,
    `create index number_stock_quarantine_idx on number_stock (released_at) where status = 'quarantined'`,
    `create index number_stock_account_idx on number_stock (account_no) where account_no is not null`,
    `create table service_tariff (
      item varchar(20) primary key,
      description varchar(60) not null,
      monthly_pence integer not null check (monthly_pence >= 0),
      setup_pence integer not null check (setup_pence >= 0),
      version integer not null default 1
    )`,
    `create trigger service_tariff_version before update on service_tariff for each row execute function bump_version()`,
    `insert into service_tariff (item, description, monthly_pence, setup_pence) values
      ('GEONUM', 'Telephone number', 200, 0),
      ('0333NGN', '0333 number', 300, 0),
      ('03NGN', '0300 number', 300, 0),
      ('0843NGN', '0843 number', 150, 0),
      ('0845NGN', '0845 number', 150, 0),
      ('0800FREE', '0800 freephone number', 500, 1000),
      ('0808FREE', '0808 freephone number', 400, 500),
      ('VAN', 'Vanity number (setup by class)', 500, 0),
      ('VAN1', 'Vanity number, Platinum', 0, 50000),
      ('VAN2', 'Vanity number, Gold', 0, 25000),
      ('VAN3', 'Vanity number, Silver', 0, 10000),
      ('VAN4', 'Vanity number, Bronze', 0, 5000)`,
    `create table number_allocations (
      id serial primary key,
      account_no integer not null references accounts (account_no) on delete cascade,
      number varchar(16) not null,
      number_type varchar(10) not null,
      tariff_item varchar(20) not null,
      setup_pence integer not null,
      on_ledger boolean not null,
      allocated_at timestamptz not null default now(),
      released_at timestamptz
    )`,
    `create index number_allocations_account_idx on number_allocations (account_no, allocated_at)`,
    `create unique index number_allocations_current_uq on number_allocations (number) where released_at is null`,
    ...['number_ranges', 'number_stock', 'service_tariff'].flatMap((t) => [
      `alter table ${t} enable row level security`,
      `alter table ${t} force row level security`,
      `grant select, insert, update, delete on ${t} to ${CROSS_ACCOUNT_ROLE}`,
      `create policy ${t}_cross_account on ${t} to ${CROSS_ACCOUNT_ROLE} using (true) with check (true)`,
      `grant select on ${t} to ${TENANT_ROLE}`,
    ]),
    `grant usage, select on sequence number_ranges_id_seq to ${CROSS_ACCOUNT_ROLE}`,
    `create policy number_ranges_tenant_read on number_ranges for select to ${TENANT_ROLE} using (true)`,
    `create policy service_tariff_tenant_read on service_tariff for select to ${TENANT_ROLE} using (true)`,
    `create policy number_stock_tenant_read on number_stock for select to ${TENANT_ROLE}
      using (status = 'available' or account_no = app_account_no())`,
  );
  // The account's purchases: its own to read, written by the purchase (cross-account) only.
  await tenantTable(db, 'number_allocations', { crossAccountOnly: true });
  await run(
    db,
    `grant select on number_allocations to ${TENANT_ROLE}`,
    `create policy number_allocations_tenant_read on number_allocations for select to ${TENANT_ROLE}
      using (account_no = app_account_no())`,
    // A number given back (its row deleted, by whoever) is quarantined and its allocation ended.
    `create function app_number_released() returns trigger
      language plpgsql security definer set search_path = public as $f$
    begin
      update number_stock s set status = 'quarantined', account_no = null, released_at = now()
        from old_rows o where s.number = o.number and s.account_no = o.account_no;
      update number_allocations a set released_at = now()
        from old_rows o where a.number = o.number and a.account_no = o.account_no and a.released_at is null;
      return null;
    end $f$`,
    `grant create on schema public to ${CROSS_ACCOUNT_ROLE}`,
    `alter function app_number_released() owner to ${CROSS_ACCOUNT_ROLE}`,
    `revoke create on schema public from ${CROSS_ACCOUNT_ROLE}`,
    'revoke execute on function app_number_released() from public',
    `grant execute on function app_number_released() to ${roles}`,
    `create trigger telephone_numbers_released after delete on telephone_numbers
      referencing old table as old_rows for each statement execute function app_number_released()`,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await run(
    db,
    'drop trigger telephone_numbers_released on telephone_numbers',
    'drop function app_number_released()',
    'drop table number_allocations',
    'drop table service_tariff',
    'drop table number_stock',
    'drop table number_ranges',
    'alter table accounts drop column not_for_profit',
  );
}
