import {
  can,
  formatPence,
  INVOICE_MESSAGES,
  MESSAGES,
  PAYMENT_MESSAGES,
  type PaymentStatus,
  paymentRoutes as routes,
} from '@switchboard/domain';
import type { FastifyInstance } from 'fastify';
import {
  applyCardEvent,
  applyPaypalEvent,
  autoTopUpOf,
  CARD_WEBHOOKS,
  createCardPayment,
  createPaypalPayment,
  deliverSandboxCardEvent as deliver,
  invoiceAutoPayOf,
  ownPayment,
  ownPaypalPayment,
  PAYPAL_WEBHOOKS,
  type PaypalEvent,
  payableInvoice,
  paypalEventId,
  pence,
  recordCardDigits,
  settleAs,
  stopInvoiceAutoPay,
  updateAutoTopUp,
} from '../../modules/billing/index.ts';
import type { AuthContext } from '../../platform/auth.ts';
import { forbidden, HttpError, notFound, validationError } from '../../platform/errors.ts';
import type { Platform } from '../../platform/platform.ts';
import { ProviderUnavailableError } from '../../platform/provider-modes.ts';
import { openRoute, tenantRoute } from '../../platform/routes.ts';
import { type Delivery, webhookRoute } from '../../platform/webhooks.ts';
import { decideCard, SandboxPayments, signedWebhookEvent } from '../../providers/payments/payments.ts';
import { PayPalUnavailableError, SandboxPayPal } from '../../providers/payments/paypal.ts';

/** Where the card form sends the browser back (spec 1 §2: /invoice; a top-up to the transactions page). */
const RETURN_URL = { topup: '/account-transaction', invoice: '/invoice' } as const;

function returnWith(
  payment: { purpose: 'topup' | 'invoice'; provider_id: string; client_secret: string },
  status: string,
) {
  const q = new URLSearchParams({
    payment_intent: payment.provider_id,
    payment_intent_client_secret: payment.client_secret,
    redirect_status: status,
  });
  return `${RETURN_URL[payment.purpose]}?${q}`;
}

/** The caller (an open route's guard made sure of one), on their own account's path when it names one. */
function caller(auth: AuthContext | null, accountNo?: number): AuthContext {
  if (!auth) throw forbidden();
  if (accountNo !== undefined && accountNo !== auth.accountNo) throw notFound();
  return auth;
}

/** A top-up's caller: a prepay account's. */
function prepayCaller(auth: AuthContext | null, accountNo: number): AuthContext {
  const you = caller(auth, accountNo);
  if (!can(you, 'prepay', 'read')) throw new HttpError(403, PAYMENT_MESSAGES.prepayOnly);
  return you;
}

const PAYPAL_GUARD = [
  { resource: 'account', action: 'update' },
  { resource: 'paypal', action: 'create' },
] as const;

export function registerPaymentRoutes(api: FastifyInstance, platform: Platform): void {
  registerCardRoutes(api, platform);
  registerCardFormRoutes(api, platform);
  registerAutoPayRoutes(api, platform);
  registerPaypalRoutes(api, platform);
  registerWebhooks(api, platform);
}

/**
 * A card top-up (optionally turning auto top-up on) and an invoice's pay, its whole total (optionally
 * turning invoice auto-pay on): open routes with the guard, the card provider asked outside any
 * transaction. Each answers the client secret the browser confirms with.
 */
function registerCardRoutes(api: FastifyInstance, platform: Platform): void {
  openRoute(api, platform, routes.topUp, {
    allow: { resource: 'account', action: 'update' },
    handler: async ({ auth, request }, { params, body }) => {
      const you = prepayCaller(auth, params.account_no);
      const amountPence = pence(body.amount);
      return createCardPayment(platform, request.log, you, {
        purpose: 'topup',
        invoice_id: null,
        amount_pence: amountPence,
        description: `Card top-up ${formatPence(amountPence)}`,
        auto_top_up_threshold_pence: body.autoTopup ? pence(body.threshold) : null,
      });
    },
  });
  openRoute(api, platform, routes.payInvoice, {
    allow: [
      { resource: 'account', action: 'update' },
      { resource: 'retail', action: 'read' },
    ],
    handler: async ({ auth, request }, { params, body }) => {
      const you = caller(auth);
      const invoice = await platform.tenancy.tenant(you.accountNo, (db) => payableInvoice(db, params.invoiceNumber), {
        readOnly: true,
      });
      // Any positive number may be sent: not always decimal text pence() reads (1e-7).
      const amountPence = Math.round(body.amount * 100);
      if (amountPence !== invoice.total_pence) {
        throw validationError({ amount: INVOICE_MESSAGES.wrongAmount(invoice.total_pence) });
      }
      return createCardPayment(platform, request.log, you, {
        purpose: 'invoice',
        invoice_id: invoice.id,
        amount_pence: amountPence,
        description: `Invoice ${invoice.invoice_no}`,
        auto_bill: body.autoBill,
      });
    },
  });
}

/** The card form: the caller's payment, and the sandbox's card confirmation and authentication (3-D Secure). */
function registerCardFormRoutes(api: FastifyInstance, platform: Platform): void {
  const provider = platform.providers.payments;
  const sandbox = provider instanceof SandboxPayments;
  /** The caller's own payment of the sandbox's card form. */
  const sandboxPayment = (auth: AuthContext | null, clientSecret: string) => {
    const you = caller(auth);
    if (!sandbox) throw new HttpError(404, PAYMENT_MESSAGES.unknownPayment);
    return platform.tenancy.tenant(you.accountNo, (tx) => ownPayment(tx, clientSecret));
  };

  openRoute(api, platform, routes.payment, {
    allow: 'session',
    handler: async ({ auth }, { params }) => {
      const p = await platform.tenancy.tenant(caller(auth).accountNo, (tx) => ownPayment(tx, params.clientSecret));
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
      const payment = await sandboxPayment(auth, body.clientSecret);
      if (payment.status === 'succeeded' || payment.status === 'processing') {
        throw new HttpError(409, PAYMENT_MESSAGES.alreadyDone);
      }
      const decision = decideCard(body);
      // The card form's own check: nothing reaches the card network.
      if (decision.outcome === 'invalid') throw validationError({ [decision.field]: decision.message });
      await platform.tenancy.tenant(payment.account_no, (tx) => recordCardDigits(tx, payment.id, body.number), {
        actor: caller(auth),
      });
      switch (decision.outcome) {
        case 'declined':
          await deliver(platform, payment.provider_id, 'requires_payment_method', decision.message);
          return { status: 'requires_payment_method' as const, error: decision.message };
        case 'requires_action':
          await deliver(platform, payment.provider_id, 'requires_action');
          return { status: 'requires_action' as const };
        case 'succeeded':
          await deliver(platform, payment.provider_id, 'succeeded');
          return { status: 'succeeded' as const, redirect: returnWith(payment, 'succeeded') };
      }
    },
  });

  openRoute(api, platform, routes.sandboxAuthenticate, {
    allow: 'session',
    handler: async ({ auth }, { body }) => {
      const payment = await sandboxPayment(auth, body.clientSecret);
      if (payment.status !== 'requires_action') throw new HttpError(409, MESSAGES.recordNotFound);
      const status: PaymentStatus = body.approve ? 'succeeded' : 'requires_payment_method';
      await deliver(platform, payment.provider_id, status, body.approve ? '' : PAYMENT_MESSAGES.authenticationFailed);
      return {
        status,
        ...(body.approve ? {} : { error: PAYMENT_MESSAGES.authenticationFailed }),
        redirect: returnWith(payment, status),
      };
    },
  });
}

/** Auto top-up's state and update; invoice auto-pay's state, and turning it off (a later autoBill turns it on). */
function registerAutoPayRoutes(api: FastifyInstance, platform: Platform): void {
  tenantRoute(api, platform, routes.hasAutoTopUp, {
    allow: { resource: 'account', action: 'read' },
    handler: async ({ auth, db }, { params }) => {
      caller(auth, params.account_no);
      // A postpay account has no auto top-up (nothing to top up): the status says so.
      const auto = await autoTopUpOf(db);
      return {
        autoTopupEnabled: auto?.enabled ?? false,
        cpv3AutoTopupEnabled: auto !== undefined,
        autoTopUpAmount: auto ? auto.amount_pence / 100 : 10,
        autoTopUpThreshold: auto ? auto.threshold_pence / 100 : 2,
      };
    },
  });
  tenantRoute(api, platform, routes.updateAutoTopUp, {
    allow: { resource: 'account', action: 'update' },
    handler: async ({ auth, db }, { params, body }) => {
      prepayCaller(auth, params.account_no);
      await updateAutoTopUp(db, body.enabled, body.threshold === undefined ? undefined : pence(body.threshold));
      return { success: true, message: body.enabled ? 'Auto top-up updated' : 'Auto top-up disabled' };
    },
  });
  tenantRoute(api, platform, routes.invoiceAutoPay, {
    allow: { resource: 'account', action: 'read' },
    handler: ({ db }) => invoiceAutoPayOf(db),
  });
  tenantRoute(api, platform, routes.stopInvoiceAutoPay, {
    allow: { resource: 'account', action: 'update' },
    handler: async ({ db }) => {
      await stopInvoiceAutoPay(db);
      return { success: true, message: PAYMENT_MESSAGES.autoPayStopped };
    },
  });
}

/**
 * PayPal (spec 1 §4: Payment, Next blocked until the provider approves, then Feedback): a top-up's
 * order, its capture, and the sandbox's PayPal window. Open routes with the guard: PayPal is asked
 * outside any transaction, and the capture and the credit are separate steps (its answer comes between).
 */
function registerPaypalRoutes(api: FastifyInstance, platform: Platform): void {
  const paypal = platform.providers.paypal;
  openRoute(api, platform, routes.paypalOrder, {
    allow: PAYPAL_GUARD,
    handler: async ({ auth }, { params, body }) =>
      createPaypalPayment(platform, prepayCaller(auth, params.account_no), pence(body.amount)),
  });
  openRoute(api, platform, routes.paypalCapture, {
    allow: PAYPAL_GUARD,
    handler: async ({ auth }, { params }) => {
      const payment = await ownPaypalPayment(platform, caller(auth, params.account_no).accountNo, params.orderId);
      const amountPence = payment.amount_pence;
      const done = { success: true, message: PAYMENT_MESSAGES.paypalSucceeded(formatPence(amountPence)), amountPence };
      if (payment.settled_at !== null) return done;
      let outcome: Awaited<ReturnType<typeof paypal.captureOrder>>;
      try {
        // One request id per payment: a retried capture is PayPal's same capture, never a second.
        outcome = await paypal.captureOrder(params.orderId, `capture-${payment.id}-${payment.client_secret}`);
      } catch (error) {
        if (error instanceof ProviderUnavailableError) throw error;
        throw new HttpError(502, PAYMENT_MESSAGES.paypalUnavailable);
      }
      const { orderId } = params;
      const event = (status: PaymentStatus, failure = '') =>
        settleAs(platform, `paypal:${orderId}:${status}`, orderId, status, failure);
      switch (outcome.status) {
        case 'not-approved':
          throw new HttpError(409, PAYMENT_MESSAGES.paypalNotApproved);
        case 'declined':
          await event('requires_payment_method', outcome.message);
          throw new HttpError(402, PAYMENT_MESSAGES.paypalDeclined);
        case 'pending':
          await event('processing');
          return { success: true, message: PAYMENT_MESSAGES.processing, amountPence };
        case 'completed':
          await event('succeeded');
          return done;
      }
    },
  });
  openRoute(api, platform, routes.paypalSandboxApprove, {
    allow: 'session',
    handler: async ({ auth }, { body }) => {
      const you = caller(auth);
      if (!(paypal instanceof SandboxPayPal)) throw new HttpError(404, PAYMENT_MESSAGES.unknownPayment);
      const payment = await ownPaypalPayment(platform, you.accountNo, body.orderId);
      if (payment.settled_at !== null) throw new HttpError(409, PAYMENT_MESSAGES.alreadyDone);
      return { status: await paypal.approve(body.orderId, body.approve, body.funding) };
    },
  });
}

/** The PayPal webhook's event once PayPal verified it (400 when it did not, 502 while it cannot say). */
async function verifiedPaypalEvent(platform: Platform, delivery: Delivery): Promise<PaypalEvent[]> {
  let verified: boolean;
  try {
    verified = await platform.providers.paypal.verifyWebhook(delivery.headers, delivery.rawBody);
  } catch (error) {
    // Not known now: a 5xx, so PayPal delivers it again later.
    if (error instanceof PayPalUnavailableError) throw new HttpError(502, PAYMENT_MESSAGES.paypalUnavailable);
    throw error;
  }
  if (!verified) throw new HttpError(400, PAYMENT_MESSAGES.badSignature);
  let event: PaypalEvent | null;
  try {
    event = JSON.parse(delivery.rawBody);
  } catch {
    return [];
  }
  return typeof event === 'object' && event !== null ? [event] : [];
}

/**
 * The providers' webhooks: public (the provider calls them), believed only with a good signature
 * over the body exactly as received (PayPal's verified by PayPal: verify-webhook-signature, or the
 * sandbox's own signature); each event stored once and applied once by the inbound-webhook pipeline.
 */
function registerWebhooks(api: FastifyInstance, platform: Platform): void {
  const provider = platform.providers.payments;
  webhookRoute(api, platform, routes.webhook, CARD_WEBHOOKS, {
    verify: (delivery) => [signedWebhookEvent(delivery, provider, PAYMENT_MESSAGES.badSignature)],
    eventId: (event) => event.eventId,
    apply: (event) => applyCardEvent(platform, event),
  });
  webhookRoute(api, platform, routes.paypalWebhook, PAYPAL_WEBHOOKS, {
    verify: (delivery) => verifiedPaypalEvent(platform, delivery),
    eventId: paypalEventId,
    apply: (event) => applyPaypalEvent(platform, event),
  });
}
