import { type Kysely, sql } from 'kysely';
import { run, tenantTable, unversioned, versioned } from '../tenancy-sql.ts';

/** The records an update must name the version of (a stale one is refused). */
const VERSIONED = [
  'access_lists',
  'mobiles',
  'time_profiles',
  'time_profile_calendars',
  'seats',
  'sip_trunks',
  'telephone_numbers',
];

/** Where a time profile's number is routed to, when a clash moves it (the columns as of this migration). */
const DESTINATION_COLUMNS: Array<[string, string]> = [
  ['telephone_numbers', 'destination'],
  ['time_profiles', 'in_destination'],
  ['time_profiles', 'out_destination'],
  ['time_profile_calendars', 'destination'],
  ['seats', 'vm_advanced_dest'],
  ['sip_trunks', 'trunk_fail_over'],
];

/**
 * Versions: every update of a record increments its version (a trigger, so every writer does), and
 * the API refuses an update based on an older one.
 *
 * One numbering plan per account: every dialled number (seats, time profiles; call groups, queues,
 * IVRs and rooms as they come) has a row in dial_plan, kept by triggers on the numbered tables, so
 * the database refuses a second object with a number already dialled in the account. Numbers that
 * clashed before are moved: the time profile gets the next free number and what routed to it follows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await run(
    db,
    `create or replace function bump_version() returns trigger language plpgsql as $f$
      begin new.version := old.version + 1; return new; end $f$`,
  );
  for (const table of VERSIONED) await run(db, ...versioned(table));

  await run(
    db,
    `create table dial_plan (
      account_no integer not null references accounts (account_no) on delete cascade,
      number integer not null,
      kind text not null,
      object_id integer not null,
      constraint dial_plan_pkey primary key (account_no, number),
      constraint dial_plan_object_uq unique (kind, object_id)
    )`,
    // Kept by the numbered tables' triggers: the number column is the trigger's second argument.
    `create or replace function dial_plan_sync() returns trigger language plpgsql as $f$
      declare
        plan_kind text := tg_argv[0];
        old_number integer;
        new_number integer;
      begin
        if tg_op in ('UPDATE', 'DELETE') then old_number := (to_jsonb(old) ->> tg_argv[1])::integer; end if;
        if tg_op in ('INSERT', 'UPDATE') then new_number := (to_jsonb(new) ->> tg_argv[1])::integer; end if;
        if tg_op = 'INSERT' then
          insert into dial_plan (account_no, number, kind, object_id) values (new.account_no, new_number, plan_kind, new.id);
        elsif tg_op = 'UPDATE' and new_number is distinct from old_number then
          update dial_plan set number = new_number where dial_plan.kind = plan_kind and dial_plan.object_id = new.id;
        elsif tg_op = 'DELETE' then
          delete from dial_plan where dial_plan.kind = plan_kind and dial_plan.object_id = old.id;
        end if;
        return null;
      end $f$`,
  );
  await tenantTable(db, 'dial_plan');

  // The numbers in use: seats first, then time profiles; a time profile whose number a seat has
  // (none in the demo estate) moves to a free one, and every destination naming it follows.
  await run(
    db,
    `insert into dial_plan (account_no, number, kind, object_id)
      select account_no, extension, 'seat', id from seats`,
  );
  const clashes = await sql<{ id: number; account_no: number; extension: number }>`
    select p.id, p.account_no, p.extension from time_profiles p
    where exists (select 1 from dial_plan d where d.account_no = p.account_no and d.number = p.extension)
    order by p.account_no, p.extension`.execute(db);
  for (const p of clashes.rows) {
    const free = await sql<{ n: number | null }>`
      select min(g) as n from generate_series(200, 998) g
      where not exists (select 1 from dial_plan d where d.account_no = ${p.account_no} and d.number = g)
        and not exists (select 1 from time_profiles t where t.account_no = ${p.account_no} and t.extension = g)`.execute(
      db,
    );
    const n = free.rows[0]?.n;
    if (n === null || n === undefined) {
      throw new Error(`Account ${p.account_no}: time profile ${p.extension} clashes with a seat and no number is free`);
    }
    console.warn(
      `[switchboard] account ${p.account_no}: time profile ${p.extension} moved to ${n} (a seat has ${p.extension})`,
    );
    await sql`update time_profiles set extension = ${n} where id = ${p.id}`.execute(db);
    for (const [table, column] of DESTINATION_COLUMNS) {
      await sql`update ${sql.table(table)} set ${sql.ref(column)} = ${`timeprofile:${n}`}
        where account_no = ${p.account_no} and ${sql.ref(column)} = ${`timeprofile:${p.extension}`}`.execute(db);
    }
  }
  await run(
    db,
    `insert into dial_plan (account_no, number, kind, object_id)
      select account_no, extension, 'timeprofile', id from time_profiles`,
  );
  for (const [table, kind] of [
    ['seats', 'seat'],
    ['time_profiles', 'timeprofile'],
  ]) {
    await run(
      db,
      `create trigger ${table}_dial_plan after insert or update of extension or delete on ${table}
        for each row execute function dial_plan_sync('${kind}', 'extension')`,
    );
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['seats', 'time_profiles']) await run(db, `drop trigger ${table}_dial_plan on ${table}`);
  await run(db, 'drop table dial_plan', 'drop function dial_plan_sync()');
  for (const table of VERSIONED) await run(db, ...unversioned(table));
  await run(db, 'drop function bump_version()');
}
