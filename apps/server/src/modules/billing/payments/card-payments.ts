/**
 * Card payments (issue 13): made with the provider, confirmed by the browser with it, and settled
 * only by the provider's signed webhook (`applyCardEvent`, then `settle()`).
 */
import crypto from 'node:crypto';
import { formatPence, PAYMENT_MESSAGES, type PaymentStatus } from '@switchboard/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Insertable } from 'kysely';
import { forbidden, HttpError } from '../../../platform/errors.ts';
import type { Platform } from '../../../platform/platform.ts';
import { assertAvailable, ProviderUnavailableError } from '../../../platform/provider-modes.ts';
import type { Tx } from '../../../platform/tenancy.ts';
import { type ApplyOutcome, deliverAndApply } from '../../../platform/webhooks.ts';
import { type PaymentEvent, SandboxPayments } from '../../../providers/payments/payments.ts';
import { customerFor } from './off-session.ts';
import { paypalPayment } from './paypal-events.ts';
import { settle } from './settle.ts';
import type { PaymentsTable } from './tables.ts';

/** The card provider's name in the inbound-webhook pipeline. */
export const CARD_WEBHOOKS = 'stripe';

/** Who makes a payment: the account, and the user who asked (the provider admin acting as them, if any: the payment's row event names them). */
export type Payer = { accountNo: number; userId: number; puppeteer?: number | null };

/** A new card payment's own columns (a threshold: it turns auto top-up on; auto_bill: invoice auto-pay). */
export type NewCardPayment = Pick<
  Insertable<PaymentsTable>,
  'purpose' | 'invoice_id' | 'amount_pence' | 'description' | 'auto_top_up_threshold_pence' | 'auto_bill'
>;

/**
 * A payment with the card provider, recorded for the account; answers the client secret the browser
 * confirms it with (and Stripe's publishable key). One that saves its card (an auto top-up, autoBill)
 * is made for the account's customer at the provider. The provider is asked outside any transaction.
 */
export async function createCardPayment(platform: Platform, log: FastifyBaseLogger, payer: Payer, p: NewCardPayment) {
  const { accountNo, userId } = payer;
  const provider = platform.providers.payments;
  // No card provider (not configured, sandboxes off): refused before anything is recorded.
  assertAvailable(provider, 'payments');
  let intent: { id: string; clientSecret: string };
  let customerId = '';
  try {
    if (p.auto_top_up_threshold_pence || p.auto_bill) customerId = await customerFor(platform, accountNo);
    intent = await provider.createIntent({
      amountPence: p.amount_pence,
      description: p.description,
      metadata: { accountNo: String(accountNo), purpose: p.purpose, invoiceId: String(p.invoice_id ?? '') },
      idempotencyKey: `${accountNo}-${p.purpose}-${crypto.randomUUID()}`,
      ...(customerId ? { saveFor: { customerId } } : {}),
    });
  } catch (error) {
    if (error instanceof ProviderUnavailableError) throw error;
    log.error({ err: error }, 'the card provider did not make the payment');
    throw new HttpError(502, p.purpose === 'topup' ? PAYMENT_MESSAGES.topUpFailed : PAYMENT_MESSAGES.cardUnsuccessful);
  }
  await platform.tenancy.tenant(
    accountNo,
    (tx) =>
      tx
        .insertInto('payments')
        .values({
          ...p,
          account_no: accountNo,
          provider: provider.kind,
          provider_id: intent.id,
          client_secret: intent.clientSecret,
          auto_top_up: Boolean(p.auto_top_up_threshold_pence),
          customer_id: customerId,
          created_by: userId,
        })
        .execute(),
    { actor: payer },
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

/**
 * A PayPal top-up: PayPal's order (asked outside any transaction: the sandbox PayPal keeps its
 * orders in transactions of its own, as PayPal's side would), and its payment recorded.
 */
export async function createPaypalPayment(platform: Platform, payer: Payer, amountPence: number) {
  const { accountNo, userId } = payer;
  const paypal = platform.providers.paypal;
  assertAvailable(paypal, 'paypal');
  const description = `PayPal top-up ${formatPence(amountPence)}`;
  let orderId: string;
  try {
    orderId = await paypal.createOrder({ accountNo, amountPence, description, requestId: crypto.randomUUID() });
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw new HttpError(502, PAYMENT_MESSAGES.paypalUnavailable);
  }
  await platform.tenancy.tenant(
    accountNo,
    (tx) =>
      tx
        .insertInto('payments')
        .values({
          account_no: accountNo,
          purpose: 'topup',
          invoice_id: null,
          amount_pence: amountPence,
          description,
          provider: paypal.kind === 'paypal' ? 'paypal' : 'sandbox',
          method: 'paypal',
          provider_id: orderId,
          // PayPal has no client secret: a token of ours keeps the column's one-per-payment rule.
          client_secret: `paypal_${crypto.randomBytes(16).toString('hex')}`,
          created_by: userId,
        })
        .execute(),
    { actor: payer },
  );
  const clientId = paypal.clientId ? { clientId: paypal.clientId } : {};
  return { success: true, message: 'PayPal order created', orderId, provider: paypal.kind, ...clientId };
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
