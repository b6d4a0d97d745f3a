/**
 * Card payments (issue 13, spec 1 §4 top-up wizard and invoice pay, §7): the top-up and the
 * invoice's pay create a payment with the card provider and answer its client secret; the browser
 * confirms it with the provider (the sandbox's card form here, Stripe's Payment Element when
 * configured) and comes back with redirect_status. Money moves only when the provider's signed
 * webhook says the payment succeeded: `settle()` credits the ledger (a top-up) or pays the invoice,
 * once per intent however often the webhook is delivered.
 * A payment made with auto top-up or autoBill saves its card for the off-session workers
 * (off-session.ts).
 */

import crypto from 'node:crypto';
import {
  can,
  formatPence,
  INVOICE_MESSAGES,
  invoiceStatus,
  isPayable,
  MESSAGES,
  PAYMENT_MESSAGES,
  type PaymentStatus,
  paymentRoutes,
  type SandboxConfirmBody,
} from '@switchboard/domain';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { londonToday } from '../../modules/billing/index.ts';
import { forbidden, HttpError, notFound, validationError } from '../../platform/errors.ts';
import type { Platform } from '../../platform/platform.ts';
import { assertAvailable, ProviderUnavailableError } from '../../platform/provider-modes.ts';
import { openRoute, tenantRoute } from '../../platform/routes.ts';
import type { Tx } from '../../platform/tenancy.ts';
import { type ApplyOutcome, deliverAndApply, webhookRoute } from '../../platform/webhooks.ts';
import {
  decideCard,
  type PaymentEvent,
  SandboxPayments,
  signedWebhookEvent,
} from '../../providers/payments/payments.ts';
import { SandboxPayPal } from '../../providers/payments/paypal.ts';
import { customerFor } from './off-session.ts';
import { registerPaypalWebhook } from './paypal-webhook.ts';
import { settle } from './settle.ts';

/** The card provider's name in the inbound-webhook pipeline. */
const CARD_WEBHOOKS = 'stripe';

/** Where the card form sends the browser back (spec 1 §2: /invoice; a top-up to the transactions page). */
const RETURN_URL = { topup: '/account-transaction', invoice: '/invoice' } as const;

function returnWith(url: string, payment: { provider_id: string; client_secret: string }, status: string) {
  const q = new URLSearchParams({
    payment_intent: payment.provider_id,
    payment_intent_client_secret: payment.client_secret,
    redirect_status: status,
  });
  return `${url}?${q}`;
}
/** The top-up's and the invoice pay's answer: the client secret the browser confirms with. */
function createdReply(platform: Platform, clientSecret: string, kind: 'sandbox' | 'stripe') {
  const provider = platform.providers.payments;
  return {
    success: true,
    message: 'Payment created',
    clientSecret,
    provider: kind,
    ...(provider.publishableKey ? { publishableKey: provider.publishableKey } : {}),
  };
}

/**
 * A payment with the provider, recorded for the account. A payment that saves its card (an auto
 * top-up, autoBill) is made for the account's customer at the provider, to keep the card for
 * off-session charges. The provider is asked outside any transaction.
 */
async function createPayment(
  platform: Platform,
  log: FastifyBaseLogger,
  p: {
    accountNo: number;
    userId: number;
    /** The provider admin acting as the account, if any (the payment's row event names them). */
    puppeteer: number | null;
    purpose: 'topup' | 'invoice';
    invoiceId: number | null;
    amountPence: number;
    description: string;
    autoTopUpThresholdPence?: number | null;
    autoBill?: boolean;
  },
) {
  const provider = platform.providers.payments;
  // No card provider (not configured, sandboxes off): refused before anything is recorded.
  assertAvailable(provider, 'payments');
  const saves = Boolean(p.autoTopUpThresholdPence) || Boolean(p.autoBill);
  let intent: { id: string; clientSecret: string };
  let customerId = '';
  try {
    if (saves) customerId = await customerFor(platform, p.accountNo);
    intent = await provider.createIntent({
      amountPence: p.amountPence,
      description: p.description,
      metadata: { accountNo: String(p.accountNo), purpose: p.purpose, invoiceId: String(p.invoiceId ?? '') },
      idempotencyKey: `${p.accountNo}-${p.purpose}-${crypto.randomUUID()}`,
      ...(customerId ? { saveFor: { customerId } } : {}),
    });
  } catch (error) {
    if (error instanceof ProviderUnavailableError) throw error;
    log.error({ err: error }, 'the card provider did not make the payment');
    throw new HttpError(502, p.purpose === 'topup' ? PAYMENT_MESSAGES.topUpFailed : PAYMENT_MESSAGES.cardUnsuccessful);
  }
  await platform.tenancy.tenant(
    p.accountNo,
    (tx) =>
      tx
        .insertInto('payments')
        .values({
          account_no: p.accountNo,
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
          created_by: p.userId,
        })
        .execute(),
    { actor: p },
  );
  return createdReply(platform, intent.clientSecret, provider.kind);
}

/** The caller's own payment by its client secret (row-level security: another account's is not found). */
async function ownPayment(tx: Tx, clientSecret: string) {
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
function ownOrder(platform: Platform, accountNo: number, orderId: string) {
  return platform.tenancy.tenant(accountNo, (tx) =>
    tx
      .selectFrom('payments')
      .selectAll()
      .where('provider_id', '=', orderId)
      .where('method', '=', 'paypal')
      .executeTakeFirst(),
  );
}

export function registerPaymentRoutes(api: FastifyInstance, platform: Platform): void {
  registerTopUpRoutes(api, platform);
  registerPayInvoiceRoute(api, platform);
  registerCardFormRoutes(api, platform);
  registerInvoiceAutoPayRoutes(api, platform);
  // ---- PayPal (spec 1 §4: Payment, Next blocked until the provider approves, then Feedback) ----
  registerPaypalWebhook(api, platform, settle);
  registerPaypalOrderRoute(api, platform);
  registerPaypalCaptureRoute(api, platform);
  registerPaypalSandboxApproveRoute(api, platform);
  registerCardWebhookRoute(api, platform);
}

/** Card top-ups: the auto top-up's state, a top-up (optionally turning auto top-up on), auto top-up's update. */
function registerTopUpRoutes(api: FastifyInstance, platform: Platform): void {
  const routes = paymentRoutes;
  tenantRoute(api, platform, routes.hasAutoTopUp, {
    allow: { resource: 'account', action: 'read' },
    handler: async ({ auth, db }, { params }) => {
      if (params.account_no !== auth.accountNo) throw notFound();
      // A postpay account has no auto top-up (nothing to top up): the status says so.
      const auto = await db.selectFrom('auto_top_ups').selectAll().executeTakeFirst();
      return {
        autoTopupEnabled: auto?.enabled ?? false,
        cpv3AutoTopupEnabled: auto !== undefined,
        autoTopUpAmount: auto ? auto.amount_pence / 100 : 10,
        autoTopUpThreshold: auto ? auto.threshold_pence / 100 : 2,
      };
    },
  });

  // Open routes with the guard: the card provider is asked outside any transaction.
  openRoute(api, platform, routes.topUp, {
    allow: { resource: 'account', action: 'update' },
    handler: async ({ auth, request }, { params, body }) => {
      if (!auth) throw forbidden();
      if (params.account_no !== auth.accountNo) throw notFound();
      if (!can(auth, 'prepay', 'read')) throw new HttpError(403, PAYMENT_MESSAGES.prepayOnly);
      const amountPence = Math.round(body.amount * 100);
      return createPayment(platform, request.log, {
        accountNo: auth.accountNo,
        userId: auth.userId,
        puppeteer: auth.puppeteer,
        purpose: 'topup',
        invoiceId: null,
        amountPence,
        description: `Card top-up ${formatPence(amountPence)}`,
        autoTopUpThresholdPence: body.autoTopup ? Math.round(body.threshold * 100) : null,
      });
    },
  });

  tenantRoute(api, platform, routes.updateAutoTopUp, {
    allow: { resource: 'account', action: 'update' },
    handler: async ({ auth, db }, { params, body }) => {
      if (params.account_no !== auth.accountNo) throw notFound();
      if (!can(auth, 'prepay', 'read')) throw new HttpError(403, PAYMENT_MESSAGES.prepayOnly);
      const updated = await db
        .updateTable('auto_top_ups')
        .set({
          enabled: body.enabled,
          ...(body.threshold === undefined ? {} : { threshold_pence: Math.round(body.threshold * 100) }),
          updated_at: new Date(),
        })
        .returning('account_no')
        .executeTakeFirst();
      if (!updated)
        throw new HttpError(404, 'There is no auto top-up to update: make a card top-up with auto top-up first');
      return { success: true, message: body.enabled ? 'Auto top-up updated' : 'Auto top-up disabled' };
    },
  });
}

/** Paying a payable invoice by card, its whole total (optionally turning invoice auto-pay on). */
function registerPayInvoiceRoute(api: FastifyInstance, platform: Platform): void {
  openRoute(api, platform, paymentRoutes.payInvoice, {
    allow: [
      { resource: 'account', action: 'update' },
      { resource: 'retail', action: 'read' },
    ],
    handler: async ({ auth, request }, { params, body }) => {
      if (!auth) throw forbidden();
      const invoice = await platform.tenancy.tenant(
        auth.accountNo,
        (db) =>
          db
            .selectFrom('invoices')
            .select(['id', 'invoice_no', 'status', 'due_date', 'total_pence'])
            .where('invoice_no', '=', params.invoiceNumber)
            .executeTakeFirst(),
        { readOnly: true },
      );
      if (!invoice) throw notFound();
      if (!isPayable(invoiceStatus(invoice.status, String(invoice.due_date), londonToday()))) {
        throw new HttpError(409, INVOICE_MESSAGES.notPayable);
      }
      const amountPence = Math.round(body.amount * 100);
      if (amountPence !== invoice.total_pence) {
        throw validationError({ amount: INVOICE_MESSAGES.wrongAmount(invoice.total_pence) });
      }
      return createPayment(platform, request.log, {
        accountNo: auth.accountNo,
        userId: auth.userId,
        puppeteer: auth.puppeteer,
        purpose: 'invoice',
        invoiceId: invoice.id,
        amountPence,
        description: `Invoice ${invoice.invoice_no}`,
        autoBill: body.autoBill,
      });
    },
  });
}

/** The sandbox provider delivering its signed webhook to this server's pipeline, applied before the form answers. */
async function deliver(platform: Platform, intentId: string, status: PaymentStatus, failure = '') {
  const sandbox = platform.providers.payments;
  if (!(sandbox instanceof SandboxPayments)) throw forbidden();
  const { body, signature } = sandbox.webhook(intentId, status, failure);
  await deliverAndApply(platform, CARD_WEBHOOKS, { rawBody: body, headers: { 'stripe-signature': signature } });
}

/** The card form: the caller's payment, and the sandbox's card confirmation and authentication (3-D Secure). */
function registerCardFormRoutes(api: FastifyInstance, platform: Platform): void {
  const routes = paymentRoutes;
  const provider = platform.providers.payments;
  const sandbox = provider instanceof SandboxPayments ? provider : null;

  openRoute(api, platform, routes.payment, {
    allow: 'session',
    handler: async ({ auth }, { params }) => {
      if (!auth) throw forbidden();
      const p = await platform.tenancy.tenant(auth.accountNo, (tx) => ownPayment(tx, params.clientSecret));
      return {
        clientSecret: p.client_secret,
        status: p.status,
        purpose: p.purpose,
        amountPence: p.amount_pence,
        description: p.description,
        failure: p.failure,
        returnUrl: RETURN_URL[p.purpose],
        provider: p.provider === 'stripe' ? ('stripe' as const) : ('sandbox' as const),
        ...(p.provider === 'stripe' && provider.publishableKey ? { publishableKey: provider.publishableKey } : {}),
      };
    },
  });

  openRoute(api, platform, routes.sandboxConfirm, {
    allow: 'session',
    handler: async ({ auth }, { body }) => {
      if (!auth) throw forbidden();
      if (!sandbox) throw new HttpError(404, PAYMENT_MESSAGES.unknownPayment);
      const payment = await platform.tenancy.tenant(auth.accountNo, (tx) => ownPayment(tx, body.clientSecret));
      if (payment.status === 'succeeded' || payment.status === 'processing') {
        throw new HttpError(409, PAYMENT_MESSAGES.alreadyDone);
      }
      const decision = decideCard(body as Required<SandboxConfirmBody>);
      if (decision.outcome !== 'invalid') {
        const last4 = body.number.replace(/\D/g, '').slice(-4);
        await platform.tenancy.tenant(
          auth.accountNo,
          (tx) => tx.updateTable('payments').set({ card_last4: last4 }).where('id', '=', payment.id).execute(),
          { actor: auth },
        );
      }
      switch (decision.outcome) {
        case 'invalid':
          // The card form's own check: nothing reaches the card network.
          throw validationError({ [decision.field]: decision.message });
        case 'declined':
          await deliver(platform, payment.provider_id, 'requires_payment_method', decision.message);
          return { status: 'requires_payment_method' as const, error: decision.message };
        case 'requires_action':
          await deliver(platform, payment.provider_id, 'requires_action');
          return { status: 'requires_action' as const };
        case 'succeeded':
          await deliver(platform, payment.provider_id, 'succeeded');
          return {
            status: 'succeeded' as const,
            redirect: returnWith(RETURN_URL[payment.purpose], payment, 'succeeded'),
          };
      }
    },
  });

  openRoute(api, platform, routes.sandboxAuthenticate, {
    allow: 'session',
    handler: async ({ auth }, { body }) => {
      if (!auth) throw forbidden();
      if (!sandbox) throw new HttpError(404, PAYMENT_MESSAGES.unknownPayment);
      const current = await platform.tenancy.tenant(auth.accountNo, (tx) => ownPayment(tx, body.clientSecret));
      if (current.status !== 'requires_action') throw new HttpError(409, MESSAGES.recordNotFound);
      const status: PaymentStatus = body.approve ? 'succeeded' : 'requires_payment_method';
      const payment = await platform.tenancy.tenant(auth.accountNo, (tx) => ownPayment(tx, body.clientSecret));
      await deliver(platform, payment.provider_id, status, body.approve ? '' : PAYMENT_MESSAGES.authenticationFailed);
      return {
        status,
        ...(body.approve ? {} : { error: PAYMENT_MESSAGES.authenticationFailed }),
        redirect: returnWith(RETURN_URL[payment.purpose], payment, status),
      };
    },
  });
}

/** Invoice auto-pay: its state, and turning it off (a later Pay Invoice with autoBill turns it on). */
function registerInvoiceAutoPayRoutes(api: FastifyInstance, platform: Platform): void {
  tenantRoute(api, platform, paymentRoutes.invoiceAutoPay, {
    allow: { resource: 'account', action: 'read' },
    handler: async ({ db }) => {
      const auto = await db
        .selectFrom('invoice_auto_pay as a')
        .innerJoin('payments as p', 'p.id', 'a.payment_id')
        .select(['a.enabled', 'p.card_last4'])
        .executeTakeFirst();
      return { enabled: auto?.enabled ?? false, last4: auto?.card_last4 ?? '' };
    },
  });

  tenantRoute(api, platform, paymentRoutes.stopInvoiceAutoPay, {
    allow: { resource: 'account', action: 'update' },
    handler: async ({ db }) => {
      const stopped = await db
        .updateTable('invoice_auto_pay')
        .set({ enabled: false, updated_at: new Date() })
        .where('enabled', '=', true)
        .returning('account_no')
        .executeTakeFirst();
      if (!stopped) throw new HttpError(404, PAYMENT_MESSAGES.noAutoPay);
      return { success: true, message: PAYMENT_MESSAGES.autoPayStopped };
    },
  });
}

const PAYPAL_GUARD = [
  { resource: 'account', action: 'update' },
  { resource: 'paypal', action: 'create' },
] as const;

/**
 * A PayPal top-up's order. An open route with the guard: the sandbox PayPal keeps its orders in the
 * database, in transactions of its own (as PayPal's side would), so no request transaction is held around it.
 */
function registerPaypalOrderRoute(api: FastifyInstance, platform: Platform): void {
  const paypal = platform.providers.paypal;
  openRoute(api, platform, paymentRoutes.paypalOrder, {
    allow: [...PAYPAL_GUARD],
    handler: async ({ auth }, { params, body }) => {
      if (!auth) throw forbidden();
      if (params.account_no !== auth.accountNo) throw notFound();
      if (!can(auth, 'prepay', 'read')) throw new HttpError(403, PAYMENT_MESSAGES.prepayOnly);
      assertAvailable(paypal, 'paypal');
      const amountPence = Math.round(body.amount * 100);
      const description = `PayPal top-up ${formatPence(amountPence)}`;
      let orderId: string;
      try {
        orderId = await paypal.createOrder({
          accountNo: auth.accountNo,
          amountPence,
          description,
          requestId: crypto.randomUUID(),
        });
      } catch (error) {
        if (error instanceof HttpError) throw error;
        throw new HttpError(502, PAYMENT_MESSAGES.paypalUnavailable);
      }
      await platform.tenancy.tenant(
        auth.accountNo,
        (tx) =>
          tx
            .insertInto('payments')
            .values({
              account_no: auth.accountNo,
              purpose: 'topup',
              invoice_id: null,
              amount_pence: amountPence,
              description,
              provider: paypal.kind === 'paypal' ? 'paypal' : 'sandbox',
              method: 'paypal',
              provider_id: orderId,
              // PayPal has no client secret: a token of ours keeps the column's one-per-payment rule.
              client_secret: `paypal_${crypto.randomBytes(16).toString('hex')}`,
              created_by: auth.userId,
            })
            .execute(),
        { actor: auth },
      );
      return {
        success: true,
        message: 'PayPal order created',
        orderId,
        provider: paypal.kind,
        ...(paypal.clientId ? { clientId: paypal.clientId } : {}),
      };
    },
  });
}

/** Capturing an approved PayPal order, then settling its payment (an open route, like the order). */
function registerPaypalCaptureRoute(api: FastifyInstance, platform: Platform): void {
  const paypal = platform.providers.paypal;
  openRoute(api, platform, paymentRoutes.paypalCapture, {
    allow: [...PAYPAL_GUARD],
    // The capture and the credit are separate steps (PayPal's answer comes between).
    handler: async ({ auth }, { params }) => {
      if (!auth) throw forbidden();
      if (params.account_no !== auth.accountNo) throw notFound();
      const payment = await ownOrder(platform, auth.accountNo, params.orderId);
      if (!payment) throw new HttpError(404, PAYMENT_MESSAGES.unknownPayment);
      const done = (amountPence: number) => ({
        success: true,
        message: PAYMENT_MESSAGES.paypalSucceeded(formatPence(amountPence)),
        amountPence,
      });
      if (payment.settled_at !== null) return done(payment.amount_pence);
      let outcome: Awaited<ReturnType<typeof paypal.captureOrder>>;
      try {
        // One request id per payment: a retried capture is PayPal's same capture, never a second.
        outcome = await paypal.captureOrder(params.orderId, `capture-${payment.id}-${payment.client_secret}`);
      } catch (error) {
        if (error instanceof ProviderUnavailableError) throw error;
        throw new HttpError(502, PAYMENT_MESSAGES.paypalUnavailable);
      }
      const event = (status: PaymentStatus, failure = '') => ({
        eventId: `paypal:${params.orderId}:${status}`,
        intentId: params.orderId,
        status,
        failure,
      });
      switch (outcome.status) {
        case 'not-approved':
          throw new HttpError(409, PAYMENT_MESSAGES.paypalNotApproved);
        case 'declined':
          await settle(platform, event('requires_payment_method', outcome.message));
          throw new HttpError(402, PAYMENT_MESSAGES.paypalDeclined);
        case 'pending':
          await settle(platform, event('processing'));
          return { success: true, message: PAYMENT_MESSAGES.processing, amountPence: payment.amount_pence };
        case 'completed':
          await settle(platform, event('succeeded'));
          return done(payment.amount_pence);
      }
    },
  });
}

/** The sandbox's PayPal window: the buyer approves (or cancels) the caller's own order. */
function registerPaypalSandboxApproveRoute(api: FastifyInstance, platform: Platform): void {
  const paypal = platform.providers.paypal;
  const paypalSandbox = paypal instanceof SandboxPayPal ? paypal : null;
  openRoute(api, platform, paymentRoutes.paypalSandboxApprove, {
    allow: 'session',
    handler: async ({ auth }, { body }) => {
      if (!auth) throw forbidden();
      if (!paypalSandbox) throw new HttpError(404, PAYMENT_MESSAGES.unknownPayment);
      const payment = await ownOrder(platform, auth.accountNo, body.orderId);
      if (!payment) throw new HttpError(404, PAYMENT_MESSAGES.unknownPayment);
      if (payment.settled_at !== null) throw new HttpError(409, PAYMENT_MESSAGES.alreadyDone);
      return { status: await paypalSandbox.approve(body.orderId, body.approve, body.funding) };
    },
  });
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
async function applyCardEvent(platform: Platform, event: PaymentEvent): Promise<ApplyOutcome> {
  const provider = platform.providers.payments;
  let lookupFailed: unknown = null;
  let withCard = event;
  if (event.status === 'succeeded' && event.paymentMethodId && (await lacksCard(platform, event))) {
    try {
      const last4 = await provider.cardLast4(event.paymentMethodId);
      if (last4) withCard = { ...event, last4 };
    } catch (error) {
      lookupFailed = error;
    }
  }
  const outcome = await settle(platform, withCard);
  if (lookupFailed) throw new Error('The card details could not be retrieved', { cause: lookupFailed });
  return outcome;
}

/**
 * The card provider's webhook: public (the provider calls it), believed only with a good signature
 * over the body exactly as received; each event stored once and applied once.
 */
function registerCardWebhookRoute(api: FastifyInstance, platform: Platform): void {
  const provider = platform.providers.payments;
  webhookRoute(api, platform, paymentRoutes.webhook, CARD_WEBHOOKS, {
    verify: (delivery) => [signedWebhookEvent(delivery, provider, PAYMENT_MESSAGES.badSignature)],
    eventId: (event) => event.eventId,
    apply: (event) => applyCardEvent(platform, event),
  });
}
