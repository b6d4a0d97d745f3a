import { type Kysely, sql } from 'kysely';
import { run } from '../tenancy-sql.ts';

/**
 * Durable change-event consumers (platform/outbox.ts, issue 26 item 2).
 *
 * - Each event carries the transaction that recorded it (`txid`, xid8). A consumer's cursor is the
 *   (txid, id) of the last event it handled, and it reads only events of transactions older than
 *   every transaction of this database still running as its snapshot was taken
 *   (`app_change_frontier()`, stable: the calling statement's snapshot): ids are drawn before
 *   their transactions commit, in any order, so a cursor on the id alone could pass an event whose
 *   transaction had not committed yet and never see it. Events of earlier transactions are final, in
 *   (txid, id) order. The snapshot's own xmin is the whole cluster's: on a shared server any other
 *   database's long transaction would hold every consumer back, so the snapshot's running
 *   transactions that pg_locks shows in another database (each holds its id's lock; pg_stat_activity
 *   names the database; both public) are left out. One that ended meanwhile is kept: held back, not lost.
 * - `change_consumers`: a consumer's cursor, its current event's failed attempts, when it may try
 *   again (back-off) and the last error; `change_consumer_dead`: the events a consumer gave up on
 *   after its attempts, each with its error (the consumer moved past them).
 * - An act that is no record's change (a sign-in, a provider admin's adjustment) is an event too:
 *   `details` and `target_account_no` carry what its audit entry said (the audit consumer writes them).
 * - The audit log names the event it came from (`change_event_id`, unique), so delivering an event
 *   twice writes one entry.
 * - A committed event wakes the consumers: NOTIFY change_events (PostgreSQL; once per transaction).
 *
 * The events' old single-consumer state (processed_at, attempts, last_error) becomes the audit
 * consumer's cursor: the events it had delivered stay delivered.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await run(
    db,
    `alter table change_events add column txid xid8 not null default '1',
      add column details jsonb, add column target_account_no integer`,
    `alter table change_events alter column txid set default pg_current_xact_id()`,
    'create index change_events_cursor_idx on change_events (txid, id)',
    `create table change_consumers (
      name text primary key,
      txid xid8 not null default '0',
      event_id bigint not null default 0,
      attempts integer not null default 0,
      retry_at timestamptz,
      last_error text,
      delivered bigint not null default 0,
      updated_at timestamptz not null default now()
    )`,
    `create table change_consumer_dead (
      consumer text not null references change_consumers (name) on delete cascade,
      event_id bigint not null,
      attempts integer not null,
      error text not null,
      at timestamptz not null default now(),
      primary key (consumer, event_id)
    )`,
    `alter table audit_log add column change_event_id bigint`,
    'create unique index audit_log_change_event_uq on audit_log (change_event_id)',
    `create function app_change_frontier() returns xid8 language sql stable as $f$
      select coalesce(
        (select min(x) from pg_snapshot_xip(pg_current_snapshot()) x
          where not exists (select from pg_locks l join pg_stat_activity a on a.pid = l.pid
            where l.locktype = 'transactionid' and l.mode = 'ExclusiveLock' and l.granted
              and a.datname <> current_database()
              and l.transactionid::text = (x::text::bigint & 4294967295)::text)),
        pg_snapshot_xmax(pg_current_snapshot())) $f$`,
    `create function app_change_notify() returns trigger language plpgsql as $f$
      begin
        perform pg_notify('change_events', '');
        return null;
      end $f$`,
    `create trigger change_events_notify after insert on change_events
      for each statement execute function app_change_notify()`,
  );
  for (const table of ['change_consumers', 'change_consumer_dead']) {
    await run(db, `grant select, insert, update, delete on ${table} to switchboard_cross_account`);
  }
  // The audit consumer continues where the single drain stopped: before the first undelivered event.
  await sql`insert into change_consumers (name, txid, event_id)
    select 'audit', '1', coalesce((select min(id) - 1 from change_events where processed_at is null),
      (select max(id) from change_events), 0)`.execute(db);
  await run(
    db,
    'drop index change_events_pending_idx',
    'alter table change_events drop column processed_at, drop column attempts, drop column last_error',
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await run(
    db,
    `alter table change_events add column processed_at timestamptz, add column attempts integer not null default 0,
      add column last_error text`,
    'create index change_events_pending_idx on change_events (id) where processed_at is null',
    'drop trigger change_events_notify on change_events',
    'drop function app_change_notify()',
    'drop function app_change_frontier()',
    'alter table audit_log drop column change_event_id',
    'drop table change_consumer_dead',
    'drop table change_consumers',
    'alter table change_events drop column txid, drop column details, drop column target_account_no',
  );
}
