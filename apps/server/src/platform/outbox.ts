/**
 * The change-event outbox (a transactional outbox: Wazo confd's notifier is the model). Every write
 * of an area appends an event — area, record, account, kind, before / after, who (and as whom) —
 * in the write's own transaction, so an event exists exactly when its change was committed. The
 * database refuses to commit a platform transaction that wrote a tenant table without one (migration
 * 064); a job whose writes are no one's change names why (`exemptFromChangeEvents`).
 *
 * Consumers (`consumer(name, handle, options)`, declared by an area) are durable and independent
 * (migration 065): each has a cursor, reads the events after it in (transaction, id) order, handles
 * each in a savepoint of one transaction that also moves its cursor (at least once; a handler that
 * writes only to the database is exactly once), retries a failing event with back-off, and after its
 * attempts parks it as dead with its error and moves on. `status()` shows each one's lag.
 */
import crypto from 'node:crypto';
import type { AreaId } from '@switchboard/domain';
import { sql } from 'kysely';
import type { Tenancy, Tx } from './tenancy.ts';

/** Who acted, in which account (and as whom): a session's, a link's user, or nobody (a provider's webhook). */
export interface Actor {
  accountNo: number;
  userId: number | null;
  puppeteer?: number | null;
}

export type ChangeKind = 'create' | 'update' | 'delete' | (string & {});

export interface ChangeEvent {
  /** The area ('seats'), one the domain names (AREA_NAMES). */
  area: AreaId;
  recordId: number | null;
  kind: ChangeKind;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  /** The record's name as the user knows it ('201 - Reception'), for the audit log. */
  label?: string;
  /** An act that is no record's change (a sign-in, an adjustment): what its audit entry says. */
  details?: Record<string, unknown>;
  /** The account an act was done to, when not the actor's own (acting as it, crediting it). */
  targetAccountNo?: number | null;
}

/** An event as stored (its area as written then: an id the domain named when it was recorded). */
export interface StoredChangeEvent extends Omit<ChangeEvent, 'area' | 'details'> {
  area: string;
  id: number;
  /** The transaction that recorded it (xid8 as text): the other events of the same change share it. */
  txid: string;
  at: Date;
  accountNo: number;
  userId: number | null;
  puppeteer: number | null;
  ip: string | null;
  details: Record<string, unknown> | null;
  targetAccountNo: number | null;
}

/** Appends `event` (or several, in one statement) for the session's effective account, in `tx` (the write's transaction). */
export async function recordChange(
  tx: Tx,
  /** Who made the change, in which account (a session's; or a link's user, acting as themselves). */
  auth: Actor,
  ip: string | null,
  event: ChangeEvent | readonly ChangeEvent[],
): Promise<void> {
  const events: readonly ChangeEvent[] = Array.isArray(event) ? event : [event as ChangeEvent];
  if (events.length === 0) return;
  const json = (value: Record<string, unknown> | null | undefined) =>
    value === undefined || value === null ? null : JSON.stringify(value);
  await tx
    .insertInto('change_events')
    .values(
      events.map((e) => ({
        account_no: auth.accountNo,
        area: e.area,
        record_id: e.recordId,
        kind: e.kind,
        before: json(e.before),
        after: json(e.after),
        user_id: auth.userId,
        puppeteer: auth.puppeteer ?? null,
        ip,
        label: e.label ?? '',
        details: e.details === undefined ? null : JSON.stringify(e.details),
        target_account_no: e.targetAccountNo ?? null,
      })),
    )
    .execute();
}

/**
 * An act that is no record's change (a sign-in: 'session.login'; 'ledger.adjustment'), by `userId`
 * (null: a provider's webhook) in `accountNo`: an event with no record, and what its audit entry says.
 */
export interface Act {
  userId: number | null;
  accountNo: number;
  action: `${AreaId}.${string}`;
  targetAccountNo?: number | null;
  details?: Record<string, unknown>;
  ip?: string | null;
}

/** Records an act as a change event, in the act's transaction. */
export async function recordAct(tx: Tx, act: Act): Promise<void> {
  const dot = act.action.indexOf('.');
  await recordChange(tx, { userId: act.userId, accountNo: act.accountNo }, act.ip ?? null, {
    area: act.action.slice(0, dot) as AreaId,
    kind: act.action.slice(dot + 1),
    recordId: null,
    details: act.details ?? {},
    targetAccountNo: act.targetAccountNo ?? null,
  });
}

/**
 * A transaction whose writes are no one's change (a job keeping derived state, the demo seed):
 * the reason is named, and the commit is allowed without an event (migration 064).
 */
export async function exemptFromChangeEvents(tx: Tx, reason: string): Promise<void> {
  await sql`select set_config('app.change_recorded', ${`exempt:${reason}`}, true)`.execute(tx);
}

/** A secret in an event: a fingerprint that shows it changed without telling what it is. */
export function secretFingerprint(value: unknown): string {
  if (value === '' || value === null || value === undefined) return '';
  return `secret:${crypto.createHash('sha256').update(String(value)).digest('hex').slice(0, 8)}`;
}

/** The fields whose values differ between two records: field → { from, to }. */
export function changedFields(
  before: Record<string, unknown> | null | undefined,
  after: Record<string, unknown> | null | undefined,
): Record<string, { from: unknown; to: unknown }> {
  const out: Record<string, { from: unknown; to: unknown }> = {};
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const key of keys) {
    const from = before?.[key] ?? null;
    const to = after?.[key] ?? null;
    if (JSON.stringify(from) !== JSON.stringify(to)) out[key] = { from, to };
  }
  return out;
}

export interface ConsumerOptions {
  /** Failed attempts at one event before it is parked as dead (default 5). */
  attempts?: number;
  /** How long to wait before attempt `n + 1` after `n` failures (default 1 s doubling, at most 5 min). */
  backoffMs?: (failures: number) => number;
}

/** A durable consumer of the change events: one declaration (`consumer(...)`) an area adds. */
export interface ChangeConsumer {
  name: string;
  /**
   * Handles one event inside the delivery's transaction (its writes commit with the cursor's move).
   * At least once: a handler with effects outside the database makes them idempotent by `event.id`.
   */
  handle(tx: Tx, event: StoredChangeEvent): Promise<void>;
  attempts: number;
  backoffMs: (failures: number) => number;
}

export const DEFAULT_ATTEMPTS = 5;
const defaultBackoff = (failures: number) => Math.min(1000 * 2 ** (failures - 1), 5 * 60_000);

/** Declares a consumer: `consumer('registrar-cache', async (tx, event) => …, { attempts: 10 })`. */
export function consumer(
  name: string,
  handle: (tx: Tx, event: StoredChangeEvent) => Promise<void>,
  options: ConsumerOptions = {},
): ChangeConsumer {
  if (!/^[a-z][a-z0-9-]*$/.test(name)) throw new Error(`Not a consumer name: '${name}'`);
  return {
    name,
    handle,
    attempts: options.attempts ?? DEFAULT_ATTEMPTS,
    backoffMs: options.backoffMs ?? defaultBackoff,
  };
}

/** A consumer's state as the provider admins' Consumers page shows it. */
export interface ConsumerStatus {
  name: string;
  /** The last event delivered (or parked); 0 before the first. */
  position: number;
  /** Events recorded and not yet delivered to it. */
  lagEvents: number;
  /** Age in seconds of the oldest event not yet delivered (0 when none waits). */
  lagSeconds: number;
  delivered: number;
  /** Failed attempts at the event it is on, when it may try again, and the last error. */
  attempts: number;
  retryAt: Date | null;
  lastError: string | null;
  dead: number;
}

interface Cursor {
  txid: string;
  event_id: number;
  attempts: number;
  retry_at: Date | null;
  delivered: number;
}

/** An event row as read (change_events with its transaction as text). */
type EventRow = Record<string, unknown> & { id: number; tx: string };

function storedEvent(row: EventRow): StoredChangeEvent {
  return {
    id: Number(row.id),
    txid: row.tx,
    at: new Date(row.at as string),
    accountNo: row.account_no as number,
    area: row.area as string,
    recordId: row.record_id as number | null,
    kind: row.kind as string,
    before: row.before as Record<string, unknown> | null,
    after: row.after as Record<string, unknown> | null,
    userId: row.user_id as number | null,
    puppeteer: row.puppeteer as number | null,
    ip: row.ip as string | null,
    label: row.label as string,
    details: row.details as Record<string, unknown> | null,
    targetAccountNo: row.target_account_no as number | null,
  };
}

const errorText = (error: unknown) => String((error as Error)?.message ?? error).slice(0, 500);

/** Events after a cursor, of transactions that have all ended (see migration 065), in order. */
async function eventsAfter(tx: Tx, cursor: Pick<Cursor, 'txid' | 'event_id'>, limit: number): Promise<EventRow[]> {
  const { rows } = await sql<EventRow>`select e.*, e.txid::text as tx from change_events e
    where (e.txid, e.id) > (${cursor.txid}::xid8, ${cursor.event_id}::bigint)
      and e.txid < (select app_change_frontier())
    order by e.txid, e.id limit ${limit}`.execute(tx);
  return rows;
}

/** The consumer's cursor, locked for this delivery (null: another process is delivering to it). */
async function lockCursor(tx: Tx, c: ChangeConsumer): Promise<Cursor | null> {
  const read = () =>
    sql<Cursor>`select txid::text as txid, event_id, attempts, retry_at, delivered from change_consumers
      where name = ${c.name} for update skip locked`.execute(tx);
  const found = (await read()).rows[0];
  if (found) return found;
  // A new consumer starts with the oldest event kept (housekeeping keeps them 30 days).
  await sql`insert into change_consumers (name) values (${c.name}) on conflict (name) do nothing`.execute(tx);
  return (await read()).rows[0] ?? null;
}

/**
 * Delivers to one consumer (its cursor locked) the dead events put back for delivery, then the
 * events after its cursor unless it is waiting out a back-off. Answers how many were delivered.
 */
async function deliver(tx: Tx, c: ChangeConsumer, limit: number): Promise<number> {
  const cursor = await lockCursor(tx, c);
  if (!cursor) return 0;
  const redelivered = await redeliver(tx, c, limit);
  if (redelivered > 0) {
    await sql`update change_consumers set delivered = delivered + ${redelivered}, updated_at = now()
      where name = ${c.name}`.execute(tx);
  }
  if (cursor.retry_at && cursor.retry_at.getTime() > Date.now()) return redelivered;
  return redelivered + (await deliverAfter(tx, c, cursor, limit));
}

/**
 * The dead events a provider admin put back (Retry, migration 076), handed over once more, each in a
 * savepoint: delivered, it is no longer dead; failing, it stays parked with one more attempt and the
 * new error (another Retry tries again). They are handled apart from the cursor, which has passed them.
 */
async function redeliver(tx: Tx, c: ChangeConsumer, limit: number): Promise<number> {
  const { rows } = await sql<EventRow>`select e.*, e.txid::text as tx from change_consumer_dead d
      join change_events e on e.id = d.event_id
    where d.consumer = ${c.name} and d.requeued_at is not null
    order by e.txid, e.id limit ${limit}`.execute(tx);
  let delivered = 0;
  for (const row of rows) {
    await sql`savepoint change_consumer`.execute(tx);
    try {
      await c.handle(tx, storedEvent(row));
      await sql`release savepoint change_consumer`.execute(tx);
      await sql`delete from change_consumer_dead where consumer = ${c.name} and event_id = ${row.id}`.execute(tx);
      delivered++;
    } catch (error) {
      await sql`rollback to savepoint change_consumer`.execute(tx);
      await sql`update change_consumer_dead set attempts = attempts + 1, error = ${errorText(error)}, at = now(),
          requeued_at = null
        where consumer = ${c.name} and event_id = ${row.id}`.execute(tx);
    }
  }
  return delivered;
}

/**
 * Delivers to one consumer the events after its cursor (up to `limit`), each in a savepoint: a
 * failure rolls back that event's writes, and stops the delivery until its back-off has passed, or
 * after the consumer's attempts parks the event as dead and goes on. Answers how many were delivered.
 */
async function deliverAfter(tx: Tx, c: ChangeConsumer, cursor: Cursor, limit: number): Promise<number> {
  let { txid, event_id: eventId, attempts } = cursor;
  let delivered = 0;
  let failure: { error: string; retryAt: Date } | null = null;
  for (const row of await eventsAfter(tx, cursor, limit)) {
    await sql`savepoint change_consumer`.execute(tx);
    try {
      await c.handle(tx, storedEvent(row));
      await sql`release savepoint change_consumer`.execute(tx);
      delivered++;
    } catch (error) {
      await sql`rollback to savepoint change_consumer`.execute(tx);
      attempts++;
      if (attempts < c.attempts) {
        failure = { error: errorText(error), retryAt: new Date(Date.now() + c.backoffMs(attempts)) };
        break;
      }
      await sql`insert into change_consumer_dead (consumer, event_id, attempts, error)
        values (${c.name}, ${row.id}, ${attempts}, ${errorText(error)}) on conflict do nothing`.execute(tx);
    }
    ({ tx: txid, id: eventId } = row);
    attempts = 0;
  }
  await sql`update change_consumers set txid = ${txid}::xid8, event_id = ${eventId}, attempts = ${attempts},
      retry_at = ${failure?.retryAt ?? null}, last_error = ${failure?.error ?? null},
      delivered = delivered + ${delivered}, updated_at = now()
    where name = ${c.name}`.execute(tx);
  return delivered;
}

export class Outbox {
  readonly #tenancy: Tenancy;
  readonly #consumers = new Map<string, ChangeConsumer>();
  #running: Promise<number> | null = null;
  #again = false;

  constructor(tenancy: Tenancy, consumers: readonly ChangeConsumer[] = []) {
    this.#tenancy = tenancy;
    for (const c of consumers) this.add(c);
  }

  /** Adds a declared consumer (an area's `consumers`); a name is declared once. */
  add(c: ChangeConsumer): void {
    if (this.#consumers.has(c.name)) throw new Error(`Consumer '${c.name}' is declared twice`);
    this.#consumers.set(c.name, c);
  }

  get consumers(): readonly ChangeConsumer[] {
    return [...this.#consumers.values()];
  }

  /**
   * Delivers the waiting events to every consumer (up to `limit` each, each consumer in its own
   * transaction); answers how many deliveries were made. One run at a time per process: a call
   * during a run makes one more run after it (so a wake-up that comes mid-run is not lost).
   */
  drain(limit = 200): Promise<number> {
    if (this.#running) {
      this.#again = true;
      return this.#running;
    }
    this.#running = (async () => {
      let total = 0;
      do {
        this.#again = false;
        for (const c of this.#consumers.values()) {
          total += await this.#tenancy.crossAccount('outbox', (tx) => deliver(tx, c, limit));
        }
      } while (this.#again);
      return total;
    })().finally(() => {
      this.#running = null;
    });
    return this.#running;
  }

  /** Each declared consumer's position, lag and failures (the provider admins' Consumers page). */
  async status(): Promise<ConsumerStatus[]> {
    return this.#tenancy.crossAccount('outbox', async (tx) => {
      const out: ConsumerStatus[] = [];
      for (const c of this.#consumers.values()) out.push(await consumerStatus(tx, c.name));
      return out;
    });
  }
}

async function consumerStatus(tx: Tx, name: string): Promise<ConsumerStatus> {
  const { rows } = await sql<{
    position: number;
    lag_events: number;
    oldest: Date | null;
    delivered: number;
    attempts: number;
    retry_at: Date | null;
    last_error: string | null;
    dead: number;
  }>`select coalesce(c.event_id, 0)::int as position, coalesce(c.delivered, 0)::int as delivered,
      coalesce(c.attempts, 0) as attempts, c.retry_at, c.last_error,
      (select count(*)::int from change_events e
        where (e.txid, e.id) > (coalesce(c.txid, '0'), coalesce(c.event_id, 0))) as lag_events,
      (select min(e.at) from change_events e
        where (e.txid, e.id) > (coalesce(c.txid, '0'), coalesce(c.event_id, 0))) as oldest,
      (select count(*)::int from change_consumer_dead d where d.consumer = ${name}) as dead
    from (select ${name}::text as name) n left join change_consumers c on c.name = n.name`.execute(tx);
  const r = rows[0];
  if (!r) throw new Error(`No status for consumer '${name}'`);
  return {
    name,
    position: r.position,
    lagEvents: r.lag_events,
    lagSeconds: r.oldest ? Math.max(0, Math.round((Date.now() - new Date(r.oldest).getTime()) / 1000)) : 0,
    delivered: r.delivered,
    attempts: r.attempts,
    retryAt: r.retry_at,
    lastError: r.last_error,
    dead: r.dead,
  };
}

/** An event a consumer gave up on (parked as dead), as the provider admins' Change Events page lists it. */
export interface DeadEvent {
  consumer: string;
  eventId: number;
  /** Failed attempts so far, the last one's error, when it was parked (or last failed a retry). */
  attempts: number;
  error: string;
  parkedAt: Date;
  /** When it was put back for delivery (Retry), until it is delivered or fails again. */
  requeuedAt: Date | null;
  /** The event itself while it is kept (housekeeping keeps the dead ones; one parked earlier may be gone). */
  event: { at: Date; accountNo: number; area: string; kind: string; recordId: number | null; label: string } | null;
}

export interface DeadQuery {
  /** The declared consumers (a name no area declares any more is not shown). */
  consumers: readonly string[];
  /** Only this consumer's. */
  consumer?: string | undefined;
  /** In the error or the event's label or area, case folded, wildcards literal. */
  search?: string | undefined;
  offset: number;
  /** -1: all. */
  limit: number;
}

type DeadRow = {
  consumer: string;
  event_id: number;
  attempts: number;
  error: string;
  at: Date;
  requeued_at: Date | null;
  event_at: Date | null;
  account_no: number | null;
  area: string | null;
  kind: string | null;
  record_id: number | null;
  label: string | null;
};

const deadEvent = (r: DeadRow): DeadEvent => ({
  consumer: r.consumer,
  eventId: Number(r.event_id),
  attempts: r.attempts,
  error: r.error,
  parkedAt: new Date(r.at),
  requeuedAt: r.requeued_at ? new Date(r.requeued_at) : null,
  event:
    r.event_at === null
      ? null
      : {
          at: new Date(r.event_at),
          accountNo: r.account_no ?? 0,
          area: r.area ?? '',
          kind: r.kind ?? '',
          recordId: r.record_id,
          label: r.label ?? '',
        },
});

/** Dead events, the last parked first: a page of them and how many there are. */
export async function deadEvents(tx: Tx, q: DeadQuery): Promise<{ records: DeadEvent[]; total: number }> {
  if (q.consumers.length === 0) return { records: [], total: 0 };
  const pattern = q.search ? `%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const where = sql`d.consumer in (${sql.join(q.consumers.map((name) => sql`${name}`))})
    and (${q.consumer ?? null}::text is null or d.consumer = ${q.consumer ?? null})
    and (${pattern}::text is null or d.error ilike ${pattern} or e.label ilike ${pattern} or e.area ilike ${pattern})`;
  const { rows } = await sql<DeadRow>`select d.consumer, d.event_id, d.attempts, d.error, d.at, d.requeued_at,
      e.at as event_at, e.account_no, e.area, e.kind, e.record_id, e.label
    from change_consumer_dead d left join change_events e on e.id = d.event_id
    where ${where}
    order by d.at desc, d.consumer, d.event_id desc
    offset ${Math.max(0, q.offset)} limit ${q.limit === -1 ? null : q.limit}`.execute(tx);
  const counted = await sql<{ total: number }>`select count(*)::int as total
    from change_consumer_dead d left join change_events e on e.id = d.event_id where ${where}`.execute(tx);
  return { records: rows.map(deadEvent), total: counted.rows[0]?.total ?? 0 };
}

/**
 * Puts a consumer's dead events back for delivery — one (`eventId`) or all — those whose event is
 * still kept; its next delivery hands each over once more. Answers how many were put back.
 */
export async function requeueDead(tx: Tx, consumer: string, eventId: number | null): Promise<number> {
  const result = await sql`update change_consumer_dead d set requeued_at = now()
    where d.consumer = ${consumer} and (${eventId}::bigint is null or d.event_id = ${eventId})
      and exists (select from change_events e where e.id = d.event_id)`.execute(tx);
  return Number(result.numAffectedRows ?? 0);
}
