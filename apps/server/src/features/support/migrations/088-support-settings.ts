import type { Kysely } from 'kysely';
import { providerTable, run, versioned } from '../../../db/tenancy-sql.ts';

/**
 * The provider's support settings (issue 27, spec 3 §2 /support): one row (id 1) — contact e-mail,
 * phone, postal address, live chat address and the help videos' ids. Every tenant reads it; a
 * provider admin edits it (versioned: a stale save is refused).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await run(
    db,
    `create table support_settings (
      id integer primary key default 1 check (id = 1),
      email varchar(100) not null,
      phone varchar(30) not null,
      postal_address varchar(300) not null,
      live_chat_url varchar(300) not null,
      help_videos varchar(500) not null default '',
      updated_at timestamptz not null default now()
    )`,
    ...versioned('support_settings'),
    `insert into support_settings (email, phone, postal_address, live_chat_url, help_videos) values
      ('support@switchboard.example', '0330 088 0000', 'Switchboard Support, 1 Exchange Street, Leeds, LS1 4AA',
       'https://chat.switchboard.example/', 'M7lc1UVf-VE, aqz-KE-bpKQ')`,
  );
  await providerTable(db, 'support_settings');
}
