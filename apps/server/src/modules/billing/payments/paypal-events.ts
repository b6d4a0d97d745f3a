/**
 * PayPal's webhook events applied (issue 13: "The ledger is credited only by the server-side
 * confirmation, idempotently"). A capture PayPal answers PENDING (an eCheck) leaves its payment
 * 'processing'; PayPal's webhook says later what became of it:
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
 * A capture names its order (supplementary_data.related_ids.order_id); a refund names only its
 * capture (its 'up' link), whose order the provider answers. Our payment is the order's.
 * The sandbox PayPal's events (eChecks clearing, refunds) are delivered to the same pipeline by
 * `deliverSandboxPayPal`, the `paypal-sandbox-delivery` job every two seconds (`sandboxPayPalJobs`).
 */
import { formatPence, PAYMENT_MESSAGES } from '@switchboard/domain';
import { type JobDefinition, job } from '../../../platform/jobs.ts';
import type { Platform } from '../../../platform/platform.ts';
import type { Tx } from '../../../platform/tenancy.ts';
import { type ApplyOutcome, deliverAndApply } from '../../../platform/webhooks.ts';
import { SandboxPayPal } from '../../../providers/payments/paypal.ts';
import { notify } from '../../mail/index.ts';
import { postToLedger } from '../ledger.ts';
import { settleAs } from './settle.ts';

/** The payment of a PayPal order (the order's id is its provider_id). */
export const paypalPayment = (tx: Tx, orderId: string) =>
  tx.selectFrom('payments').selectAll().where('provider_id', '=', orderId).where('method', '=', 'paypal');

/** PayPal's name in the inbound-webhook pipeline. */
export const PAYPAL_WEBHOOKS = 'paypal';

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

export type PaypalEvent = { id?: unknown; event_type?: unknown; resource?: Resource };

/** The event's id, its key in the inbound-webhook pipeline. */
export const paypalEventId = (event: PaypalEvent) => text(event.id) ?? '';

/** A verified PayPal event applied (once: the inbound-webhook pipeline). */
export async function applyPaypalEvent(platform: Platform, event: PaypalEvent): Promise<ApplyOutcome> {
  const paypal = platform.providers.paypal;
  const kind = CAPTURE_EVENTS[String(event.event_type) as keyof typeof CAPTURE_EVENTS];
  const resource = event.resource;
  if (!kind || typeof resource !== 'object' || resource === null) return 'ignored';
  const resourceId = text(resource.id);
  if (!resourceId) return 'ignored';

  // Our payment: the order's (a capture names it; a refund's capture is asked of the provider).
  let orderId = text(resource.supplementary_data?.related_ids?.order_id);
  if (!orderId && (kind === 'refunded' || kind === 'reversed')) {
    const captureId = upCapture(resource);
    // PayPal unavailable: the event is kept with its error and retried by the pipeline.
    orderId = captureId ? await paypal.orderOfCapture(captureId) : null;
  }
  if (!orderId) return 'ignored';
  const payment = await platform.tenancy.crossAccount('payments', (tx) =>
    paypalPayment(tx, orderId).executeTakeFirst(),
  );
  if (!payment) return 'ignored';

  const eventId = `paypal:${String(event.id ?? resourceId)}`;
  switch (kind) {
    case 'completed':
      // The capture of our order, of its amount in GBP: anything else is not this payment's money.
      if (gbpPence(resource.amount) !== payment.amount_pence) return 'ignored';
      return settleAs(platform, eventId, orderId, 'succeeded');
    case 'denied':
      return settleAs(platform, eventId, orderId, 'requires_payment_method', PAYMENT_MESSAGES.paypalCaptureDeclined);
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
): Promise<ApplyOutcome> {
  if (!amountPence) return 'ignored';
  return platform.tenancy.crossAccount('payments', async (tx) => {
    const payment = await paypalPayment(tx, orderId).forUpdate().executeTakeFirst();
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

/**
 * The sandbox PayPal's side: the eChecks due by `now` clear (or are returned), and every webhook
 * event it holds is delivered, signed, to the same handler (one that fails is sent again later).
 * Answers the outcomes, in order. Nothing with the real provider (PayPal delivers its own).
 */
export async function deliverSandboxPayPal(
  platform: Platform,
  now = new Date(),
  limit = 50,
): Promise<Array<ApplyOutcome | 'failed'>> {
  const sandbox = platform.providers.paypal;
  if (!(sandbox instanceof SandboxPayPal)) return [];
  await sandbox.clearEchecks(now);
  const outcomes: Array<ApplyOutcome | 'failed'> = [];
  for (let i = 0; i < limit; i++) {
    const next = await sandbox.nextWebhook();
    if (!next) break;
    const delivery = { rawBody: next.body, headers: sandbox.sign(next.body) };
    outcomes.push(...(await deliverAndApply(platform, PAYPAL_WEBHOOKS, delivery)));
    await sandbox.delivered(next.id);
  }
  return outcomes;
}

/**
 * deliverSandboxPayPal every two seconds on the job queue (the sandbox only): an eCheck clears, a
 * refund arrives, about when PayPal's own webhook would.
 */
export function sandboxPayPalJobs(platform: Platform): JobDefinition[] {
  if (!(platform.providers.paypal instanceof SandboxPayPal)) return [];
  return [job('paypal-sandbox-delivery', () => deliverSandboxPayPal(platform), { every: 2, singleton: true })];
}
