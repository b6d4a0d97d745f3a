import type { Kysely } from 'kysely';
import { CROSS_ACCOUNT_ROLE, run } from '../tenancy-sql.ts';

/**
 * The session look-up as one statement (issue 11: round trips per request). Every API request
 * resolves its session first: in an escape-hatch transaction that was BEGIN with its setup, the
 * look-up, and COMMIT. `app_session(token_hash, ttl_seconds)` does it in one call outside any
 * transaction: a SECURITY DEFINER function owned by the cross-account role, so it runs with that
 * role's policies and nothing of the caller's. It answers only the session whose token hash the
 * caller gives (what the request's own token proves): live, of an enabled user, of an account not
 * deleted; refreshes its expiry at most once a minute; and returns it with its user, account and
 * the user's grants as one JSON value (null when there is none).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await run(
    db,
    `create function app_session(p_token_hash text, p_ttl_seconds integer) returns json
      language plpgsql security definer set search_path = public as $f$
    declare
      found json;
    begin
      update sessions s set last_seen_at = now(), expires_at = now() + make_interval(secs => p_ttl_seconds)
        from users u, accounts a
        where s.token_hash = p_token_hash and s.expires_at > now()
          and s.last_seen_at < now() - interval '60 seconds'
          and u.id = s.user_id and u.enabled and a.account_no = s.account_no and a.deleted_at is null;
      select json_build_object(
          'user_id', s.user_id, 'account_no', s.account_no, 'puppeteer', s.puppeteer,
          'username', u.username, 'name', u.name, 'surname', u.surname, 'enabled', u.enabled,
          'home_account_no', u.account_no, 'parent', a.parent, 'account_type', a.account_type,
          'account_kind', a.account_kind, 'company', a.company,
          'grants', coalesce((select json_agg(json_build_object('feature_id', p.feature_id, 'mask', p.mask))
            from user_permissions p where p.user_id = s.user_id), '[]'::json))
        into found
        from sessions s
          join users u on u.id = s.user_id
          join accounts a on a.account_no = s.account_no
        where s.token_hash = p_token_hash and s.expires_at > now() and a.deleted_at is null;
      return found;
    end $f$`,
    // The owner must be allowed to create in the schema at the moment ownership passes to it.
    `grant create on schema public to ${CROSS_ACCOUNT_ROLE}`,
    `alter function app_session(text, integer) owner to ${CROSS_ACCOUNT_ROLE}`,
    `revoke create on schema public from ${CROSS_ACCOUNT_ROLE}`,
    // Called by the application's own connection before any role switch; never from a tenant's
    // transaction (the tenant role may not execute it).
    'revoke execute on function app_session(text, integer) from public',
    'grant execute on function app_session(text, integer) to current_user',
  );
}
