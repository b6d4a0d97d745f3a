import type { Kysely } from 'kysely';
import { run, sharedReference, tenantTable } from '../../../db/tenancy-sql.ts';

/** The provider's stock music (on the media servers, no upload), offered to every account. */
const PROVIDER_MUSIC = ['Classical', 'Easy Listening', 'Jazz'];

/**
 * Music on hold: the account's uploads and the provider's music (account_no null, shown as 0 and
 * read-only). A seat's music becomes a reference to a row (null: the provider's default), checked
 * by the database like prompts: its own or the provider's, and never deleted while in use.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await run(
    db,
    `create table music_on_hold (
      id serial primary key,
      account_no integer references accounts (account_no) on delete cascade,
      name varchar(100) not null,
      file_key varchar(100),
      file_size integer not null default 0,
      file_sha256 char(64),
      version integer not null default 1,
      created_at timestamptz not null default now()
    )`,
    `create unique index music_on_hold_name_uq on music_on_hold (coalesce(account_no, 0), lower(name))`,
    `create trigger music_on_hold_version before update on music_on_hold
      for each row execute function bump_version()`,
    `insert into music_on_hold (account_no, name) values ${PROVIDER_MUSIC.map((n) => `(null, '${n}')`).join(', ')}`,
    `alter table seats add column music_on_hold_id integer`,
    `alter table seats drop column music_on_hold`,
  );
  await tenantTable(db, 'music_on_hold', { rows: 'shared' });
  await sharedReference(db, {
    table: 'seats',
    columns: ['music_on_hold_id'],
    references: 'music_on_hold',
    trigger: 'seats_music_refs',
  });
}
