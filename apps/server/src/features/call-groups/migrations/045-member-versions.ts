import type { Kysely } from 'kysely';
import { run } from '../../../db/tenancy-sql.ts';

/**
 * A member's own version (issue 11: every update carries the version it was based on): a member's
 * edit (its days, hours, delay) is refused when the member changed since the page listed it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await run(
    db,
    'alter table call_group_members add column version integer not null default 1',
    `create trigger call_group_members_version before update on call_group_members
      for each row execute function bump_version()`,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await run(
    db,
    'drop trigger if exists call_group_members_version on call_group_members',
    'alter table call_group_members drop column if exists version',
  );
}
