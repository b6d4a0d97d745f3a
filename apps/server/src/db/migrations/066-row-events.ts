import type { Kysely } from 'kysely';
import { ROW_EVENT_TABLES, rowEvents, run } from '../tenancy-sql.ts';

/**
 * The state machines' tables record their change events themselves (issue 26 item 2). Payments,
 * off-session charges, auto top-up and auto-pay settings, mandates and collections, identity checks,
 * emergency-address submissions, bundles and Teams tenants are written by many paths — a provider's
 * webhook, a job, a route, the sandbox — none of them a person's edit of a form. Each row written
 * records a 'row:insert' / 'row:update' / 'row:delete' event of its area, with the row before and after
 * (columns named like secrets left out), in the writing statement: no path can forget it. Their guard
 * (migration 064) goes, as they can no longer be written without an event.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await run(
    db,
    `create function app_row_json(r jsonb) returns jsonb language sql immutable as $f$
      select coalesce(jsonb_object_agg(key, value), '{}'::jsonb) from jsonb_each(r)
      where key !~ '(secret|token|password)' $f$`,
    `create function app_row_event() returns trigger language plpgsql as $f$
      declare
        r jsonb := to_jsonb(coalesce(new, old));
      begin
        insert into change_events (account_no, area, record_id, kind, before, after, user_id, label)
        values ((r->>'account_no')::integer, tg_argv[0], (r->>'id')::integer, 'row:' || lower(tg_op),
          case when tg_op = 'INSERT' then null else app_row_json(to_jsonb(old)) end,
          case when tg_op = 'DELETE' then null else app_row_json(to_jsonb(new)) end,
          nullif(current_setting('app.user_id', true), '')::integer, tg_table_name);
        return null;
      end $f$`,
  );
  for (const [table, area] of Object.entries(ROW_EVENT_TABLES)) {
    await run(db, `drop trigger if exists ${table}_change_event on ${table}`);
    await rowEvents(db, table, area);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of Object.keys(ROW_EVENT_TABLES)) await run(db, `drop trigger ${table}_row_event on ${table}`);
  await run(db, 'drop function app_row_event()', 'drop function app_row_json(jsonb)');
}
