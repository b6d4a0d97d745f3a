import type { Kysely } from 'kysely';
import { CROSS_ACCOUNT_ROLE, run, TENANT_ROLE } from '../../../db/tenancy-sql.ts';
import { publicIpSql } from '../../../platform/ip-sql.ts';

/**
 * The seats list's registration status, stored and indexed (issue 25 item 2). The list computed the
 * desk phone's and the softphones' status, the public IP and the network from the registrations at
 * every read: a status filter counted through a join of every seat of the account, and a sort by
 * status or public IP read and sorted the whole account. Now each seat keeps them in columns of its
 * own, which the list filters and sorts by through indexes that lead with the account and end with
 * the id (the list's tie-break), as every other list index does (migration 047).
 *
 * The database keeps them, whoever writes the registrations (the registrar, a password reset, the
 * seed): statement triggers on `seat_registrations` recompute the seats whose registrations an
 * INSERT, UPDATE or DELETE touched, in the writing transaction, and write a seat only when a stored
 * value changes (a registrar's refresh that only moves the expiry writes no seat).
 *
 * A registration counts while it has not expired. Time moves without a write, so each registration
 * keeps `registered` (its expiry was ahead when it was written; a BEFORE trigger sets it, whatever the
 * writer says), and the expiry job (`expireRegistrations`, every second on a serving process) turns
 * it off once the expiry has passed — found through a partial index of the registered ones' expiries,
 * so the job reads only the registrations that just expired. A seat's status therefore follows its
 * registration's expiry within a second, and a list's filter, sort, count and shown value always agree.
 *
 * The seat's version counts its own edits, not its registrations': the version trigger no longer
 * fires when only these columns change (a save of the seat is not refused as stale because its phone
 * registered meanwhile).
 *
 * The public IP rule is the domain's (`publicIpSql`), frozen into the function here as it is today;
 * the seats test compares the stored flag with `isPublicIp` for every kind of address.
 */
const STATUS = (column: string) =>
  `alter table seats add column ${column} varchar(12) not null default 'Unregistered'
    constraint seats_${column}_check check (${column} in ('Registered', 'Unregistered'))`;

/** The stored columns, as the sync computes them from a seat's registrations `r` (grouped by seat). */
const DERIVED = {
  desk_status: `case when bool_or(r.kind = 'desk' and r.registered) then 'Registered' else 'Unregistered' end`,
  desktop_status: `case when bool_or(r.kind = 'desktop' and r.registered) then 'Registered' else 'Unregistered' end`,
  mobile_status: `case when bool_or(r.kind = 'mobile' and r.registered) then 'Registered' else 'Unregistered' end`,
  public_ip: `coalesce(bool_or(r.kind = 'desk' and r.registered and ${publicIpSql('r.ipaddr')}), false)`,
  on_net: `coalesce(bool_or(r.kind = 'desk' and r.registered and not ${publicIpSql('r.ipaddr')}), false)`,
};
const COLUMNS = Object.keys(DERIVED);
/**
 * The list's order is the value, then the id ascending, either way: a backward scan of the index
 * would give the ids descending, so the sortable columns have an index for each direction (a two-valued
 * column's descending sort otherwise reads and sorts every seat of its first value). The softphones'
 * statuses are filters only. The call recording's sort (three values) gets the same pair in place of
 * its index by extension (migration 013), which a filter's count and page need no more than these.
 */
const INDEXES: Array<[name: string, columns: string]> = [
  ...COLUMNS.map((c): [string, string] => [`seats_${c}_list_idx`, `account_no, ${c}, id`]),
  ...['desk_status', 'public_ip', 'on_net', 'call_recording'].map((c): [string, string] => [
    `seats_${c}_desc_list_idx`,
    `account_no, ${c} desc, id`,
  ]),
  ['seats_call_recording_list_idx', 'account_no, call_recording, id'],
];
/** The stored columns of row `alias` as one row value (the version trigger compares them; migration 057 too). */
export const statusTuple = (alias: string) => `(${COLUMNS.map((c) => `${alias}.${c}`).join(', ')})`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await run(
    db,
    'alter table seat_registrations add column registered boolean not null default false',
    `create function app_registration_current() returns trigger language plpgsql as $f$
    begin
      new.registered := new.expires_at > now();
      return new;
    end $f$`,
    `create trigger seat_registrations_current before insert or update on seat_registrations
      for each row execute function app_registration_current()`,
    'update seat_registrations set registered = expires_at > now()',
    `create index seat_registrations_expiry_idx on seat_registrations (expires_at) where registered`,

    STATUS('desk_status'),
    STATUS('desktop_status'),
    STATUS('mobile_status'),
    'alter table seats add column public_ip boolean not null default false',
    'alter table seats add column on_net boolean not null default false',
    // The seats of `ids` as their registrations say, each written only when something changed.
    `create function app_sync_seat_status(ids integer[]) returns void
      language sql security definer set search_path = public as $f$
      update seats s set ${COLUMNS.map((c) => `${c} = v.${c}`).join(', ')}
      from (
        select t.id, ${Object.entries(DERIVED)
          .map(([c, e]) => `${e} as ${c}`)
          .join(', ')}
        from unnest(ids) t(id) left join seat_registrations r on r.seat_id = t.id
        group by t.id
      ) v
      where s.id = v.id and ${statusTuple('s')} is distinct from ${statusTuple('v')}
    $f$`,
    `create function app_seat_registrations_changed() returns trigger
      language plpgsql security definer set search_path = public as $f$
    begin
      if tg_op = 'INSERT' then
        perform app_sync_seat_status(array(select distinct seat_id from new_rows));
      elsif tg_op = 'DELETE' then
        perform app_sync_seat_status(array(select distinct seat_id from old_rows));
      else
        perform app_sync_seat_status(array(select seat_id from new_rows union select seat_id from old_rows));
      end if;
      return null;
    end $f$`,
    `create trigger seat_registrations_status_insert after insert on seat_registrations
      referencing new table as new_rows for each statement execute function app_seat_registrations_changed()`,
    `create trigger seat_registrations_status_update after update on seat_registrations
      referencing old table as old_rows new table as new_rows
      for each statement execute function app_seat_registrations_changed()`,
    `create trigger seat_registrations_status_delete after delete on seat_registrations
      referencing old table as old_rows for each statement execute function app_seat_registrations_changed()`,
    // Owned by the cross-account role (as app_count_rows, migration 043): whoever writes a
    // registration keeps its seat's status, in any account, and nothing else.
    `grant create on schema public to ${CROSS_ACCOUNT_ROLE}`,
    `alter function app_sync_seat_status(integer[]) owner to ${CROSS_ACCOUNT_ROLE}`,
    `alter function app_seat_registrations_changed() owner to ${CROSS_ACCOUNT_ROLE}`,
    `revoke create on schema public from ${CROSS_ACCOUNT_ROLE}`,
    'revoke execute on function app_sync_seat_status(integer[]) from public',
    'revoke execute on function app_seat_registrations_changed() from public',
    `grant execute on function app_seat_registrations_changed() to ${TENANT_ROLE}, ${CROSS_ACCOUNT_ROLE}`,
    'select app_sync_seat_status(array(select distinct seat_id from seat_registrations))',

    // The list's filters and sorts (list.ts: the account, the value, then the id).
    ...INDEXES.map(([name, columns]) => `create index ${name} on seats (${columns})`),
    'drop index if exists seats_call_recording_idx',

    // The version moves on the seat's own edits only.
    'drop trigger seats_version on seats',
    `create trigger seats_version before update on seats for each row
      when (${statusTuple('old')} is not distinct from ${statusTuple('new')}) execute function bump_version()`,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await run(
    db,
    'drop trigger seats_version on seats',
    'create trigger seats_version before update on seats for each row execute function bump_version()',
    'create index if not exists seats_call_recording_idx on seats (account_no, call_recording, extension)',
    ...INDEXES.map(([name]) => `drop index ${name}`),
    ...['insert', 'update', 'delete'].map((t) => `drop trigger seat_registrations_status_${t} on seat_registrations`),
    'drop function app_seat_registrations_changed()',
    'drop function app_sync_seat_status(integer[])',
    ...COLUMNS.map((c) => `alter table seats drop column ${c}`),
    'drop trigger seat_registrations_current on seat_registrations',
    'drop function app_registration_current()',
    'alter table seat_registrations drop column registered',
  );
}
