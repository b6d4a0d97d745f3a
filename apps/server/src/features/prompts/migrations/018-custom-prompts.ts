import type { Kysely } from 'kysely';
import { run } from '../../../db/tenancy-sql.ts';

/** Custom prompts: the recording in the file store, a version, and a name once per account. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await run(
    db,
    `alter table prompts add column file_key varchar(100),
      add column file_size integer not null default 0,
      add column file_sha256 char(64),
      add column version integer not null default 1`,
    `create trigger prompts_version before update on prompts for each row execute function bump_version()`,
    `create unique index prompts_name_uq on prompts (coalesce(account_no, 0), lower(name))`,
  );
}
