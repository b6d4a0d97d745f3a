import type { Kysely } from 'kysely';
import { run } from '../tenancy-sql.ts';

/**
 * Change consumers you can see and repair (issue 26 item 2).
 *
 * - A state machine's row event (migration 066) carries who acted: a request's transaction sets the
 *   transaction-local `app.user_id` and `app.puppeteer` with its account (platform/tenancy.ts, from
 *   the session), so a row written in it names that user, and the provider admin acting as the
 *   account; a job's, a webhook's or the system's transaction sets neither (null). An event of a row
 *   without an account column is the transaction's account's (`app.account_no`).
 * - A dead event can be put back for delivery (the Change Events page's Retry): `requeued_at` says
 *   when; the consumer's next delivery hands it over once more, before the events after its cursor —
 *   delivered, the row goes; failing, it stays parked with the new error and one more attempt.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
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
    'alter table change_consumer_dead add column requeued_at timestamptz',
    // Housekeeping keeps the events a consumer has parked (they may be retried): found by event.
    'create index change_consumer_dead_event_idx on change_consumer_dead (event_id)',
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await run(
    db,
    'drop index change_consumer_dead_event_idx',
    'alter table change_consumer_dead drop column requeued_at',
    `create or replace function app_row_event() returns trigger language plpgsql as $f$
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
}
