import type { Kysely } from 'kysely';
import { CROSS_ACCOUNT_ROLE, run, TENANT_ROLE } from '../../../db/tenancy-sql.ts';
import { emergencyLocatedSql } from '../../../modules/endpoints/index.ts';
import { statusTuple } from './053-seat-registration-status.ts';

/**
 * The seats list's Location, stored and indexed (issue 25 item 2), as the registration status is
 * (migration 053). The list asked, for every seat, whether its location number — the emergency CLI,
 * or the caller ID when none is set — is a number of the account with an emergency address (spec 3:
 * an EMS postcode); a sort by Location read and sorted the whole account. Now each seat keeps the
 * answer in `located`, which the list sorts by through an index leading with the account and ending
 * with the id, both ways.
 *
 * The database keeps it in the writing transaction, whoever writes: a BEFORE trigger on `seats` works
 * it out when a seat is inserted or its emergency CLI or caller ID is written (or `located` itself:
 * whatever the writer says), and statement triggers on `telephone_numbers` recompute the seats whose
 * location number is a number that an INSERT, UPDATE or DELETE gave or took an emergency address (a
 * number added or deleted with one, its postcode set or cleared, a number renumbered; TRUNCATE clears
 * every seat's). Those seats are found through an index of the seats' location numbers by account, and
 * written only when the value changes. The functions are SECURITY DEFINER, owned by the cross-account
 * role (as 053's): they name the account of the row written, so a seat is located by its own account's
 * numbers only, whoever writes (as the tenant's read under row-level security did).
 *
 * The seat's version counts its own edits: a located that moves because a number changed is no edit
 * of the seat (a save is not refused as stale for it); an edit of the seat's numbers is.
 */
const NUMBER = (row: string) => `coalesce(nullif(${row}.emergency_service_cid, ''), ${row}.caller_id_number)`;
const LOCATED = (row: string) => emergencyLocatedSql(NUMBER(row), `${row}.account_no`);
/** The (account, number) pairs of `rows` with an emergency address: those that locate seats. */
const withAddress = (rows: string) => `select account_no, number::text from ${rows} where ems_postcode <> ''`;

const INDEXES: Array<[name: string, definition: string]> = [
  ['seats_located_list_idx', '(account_no, located, id)'],
  ['seats_located_desc_list_idx', '(account_no, located desc, id)'],
  // The seats a number locates: the number changed, its seats found without reading the account.
  ['seats_location_number_idx', `(account_no, (${NUMBER('seats')})) where ${NUMBER('seats')} <> ''`],
];
const VERSION_TRIGGER = (when: string) =>
  `create trigger seats_version before update on seats for each row when (${when}) execute function bump_version()`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await run(
    db,
    'alter table seats add column located boolean not null default false',
    `create function app_seat_location() returns trigger
      language plpgsql security definer set search_path = public as $f$
    begin
      new.located := ${LOCATED('new')};
      return new;
    end $f$`,
    `create trigger seats_location before insert or update of emergency_service_cid, caller_id_number, located
      on seats for each row execute function app_seat_location()`,
    // The seats of the account whose location number is one of `numbers`, each written only when its
    // value changes (the BEFORE trigger above then works it out again: the same answer).
    `create function app_sync_seat_location(accounts integer[], numbers text[]) returns void
      language sql security definer set search_path = public as $f$
      update seats s set located = ${LOCATED('s')}
      from (select distinct a, n from unnest(accounts, numbers) u(a, n)) c
      where s.account_no = c.a and ${NUMBER('s')} = c.n and ${NUMBER('s')} <> ''
        and s.located is distinct from ${LOCATED('s')}
    $f$`,
    `create function app_telephone_numbers_located() returns trigger
      language plpgsql security definer set search_path = public as $f$
    declare
      accounts integer[];
      numbers text[];
    begin
      if tg_op = 'TRUNCATE' then
        update seats set located = false where located;
        return null;
      elsif tg_op = 'INSERT' then
        select array_agg(c.account_no), array_agg(c.number) into accounts, numbers from (${withAddress('new_rows')}) c;
      elsif tg_op = 'DELETE' then
        select array_agg(c.account_no), array_agg(c.number) into accounts, numbers from (${withAddress('old_rows')}) c;
      else
        -- The rows whose account, number or having an address changed: the old pair and the new.
        select array_agg(c.account_no), array_agg(c.number) into accounts, numbers from (
          with changed as (
            select o.* from old_rows o join new_rows n using (id)
            where (o.account_no, o.number, o.ems_postcode <> '') is distinct from (n.account_no, n.number, n.ems_postcode <> '')
          )
          ${withAddress('changed')}
          union ${withAddress('new_rows')} and id in (select id from changed)
        ) c;
      end if;
      if accounts is not null then
        perform app_sync_seat_location(accounts, numbers);
      end if;
      return null;
    end $f$`,
    ...['insert', 'delete'].map(
      (op) => `create trigger telephone_numbers_location_${op} after ${op} on telephone_numbers
        referencing ${op === 'insert' ? 'new' : 'old'} table as ${op === 'insert' ? 'new' : 'old'}_rows
        for each statement execute function app_telephone_numbers_located()`,
    ),
    `create trigger telephone_numbers_location_update after update on telephone_numbers
      referencing old table as old_rows new table as new_rows
      for each statement execute function app_telephone_numbers_located()`,
    `create trigger telephone_numbers_location_truncate after truncate on telephone_numbers
      for each statement execute function app_telephone_numbers_located()`,
    `grant create on schema public to ${CROSS_ACCOUNT_ROLE}`,
    ...['app_seat_location()', 'app_sync_seat_location(integer[], text[])', 'app_telephone_numbers_located()'].flatMap(
      (f) => [`alter function ${f} owner to ${CROSS_ACCOUNT_ROLE}`, `revoke execute on function ${f} from public`],
    ),
    `revoke create on schema public from ${CROSS_ACCOUNT_ROLE}`,
    `grant execute on function app_seat_location(), app_telephone_numbers_located() to ${TENANT_ROLE}, ${CROSS_ACCOUNT_ROLE}`,
    ...INDEXES.map(([name, definition]) => `create index ${name} on seats ${definition}`),

    // The version moves on the seat's own edits: not when only the stored status or location changes,
    // but when its numbers do (which may move its location too).
    'drop trigger seats_version on seats',
    VERSION_TRIGGER(
      `(${statusTuple('old')} is not distinct from ${statusTuple('new')} and old.located is not distinct from new.located)
        or (old.emergency_service_cid, old.caller_id_number) is distinct from (new.emergency_service_cid, new.caller_id_number)`,
    ),
    // Every seat as its numbers say (the migration runs with row-level security bypassed).
    `update seats s set located = true where ${LOCATED('s')}`,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await run(
    db,
    'drop trigger seats_version on seats',
    VERSION_TRIGGER(`${statusTuple('old')} is not distinct from ${statusTuple('new')}`),
    ...INDEXES.map(([name]) => `drop index ${name}`),
    ...['insert', 'update', 'delete', 'truncate'].map(
      (op) => `drop trigger telephone_numbers_location_${op} on telephone_numbers`,
    ),
    'drop trigger seats_location on seats',
    'drop function app_telephone_numbers_located()',
    'drop function app_sync_seat_location(integer[], text[])',
    'drop function app_seat_location()',
    'alter table seats drop column located',
  );
}
