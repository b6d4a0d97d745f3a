import type { Kysely } from 'kysely';
import { CROSS_ACCOUNT_ROLE, guardChangeEvents, run, TENANT_ROLE, versioned } from '../../../db/tenancy-sql.ts';

/**
 * The provider's rate deck (issue 27): one row per dialling prefix (international digits, 44 the UK
 * without its trunk 0), its category and destination, and its rates in hundredths of a penny (per
 * minute; the on-peak connection and the minimum per call). A provider-level table, no account's:
 * every account reads it (the call-cost look-up, the tariff documents, the wizard's prices, call
 * records); only the escape hatch writes it (a provider admin's edit, through the `tariff` use),
 * with its change event (the guard), and every update moves `version`.
 * The primary key on `prefix` is the look-up's index: a number's longest prefix is found among the
 * rows of its at most 15 prefixes (`prefix = any(...)`), whatever the deck's size.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const rate = (name: string) => `${name} integer not null default 0 check (${name} between 0 and 100000000)`;
  await run(
    db,
    `create table tariff_rates (
      prefix text primary key check (prefix ~ '^[1-9][0-9]{0,14}$'),
      id serial not null unique,
      category text not null
        check (category in ('geographic', 'mobile', 'non-geographic', 'premium', 'international')),
      destination text not null check (length(destination) between 1 and 100),
      ${rate('access')},
      ${rate('on_peak')},
      ${rate('on_peak_connection')},
      ${rate('off_peak')},
      ${rate('weekend_on_peak')},
      ${rate('weekend_off_peak')},
      ${rate('minimum')},
      created_at timestamptz not null default now()
    )`,
    ...versioned('tariff_rates'),
    `create index tariff_rates_destination_idx on tariff_rates (lower(destination), prefix)`,
    `alter table tariff_rates enable row level security`,
    `alter table tariff_rates force row level security`,
    `grant select on tariff_rates to ${TENANT_ROLE}`,
    `create policy tariff_rates_tenant_read on tariff_rates for select to ${TENANT_ROLE} using (true)`,
    `grant select, insert, update, delete on tariff_rates to ${CROSS_ACCOUNT_ROLE}`,
    `create policy tariff_rates_cross_account on tariff_rates to ${CROSS_ACCOUNT_ROLE} using (true) with check (true)`,
    `grant usage, select on sequence tariff_rates_id_seq to ${CROSS_ACCOUNT_ROLE}`,
  );
  await guardChangeEvents(db, 'tariff_rates');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await run(db, 'drop table tariff_rates');
}
