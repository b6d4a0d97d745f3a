/**
 * Tests of the providers' webhooks: a delivery's reply is 2xx at once, its events applied by the
 * inbound-webhook pipeline (platform/webhooks.ts). These run the pending applies and answer what
 * became of each event, as the handlers answered before the pipeline.
 */
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { type ApplyOutcome, applyDueWebhooks, type InboundState, type WebhookReply } from '../platform/webhooks.ts';
import type { TestContext } from './harness.ts';

export type DeliveryOutcome = ApplyOutcome | InboundState;

/**
 * Each event of a delivery once applied: 'duplicate' for one stored before, its apply's outcome
 * (or its state: 'failed' with its error kept) for one stored now.
 */
export async function webhookOutcomes(
  t: TestContext,
  response: LightMyRequestResponse | Promise<LightMyRequestResponse>,
): Promise<DeliveryOutcome[]> {
  const res = await response;
  expect(res.statusCode, res.body).toBe(200);
  const reply = res.json<WebhookReply>();
  const read = async () =>
    reply.stored.length === 0
      ? []
      : await t.database.db
          .selectFrom('inbound_events')
          .select(['event_id', 'state', 'outcome'])
          .where('event_id', 'in', reply.stored)
          .execute();
  // Applied by this call, or by another one running at once (which claimed it first): wait for it.
  await applyDueWebhooks(t.app.platform);
  let rows = await read();
  for (let tries = 0; tries < 100 && rows.some((r) => r.state === 'applying' || r.state === 'received'); tries++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    rows = await read();
  }
  const stored = reply.stored.map((id) => {
    const row = rows.find((r) => r.event_id === id);
    return row?.outcome ?? row?.state ?? 'received';
  });
  return [...reply.duplicates.map(() => 'duplicate' as const), ...stored];
}

/** A delivery of one event: what became of it ('ignored' when nothing was stored). */
export async function webhookOutcome(
  t: TestContext,
  response: LightMyRequestResponse | Promise<LightMyRequestResponse>,
): Promise<DeliveryOutcome> {
  return (await webhookOutcomes(t, response))[0] ?? 'ignored';
}
