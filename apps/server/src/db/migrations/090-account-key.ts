import type { Kysely } from 'kysely';
import { CROSS_ACCOUNT_ROLE, run, TENANT_ROLE } from '../tenancy-sql.ts';

/**
 * The tenant cannot choose its account (issue 26 item 1; DESIGN "Isolation by the database").
 *
 * Until now the policies read the account from the transaction setting `app.account_no`, which any
 * SQL in a tenant transaction could set to another account's number. Now the setting holds a token
 * only the database can make, `n:MAC`, with MAC = HMAC-SHA256(key, 'n:backend pid:transaction
 * start'), and the account is the token's number only while the MAC is right:
 *
 * - `app_account_key`: the HMAC key (inner and outer pads of 244 random bits: two
 *   gen_random_uuid()), made here, readable by the owner only.
 * - `app_enter_account(n)`: SECURITY DEFINER, the only maker of tokens. It refuses (42501) unless
 *   its caller is a login that has not switched role (`role` is 'none': the session user itself,
 *   before `tenant()` switches to the tenant role) and may become the tenant role; and it refuses a
 *   second call in one transaction — it takes a transaction-level advisory lock of its own, which
 *   cannot be released before the transaction ends, and refuses when pg_locks shows this backend
 *   holds it already (a lock is re-entrant within a session: its taking says nothing). So a tenant
 *   transaction that `reset role`s back to the login still cannot enter a second account.
 * - `app_account_no()`: SECURITY DEFINER; answers the token's number when its MAC is this backend's
 *   and this transaction's, else null (no tenant row matches null). A number set by hand, a forged
 *   MAC, or a token copied from another transaction or connection answers null.
 * - `app_row_event()` (migration 076) reads the account through `app_account_no()`.
 *
 * Functions made SECURITY DEFINER here name their search path with pg_temp last, so no temporary
 * object of the caller stands in for one of theirs.
 */
const DEFINER = 'security definer set search_path = pg_catalog, public, pg_temp';
/** The advisory lock of `app_enter_account`: this key and the backend's pid (no two backends wait on each other). */
const ENTER_LOCK_KEY = 1_936_482_672;

/** The MAC of the account `account` (text) for this backend and transaction, with the key's pads in `k`. */
const mac = (account: string) => `encode(sha256(k.opad || sha256(k.ipad || convert_to(
  ${account} || ':' || pg_backend_pid() || ':' || extract(epoch from now()), 'UTF8'))), 'hex')`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await run(
    db,
    `create table app_account_key (
      single boolean primary key default true check (single),
      ipad bytea not null,
      opad bytea not null
    )`,
    `do $$ declare
      k bytea := decode(replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''), 'hex')
        || decode(repeat('00', 32), 'hex');
      i bytea := k;
      o bytea := k;
    begin
      for b in 0 .. 63 loop
        i := set_byte(i, b, get_byte(k, b) # 54);
        o := set_byte(o, b, get_byte(k, b) # 92);
      end loop;
      insert into app_account_key (ipad, opad) values (i, o);
    end $$`,
    // Default privileges (migration 069) gave the cross-account role every new table: not this one.
    `revoke all on app_account_key from public, ${TENANT_ROLE}, ${CROSS_ACCOUNT_ROLE}`,
    // PL/pgSQL: its statements' plans are kept for the session (a SQL function's body is planned at
    // each call). The MAC is computed in the function itself (a nested call tripled its cost).
    `create or replace function app_account_no() returns integer language plpgsql stable ${DEFINER} as $f$
    declare
      token text := current_setting('app.account_no', true);
      colon integer := strpos(token, ':');
      k record;
    begin
      if colon > 1 then
        select ipad, opad into k from public.app_account_key;
        if substr(token, colon + 1) = ${mac('substr(token, 1, colon - 1)')} then
          return substr(token, 1, colon - 1)::integer;
        end if;
      end if;
      return null;
    end $f$`,
    `create function app_enter_account(p_account integer) returns void language plpgsql volatile ${DEFINER} as $f$
    declare
      k record;
    begin
      if current_setting('role') <> 'none' or not pg_has_role(session_user, '${TENANT_ROLE}', 'member') then
        raise exception 'permission denied for function app_enter_account: only a login that may become ${TENANT_ROLE}, as itself, enters an account'
          using errcode = '42501';
      end if;
      if p_account is null or p_account <= 0 then
        raise exception 'app_enter_account: not an account: %', p_account using errcode = '22023';
      end if;
      if exists (select 1 from pg_locks l where l.locktype = 'advisory' and l.pid = pg_backend_pid()
          and l.classid = ${ENTER_LOCK_KEY} and l.objid = pg_backend_pid() and l.objsubid = 2) then
        raise exception 'permission denied for function app_enter_account: this transaction has entered an account already'
          using errcode = '42501';
      end if;
      if not pg_try_advisory_xact_lock(${ENTER_LOCK_KEY}, pg_backend_pid()) then
        raise exception 'permission denied for function app_enter_account: its lock is held by another session'
          using errcode = '42501';
      end if;
      select ipad, opad into k from public.app_account_key;
      perform set_config('app.account_no', p_account || ':' || ${mac('p_account::text')}, true);
    end $f$`,
    'revoke all on function app_enter_account(integer) from public',
    // Every login may call it; the function itself decides who may enter (a NOINHERIT login cannot
    // use a grant made to a role it is a member of, and migrations do not know the logins' names).
    'grant execute on function app_enter_account(integer) to public',
    `create or replace function app_row_event() returns trigger language plpgsql as $f$
      declare
        r jsonb := to_jsonb(coalesce(new, old));
      begin
        insert into change_events (account_no, area, record_id, kind, before, after, user_id, puppeteer, label)
        values (coalesce((r->>'account_no')::integer, app_account_no()),
          tg_argv[0], (r->>'id')::integer, 'row:' || lower(tg_op),
          case when tg_op = 'INSERT' then null else app_row_json(to_jsonb(old)) end,
          case when tg_op = 'DELETE' then null else app_row_json(to_jsonb(new)) end,
          nullif(current_setting('app.user_id', true), '')::integer,
          nullif(current_setting('app.puppeteer', true), '')::integer, tg_table_name);
        return null;
      end $f$`,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await run(
    db,
    `create or replace function app_row_event() returns trigger language plpgsql as $f$
      declare
        r jsonb := to_jsonb(coalesce(new, old));
      begin
        insert into change_events (account_no, area, record_id, kind, before, after, user_id, puppeteer, label)
        values (coalesce((r->>'account_no')::integer, nullif(current_setting('app.account_no', true), '')::integer),
          tg_argv[0], (r->>'id')::integer, 'row:' || lower(tg_op),
          case when tg_op = 'INSERT' then null else app_row_json(to_jsonb(old)) end,
          case when tg_op = 'DELETE' then null else app_row_json(to_jsonb(new)) end,
          nullif(current_setting('app.user_id', true), '')::integer,
          nullif(current_setting('app.puppeteer', true), '')::integer, tg_table_name);
        return null;
      end $f$`,
    'drop function app_enter_account(integer)',
    `create or replace function app_account_no() returns integer language sql stable as
      $f$ select nullif(current_setting('app.account_no', true), '')::integer $f$`,
    'drop table app_account_key',
  );
}
