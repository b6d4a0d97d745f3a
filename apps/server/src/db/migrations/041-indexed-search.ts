import type { Kysely } from 'kysely';
import { CROSS_ACCOUNT_ROLE, run, TENANT_ROLE } from '../tenancy-sql.ts';

/**
 * Searches that can use their trigram indexes under row-level security (issue 11: search under
 * 20 ms at 20,000 seats). A list's search is `'%text%'` in several columns; PostgreSQL evaluates
 * a condition that is not LEAKPROOF (`ilike`, and the `::text` of a number) only after the row's
 * policy, so under row-level security it can never be an index condition: the planner walks every
 * row of the account (41 ms at 20,000 seats; 0.35 ms with the indexes).
 *
 * `app_search_ids(table, columns, pattern)` answers the ids of the rows of `table` the caller may
 * read whose `column::text ilike pattern` for any of `columns`. It is SECURITY DEFINER (owned by
 * the cross-account role, whose policies allow every row) and applies the caller's own policies
 * itself, as a plain WHERE condition the planner may combine with the indexes: the permissive
 * SELECT policies of the caller's role (the transaction's `role`, else the connection's user) or'ed,
 * its restrictive ones and'ed, none → no rows; every row where the caller is not bound by row-level
 * security (no policies on the table, a superuser or BYPASSRLS role, the owner of a table not FORCE'd).
 * It can be told only a table the caller may select from, column names (quoted as identifiers,
 * never SQL) and a pattern (a bound value), and answers only ids: nothing the caller could not
 * read itself. The policies it applies may not depend on `current_user` (ours read the
 * transaction's `app.account_no`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await run(
    db,
    `create function app_search_ids(p_table text, p_columns text[], p_pattern text) returns setof bigint
      language plpgsql stable security definer set search_path = public rows 100 as $f$
    declare
      -- The caller: the transaction's role, else the connection's own user.
      caller text := coalesce(nullif(current_setting('role'), 'none'), session_user);
      rel regclass := to_regclass(p_table);
      secured boolean;
      forced boolean;
      tbl_owner oid;
      bypass boolean;
      visible text;
      limits text;
      matches text;
    begin
      if rel is null then
        raise exception 'app_search_ids: no table %', p_table using errcode = '42P01';
      end if;
      if not has_table_privilege(caller, rel, 'select') then
        raise exception 'app_search_ids: % may not read %', caller, p_table using errcode = '42501';
      end if;
      select c.relrowsecurity, c.relforcerowsecurity, c.relowner into secured, forced, tbl_owner
        from pg_class c where c.oid = rel;
      select r.rolsuper or r.rolbypassrls or (r.oid = tbl_owner and not forced) into bypass
        from pg_roles r where r.rolname = caller;
      if secured and not bypass then
        select string_agg('(' || coalesce(pg_get_expr(p.polqual, p.polrelid), 'false') || ')', ' or ')
                 filter (where p.polpermissive),
               string_agg('(' || coalesce(pg_get_expr(p.polqual, p.polrelid), 'true') || ')', ' and ')
                 filter (where not p.polpermissive)
          into visible, limits
          from pg_policy p
          where p.polrelid = rel and p.polcmd in ('r', '*')
            and exists (select 1 from unnest(p.polroles) r where r = 0 or pg_has_role(caller, r, 'member'));
        if visible is null then
          return;
        end if;
      else
        visible := 'true';
      end if;
      select string_agg(format('%I::text ilike $1', c), ' or ') into matches from unnest(p_columns) c;
      if matches is null then
        return;
      end if;
      return query execute format('select id::bigint from %s where (%s) and (%s) and (%s)',
        rel, visible, coalesce(limits, 'true'), matches) using p_pattern;
    end $f$`,
    // The owner must be allowed to create in the schema at the moment ownership passes to it.
    `grant create on schema public to ${CROSS_ACCOUNT_ROLE}`,
    `alter function app_search_ids(text, text[], text) owner to ${CROSS_ACCOUNT_ROLE}`,
    `revoke create on schema public from ${CROSS_ACCOUNT_ROLE}`,
    'revoke execute on function app_search_ids(text, text[], text) from public',
    `grant execute on function app_search_ids(text, text[], text) to ${TENANT_ROLE}, ${CROSS_ACCOUNT_ROLE}`,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await run(db, 'drop function if exists app_search_ids(text, text[], text)');
}
