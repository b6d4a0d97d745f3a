import type { Kysely } from 'kysely';
import { accountKey, run, sharedReference, tenantReference, tenantTable } from '../../../db/tenancy-sql.ts';

/**
 * Call groups and their members. A group's number is in the account's numbering plan (dial_plan,
 * kind 'callgroup'); its music is the account's or the provider's; a member is a destination of the
 * account, once per group.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await run(
    db,
    `create table call_groups (
      id serial primary key,
      account_no integer not null references accounts (account_no) on delete cascade,
      group_no integer not null,
      custom_name varchar(45) not null,
      cid_prefix varchar(45) not null default '',
      music_on_hold_id integer,
      fallover_location varchar(64) not null default '',
      answer_elsewhere boolean not null default false,
      ignore_cfwd boolean not null default false,
      ring_type smallint not null default 1,
      ring_time smallint not null default 10,
      version integer not null default 1,
      created_at timestamptz not null default now(),
      constraint call_groups_number_uq unique (account_no, group_no)
    )`,
    `create index call_groups_name_idx on call_groups (account_no, custom_name)`,
    `create trigger call_groups_version before update on call_groups
      for each row execute function bump_version()`,
    `create trigger call_groups_dial_plan after insert or update of group_no or delete on call_groups
      for each row execute function dial_plan_sync('callgroup', 'group_no')`,
    `create table call_group_members (
      id serial primary key,
      account_no integer not null references accounts (account_no) on delete cascade,
      group_id integer not null,
      member varchar(64) not null,
      days jsonb not null,
      start_time char(5) not null default '00:00',
      end_time char(5) not null default '23:59',
      penalty smallint not null default 0,
      created_at timestamptz not null default now(),
      constraint call_group_members_uq unique (group_id, member)
    )`,
    `create index call_group_members_member_idx on call_group_members (account_no, member)`,
  );
  await tenantTable(db, 'call_groups');
  await tenantTable(db, 'call_group_members');
  await accountKey(db, 'call_groups');
  await tenantReference(db, {
    table: 'call_group_members',
    column: 'group_id',
    references: 'call_groups',
    onDelete: 'cascade',
  });
  await sharedReference(db, {
    table: 'call_groups',
    columns: ['music_on_hold_id'],
    references: 'music_on_hold',
    trigger: 'call_groups_music_refs',
  });
}
