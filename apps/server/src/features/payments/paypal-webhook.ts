/**
 * PayPal's webhooks (issue 13: "The ledger is credited only by the server-side confirmation,
 * idempotently"). A capture PayPal answers PENDING (an eCheck) leaves its payment 'processing';
 * PayPal's webhook says later what became of it:
 *
 * - PAYMENT.CAPTURE.COMPLETED: the payment succeeded: `settle()` credits the ledger once (per
 *   order, however often it is delivered, and whether the capture's own answer came first).
 * - PAYMENT.CAPTURE.DENIED / DECLINED: the payment failed: `settle()` tells the account (a
 *   notification and the 'payment failed' e-mail), once; nothing is credited.
 * - PAYMENT.CAPTURE.REFUNDED / REVERSED of a credited payment: the money went back to the buyer, so
 *   the ledger takes it back: one 'card-refund' debit per refund (its id is the posting's key),
 *   never more in all than the payment credited.
 * - Any other event is acknowledged and ignored.
 *
 * Each webhook is believed only once the provider verifies it (PayPal's verify-webhook-signature
 * for the real provider, the sandbox's own signature for the sandbox's): otherwise 400 and nothing
 * changes. A capture names its order (supplementary_data.related_ids.order_id); a refund names only
 * its capture (its 'up' link), whose order the provider answers. Our payment is the order's.
 *
 * The sandbox PayPal's events (eChecks clearing, refunds) are delivered to the same handler by
 * `deliverSandboxPayPal`, the `paypal-sandbox-delivery` job every two seconds (`sandboxPayPalJobs`).
 */
import { formatPence, PAYMENT_MESSAGES, paymentRoutes } from '@switchboard/domain';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../platform/errors.ts';
import { type JobDefinition, job } from '../../platform/jobs.ts';
import { postToLedger } from '../../platform/ledger.ts';
import { notify } from '../../platform/notify.ts';
import type { Platform } from '../../platform/platform.ts';
import { openRoute } from '../../platform/routes.ts';
import type { PaymentEvent } from '../../providers/payments/payments.ts';
import { PayPalUnavailableError, SandboxPayPal, type WebhookHeaders } from '../../providers/payments/paypal.ts';

import './tables.ts';

export type WebhookOutcome = 'applied' | 'duplicate' | 'ignored';
/** settle.ts's settle(): a payment's new status and, the first time it succeeds, its money. */
export type Settle = (platform: Platform, event: PaymentEvent) => Promise<WebhookOutcome>;

type Amount = { currency_code?: unknown; value?: unknown };
type Resource = {
  id?: unknown;
  status?: unknown;
  amount?: Amount;
  supplementary_data?: { related_ids?: { order_id?: unknown } };
  links?: Array<{ rel?: unknown; href?: unknown }>;
};

const CAPTURE_EVENTS = {
  'PAYMENT.CAPTURE.COMPLETED': 'completed',
  'PAYMENT.CAPTURE.DENIED': 'denied',
  'PAYMENT.CAPTURE.DECLINED': 'denied',
  'PAYMENT.CAPTURE.REFUNDED': 'refunded',
  'PAYMENT.CAPTURE.REVERSED': 'reversed',
} as const;

const text = (v: unknown) => (typeof v === 'string' && v.length > 0 && v.length <= 200 ? v : null);

/** Pence of a GBP amount ('30.00'), or null when it is not one. */
function gbpPence(amount: Amount | undefined): number | null {
  if (amount?.currency_code !== 'GBP' || typeof amount.value !== 'string') return null;
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(amount.value)) return null;
  return Math.round(Number(amount.value) * 100);
}

/** The capture a refund belongs to: the id at the end of its 'up' link (…/v2/payments/captures/{id}). */
function upCapture(resource: Resource): string | null {
  for (const l of resource.links ?? []) {
    if (l?.rel !== 'up' || typeof l.href !== 'string') continue;
    const m = /\/v2\/payments\/captures\/([A-Za-z0-9-]{1,64})\/?$/.exec(l.href);
    if (m?.[1]) return m[1];
  }
  return null;
}

/** PayPal's webhook, as received: verified by the provider, then applied. */
export async function handlePaypalWebhook(
  platform: Platform,
  settle: Settle,
  headers: WebhookHeaders,
  rawBody: string,
): Promise<WebhookOutcome> {
  const paypal = platform.providers.paypal;
  let verified: boolean;
  try {
    verified = await paypal.verifyWebhook(headers, rawBody);
  } catch (error) {
    // Not known now: a 5xx, so PayPal delivers it again later.
    if (error instanceof PayPalUnavailableError) throw new HttpError(502, PAYMENT_MESSAGES.paypalUnavailable);
    throw error;
  }
  if (!verified) throw new HttpError(400, PAYMENT_MESSAGES.badSignature);

  let event: { id?: unknown; event_type?: unknown; resource?: Resource };
  try {
    event = JSON.parse(rawBody);
  } catch {
    return 'ignored';
  }
  const kind = CAPTURE_EVENTS[String(event.event_type) as keyof typeof CAPTURE_EVENTS];
  const resource = event.resource;
  if (!kind || typeof resource !== 'object' || resource === null) return 'ignored';
  const resourceId = text(resource.id);
  if (!resourceId) return 'ignored';

  // Our payment: the order's (a capture names it; a refund's capture is asked of the provider).
  let orderId = text(resource.supplementary_data?.related_ids?.order_id);
  if (!orderId && (kind === 'refunded' || kind === 'reversed')) {
    const captureId = upCapture(resource);
    try {
      orderId = captureId ? await paypal.orderOfCapture(captureId) : null;
    } catch (error) {
      if (error instanceof PayPalUnavailableError) throw new HttpError(502, PAYMENT_MESSAGES.paypalUnavailable);
      throw error;
    }
  }
  if (!orderId) return 'ignored';
  const payment = await platform.tenancy.crossAccount('payments', (tx) =>
    tx
      .selectFrom('payments')
      .select(['id', 'amount_pence', 'purpose'])
      .where('provider_id', '=', orderId)
      .where('method', '=', 'paypal')
      .executeTakeFirst(),
  );
  if (!payment) return 'ignored';

  const paymentEvent = (status: PaymentEvent['status'], failure = ''): PaymentEvent => ({
    eventId: `paypal:${String(event.id ?? resourceId)}`,
    intentId: orderId,
    status,
    failure,
  });
  switch (kind) {
    case 'completed':
      // The capture of our order, of its amount in GBP: anything else is not this payment's money.
      if (gbpPence(resource.amount) !== payment.amount_pence) return 'ignored';
      return settle(platform, paymentEvent('succeeded'));
    case 'denied':
      return settle(platform, paymentEvent('requires_payment_method', PAYMENT_MESSAGES.paypalCaptureDeclined));
    case 'refunded':
    case 'reversed':
      return takeBack(platform, orderId, resourceId, gbpPence(resource.amount), kind);
  }
}

/**
 * A refund (or a reversal) of a credited PayPal top-up: one debit of the refunded amount, keyed
 * by the refund's id; never more in all than the payment credited. Tells the account once.
 */
async function takeBack(
  platform: Platform,
  orderId: string,
  refundId: string,
  amountPence: number | null,
  kind: 'refunded' | 'reversed',
): Promise<WebhookOutcome> {
  if (!amountPence) return 'ignored';
  return platform.tenancy.crossAccount('payments', async (tx) => {
    const payment = await tx
      .selectFrom('payments')
      .selectAll()
      .where('provider_id', '=', orderId)
      .where('method', '=', 'paypal')
      .forUpdate()
      .executeTakeFirst();
    // Only money the ledger was given can be taken back.
    if (payment?.purpose !== 'topup' || payment.status !== 'succeeded' || payment.settled_at === null) {
      return 'ignored';
    }
    const key = `paypal-refund:${refundId}`;
    const taken = await tx
      .selectFrom('ledger_entries')
      .select(['idempotency_key', 'amount_pence'])
      .where('account_no', '=', payment.account_no)
      .where('kind', '=', 'card-refund')
      .where('reference', '=', orderId)
      .execute();
    if (taken.some((e) => e.idempotency_key === key)) return 'duplicate';
    const already = taken.reduce((sum, e) => sum - e.amount_pence, 0);
    if (already + amountPence > payment.amount_pence) return 'ignored';
    const what = kind === 'refunded' ? 'refund' : 'reversal';
    await postToLedger(tx, {
      accountNo: payment.account_no,
      kind: 'card-refund',
      amountPence: -amountPence,
      description: `PayPal ${what}: ${payment.description}`,
      reference: orderId,
      idempotencyKey: key,
    });
    await notify(tx, payment.account_no, {
      kind: 'payment-refunded',
      title: `PayPal ${what}: ${formatPence(amountPence)}`,
      message: `${formatPence(amountPence)} of your PayPal payment (${payment.description}) went back to PayPal (a ${what}) and has been taken from your balance.`,
      icon: 'info',
      color: 'info',
    });
    return 'applied';
  });
}

/** The route: public (PayPal calls it), believed only once verified. */
export function registerPaypalWebhook(api: FastifyInstance, platform: Platform, settle: Settle): void {
  openRoute(api, platform, paymentRoutes.paypalWebhook, {
    allow: 'public',
    handler: async ({ request }) => ({
      received: true,
      outcome: await handlePaypalWebhook(platform, settle, request.headers, request.rawBody ?? ''),
    }),
  });
}

/**
 * The sandbox PayPal's side: the eChecks due by `now` clear (or are returned), and every webhook
 * event it holds is delivered, signed, to the same handler (one that fails is sent again later).
 * Answers the outcomes, in order. Nothing with the real provider (PayPal delivers its own).
 */
export async function deliverSandboxPayPal(
  platform: Platform,
  settle: Settle,
  now = new Date(),
  limit = 50,
): Promise<WebhookOutcome[]> {
  const sandbox = platform.providers.paypal;
  if (!(sandbox instanceof SandboxPayPal)) return [];
  await sandbox.clearEchecks(now);
  const outcomes: WebhookOutcome[] = [];
  for (let i = 0; i < limit; i++) {
    const next = await sandbox.nextWebhook();
    if (!next) break;
    outcomes.push(await handlePaypalWebhook(platform, settle, sandbox.sign(next.body), next.body));
    await sandbox.delivered(next.id);
  }
  return outcomes;
}

/**
 * deliverSandboxPayPal every two seconds on the job queue (the sandbox only): an eCheck clears, a
 * refund arrives, about when PayPal's own webhook would.
 */
export function sandboxPayPalJobs(platform: Platform, settle: Settle): JobDefinition[] {
  if (!(platform.providers.paypal instanceof SandboxPayPal)) return [];
  return [job('paypal-sandbox-delivery', () => deliverSandboxPayPal(platform, settle), { every: 2, singleton: true })];
}
