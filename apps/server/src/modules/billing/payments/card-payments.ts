/**
 * Card payments (issue 13, spec 1 §4 top-up wizard and invoice pay, §7): a top-up or an invoice's
 * pay creates a payment with the card provider; the browser confirms it with the provider (the
 * sandbox's card form, or Stripe's Payment Element) and money moves only when the provider's
 * signed webhook says the payment succeeded (`applyCardEvent`, then `settle()`). A payment made
 * with auto top-up or autoBill saves its card for the off-session charges (off-session.ts).
 */
import crypto from 'node:crypto';
import { PAYMENT_MESSAGES, type PaymentStatus } from '@switchboard/domain';
import type { FastifyBaseLogger } from 'fastify';
import { forbidden, HttpError } from '../../../platform/errors.ts';
import type { Platform } from '../../../platform/platform.ts';
import { assertAvailable, ProviderUnavailableError } from '../../../platform/provider-modes.ts';
import type { Tx } from '../../../platform/tenancy.ts';
import { type ApplyOutcome, deliverAndApply } from '../../../platform/webhooks.ts';
import { type PaymentEvent, SandboxPayments } from '../../../providers/payments/payments.ts';
import { customerFor } from './off-session.ts';
import { paypalPayment } from './paypal-events.ts';
import { settle } from './settle.ts';

/** The card provider's name in the inbound-webhook pipeline. */
export const CARD_WEBHOOKS = 'stripe';

export interface NewCardPayment {
  purpose: 'topup' | 'invoice';
  invoiceId: number | null;
  amountPence: number;
  description: string;
  autoTopUpThresholdPence?: number | null;
  autoBill?: boolean;
}

/**
 * A payment with the card provider, recorded for the account; answers the client secret the browser
 * confirms it with (and Stripe's publishable key). One that saves its card (an auto top-up, autoBill) is made for the account's
 * customer at the provider. The provider is asked outside any transaction.
 */
export async function createCardPayment(
  platform: Platform,
  log: FastifyBaseLogger,
  { accountNo, userId }: { accountNo: number; userId: number },
  p: NewCardPayment,
) {
  const provider = platform.providers.payments;
  // No card provider (not configured, sandboxes off): refused before anything is recorded.
  assertAvailable(provider, 'payments');
  let intent: { id: string; clientSecret: string };
  let customerId = '';
  try {
    if (p.autoTopUpThresholdPence || p.autoBill) customerId = await customerFor(platform, accountNo);
    intent = await provider.createIntent({
      amountPence: p.amountPence,
      description: p.description,
      metadata: { accountNo: String(accountNo), purpose: p.purpose, invoiceId: String(p.invoiceId ?? '') },
      idempotencyKey: `${accountNo}-${p.purpose}-${crypto.randomUUID()}`,
      ...(customerId ? { saveFor: { customerId } } : {}),
    });
  } catch (error) {
    if (error instanceof ProviderUnavailableError) throw error;
    log.error({ err: error }, 'the card provider did not make the payment');
    throw new HttpError(502, p.purpose === 'topup' ? PAYMENT_MESSAGES.topUpFailed : PAYMENT_MESSAGES.cardUnsuccessful);
  }
  await platform.tenancy.tenant(accountNo, (tx) =>
    tx
      .insertInto('payments')
      .values({
        account_no: accountNo,
        purpose: p.purpose,
        invoice_id: p.invoiceId,
        amount_pence: p.amountPence,
        description: p.description,
        provider: provider.kind,
        provider_id: intent.id,
        client_secret: intent.clientSecret,
        auto_top_up: Boolean(p.autoTopUpThresholdPence),
        auto_top_up_threshold_pence: p.autoTopUpThresholdPence ?? null,
        auto_bill: p.autoBill ?? false,
        customer_id: customerId,
        created_by: userId,
      })
      .execute(),
  );
  const { publishableKey } = provider;
  const key = publishableKey ? { publishableKey } : {};
  return {
    success: true,
    message: 'Payment created',
    clientSecret: intent.clientSecret,
    provider: provider.kind,
    ...key,
  };
}

/** A PayPal top-up's payment, of the order PayPal made. */
export function recordPaypalPayment(
  tx: Tx,
  { accountNo, userId }: { accountNo: number; userId: number },
  p: { amountPence: number; description: string; orderId: string; provider: 'sandbox' | 'paypal' },
) {
  return tx
    .insertInto('payments')
    .values({
      account_no: accountNo,
      purpose: 'topup',
      invoice_id: null,
      amount_pence: p.amountPence,
      description: p.description,
      provider: p.provider,
      method: 'paypal',
      provider_id: p.orderId,
      // PayPal has no client secret: a token of ours keeps the column's one-per-payment rule.
      client_secret: `paypal_${crypto.randomBytes(16).toString('hex')}`,
      created_by: userId,
    })
    .execute();
}

/** The caller's own payment by its client secret, locked (row-level security: another account's is not found). */
export async function ownPayment(tx: Tx, clientSecret: string) {
  const payment = await tx
    .selectFrom('payments')
    .selectAll()
    .where('client_secret', '=', clientSecret)
    .forUpdate()
    .executeTakeFirst();
  if (!payment) throw new HttpError(404, PAYMENT_MESSAGES.unknownPayment);
  return payment;
}

/** The caller's own PayPal payment by its order id (row-level security: another account's is not found). */
export async function ownPaypalPayment(platform: Platform, accountNo: number, orderId: string) {
  const payment = await platform.tenancy.tenant(accountNo, (tx) => paypalPayment(tx, orderId).executeTakeFirst());
  if (!payment) throw new HttpError(404, PAYMENT_MESSAGES.unknownPayment);
  return payment;
}

/** The card number's last four digits on the payment (the sandbox's saved card decides by them). */
export const recordCardDigits = (tx: Tx, paymentId: number, number: string) =>
  tx
    .updateTable('payments')
    .set({ card_last4: number.replace(/\D/g, '').slice(-4) })
    .where('id', '=', paymentId)
    .execute();

/** The sandbox provider delivering its signed webhook to this server's pipeline, applied before this answers. */
export async function deliverSandboxCardEvent(
  platform: Platform,
  intentId: string,
  status: PaymentStatus,
  failure = '',
): Promise<void> {
  const sandbox = platform.providers.payments;
  if (!(sandbox instanceof SandboxPayments)) throw forbidden();
  const { body, signature } = sandbox.webhook(intentId, status, failure);
  await deliverAndApply(platform, CARD_WEBHOOKS, { rawBody: body, headers: { 'stripe-signature': signature } });
}

/** Whether the event's payment is ours and has no card digits recorded yet. */
async function lacksCard(platform: Platform, event: PaymentEvent) {
  const ids = event.chargeKey ? [event.intentId, event.chargeKey] : [event.intentId];
  const payment = await platform.tenancy.crossAccount('payments', (tx) =>
    tx.selectFrom('payments').select('card_last4').where('provider_id', 'in', ids).executeTakeFirst(),
  );
  return payment !== undefined && payment.card_last4 === '';
}

/**
 * A verified card-provider event applied: a success names the card paid with (its last four
 * digits, the panel's 'card ending', from the provider's payment method, looked up before
 * settle()'s transaction opens). When that look-up fails the money still moves, once, and the
 * event is kept failed, so that its retry records the card.
 */
export async function applyCardEvent(platform: Platform, event: PaymentEvent): Promise<ApplyOutcome> {
  let lookupFailed: unknown = null;
  let withCard = event;
  if (event.status === 'succeeded' && event.paymentMethodId && (await lacksCard(platform, event))) {
    try {
      const last4 = await platform.providers.payments.cardLast4(event.paymentMethodId);
      if (last4) withCard = { ...event, last4 };
    } catch (error) {
      lookupFailed = error;
    }
  }
  const outcome = await settle(platform, withCard);
  if (lookupFailed) throw new Error('The card details could not be retrieved', { cause: lookupFailed });
  return outcome;
}
