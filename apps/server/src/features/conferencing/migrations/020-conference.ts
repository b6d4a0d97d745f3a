import type { Kysely } from 'kysely';
import { run, sharedReference, tenantTable } from '../../../db/tenancy-sql.ts';

/**
 * Conference rooms. A room's number is in the account's numbering plan (dial_plan, kind
 * 'conference'); its music is the account's or the provider's, never deleted while a room uses it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await run(
    db,
    `create table conference_rooms (
      id serial primary key,
      account_no integer not null references accounts (account_no) on delete cascade,
      conf_number integer not null,
      nickname varchar(50) not null default '',
      pin varchar(20) not null,
      admin_pin varchar(20) not null,
      listen_only boolean not null default false,
      wait_for_marked boolean not null default false,
      announce_users boolean not null default false,
      moh boolean not null default true,
      moh_class_id integer,
      max_participants smallint not null default 100,
      version integer not null default 1,
      created_at timestamptz not null default now(),
      constraint conference_rooms_number_uq unique (account_no, conf_number),
      constraint conference_rooms_participants_ck check (max_participants between 2 and 100)
    )`,
    `create trigger conference_rooms_version before update on conference_rooms
      for each row execute function bump_version()`,
    `create trigger conference_rooms_dial_plan after insert or update of conf_number or delete on conference_rooms
      for each row execute function dial_plan_sync('conference', 'conf_number')`,
  );
  await tenantTable(db, 'conference_rooms');
  await sharedReference(db, {
    table: 'conference_rooms',
    columns: ['moh_class_id'],
    references: 'music_on_hold',
    trigger: 'conference_rooms_music_refs',
  });
}
