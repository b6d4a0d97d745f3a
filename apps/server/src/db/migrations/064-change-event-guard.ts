import { type Kysely, sql } from 'kysely';
import { CHANGE_EVENT_EXEMPT, guardChangeEvents, run } from '../tenancy-sql.ts';

/**
 * Every write is a change event, structurally (issue 26 item 2). A platform transaction (one that
 * switched to the tenant or the cross-account role) that writes a tenant table and records no change
 * event cannot commit: each tenant table (but the named exemptions, CHANGE_EVENT_EXEMPT) has a
 * deferred constraint trigger that checks, at COMMIT, the transaction-local flag `app.change_recorded`.
 * An insert into change_events sets the flag (a statement trigger there), so recording the event is
 * what allows the commit, whatever the order; a job whose writes are no one's change names why
 * (`exemptFromChangeEvents`, platform/outbox.ts: the flag holds 'exempt:{reason}').
 *
 * The row trigger's WHEN is evaluated at the write: a row written after the event was recorded, by a
 * trigger (derived state: a seat's registration status, a list's count), or outside a platform
 * transaction (the owner: migrations, test fixtures) is never queued. A savepoint rolled back takes
 * its event and its flag back together.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await run(
    db,
    `create function app_change_unrecorded() returns boolean language sql stable as $f$
      select current_setting('role') <> 'none' and pg_trigger_depth() = 0
        and coalesce(current_setting('app.change_recorded', true), '') = '' $f$`,
    `create function app_require_change_event() returns trigger language plpgsql as $f$
      begin
        if coalesce(current_setting('app.change_recorded', true), '') = '' then
          raise exception 'a write to % without its change event', tg_table_name
            using errcode = 'SB001', hint = 'record the change (recordChange) or name the exemption (exemptFromChangeEvents)';
        end if;
        return null;
      end $f$`,
    `create function app_change_recorded() returns trigger language plpgsql as $f$
      begin
        perform set_config('app.change_recorded', 'event', true);
        return null;
      end $f$`,
    `create trigger change_events_recorded after insert on change_events
      for each statement execute function app_change_recorded()`,
  );
  const { rows } = await sql<{ table: string }>`select relname as table from pg_class
    where relkind = 'r' and relforcerowsecurity and relnamespace = 'public'::regnamespace order by relname`.execute(db);
  for (const { table } of rows) if (!(table in CHANGE_EVENT_EXEMPT)) await guardChangeEvents(db, table);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ table: string; trigger: string }>`select c.relname as table, t.tgname as trigger
    from pg_trigger t join pg_class c on c.oid = t.tgrelid where t.tgname like '%\\_change\\_event'`.execute(db);
  for (const { table, trigger } of rows) await run(db, `drop trigger ${trigger} on ${table}`);
  await run(
    db,
    'drop trigger change_events_recorded on change_events',
    'drop function app_change_recorded()',
    'drop function app_require_change_event()',
    'drop function app_change_unrecorded()',
  );
}
