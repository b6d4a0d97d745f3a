/**
 * Card payments (issue 13, spec 1 §4 top-up wizard and invoice pay, §7): the top-up and the
 * invoice's pay create a payment with the card provider and answer its client secret; the browser
 * confirms it with the provider (the sandbox's card form here, Stripe's Payment Element when
 * configured) and comes back with redirect_status. Money moves only when the provider's signed
 * webhook says the payment succeeded: `settle()` credits the ledger (a top-up) or pays the invoice,
 * once per intent however often the webhook is delivered.
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
  type PaymentPurpose,
  type PaymentStatus,
  paymentRoutes,
  type SandboxConfirmBody,
} from '@switchboard/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { londonToday } from '../../platform/billing-periods.ts';
import { forbidden, HttpError, notFound, validationError } from '../../platform/errors.ts';
import { payInvoice } from '../../platform/invoice-payments.ts';
import { postToLedger } from '../../platform/ledger.ts';
import { queueMail } from '../../platform/mail.ts';
import { paymentFailedMail } from '../../platform/mail-templates.ts';
import { notify } from '../../platform/notify.ts';
import type { Platform } from '../../platform/platform.ts';
import { openRoute, tenantRoute } from '../../platform/routes.ts';
import type { Tx } from '../../platform/tenancy.ts';
import {
  type CardPayments,
  decideCard,
  decideSavedCard,
  type PaymentEvent,
  SandboxPayments,
  WebhookSignatureError,
} from '../../providers/payments/payments.ts';
import { SandboxPayPal } from '../../providers/payments/paypal.ts';
import { registerPaypalWebhook } from './paypal-webhook.ts';

import './tables.ts';

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

/**
 * Applies a verified webhook: the payment's new status and, the first time it succeeds, the money
 * (in the same transaction as the status). Unknown intents are ignored (another system's).
 */
export async function settle(platform: Platform, event: PaymentEvent): Promise<'applied' | 'duplicate' | 'ignored'> {
  if (!event.intentId) return 'ignored';
  return platform.tenancy.crossAccount('payments', async (tx) => {
    const payment = await tx
      .selectFrom('payments')
      .selectAll()
      .where('provider_id', '=', event.intentId)
      .forUpdate()
      .executeTakeFirst();
    if (!payment) return 'ignored';
    if (payment.settled_at !== null) return 'duplicate';
    if (event.status === 'succeeded') {
      if (payment.purpose === 'topup') {
        await postToLedger(tx, {
          accountNo: payment.account_no,
          kind: 'top-up',
          amountPence: payment.amount_pence,
          description: payment.description,
          reference: payment.provider_id,
          idempotencyKey: `payment:${payment.provider_id}`,
        });
        if (payment.auto_top_up && payment.auto_top_up_threshold_pence) {
          await tx
            .insertInto('auto_top_ups')
            .values({
              account_no: payment.account_no,
              enabled: true,
              amount_pence: payment.amount_pence,
              threshold_pence: payment.auto_top_up_threshold_pence,
              payment_id: payment.id,
            })
            .onConflict((oc) =>
              oc.column('account_no').doUpdateSet({
                enabled: true,
                amount_pence: payment.amount_pence,
                threshold_pence: payment.auto_top_up_threshold_pence ?? 0,
                payment_id: payment.id,
                updated_at: new Date(),
              }),
            )
            .execute();
        }
      } else if (payment.invoice_id !== null) {
        await payInvoice(tx, payment.invoice_id, {
          reference: payment.provider_id,
          amountPence: payment.amount_pence,
        });
        // Paid with autoBill: this card pays the account's later invoices, three days after their date.
        if (payment.auto_bill) {
          const since = londonToday();
          await tx
            .insertInto('invoice_auto_pay')
            .values({ account_no: payment.account_no, enabled: true, payment_id: payment.id, since })
            .onConflict((oc) =>
              oc
                .column('account_no')
                .doUpdateSet({ enabled: true, payment_id: payment.id, since, updated_at: new Date() }),
            )
            .execute();
        }
      }
      await tx
        .updateTable('payments')
        .set({ status: 'succeeded', failure: '', settled_at: new Date(), updated_at: new Date() })
        .where('id', '=', payment.id)
        .execute();
      return 'applied';
    }
    if (event.status === payment.status && event.failure === payment.failure) return 'duplicate';
    await tx
      .updateTable('payments')
      .set({ status: event.status, failure: event.failure, updated_at: new Date() })
      .where('id', '=', payment.id)
      .execute();
    if (event.status === 'requires_payment_method') {
      const account = await tx
        .selectFrom('accounts')
        .select(['first_name', 'email'])
        .where('account_no', '=', payment.account_no)
        .executeTakeFirstOrThrow();
      await notify(tx, payment.account_no, {
        kind: 'payment-failed',
        title: `Payment failed: ${formatPence(payment.amount_pence)}`,
        message: `Your ${payment.method === 'paypal' ? 'PayPal' : 'card'} payment of ${formatPence(payment.amount_pence)} (${payment.description}) was unsuccessful${event.failure ? `: ${event.failure}` : '.'} Nothing was taken.`,
        icon: 'error',
        color: 'error',
      });
      if (account.email) {
        await queueMail(tx, {
          accountNo: payment.account_no,
          to: account.email,
          ...paymentFailedMail({
            name: account.first_name,
            accountNo: payment.account_no,
            description: payment.description,
            amountPence: payment.amount_pence,
            reason: event.failure,
            method: payment.method,
          }),
        });
      }
    }
    return 'applied';
  });
}

/**
 * An off-session charge of a saved card (auto top-up, invoice auto-pay): the provider's intent and
 * its payment row, 'processing' until the provider's confirmation settles it.
 */
async function chargeSavedCard(
  tx: Tx,
  provider: CardPayments,
  c: {
    accountNo: number;
    purpose: PaymentPurpose;
    invoiceId: number | null;
    amountPence: number;
    description: string;
    last4: string;
    idempotencyKey: string;
    /** What the provider's record says of its cause, beside the account and purpose. */
    metadata: Record<string, string>;
  },
): Promise<{ id: number; intentId: string; last4: string }> {
  const intent = await provider.createIntent({
    amountPence: c.amountPence,
    description: c.description,
    metadata: { accountNo: String(c.accountNo), purpose: c.purpose, ...c.metadata },
    idempotencyKey: c.idempotencyKey,
  });
  const payment = await tx
    .insertInto('payments')
    .values({
      account_no: c.accountNo,
      purpose: c.purpose,
      invoice_id: c.invoiceId,
      amount_pence: c.amountPence,
      description: c.description,
      provider: provider.kind,
      provider_id: intent.id,
      client_secret: intent.clientSecret,
      status: 'processing',
      card_last4: c.last4,
      created_by: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: payment.id, intentId: intent.id, last4: c.last4 };
}

/**
 * Charges the queued auto top-ups (the ledger's trigger queues one when a debit crosses the
 * threshold): the saved card of the auto top-up is charged off-session and the outcome settles as
 * any payment does (a success credits the ledger once; a failure notifies and mails). Answers how
 * many charges were handled. Safe from several processes (skip locked).
 */
export async function processAutoTopUps(platform: Platform, limit = 20): Promise<number> {
  const provider = platform.providers.payments;
  const sandbox = provider instanceof SandboxPayments ? provider : null;
  let handled = 0;
  for (let i = 0; i < limit; i++) {
    const charged = await platform.tenancy.crossAccount('payments', async (tx) => {
      const charge = await tx
        .selectFrom('auto_top_up_charges')
        .selectAll()
        .where('state', '=', 'pending')
        .orderBy('id')
        .limit(1)
        .forUpdate()
        .skipLocked()
        .executeTakeFirst();
      if (!charge) return null;
      const saved = await tx
        .selectFrom('auto_top_ups as a')
        .innerJoin('payments as p', 'p.id', 'a.payment_id')
        .select(['a.enabled', 'p.card_last4'])
        .where('a.account_no', '=', charge.account_no)
        .executeTakeFirst();
      const fail = async (failure: string) => {
        await tx
          .updateTable('auto_top_up_charges')
          .set({ state: 'failed', failure, done_at: new Date() })
          .where('id', '=', charge.id)
          .execute();
        await notify(tx, charge.account_no, {
          kind: 'payment-failed',
          title: `Auto top-up failed: ${formatPence(charge.amount_pence)}`,
          message: `Your auto top-up of ${formatPence(charge.amount_pence)} could not charge your saved card: ${failure} Please top up by card.`,
          icon: 'error',
          color: 'error',
        });
        return null;
      };
      if (!saved?.enabled) return fail('the auto top-up is disabled.');
      if (!sandbox) return fail('off-session charges of a saved card are not available with this card provider yet.');
      const payment = await chargeSavedCard(tx, provider, {
        accountNo: charge.account_no,
        purpose: 'topup',
        invoiceId: null,
        amountPence: charge.amount_pence,
        description: `Auto top-up ${formatPence(charge.amount_pence)}`,
        last4: saved.card_last4,
        idempotencyKey: `auto-top-up:${charge.id}`,
        metadata: { autoTopUpCharge: String(charge.id) },
      });
      await tx
        .updateTable('auto_top_up_charges')
        .set({ state: 'charged', payment_id: payment.id, done_at: new Date() })
        .where('id', '=', charge.id)
        .execute();
      return payment;
    });
    if (charged === null) {
      const left = await platform.tenancy.crossAccount('payments', (tx) =>
        tx.selectFrom('auto_top_up_charges').select('id').where('state', '=', 'pending').limit(1).executeTakeFirst(),
      );
      if (!left) break;
      handled++;
      continue;
    }
    handled++;
    if (sandbox) await answerSavedCard(platform, sandbox, charged);
  }
  return handled;
}

/** Spec 1 §9: invoice auto-pay charges the card three days after the invoice date. */
export const INVOICE_AUTO_PAY_DAYS = 3;

/**
 * Invoice auto-pay: every unpaid invoice of an account whose auto-pay is on, dated on or after the
 * day it was set up and at least three days old (London time), gets one charge (unique per
 * invoice: never two, whatever runs at once); each is charged off-session to the saved card and
 * settles as any invoice payment (paid once, by the confirmation). Answers how many were handled.
 */
export async function processInvoiceAutoPay(platform: Platform, today = londonToday(), limit = 20): Promise<number> {
  const provider = platform.providers.payments;
  const sandbox = provider instanceof SandboxPayments ? provider : null;
  await platform.tenancy.crossAccount('payments', (tx) =>
    sql`insert into invoice_auto_charges (account_no, invoice_id)
      select i.account_no, i.id from invoices i
        join invoice_auto_pay a on a.account_no = i.account_no and a.enabled
      where i.status = 'unpaid' and i.invoice_date >= a.since
        and i.invoice_date + ${INVOICE_AUTO_PAY_DAYS}::integer <= ${today}::date
      on conflict (invoice_id) do nothing`.execute(tx),
  );
  let handled = 0;
  for (let i = 0; i < limit; i++) {
    const charged = await platform.tenancy.crossAccount('payments', async (tx) => {
      const charge = await tx
        .selectFrom('invoice_auto_charges as c')
        .innerJoin('invoices as i', 'i.id', 'c.invoice_id')
        .select(['c.id', 'c.account_no', 'c.invoice_id', 'i.invoice_no', 'i.total_pence', 'i.status'])
        .where('c.state', '=', 'pending')
        .orderBy('c.id')
        .limit(1)
        .forUpdate('c')
        .skipLocked()
        .executeTakeFirst();
      if (!charge) return undefined;
      const done = (state: 'charged' | 'failed', failure = '', paymentId: number | null = null) =>
        tx
          .updateTable('invoice_auto_charges')
          .set({ state, failure, payment_id: paymentId, done_at: new Date() })
          .where('id', '=', charge.id)
          .execute();
      // Paid or voided meanwhile (by hand, by direct debit): nothing to charge.
      if (charge.status !== 'unpaid') {
        await done('failed', 'the invoice is no longer unpaid.');
        return null;
      }
      const saved = await tx
        .selectFrom('invoice_auto_pay as a')
        .innerJoin('payments as p', 'p.id', 'a.payment_id')
        .select(['a.enabled', 'p.card_last4'])
        .where('a.account_no', '=', charge.account_no)
        .executeTakeFirst();
      const fail = async (failure: string) => {
        await done('failed', failure);
        await notify(tx, charge.account_no, {
          kind: 'payment-failed',
          title: `Invoice auto-pay failed: ${charge.invoice_no}`,
          message: `Invoice ${charge.invoice_no} (${formatPence(charge.total_pence)}) could not be paid with your saved card: ${failure} Please pay it from the Invoices page.`,
          icon: 'error',
          color: 'error',
        });
        return null;
      };
      if (!saved?.enabled) return fail('invoice auto-pay is turned off.');
      if (!sandbox) return fail('off-session charges of a saved card are not available with this card provider yet.');
      const payment = await chargeSavedCard(tx, provider, {
        accountNo: charge.account_no,
        purpose: 'invoice',
        invoiceId: charge.invoice_id,
        amountPence: charge.total_pence,
        description: `Invoice ${charge.invoice_no} (auto-pay)`,
        last4: saved.card_last4,
        idempotencyKey: `invoice-auto-pay:${charge.id}`,
        metadata: { invoiceId: String(charge.invoice_id) },
      });
      await done('charged', '', payment.id);
      return payment;
    });
    if (charged === undefined) break;
    handled++;
    if (charged && sandbox) await answerSavedCard(platform, sandbox, charged);
  }
  return handled;
}

/** The sandbox's card network answering an off-session charge of a saved card, by a signed webhook. */
async function answerSavedCard(
  platform: Platform,
  sandbox: SandboxPayments,
  charged: { intentId: string; last4: string },
) {
  const outcome = decideSavedCard(charged.last4);
  const { body, signature } = outcome.succeeded
    ? sandbox.webhook(charged.intentId, 'succeeded')
    : sandbox.webhook(charged.intentId, 'requires_payment_method', outcome.message);
  await settle(platform, sandbox.parseWebhook(body, signature));
}

/** Runs processAutoTopUps and processInvoiceAutoPay every interval (a serving process's background work). */
export function startAutoTopUps(
  platform: Platform,
  log: { error(error: unknown): void },
  intervalMs = 2000,
): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    processAutoTopUps(platform)
      .then(() => processInvoiceAutoPay(platform))
      .catch((error: unknown) => log.error(error))
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}

export function registerPaymentRoutes(api: FastifyInstance, platform: Platform): void {
  const routes = paymentRoutes;
  const provider = platform.providers.payments;
  const sandbox = provider instanceof SandboxPayments ? provider : null;

  const reply = (clientSecret: string) => ({
    success: true,
    message: 'Payment created',
    clientSecret,
    provider: provider.kind,
    ...(provider.publishableKey ? { publishableKey: provider.publishableKey } : {}),
  });

  /** A payment with the provider, recorded in the caller's transaction. */
  const createPayment = async (
    tx: Tx,
    p: {
      accountNo: number;
      userId: number;
      purpose: 'topup' | 'invoice';
      invoiceId: number | null;
      amountPence: number;
      description: string;
      autoTopUpThresholdPence?: number | null;
      autoBill?: boolean;
    },
  ) => {
    const intent = await provider.createIntent({
      amountPence: p.amountPence,
      description: p.description,
      metadata: { accountNo: String(p.accountNo), purpose: p.purpose, invoiceId: String(p.invoiceId ?? '') },
      idempotencyKey: `${p.accountNo}:${p.purpose}:${p.invoiceId ?? ''}:${Date.now()}:${Math.random()}`,
    });
    await tx
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
        created_by: p.userId,
      })
      .execute();
    return intent.clientSecret;
  };

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

  tenantRoute(api, platform, routes.topUp, {
    allow: { resource: 'account', action: 'update' },
    handler: async ({ auth, db }, { params, body }) => {
      if (params.account_no !== auth.accountNo) throw notFound();
      if (!can(auth, 'prepay', 'read')) throw new HttpError(403, PAYMENT_MESSAGES.prepayOnly);
      const amountPence = Math.round(body.amount * 100);
      const clientSecret = await createPayment(db, {
        accountNo: auth.accountNo,
        userId: auth.userId,
        purpose: 'topup',
        invoiceId: null,
        amountPence,
        description: `Card top-up ${formatPence(amountPence)}`,
        autoTopUpThresholdPence: body.autoTopup ? Math.round(body.threshold * 100) : null,
      });
      return reply(clientSecret);
    },
  });

  tenantRoute(api, platform, routes.updateAutoTopUp, {
    allow: { resource: 'account', action: 'update' },
    handler: async ({ auth, db }, { params, body }) => {
      if (params.account_no !== auth.accountNo) throw notFound();
      if (!can(auth, 'prepay', 'read')) throw new HttpError(403, PAYMENT_MESSAGES.prepayOnly);
      const updated = await db
        .updateTable('auto_top_ups')
        .set({ enabled: body.enabled, threshold_pence: Math.round(body.threshold * 100), updated_at: new Date() })
        .returning('account_no')
        .executeTakeFirst();
      if (!updated)
        throw new HttpError(404, 'There is no auto top-up to update: make a card top-up with auto top-up first');
      return { success: true, message: body.enabled ? 'Auto top-up updated' : 'Auto top-up disabled' };
    },
  });

  tenantRoute(api, platform, routes.payInvoice, {
    allow: [
      { resource: 'account', action: 'update' },
      { resource: 'retail', action: 'read' },
    ],
    handler: async ({ auth, db }, { params, body }) => {
      const invoice = await db
        .selectFrom('invoices')
        .select(['id', 'invoice_no', 'status', 'due_date', 'total_pence'])
        .where('invoice_no', '=', params.invoiceNumber)
        .executeTakeFirst();
      if (!invoice) throw notFound();
      if (!isPayable(invoiceStatus(invoice.status, String(invoice.due_date), londonToday()))) {
        throw new HttpError(409, INVOICE_MESSAGES.notPayable);
      }
      const amountPence = Math.round(body.amount * 100);
      if (amountPence !== invoice.total_pence) {
        throw validationError({ amount: INVOICE_MESSAGES.wrongAmount(invoice.total_pence) });
      }
      const clientSecret = await createPayment(db, {
        accountNo: auth.accountNo,
        userId: auth.userId,
        purpose: 'invoice',
        invoiceId: invoice.id,
        amountPence,
        description: `Invoice ${invoice.invoice_no}`,
        autoBill: body.autoBill,
      });
      return reply(clientSecret);
    },
  });

  /** The caller's own payment by its client secret (row-level security: another account's is not found). */
  const ownPayment = async (tx: Tx, clientSecret: string) => {
    const payment = await tx
      .selectFrom('payments')
      .selectAll()
      .where('client_secret', '=', clientSecret)
      .forUpdate()
      .executeTakeFirst();
    if (!payment) throw new HttpError(404, PAYMENT_MESSAGES.unknownPayment);
    return payment;
  };

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

  /** The sandbox provider delivering its signed webhook to this server's handler. */
  const deliver = async (intentId: string, status: PaymentStatus, failure = '') => {
    if (!sandbox) throw forbidden();
    const { body, signature } = sandbox.webhook(intentId, status, failure);
    await settle(platform, sandbox.parseWebhook(body, signature));
  };

  const finish = async (clientSecret: string, accountNo: number, status: PaymentStatus, failure = '') => {
    const payment = await platform.tenancy.tenant(accountNo, (tx) => ownPayment(tx, clientSecret));
    await deliver(payment.provider_id, status, failure);
    return payment;
  };

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
        await platform.tenancy.tenant(auth.accountNo, (tx) =>
          tx.updateTable('payments').set({ card_last4: last4 }).where('id', '=', payment.id).execute(),
        );
      }
      switch (decision.outcome) {
        case 'invalid':
          // The card form's own check: nothing reaches the card network.
          throw validationError({ [decision.field]: decision.message });
        case 'declined':
          await deliver(payment.provider_id, 'requires_payment_method', decision.message);
          return { status: 'requires_payment_method' as const, error: decision.message };
        case 'requires_action':
          await deliver(payment.provider_id, 'requires_action');
          return { status: 'requires_action' as const };
        case 'succeeded':
          await deliver(payment.provider_id, 'succeeded');
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
      const payment = await finish(
        body.clientSecret,
        auth.accountNo,
        status,
        body.approve ? '' : PAYMENT_MESSAGES.authenticationFailed,
      );
      return {
        status,
        ...(body.approve ? {} : { error: PAYMENT_MESSAGES.authenticationFailed }),
        redirect: returnWith(RETURN_URL[payment.purpose], payment, status),
      };
    },
  });

  // ---- Invoice auto-pay: its state, and turning it off (a later Pay Invoice with autoBill turns it on) ----
  tenantRoute(api, platform, routes.invoiceAutoPay, {
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

  tenantRoute(api, platform, routes.stopInvoiceAutoPay, {
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

  // ---- PayPal (spec 1 §4: Payment, Next blocked until the provider approves, then Feedback) ----
  const paypal = platform.providers.paypal;
  const paypalSandbox = paypal instanceof SandboxPayPal ? paypal : null;
  registerPaypalWebhook(api, platform, settle);

  /** The caller's own PayPal payment by its order id (row-level security: another account's is not found). */
  const ownOrder = (accountNo: number, orderId: string) =>
    platform.tenancy.tenant(accountNo, (tx) =>
      tx
        .selectFrom('payments')
        .selectAll()
        .where('provider_id', '=', orderId)
        .where('method', '=', 'paypal')
        .executeTakeFirst(),
    );

  const paypalGuard = [
    { resource: 'account', action: 'update' },
    { resource: 'paypal', action: 'create' },
  ] as const;

  // Open routes with the guard: the sandbox PayPal keeps its orders in the database, in
  // transactions of its own (as PayPal's side would), so no request transaction is held around it.
  openRoute(api, platform, routes.paypalOrder, {
    allow: [...paypalGuard],
    handler: async ({ auth }, { params, body }) => {
      if (!auth) throw forbidden();
      if (params.account_no !== auth.accountNo) throw notFound();
      if (!can(auth, 'prepay', 'read')) throw new HttpError(403, PAYMENT_MESSAGES.prepayOnly);
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
      await platform.tenancy.tenant(auth.accountNo, (tx) =>
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

  openRoute(api, platform, routes.paypalCapture, {
    allow: [...paypalGuard],
    // The capture and the credit are separate steps (PayPal's answer comes between).
    handler: async ({ auth }, { params }) => {
      if (!auth) throw forbidden();
      if (params.account_no !== auth.accountNo) throw notFound();
      const payment = await ownOrder(auth.accountNo, params.orderId);
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
      } catch {
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

  // The sandbox's PayPal window: the buyer approves (or cancels) the caller's own order.
  openRoute(api, platform, routes.paypalSandboxApprove, {
    allow: 'session',
    handler: async ({ auth }, { body }) => {
      if (!auth) throw forbidden();
      if (!paypalSandbox) throw new HttpError(404, PAYMENT_MESSAGES.unknownPayment);
      const payment = await ownOrder(auth.accountNo, body.orderId);
      if (!payment) throw new HttpError(404, PAYMENT_MESSAGES.unknownPayment);
      if (payment.settled_at !== null) throw new HttpError(409, PAYMENT_MESSAGES.alreadyDone);
      return { status: await paypalSandbox.approve(body.orderId, body.approve, body.funding) };
    },
  });

  // The provider's webhook: public (the provider calls it), believed only with a good signature
  // over the body exactly as received.
  openRoute(api, platform, routes.webhook, {
    allow: 'public',
    handler: async ({ request }) => {
      let event: PaymentEvent;
      try {
        event = provider.parseWebhook(request.rawBody ?? '', String(request.headers['stripe-signature'] ?? ''));
      } catch (error) {
        if (error instanceof WebhookSignatureError) throw new HttpError(400, PAYMENT_MESSAGES.badSignature);
        throw error;
      }
      return { received: true, outcome: await settle(platform, event) };
    },
  });
}
