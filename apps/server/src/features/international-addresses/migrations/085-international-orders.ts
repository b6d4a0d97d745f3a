import type { Kysely } from 'kysely';
import { CROSS_ACCOUNT_ROLE, run, TENANT_ROLE } from '../../../db/tenancy-sql.ts';

/** How long a number given back rests before it is sold again (the UK stock's QUARANTINE_DAYS). */
const QUARANTINE_DAYS = 90;

/**
 * International numbers are bought (the international order, spec 3 §7): their service tariff item
 * ('INT', the monthly rental and setup the wizard shows and the billing run charges), and a number
 * given back (its telephone_numbers row deleted, by whoever) rests in quarantine before it is sold again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await run(
    db,
    `insert into service_tariff (item, description, monthly_pence, setup_pence)
      values ('INT', 'International number', 500, 1000)`,
    'alter table international_stock add column quarantined_until timestamptz',
    `create function app_international_released() returns trigger
      language plpgsql security definer set search_path = public as $f$
    begin
      update international_stock s set allocated_at = null,
          quarantined_until = now() + make_interval(days => ${QUARANTINE_DAYS})
        from old_rows o where s.number = o.number and s.allocated_at is not null;
      return null;
    end $f$`,
    `grant create on schema public to ${CROSS_ACCOUNT_ROLE}`,
    `alter function app_international_released() owner to ${CROSS_ACCOUNT_ROLE}`,
    `revoke create on schema public from ${CROSS_ACCOUNT_ROLE}`,
    'revoke execute on function app_international_released() from public',
    `grant execute on function app_international_released() to ${TENANT_ROLE}, ${CROSS_ACCOUNT_ROLE}`,
    `create trigger telephone_numbers_international_released after delete on telephone_numbers
      referencing old table as old_rows for each statement execute function app_international_released()`,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await run(
    db,
    'drop trigger telephone_numbers_international_released on telephone_numbers',
    'drop function app_international_released()',
    'alter table international_stock drop column quarantined_until',
    "delete from service_tariff where item = 'INT'",
  );
}
