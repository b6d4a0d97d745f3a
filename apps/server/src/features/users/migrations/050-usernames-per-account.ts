import type { Kysely } from 'kysely';
import { USERNAME_TAKEN } from '../../../db/migrations/010-sign-in-throttle.ts';
import { run } from '../../../db/tenancy-sql.ts';

/**
 * Usernames are unique per account, whatever their case (issue 24: a customer creating a user must
 * not learn that a name exists in another account). The provider-wide key and username_taken() (a
 * SECURITY DEFINER look at every account, migration 010) give way to a key on (account, lower-cased
 * name), which the account's own check (through row-level security) cannot race past; sign-in finds
 * a name's users across accounts by a plain index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await run(
    db,
    'drop index users_username_uq',
    'create unique index users_account_username_uq on users (account_no, lower(username))',
    'create index users_username_idx on users (lower(username))',
    'drop function username_taken(text)',
  );
}

/**
 * Back to provider-wide names: a name several accounts share keeps its first user (by id); the
 * others are renamed 'name.{id}' rather than fail the downgrade.
 */
export async function down(db: Kysely<unknown>): Promise<void> {
  await run(
    db,
    `with named as (
      select id, row_number() over (partition by lower(username) order by id) as n from users
    )
    update users u set username = left(u.username, 88) || '.' || u.id
    from named where named.id = u.id and named.n > 1`,
    'drop index users_username_idx',
    'drop index users_account_username_uq',
    'create unique index users_username_uq on users (lower(username))',
    ...USERNAME_TAKEN,
  );
}
