import type { Kysely } from 'kysely';
import { CROSS_ACCOUNT_ROLE, run, TENANT_ROLE } from '../../../db/tenancy-sql.ts';

/**
 * The provider's international stock (issue 27): each country's regulation requirement (spec 3 §7:
 * addressType, proofRequired, the proof types of §9), its areas, and the numbers in stock per area.
 * Provider-level tables: every account reads them (no account column, no row-level security); only
 * the cross-account role (provider-admin routes, the number allocation) writes them.
 *
 * The first stock is drawn only from ranges reserved for fiction and testing, so no real
 * subscriber's number is ever offered: North America's 555-0100…555-0199 in any area code (NANPA),
 * ACMA's fictitious numbers for Australia (02 5550 xxxx, 03 7010 xxxx), and ARCEP's numbers for
 * audiovisual works in France (01 99 00 xx xx, 04 65 71 xx xx). Country names and calling codes are
 * not stored: they come from libphonenumber-js and Intl.DisplayNames when read.
 */
const COUNTRIES: Array<[string, string, boolean, string[]]> = [
  ['US', 'none', false, []],
  ['CA', 'worldwide', false, []],
  ['FR', 'national', true, ['Passport', 'GovernmentID', 'DrivingLicence', 'UtilityBill']],
  ['AU', 'local', true, ['UtilityBill', 'DrivingLicence', 'EnterpriseCertificate']],
];

/** Area: country, name, national prefix, the stock's first number (E.164) and how many follow it. */
const AREAS: Array<[string, string, string, string, number]> = [
  ['US', 'New York', '212', '+12125550100', 100],
  ['US', 'Chicago', '312', '+13125550100', 100],
  ['US', 'San Francisco', '415', '+14155550100', 100],
  ['CA', 'Toronto', '416', '+14165550100', 100],
  ['CA', 'Vancouver', '604', '+16045550100', 100],
  ['FR', 'Paris', '1', '+33199000000', 150],
  ['FR', 'Lyon', '4', '+33465710000', 150],
  ['AU', 'Sydney', '2', '+61255500000', 150],
  ['AU', 'Melbourne', '3', '+61370100000', 150],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await run(
    db,
    `create table international_countries (
      country char(2) primary key check (country ~ '^[A-Z]{2}$'),
      address_type varchar(10) not null check (address_type in ('none', 'worldwide', 'national', 'local')),
      proof_required boolean not null default false,
      proof_types text[] not null default '{}'
        check (proof_types <@ array['DrivingLicence', 'EnterpriseCertificate', 'Passport', 'GovernmentID', 'UtilityBill']),
      check (not proof_required or cardinality(proof_types) > 0)
    )`,
    `create table international_areas (
      id serial primary key,
      country char(2) not null references international_countries (country),
      name varchar(60) not null,
      prefix varchar(8) not null,
      unique (country, name)
    )`,
    `create table international_stock (
      id serial primary key,
      area_id integer not null references international_areas (id),
      number varchar(16) not null unique check (number ~ '^\\+[1-9][0-9]{6,14}$'),
      allocated_at timestamptz
    )`,
    `create index international_stock_free_idx on international_stock (area_id, id) where allocated_at is null`,
  );
  for (const table of ['international_countries', 'international_areas', 'international_stock']) {
    await run(
      db,
      `grant select on ${table} to ${TENANT_ROLE}`,
      `grant select, insert, update, delete on ${table} to ${CROSS_ACCOUNT_ROLE}`,
    );
  }
  await run(
    db,
    `grant usage, select on sequence international_areas_id_seq, international_stock_id_seq to ${CROSS_ACCOUNT_ROLE}`,
  );
  for (const [country, addressType, proofRequired, proofTypes] of COUNTRIES) {
    const types = proofTypes.map((t) => `'${t}'`).join(', ');
    await run(
      db,
      `insert into international_countries (country, address_type, proof_required, proof_types)
        values ('${country}', '${addressType}', ${proofRequired}, array[${types}]::text[])`,
    );
  }
  for (const [country, name, prefix, first, count] of AREAS) {
    const digits = first.slice(1);
    await run(
      db,
      `insert into international_areas (country, name, prefix) values ('${country}', '${name}', '${prefix}')`,
      `insert into international_stock (area_id, number)
        select (select id from international_areas where country = '${country}' and name = '${name}'),
          '+' || (${digits}::bigint + n)::text
        from generate_series(0, ${count - 1}) as n`,
    );
  }
}
