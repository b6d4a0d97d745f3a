import type { Kysely } from 'kysely';
import { run, tenantReference, tenantTable } from '../../../db/tenancy-sql.ts';

/**
 * Voicemail: the messages the media server deposits into a seat's mailbox (new until opened, then
 * old) and the mailbox's prerecorded greetings (one per type). The audio is in the file store
 * (file_key); a row's file goes once its delete has committed. A seat with messages or greetings
 * cannot be deleted before they are (restricting keys with the account, named by the seats' delete).
 * The seat's mailbox PIN takes up to 10 digits.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await run(
    db,
    `create table voicemail_messages (
      id serial primary key,
      account_no integer not null references accounts (account_no) on delete restrict,
      seat_id integer not null,
      folder varchar(3) not null default 'new' check (folder in ('new', 'old')),
      caller_id_name varchar(80) not null default '',
      caller_id_number varchar(32) not null default '',
      received_at timestamptz not null default now(),
      duration integer not null default 0 check (duration >= 0),
      file_key varchar(100) not null,
      file_size integer not null check (file_size > 0),
      file_sha256 char(64) not null,
      created_at timestamptz not null default now()
    )`,
    // A mailbox's messages newest first, in one folder or both.
    `create index voicemail_messages_seat_idx on voicemail_messages (account_no, seat_id, received_at desc, id desc)`,
    `create table voicemail_greetings (
      id serial primary key,
      account_no integer not null references accounts (account_no) on delete restrict,
      seat_id integer not null,
      type varchar(12) not null check (type in ('unavailable', 'busy', 'name', 'temporary')),
      file_key varchar(100) not null,
      file_size integer not null check (file_size > 0),
      file_sha256 char(64) not null,
      created_at timestamptz not null default now(),
      unique (account_no, seat_id, type)
    )`,
    // The mailbox PIN is digits up to 10 (spec 3 §5), not the 4-6 of other PINs.
    'alter table seats alter column vm_pin type varchar(10)',
  );
  for (const table of ['voicemail_messages', 'voicemail_greetings']) {
    await tenantTable(db, table);
    await tenantReference(db, { table, column: 'seat_id', references: 'seats' });
  }
}
