/**
 * The inbound-webhook pipeline itself (platform/webhooks.ts): through the card provider's webhook
 * (the sandbox's Stripe-signed events), and with a provider of the test's own whose apply fails
 * on purpose.
 */
import crypto from 'node:crypto';
import { PAYMENT_MESSAGES } from '@switchboard/domain';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type SandboxPayments, signPayload } from '../providers/payments/payments.ts';
import { balanceOf, createTestContext, json, type TestContext } from '../test/harness.ts';
import { webhookOutcomes } from '../test/webhooks.ts';
import {
  applyDueWebhooks,
  applyStored,
  backoffMs,
  deliverAndApply,
  MAX_ATTEMPTS,
  receiveWebhook,
  registerWebhookProvider,
  WEBHOOK_APPLY_JOB,
  webhookApplyJob,
} from './webhooks.ts';

let t: TestContext;
let prepay: Record<string, string>;
beforeAll(async () => {
  t = await createTestContext();
  prepay = await t.login('prepay');
});
afterAll(async () => t?.close());
afterEach(() => vi.restoreAllMocks());

const WEBHOOK = '/api/v1/payments/webhook';
const sandbox = () => t.app.platform.providers.payments as SandboxPayments;
const post = (body: string, signature: string) =>
  t.app.inject({
    method: 'POST',
    url: WEBHOOK,
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload: body,
  });
/** The signature with its first hex digit changed: the right length, the wrong value. */
const flipped = (signature: string) => signature.replace(/v1=(.)/, (_m, c: string) => `v1=${c === '0' ? '1' : '0'}`);
const eventsOf = (provider: string) =>
  t.database.db.selectFrom('inbound_events').selectAll().where('provider', '=', provider).orderBy('id').execute();
/** A card top-up of 30001 waiting for its confirmation: its intent id. */
const topUp = async (amount: number) => {
  const res = await t.api('POST', '/account/30001/topup', prepay, { amount, autoTopup: false, threshold: 2 });
  expect(res.statusCode, res.body).toBe(200);
  return String(json<{ clientSecret: string }>(res).clientSecret).split('_secret_')[0] as string;
};

describe('the inbound-webhook pipeline, through the card provider’s webhook', () => {
  it('refuses a wrong or missing signature with the provider’s 4xx and stores nothing', async () => {
    const intent = await topUp(20);
    const { body, signature } = sandbox().webhook(intent, 'succeeded');
    const before = (await eventsOf('stripe')).length;
    for (const s of [signPayload('whsec_not_the_providers', body), '', 'garbage', flipped(signature)]) {
      const res = await post(body, s);
      expect(res.statusCode).toBe(400);
      expect(json<{ message: string }>(res).message).toBe(PAYMENT_MESSAGES.badSignature);
    }
    await applyDueWebhooks(t.app.platform);
    expect(await eventsOf('stripe')).toHaveLength(before);
  });

  it('compares the signature in constant time', async () => {
    const intent = await topUp(20);
    const { body, signature } = sandbox().webhook(intent, 'succeeded');
    const compare = vi.spyOn(crypto, 'timingSafeEqual');
    // A signature of the right length but another value: compared in constant time, refused.
    expect((await post(body, flipped(signature))).statusCode).toBe(400);
    expect(compare).toHaveBeenCalled();
    const [given, expected] = compare.mock.calls.at(-1) ?? [];
    expect(given).toHaveLength(64);
    expect(expected).toHaveLength(64);
    compare.mockClear();
    expect(await webhookOutcomes(t, post(body, signature))).toEqual(['applied']);
    expect(compare).toHaveBeenCalled();
  });

  it('answers 2xx at once, stores a redelivered event once and applies it once', async () => {
    const intent = await topUp(30);
    const before = await balanceOf(t, 30001);
    const { body, signature } = sandbox().webhook(intent, 'succeeded');
    const eventId = JSON.parse(body).id as string;
    const first = await post(body, signature);
    expect(json(first)).toEqual({ received: true, stored: [eventId], duplicates: [] });
    const again = await post(body, signature);
    expect(json(again)).toEqual({ received: true, stored: [], duplicates: [eventId] });
    // Applied in a job enqueued with the event (once: not again for the duplicate), run here as a
    // serving process's worker would run it (the test app's queue only takes jobs).
    const [stored] = (await eventsOf('stripe')).filter((e) => e.event_id === eventId);
    const queued = await sql<{ data: unknown }>`select data from pgboss.job
      where name = ${WEBHOOK_APPLY_JOB} and data->>'id' = ${String(stored?.id)}`.execute(t.database.db);
    expect(queued.rows.map((r) => r.data)).toEqual([{ id: stored?.id }]);
    expect(await balanceOf(t, 30001)).toBe(before);
    await webhookApplyJob(t.app.platform).handler({ id: stored?.id }, { id: 'test', attempt: 1 });
    expect(await balanceOf(t, 30001)).toBe(before + 3000);
    const [row, ...more] = (await eventsOf('stripe')).filter((e) => e.event_id === eventId);
    expect(more).toEqual([]);
    expect(row).toMatchObject({ state: 'applied', outcome: 'applied', attempts: 1, last_error: null });
    expect(row?.applied_at).not.toBeNull();
    expect(row?.payload).toMatchObject({ eventId, intentId: intent, status: 'succeeded' });
    // Once more, later: still stored once, credited once.
    expect(await webhookOutcomes(t, post(body, signature))).toEqual(['duplicate']);
    expect(await balanceOf(t, 30001)).toBe(before + 3000);
  });

  it('applies two deliveries of the same event at once once', async () => {
    const intent = await topUp(40);
    const before = await balanceOf(t, 30001);
    const { body, signature } = sandbox().webhook(intent, 'succeeded');
    const both = await Promise.all([post(body, signature), post(body, signature)]);
    const outcomes = (await Promise.all(both.map((r) => webhookOutcomes(t, r)))).flat();
    expect(outcomes.sort()).toEqual(['applied', 'duplicate']);
    expect((await eventsOf('stripe')).filter((e) => e.event_id === JSON.parse(body).id)).toHaveLength(1);
    expect(await balanceOf(t, 30001)).toBe(before + 4000);
  });
});

describe('the inbound-webhook pipeline’s applies', () => {
  /** A provider whose apply fails while `failures` is above zero, counting its applies. */
  const provider = { failures: 0, applied: [] as string[] };
  const delivery = (id: string) => ({ rawBody: JSON.stringify({ id }), headers: { 'x-test-signature': 'good' } });
  beforeAll(() => {
    registerWebhookProvider<{ id: string }>(t.app.platform, 'test', {
      verify: ({ rawBody, headers }) => {
        if (headers['x-test-signature'] !== 'good') throw new Error('bad signature');
        return [JSON.parse(rawBody)];
      },
      eventId: (event) => event.id,
      apply: async (event) => {
        if (provider.failures > 0) {
          provider.failures--;
          throw new Error(`the provider is down (${event.id})`);
        }
        provider.applied.push(event.id);
        return 'applied';
      },
    });
  });
  const rowOf = async (id: string) => (await eventsOf('test')).find((e) => e.event_id === id);

  it('keeps a failed apply with its error, retries it after its back-off, then applies it once', async () => {
    provider.failures = 2;
    const { ids } = await receiveWebhook(t.app.platform, 'test', delivery('EV-RETRY'));
    await applyStored(t.app.platform, ids);
    const failed = await rowOf('EV-RETRY');
    expect(failed).toMatchObject({ state: 'failed', attempts: 1, last_error: 'the provider is down (EV-RETRY)' });
    // Not due before its back-off.
    expect(await applyDueWebhooks(t.app.platform)).toBe(0);
    expect((await rowOf('EV-RETRY'))?.attempts).toBe(1);
    const due = new Date(failed?.next_attempt_at ?? 0);
    expect(due.getTime() - Date.now()).toBeGreaterThan(backoffMs(1) - 5_000);
    // Due: fails again (kept with its error), then applies.
    expect(await applyDueWebhooks(t.app.platform, new Date(due.getTime() + 1))).toBe(0);
    expect(await rowOf('EV-RETRY')).toMatchObject({ state: 'failed', attempts: 2 });
    expect(await applyDueWebhooks(t.app.platform, new Date(Date.now() + 24 * 3_600_000))).toBe(1);
    expect(await rowOf('EV-RETRY')).toMatchObject({
      state: 'applied',
      outcome: 'applied',
      attempts: 3,
      last_error: null,
    });
    expect(provider.applied.filter((id) => id === 'EV-RETRY')).toHaveLength(1);
    // Applied: never again.
    expect(await applyDueWebhooks(t.app.platform, new Date(Date.now() + 48 * 3_600_000))).toBe(0);
  });

  it('gives up after its attempts, keeping the event and its error', async () => {
    provider.failures = MAX_ATTEMPTS;
    const { ids } = await receiveWebhook(t.app.platform, 'test', delivery('EV-DEAD'));
    let at = Date.now();
    for (let i = 0; i < MAX_ATTEMPTS; i++) {
      at += 7 * 3_600_000;
      await applyStored(t.app.platform, ids, new Date(at));
    }
    expect(await rowOf('EV-DEAD')).toMatchObject({
      state: 'dead',
      attempts: MAX_ATTEMPTS,
      last_error: 'the provider is down (EV-DEAD)',
    });
    expect(await applyDueWebhooks(t.app.platform, new Date(at + 365 * 24 * 3_600_000))).toBe(0);
    expect(provider.applied).not.toContain('EV-DEAD');
  });

  it('applies an event claimed twice at once once', async () => {
    const { ids } = await receiveWebhook(t.app.platform, 'test', delivery('EV-RACE'));
    const [a, b] = await Promise.all([applyStored(t.app.platform, ids), applyStored(t.app.platform, ids)]);
    expect([...(a ?? []), ...(b ?? [])]).toEqual(['applied']);
    expect(provider.applied.filter((id) => id === 'EV-RACE')).toHaveLength(1);
  });

  it('applies an event a crashed process had claimed once its lease has passed', async () => {
    const { ids } = await receiveWebhook(t.app.platform, 'test', delivery('EV-CRASHED'));
    // Claimed by a process that stopped before its apply finished.
    const leaseEnds = new Date(Date.now() + 5 * 60_000);
    await t.database.db
      .updateTable('inbound_events')
      .set({ state: 'applying', attempts: 1, next_attempt_at: leaseEnds })
      .where('id', 'in', ids)
      .execute();
    expect(await applyDueWebhooks(t.app.platform)).toBe(0);
    expect(provider.applied).not.toContain('EV-CRASHED');
    expect(await applyDueWebhooks(t.app.platform, new Date(leaseEnds.getTime() + 1))).toBe(1);
    expect(await rowOf('EV-CRASHED')).toMatchObject({ state: 'applied', attempts: 2 });
    expect(provider.applied.filter((id) => id === 'EV-CRASHED')).toHaveLength(1);
  });

  it('applies a sandbox’s in-process delivery at once, by that one path: no apply job is enqueued', async () => {
    expect(await deliverAndApply(t.app.platform, 'test', delivery('EV-INLINE'))).toEqual(['applied']);
    const row = await rowOf('EV-INLINE');
    expect(row).toMatchObject({ state: 'applied', outcome: 'applied', attempts: 1 });
    const queued = await sql`select id from pgboss.job
      where name = ${WEBHOOK_APPLY_JOB} and data->>'id' = ${String(row?.id)}`.execute(t.database.db);
    expect(queued.rows).toEqual([]);
    expect(await deliverAndApply(t.app.platform, 'test', delivery('EV-INLINE'))).toEqual(['duplicate']);
    expect(provider.applied.filter((id) => id === 'EV-INLINE')).toHaveLength(1);
  });

  it('stores nothing of a delivery its provider does not verify', async () => {
    await expect(
      receiveWebhook(t.app.platform, 'test', { rawBody: '{"id":"EV-FORGED"}', headers: {} }),
    ).rejects.toThrow('bad signature');
    expect(await rowOf('EV-FORGED')).toBeUndefined();
  });
});
