import type { Kysely } from 'kysely';
import { run, tenantReference, tenantTable } from '../../../db/tenancy-sql.ts';

/**
 * Call monitoring: a seat (the source) may listen in on another seat of the account (the
 * destination), once per pair, never on itself, with the source's PIN. Both seats are restricting
 * references: a seat that monitors or is monitored cannot be deleted while it is.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await run(
    db,
    `create table call_monitors (
      id serial primary key,
      account_no integer not null references accounts (account_no) on delete cascade,
      source_seat_id integer not null,
      destination_seat_id integer not null,
      password varchar(6) not null,
      version integer not null default 1,
      created_at timestamptz not null default now(),
      constraint call_monitors_pair_uq unique (account_no, source_seat_id, destination_seat_id),
      constraint call_monitors_not_self check (source_seat_id <> destination_seat_id)
    )`,
    `create trigger call_monitors_version before update on call_monitors for each row execute function bump_version()`,
  );
  await tenantTable(db, 'call_monitors');
  await tenantReference(db, { table: 'call_monitors', column: 'source_seat_id', references: 'seats' });
  await tenantReference(db, { table: 'call_monitors', column: 'destination_seat_id', references: 'seats' });
}
