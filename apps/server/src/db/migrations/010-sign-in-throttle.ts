import type { Kysely } from 'kysely';
import { run, tenantTable } from '../tenancy-sql.ts';

/**
 * Sign-in throttling by key — a (username, address) pair, an address, a username, a user's
 * password checks — with a failure count and the time the key may try again (exponential
 * back-off), so a count is taken and checked in one statement; and a function telling whether a
 * username is taken anywhere on the platform without showing another account's users.
 */
/** Whether a username is taken on the platform (dropped by 050; its down migration makes it again). */
export const USERNAME_TAKEN = [
  `create or replace function username_taken(candidate text) returns boolean language sql stable
    security definer set search_path = public as
    $f$ select exists (select 1 from users where lower(username) = lower(candidate)) $f$`,
  'revoke all on function username_taken(text) from public',
  'grant execute on function username_taken(text) to switchboard_app',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await run(
    db,
    `create table sign_in_throttle (
      key text primary key,
      failures integer not null default 0,
      blocked_until timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`,
    'create index sign_in_throttle_updated_idx on sign_in_throttle (updated_at)',
    ...USERNAME_TAKEN,
  );
  await tenantTable(db, 'sign_in_throttle', { crossAccountOnly: true });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await run(db, 'drop function username_taken(text)', 'drop table sign_in_throttle');
}
