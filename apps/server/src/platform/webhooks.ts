/**
 * One inbound-webhook pipeline (issue 26 item 4): every provider's webhook is a
 * `webhookRoute(api, platform, contract, provider, { verify, eventId, apply })`.
 *
 * - **verify**: the provider's signature over the body exactly as received (a constant-time
 *   compare: `crypto.timingSafeEqual`, Stripe's and GoCardless's libraries' own, or the provider's
 *   verification API). A wrong or missing signature is the provider's expected 4xx (its HttpError)
 *   and nothing is stored. It answers the delivery's events (GoCardless sends several in one body).
 * - **store**: each event once in `inbound_events`, unique per (provider, event id) — a redelivery,
 *   a replay or two deliveries at once store it once — and the provider is answered 2xx at once.
 * - **apply**: in a job (`webhook-apply`, enqueued in the storing transaction, so it exists exactly
 *   when the event does) — or, for a sandbox's in-process delivery (`deliverAndApply`), by the
 *   delivering caller at once, with no job: one path per event — each newly stored event is claimed (one UPDATE: whoever claims it applies
 *   it, nobody else) and applied; `applied` is recorded with its outcome. An apply that throws keeps its error and is retried with back-off by the sweep
 *   (`applyDueWebhooks`, a serving process's background work) until MAX_ATTEMPTS ('dead', kept).
 *   A claim that a crashed process held is taken again after its lease: the areas' apply functions
 *   stay idempotent by their own state (a payment settled once), so a crash between an apply's
 *   commit and its mark applies nothing twice.
 * The sweep is the `webhook-retries` job every ten seconds (platform/jobs.ts).
 */
import type { FastifyInstance } from 'fastify';
import { type ColumnType, type Generated, sql } from 'kysely';
import type { Timestamp } from '../db/schema.ts';
import { type JobDefinition, job } from './jobs.ts';
import type { Platform } from './platform.ts';
import { openRoute } from './routes.ts';

export type InboundState = 'received' | 'applying' | 'applied' | 'failed' | 'dead';
/** What an apply made of its event: it changed something, it had been applied already, or it was not ours. */
export type ApplyOutcome = 'applied' | 'duplicate' | 'ignored';

export interface InboundEventsTable {
  id: Generated<number>;
  provider: string;
  event_id: string;
  received_at: Generated<Timestamp>;
  /** The verified event as `verify` answered it (JSON), what `apply` is given. */
  payload: ColumnType<unknown, string, never>;
  state: ColumnType<InboundState, InboundState | undefined, InboundState>;
  attempts: ColumnType<number, number | undefined, number>;
  last_error: string | null;
  /** When the sweep may (re)try it: now when stored, the back-off after a failure, the lease while applying. */
  next_attempt_at: ColumnType<Date, Date | string | undefined, Date | string>;
  applied_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  outcome: ApplyOutcome | null;
}

declare module '../db/schema.ts' {
  interface Database {
    inbound_events: InboundEventsTable;
  }
}

/** A delivery as received: its exact bytes and its headers. */
export interface Delivery {
  rawBody: string;
  headers: Record<string, string | string[] | undefined>;
}

export interface InboundProvider<E> {
  /** The events of a delivery whose signature is good; throws the provider's 4xx (HttpError) otherwise. */
  verify(delivery: Delivery): Promise<E[]> | E[];
  /** The provider's id of the event ('' for one not to store: acknowledged, nothing applied). */
  eventId(event: E): string;
  /** Applies a stored event (its own transactions; idempotent by the area's state). Throws to be retried. */
  apply(event: E): Promise<ApplyOutcome>;
}

export interface WebhookReply {
  received: true;
  /** The events stored by this delivery (to be applied), and those stored before (not applied again). */
  stored: string[];
  duplicates: string[];
}

/** Attempts before an event is 'dead' (kept with its error, no longer retried). */
export const MAX_ATTEMPTS = 8;
/** How long a claim holds an event before another process may take it (a crashed apply). */
const LEASE_MS = 5 * 60_000;
/** The back-off after the n-th failed attempt: 30 s, 2 min, 8 min, … at most 6 hours. */
export const backoffMs = (attempts: number) => Math.min(30_000 * 4 ** Math.max(0, attempts - 1), 6 * 3_600_000);

interface Registered {
  providers: Map<string, InboundProvider<unknown>>;
}
const registries = new WeakMap<Platform, Registered>();

function registryOf(platform: Platform): Registered {
  let registry = registries.get(platform);
  if (!registry) {
    registry = { providers: new Map() };
    registries.set(platform, registry);
  }
  return registry;
}

function providerOf(platform: Platform, provider: string): InboundProvider<unknown> {
  const spec = registryOf(platform).providers.get(provider);
  if (!spec) throw new Error(`No inbound webhook provider '${provider}'`);
  return spec;
}

/** Declares a provider's webhook: the public route, and its events' apply for the pipeline. */
export function webhookRoute<E>(
  api: FastifyInstance,
  platform: Platform,
  contract: Parameters<typeof openRoute>[2],
  provider: string,
  spec: InboundProvider<E>,
): void {
  registerWebhookProvider(platform, provider, spec);
  openRoute(api, platform, contract, {
    allow: 'public',
    handler: async ({ request }) => {
      const delivery = { rawBody: request.rawBody ?? '', headers: request.headers };
      return (await receiveWebhook(platform, provider, delivery)).reply;
    },
  });
}

/** The provider's apply for the pipeline, without a route (a sandbox that delivers in-process). */
export function registerWebhookProvider<E>(platform: Platform, provider: string, spec: InboundProvider<E>): void {
  registryOf(platform).providers.set(provider, spec as InboundProvider<unknown>);
}

/**
 * Verifies a delivery and stores its events once: the reply, and the ids of the rows stored now.
 * `applyBy`: 'job' enqueues each new event's `webhook-apply` job with it; 'caller' enqueues none,
 * the caller applies the ids itself (a crash meanwhile leaves them to the retry sweep).
 */
export async function receiveWebhook(
  platform: Platform,
  provider: string,
  delivery: Delivery,
  applyBy: 'job' | 'caller' = 'job',
): Promise<{ reply: WebhookReply; ids: number[] }> {
  const spec = providerOf(platform, provider);
  const events = (await spec.verify(delivery)).filter((e) => spec.eventId(e) !== '');
  const reply: WebhookReply = { received: true, stored: [], duplicates: [] };
  if (events.length === 0) return { reply, ids: [] };
  const ids = await platform.tenancy.crossAccount('webhooks', async (tx) => {
    const stored: number[] = [];
    for (const event of events) {
      const eventId = spec.eventId(event);
      const row = await tx
        .insertInto('inbound_events')
        .values({ provider, event_id: eventId, payload: JSON.stringify(event) })
        .onConflict((oc) => oc.columns(['provider', 'event_id']).doNothing())
        .returning('id')
        .executeTakeFirst();
      (row ? reply.stored : reply.duplicates).push(eventId);
      if (row) {
        stored.push(row.id);
        if (applyBy === 'job') await platform.jobs.enqueue(tx, WEBHOOK_APPLY_JOB, { id: row.id });
      }
    }
    return stored;
  });
  return { reply, ids };
}

/**
 * Stores a delivery and applies its new events now (the sandboxes' in-process deliveries), with no
 * `webhook-apply` job (each event applied by this one path): their outcomes.
 */
export async function deliverAndApply(
  platform: Platform,
  provider: string,
  delivery: Delivery,
): Promise<Array<ApplyOutcome | 'failed'>> {
  const { reply, ids } = await receiveWebhook(platform, provider, delivery, 'caller');
  return [...reply.duplicates.map(() => 'duplicate' as const), ...(await applyStored(platform, ids))];
}

/** Applies stored events one by one (each claimed first): their outcomes, 'failed' for one kept with its error. */
export async function applyStored(
  platform: Platform,
  ids: number[],
  now = new Date(),
): Promise<Array<ApplyOutcome | 'failed'>> {
  const outcomes: Array<ApplyOutcome | 'failed'> = [];
  for (const id of ids) {
    const outcome = await applyOne(platform, id, now);
    if (outcome) outcomes.push(outcome);
  }
  return outcomes;
}

/** Claims one event (nobody else applies it meanwhile), applies it, and records how it went. */
async function applyOne(platform: Platform, id: number, now: Date): Promise<ApplyOutcome | 'failed' | null> {
  const claimed = await platform.tenancy.crossAccount('webhooks', (tx) =>
    tx
      .updateTable('inbound_events')
      .set((eb) => ({
        state: 'applying',
        attempts: eb('attempts', '+', 1),
        next_attempt_at: new Date(now.getTime() + LEASE_MS),
      }))
      .where('id', '=', id)
      .where('state', 'in', ['received', 'failed', 'applying'])
      // The database's clock too: an event stored this very millisecond has a due time in
      // microseconds a millisecond Date would not reach (it was then applied by nobody).
      .where('next_attempt_at', '<=', sql<Date>`greatest(clock_timestamp(), ${now}::timestamptz)`)
      .returning(['provider', 'payload', 'attempts'])
      .executeTakeFirst(),
  );
  if (!claimed) return null;
  const finish = (set: Parameters<typeof markAs>[2]) => markAs(platform, id, set);
  try {
    const outcome = await providerOf(platform, claimed.provider).apply(claimed.payload);
    await finish({ state: 'applied', outcome, applied_at: new Date(), last_error: null });
    return outcome;
  } catch (error) {
    const dead = claimed.attempts >= MAX_ATTEMPTS;
    await finish({
      state: dead ? 'dead' : 'failed',
      last_error: (error instanceof Error ? error.message : String(error)).slice(0, 2000) || 'failed',
      next_attempt_at: new Date(now.getTime() + backoffMs(claimed.attempts)),
    });
    return 'failed';
  }
}

async function markAs(
  platform: Platform,
  id: number,
  set: {
    state: InboundState;
    outcome?: ApplyOutcome;
    applied_at?: Date;
    last_error: string | null;
    next_attempt_at?: Date;
  },
): Promise<void> {
  await platform.tenancy.crossAccount('webhooks', (tx) =>
    tx.updateTable('inbound_events').set(set).where('id', '=', id).execute(),
  );
}

/**
 * The retry sweep: every event due by `now` (never applied, failed and past its back-off, or
 * claimed by a process that did not finish) of a provider this process knows, applied once more.
 * Answers how many it applied.
 */
export async function applyDueWebhooks(platform: Platform, now = new Date(), limit = 100): Promise<number> {
  const providers = [...registryOf(platform).providers.keys()];
  if (providers.length === 0) return 0;
  const due = await platform.tenancy.crossAccount('webhooks', (tx) =>
    tx
      .selectFrom('inbound_events')
      .select('id')
      .where('state', 'in', ['received', 'failed', 'applying'])
      .where('next_attempt_at', '<=', sql<Date>`greatest(clock_timestamp(), ${now}::timestamptz)`)
      .where('provider', 'in', providers)
      .orderBy('next_attempt_at')
      .limit(limit)
      .execute(),
  );
  const outcomes = await applyStored(
    platform,
    due.map((r) => r.id),
    now,
  );
  return outcomes.filter((o) => o !== 'failed').length;
}

/** The job that applies one stored event (enqueued with it). */
export const WEBHOOK_APPLY_JOB = 'webhook-apply';

export function webhookApplyJob(platform: Platform): JobDefinition {
  return job<{ id: number }>(WEBHOOK_APPLY_JOB, ({ id }) => applyStored(platform, [id]));
}

/** The sweep every ten seconds on the job queue (one run at a time across processes). */
export function webhookRetriesJob(platform: Platform): JobDefinition {
  return job('webhook-retries', () => applyDueWebhooks(platform), { every: 10, singleton: true });
}
