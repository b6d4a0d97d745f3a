import type { Kysely } from 'kysely';
import { CROSS_ACCOUNT_ROLE, run, TENANT_ROLE } from '../tenancy-sql.ts';

/**
 * `app_search_ids(table, columns, pattern)` correct by construction (issue 26 item 1), replacing
 * migration 041's, which spliced the text of the caller's policies into a query it ran as the
 * cross-account role. Two functions now, neither reading a policy:
 *
 * - `app_search_ids` is SECURITY INVOKER: it runs as the caller, under the caller's own row-level
 *   security, and answers `select id from table where id = any (candidates)` — a row the caller
 *   cannot read is never among its answers, whatever the candidates. The ids are looked up by the
 *   primary key (`=` on integers is LEAKPROOF, so it is an index condition under the policies).
 * - `app_search_candidates` is the index path: SECURITY DEFINER (owned by the cross-account role,
 *   whose policies show every row, so `ilike` may be a trigram index condition), with the account
 *   fixed in its query text: the rows of the transaction's account (`app_account_no()`, what the
 *   tenant policies read), and the provider's shared rows where the table has any (a nullable
 *   `account_no`). With no account set it answers every row to a login that is a member of the
 *   cross-account role and nothing to anyone else. A table without `account_no` is refused.
 *   Index-only scans stay off (migration 058).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await run(
    db,
    `drop function app_search_ids(text, text[], text)`,
    `create function app_search_candidates(p_table regclass, p_columns text[], p_pattern text) returns setof bigint
      language plpgsql stable security definer set search_path = public set enable_indexonlyscan = off rows 100 as $f$
    declare
      account integer := app_account_no();
      nullable boolean;
      matches text;
    begin
      select not a.attnotnull into nullable from pg_attribute a
        where a.attrelid = p_table and a.attname = 'account_no' and not a.attisdropped;
      if nullable is null then
        raise exception 'app_search_ids: % has no account_no', p_table using errcode = '42501';
      end if;
      select string_agg(format('%I::text ilike $1', c), ' or ') into matches from unnest(p_columns) c;
      if matches is null then
        return;
      end if;
      if account is not null then
        return query execute format('select id::bigint from %s where (account_no = $2%s) and (%s)',
          p_table, case when nullable then ' or account_no is null' else '' end, matches) using p_pattern, account;
      elsif pg_has_role(session_user, '${CROSS_ACCOUNT_ROLE}', 'member') then
        return query execute format('select id::bigint from %s where %s', p_table, matches) using p_pattern;
      end if;
    end $f$`,
    // The owner must be allowed to create in the schema at the moment ownership passes to it.
    `grant create on schema public to ${CROSS_ACCOUNT_ROLE}`,
    `alter function app_search_candidates(regclass, text[], text) owner to ${CROSS_ACCOUNT_ROLE}`,
    `revoke create on schema public from ${CROSS_ACCOUNT_ROLE}`,
    'revoke execute on function app_search_candidates(regclass, text[], text) from public',
    `grant execute on function app_search_candidates(regclass, text[], text) to ${TENANT_ROLE}, ${CROSS_ACCOUNT_ROLE}`,
    `create function app_search_ids(p_table text, p_columns text[], p_pattern text) returns setof bigint
      language plpgsql stable security invoker set search_path = public rows 100 as $f$
    declare
      rel regclass := to_regclass(p_table);
      id_type text;
    begin
      if rel is null then
        raise exception 'app_search_ids: no table %', p_table using errcode = '42P01';
      end if;
      if not has_table_privilege(rel, 'select') then
        raise exception 'app_search_ids: % may not read %', current_user, p_table using errcode = '42501';
      end if;
      select format_type(a.atttypid, a.atttypmod) into id_type from pg_attribute a
        where a.attrelid = rel and a.attname = 'id' and not a.attisdropped;
      return query execute format(
        'select t.id::bigint from %s t where t.id = any (array(select c::%s from app_search_candidates($1, $2, $3) c))',
        rel, id_type) using rel, p_columns, p_pattern;
    end $f$`,
    'revoke execute on function app_search_ids(text, text[], text) from public',
    `grant execute on function app_search_ids(text, text[], text) to ${TENANT_ROLE}, ${CROSS_ACCOUNT_ROLE}`,
  );
}

export async function down(): Promise<void> {
  throw new Error('068-search-by-construction cannot be undone: the policy-splicing search is not brought back');
}
