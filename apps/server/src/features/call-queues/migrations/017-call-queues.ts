import type { Kysely } from 'kysely';
import { accountKey, run, sharedReference, tenantReference, tenantTable } from '../../../db/tenancy-sql.ts';

/**
 * Call queues and their members. The number is in the account's plan (kind 'queue'); prompts and
 * music are the account's or the provider's (restricting keys); the queue identification is a system
 * announcement (-1..-5) or a prompt, kept in two columns.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await run(
    db,
    `create table call_queues (
      id serial primary key,
      account_no integer not null references accounts (account_no) on delete cascade,
      queue_no integer not null,
      custom_name varchar(45) not null,
      queue_time integer not null default 0,
      max_length smallint not null default 10,
      exit_switch boolean not null default false,
      exit_time char(5) not null default '18:00',
      fallover_location varchar(64) not null default '',
      join_empty boolean not null default true,
      fallover_location_empty varchar(64) not null default '',
      answer_elsewhere boolean not null default false,
      queue_cid_prefix varchar(45) not null default '',
      welcome_id integer,
      music_on_hold_id integer,
      queue_jump boolean not null default false,
      strategy varchar(16) not null default 'ringall',
      timeout smallint not null default 20,
      retry smallint not null default 5,
      wrap_up_time smallint not null default 0,
      report_hold_time boolean not null default false,
      announce_prompt_id integer,
      announce_system smallint not null default -1 check (announce_system between -5 and -1),
      announce_hold_time boolean not null default false,
      announce_frequency smallint not null default 0,
      periodic_announce_id integer,
      periodic_announce_frequency smallint not null default 0,
      queue_full_message_id integer,
      version integer not null default 1,
      created_at timestamptz not null default now(),
      constraint call_queues_number_uq unique (account_no, queue_no)
    )`,
    `create index call_queues_name_idx on call_queues (account_no, custom_name)`,
    `create trigger call_queues_version before update on call_queues for each row execute function bump_version()`,
    `create trigger call_queues_dial_plan after insert or update of queue_no or delete on call_queues
      for each row execute function dial_plan_sync('queue', 'queue_no')`,
    `create table call_queue_members (
      id serial primary key,
      account_no integer not null references accounts (account_no) on delete cascade,
      queue_id integer not null,
      member varchar(64) not null,
      penalty smallint not null default 0,
      created_at timestamptz not null default now(),
      constraint call_queue_members_uq unique (queue_id, member)
    )`,
    `create index call_queue_members_member_idx on call_queue_members (account_no, member)`,
  );
  await tenantTable(db, 'call_queues');
  await tenantTable(db, 'call_queue_members');
  await accountKey(db, 'call_queues');
  await tenantReference(db, {
    table: 'call_queue_members',
    column: 'queue_id',
    references: 'call_queues',
    onDelete: 'cascade',
  });
  await sharedReference(db, {
    table: 'call_queues',
    columns: ['welcome_id', 'announce_prompt_id', 'periodic_announce_id', 'queue_full_message_id'],
    references: 'prompts',
    trigger: 'call_queues_prompt_refs',
  });
  await sharedReference(db, {
    table: 'call_queues',
    columns: ['music_on_hold_id'],
    references: 'music_on_hold',
    trigger: 'call_queues_music_refs',
  });
}
