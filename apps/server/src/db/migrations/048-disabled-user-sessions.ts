import type { Kysely } from 'kysely';
import { CROSS_ACCOUNT_ROLE, run, TENANT_ROLE } from '../tenancy-sql.ts';

/**
 * A disabled user's sessions end (issue 24: a user disabled and enabled again got their old
 * sessions back, which the session look-up had only hidden while `enabled` was false). The database
 * ends them in the disabling transaction, however the user is disabled: a trigger on `users` deletes
 * every session of the user whose `enabled` goes from true to false (their own, and those they
 * opened acting as a customer, which are theirs too). `sessions` is the cross-account role's table
 * only, so the trigger's function is SECURITY DEFINER, owned by that role. The sessions of users
 * disabled before this migration end now.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await run(
    db,
    `create function app_end_disabled_user_sessions() returns trigger
      language plpgsql security definer set search_path = public as $f$
    begin
      delete from sessions where user_id = new.id;
      return null;
    end $f$`,
    // The owner must be allowed to create in the schema at the moment ownership passes to it.
    `grant create on schema public to ${CROSS_ACCOUNT_ROLE}`,
    `alter function app_end_disabled_user_sessions() owner to ${CROSS_ACCOUNT_ROLE}`,
    `revoke create on schema public from ${CROSS_ACCOUNT_ROLE}`,
    'revoke execute on function app_end_disabled_user_sessions() from public',
    `grant execute on function app_end_disabled_user_sessions() to ${TENANT_ROLE}, ${CROSS_ACCOUNT_ROLE}`,
    `create trigger users_disabled_sessions after update of enabled on users
      for each row when (old.enabled and not new.enabled)
      execute function app_end_disabled_user_sessions()`,
    'delete from sessions s using users u where u.id = s.user_id and not u.enabled',
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await run(db, 'drop trigger users_disabled_sessions on users', 'drop function app_end_disabled_user_sessions()');
}
