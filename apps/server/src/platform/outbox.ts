/**
 * The change-event outbox (a transactional outbox: Wazo confd's notifier is the model). Every write
 * of an area appends an event — area, record, account, kind, before / after, who (and as whom) —
 * in the write's own transaction, so an event exists exactly when its change was committed.
 *
 * One worker loop drains the pending events in id order and hands them to the consumers (the audit
 * log now; notifications, the SIP registrar and the provisioning server later). It is restart-safe:
 * an event is marked processed in the same transaction as its consumers' writes, several processes
 * share the work through FOR UPDATE SKIP LOCKED, and an event whose consumer fails is retried a few
 * times, then parked with its error for an operator (it never blocks the others).
 */
import crypto from 'node:crypto';
import type { AreaId } from '@switchboard/domain';
import { sql } from 'kysely';
import { userLabel } from '../modules/identity/index.ts';
import type { AuthContext } from './auth.ts';
import { oneRunAtATime } from './every-interval.ts';
import type { Tenancy, Tx } from './tenancy.ts';

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
}

/** An event as stored (its area as written then: an id the domain named when it was recorded). */
export interface StoredChangeEvent extends Omit<ChangeEvent, 'area'> {
  area: string;
  id: number;
  at: Date;
  accountNo: number;
  userId: number | null;
  puppeteer: number | null;
  ip: string | null;
}

/** Appends `event` (or several, in one statement) for the session's effective account, in `tx` (the write's transaction). */
export async function recordChange(
  tx: Tx,
  /** Who made the change, in which account (a session's; or a link's user, acting as themselves). */
  auth: Pick<AuthContext, 'accountNo' | 'userId' | 'puppeteer'>,
  ip: string,
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
        puppeteer: auth.puppeteer,
        ip,
        label: e.label ?? '',
      })),
    )
    .execute();
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

export interface ChangeConsumer {
  name: string;
  /** Handles one event inside the worker's transaction (its writes commit with the event's mark). */
  handle(tx: Tx, event: StoredChangeEvent): Promise<void>;
}

/** The audit log's consumer: one row per change with the changed fields, before → after. */
export const auditConsumer: ChangeConsumer = {
  name: 'audit',
  async handle(tx, event) {
    const changes = changedFields(event.before, event.after);
    if (event.kind === 'update' && Object.keys(changes).length === 0) return;
    // Who, and whose account they acted as, named as they were at the time (the log outlives renames;
    // a provider admin's name is not readable from the customer's account later).
    const user = event.userId
      ? await tx
          .selectFrom('users')
          .select(['name', 'surname', 'username'])
          .where('id', '=', event.userId)
          .executeTakeFirst()
      : undefined;
    const account =
      event.puppeteer !== null
        ? await tx.selectFrom('accounts').select('company').where('account_no', '=', event.accountNo).executeTakeFirst()
        : undefined;
    await tx
      .insertInto('audit_log')
      .values({
        at: event.at,
        user_id: event.userId,
        account_no: event.accountNo,
        action: `${event.area}.${event.kind}`,
        target_account_no: null,
        details: JSON.stringify({
          recordId: event.recordId,
          puppeteer: event.puppeteer,
          changes,
          label: event.label ?? '',
          user: user ? userLabel(user) : '',
          actingAs: account ? `${account.company} (${event.accountNo})` : '',
        }),
        ip: event.ip,
      })
      .execute();
  },
};

/** Attempts before an event is parked (left unprocessed with its error). */
export const MAX_ATTEMPTS = 5;

export class Outbox {
  readonly #tenancy: Tenancy;
  readonly #consumers: ChangeConsumer[] = [];
  readonly #drainOnce = oneRunAtATime((limit: number) => this.#drain(limit));

  constructor(tenancy: Tenancy, consumers: ChangeConsumer[] = [auditConsumer]) {
    this.#tenancy = tenancy;
    this.#consumers.push(...consumers);
  }

  addConsumer(consumer: ChangeConsumer): void {
    this.#consumers.push(consumer);
  }

  /** Delivers the pending events (up to `limit`); answers how many were processed. One run at a time per process. */
  drain(limit = 200): Promise<number> {
    return this.#drainOnce(limit);
  }

  async #drain(limit: number): Promise<number> {
    return this.#tenancy.crossAccount('outbox', async (tx) => {
      const rows = await tx
        .selectFrom('change_events')
        .selectAll()
        .where('processed_at', 'is', null)
        .where('attempts', '<', MAX_ATTEMPTS)
        .orderBy('id')
        .limit(limit)
        .forUpdate()
        .skipLocked()
        .execute();
      let processed = 0;
      for (const row of rows) {
        const event: StoredChangeEvent = {
          id: Number(row.id),
          at: new Date(row.at),
          accountNo: row.account_no,
          area: row.area,
          recordId: row.record_id,
          kind: row.kind,
          before: row.before as Record<string, unknown> | null,
          after: row.after as Record<string, unknown> | null,
          userId: row.user_id,
          puppeteer: row.puppeteer,
          ip: row.ip,
          label: row.label,
        };
        // Each event in a savepoint: a failing consumer rolls back that event's writes only.
        await sql`savepoint outbox_event`.execute(tx);
        try {
          for (const consumer of this.#consumers) await consumer.handle(tx, event);
          await sql`release savepoint outbox_event`.execute(tx);
          await tx
            .updateTable('change_events')
            .set({ processed_at: new Date(), attempts: row.attempts + 1, last_error: null })
            .where('id', '=', row.id)
            .execute();
          processed++;
        } catch (error) {
          await sql`rollback to savepoint outbox_event`.execute(tx);
          await tx
            .updateTable('change_events')
            .set({ attempts: row.attempts + 1, last_error: String((error as Error)?.message ?? error).slice(0, 500) })
            .where('id', '=', row.id)
            .execute();
        }
      }
      return processed;
    });
  }

  /** Drains every `intervalMs` (and soon after `nudge()`); the timer never keeps the process alive. */
  start(
    intervalMs = 1000,
    onError: (error: unknown) => void = () => undefined,
  ): { stop: () => void; nudge: () => void } {
    let stopped = false;
    const run = () => {
      if (!stopped) this.drain().catch(onError);
    };
    const timer = setInterval(run, intervalMs);
    timer.unref();
    return {
      stop: () => {
        stopped = true;
        clearInterval(timer);
      },
      nudge: () => setImmediate(run),
    };
  }
}
