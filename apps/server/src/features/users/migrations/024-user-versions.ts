import { type Kysely, sql } from 'kysely';

/** The user manager (features/users): a user's update names the version it was based on. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw('alter table users add column version integer not null default 1').execute(db);
  await sql
    .raw('create trigger users_version before update on users for each row execute function bump_version()')
    .execute(db);
}
