/**
 * Card payments (issue 13, spec 1 §4 top-up wizard and invoice pay, §7): the top-up and the
 * invoice's pay create a payment with the card provider and answer its client secret; the browser
 * confirms it with the provider (the sandbox's card form here, Stripe's Payment Element when
 * configured) and comes back with redirect_status. Money moves only when the provider's signed
 * webhook says the payment succeeded: `settle()` credits the ledger (a top-up) or pays the invoice,
 * once per intent however often the webhook is delivered.
 *
 * A payment made with auto top-up or autoBill saves its card (made for the account's customer at
 * the provider; its success records the payment method). The workers charge that card
 * off-session: a charge is claimed and its payment row written in one transaction, the provider is
 * asked after it commits (with the row's key as idempotency key), and its authenticated answer
 * settles through `settle()` too — so the intent's webhook, before or after, moves nothing twice.
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
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { type Selectable, sql } from 'kysely';
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
  type ChargedIntent,
  ChargeRefusedError,
  decideCard,
  OFF_SESSION_KEY,
  type PaymentEvent,
  SandboxPayments,
  WebhookSignatureError,
} from '../../providers/payments/payments.ts';
import { SandboxPayPal } from '../../providers/payments/paypal.ts';
import { registerPaypalWebhook } from './paypal-webhook.ts';
import type { PaymentsTable } from './tables.ts';

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
  return platform.tenancy.crossAccount('payments', (tx) => settleIn(tx, event));
}

/** settle() in the caller's escape-hatch transaction. */
async function settleIn(tx: Tx, event: PaymentEvent): Promise<'applied' | 'duplicate' | 'ignored'> {
  if (!event.intentId) return 'ignored';
  let payment = await tx
    .selectFrom('payments')
    .selectAll()
    .where('provider_id', '=', event.intentId)
    .forUpdate()
    .executeTakeFirst();
  if (!payment && event.chargeKey?.startsWith(PENDING)) {
    // An off-session charge's webhook that came before the provider's API answer was recorded
    // (the provider confirms such a charge at once): its row, found by the charge's key, takes
    // the intent's id now; the API answer then finds it settled.
    payment = await tx
      .updateTable('payments')
      .set({ provider_id: event.intentId, updated_at: new Date() })
      .where('provider_id', '=', event.chargeKey)
      .returningAll()
      .executeTakeFirst();
  }
  if (!payment) return 'ignored';
  if (event.status === 'succeeded') {
    // The card the payment was made with, as the provider names it (what a saving payment saves);
    // recorded once, a later event filling only what an earlier one lacked.
    const card = {
      ...(event.customerId && !payment.customer_id ? { customer_id: event.customerId } : {}),
      ...(event.paymentMethodId && !payment.payment_method_id ? { payment_method_id: event.paymentMethodId } : {}),
      ...(event.last4 && !payment.card_last4 ? { card_last4: event.last4 } : {}),
    };
    if (Object.keys(card).length > 0) {
      await tx.updateTable('payments').set(card).where('id', '=', payment.id).execute();
    }
  }
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
}

/**
 * The account's customer at the card provider (the owner of its saved cards), made once.
 * Concurrent callers agree on one idempotency key through the row written first, so the provider
 * answers them all with the same customer; the provider is asked outside any transaction.
 */
export async function customerFor(platform: Platform, accountNo: number): Promise<string> {
  const provider = platform.providers.payments;
  const known = await platform.tenancy.tenant(accountNo, async (tx) => {
    await tx
      .insertInto('payment_customers')
      .values({
        account_no: accountNo,
        provider: provider.kind,
        idempotency_key: `customer-${accountNo}-${crypto.randomUUID()}`,
      })
      .onConflict((oc) => oc.columns(['account_no', 'provider']).doNothing())
      .execute();
    const row = await tx
      .selectFrom('payment_customers')
      .select(['customer_id', 'idempotency_key'])
      .where('account_no', '=', accountNo)
      .where('provider', '=', provider.kind)
      .executeTakeFirstOrThrow();
    const account = await tx
      .selectFrom('accounts')
      .select(['first_name', 'surname', 'company', 'email'])
      .where('account_no', '=', accountNo)
      .executeTakeFirstOrThrow();
    return { ...row, account };
  });
  if (known.customer_id) return known.customer_id;
  const { account } = known;
  const customerId = await provider.createCustomer({
    accountNo,
    email: account.email,
    name: account.company || `${account.first_name} ${account.surname}`.trim(),
    idempotencyKey: known.idempotency_key,
  });
  return platform.tenancy.tenant(accountNo, async (tx) => {
    await tx
      .updateTable('payment_customers')
      .set({ customer_id: customerId, updated_at: new Date() })
      .where('account_no', '=', accountNo)
      .where('provider', '=', provider.kind)
      .where('customer_id', 'is', null)
      .execute();
    const stored = await tx
      .selectFrom('payment_customers')
      .select('customer_id')
      .where('account_no', '=', accountNo)
      .where('provider', '=', provider.kind)
      .executeTakeFirstOrThrow();
    return stored.customer_id ?? customerId;
  });
}

/**
 * An off-session charge's key: its payment row's provider_id until the provider's intent id
 * replaces it, the provider's idempotency key (a retry is the same intent, never a second
 * charge), and the intent's metadata (so its webhook finds the row even before that).
 */
const PENDING = 'pending_';
const pendingCharge = sql<boolean>`provider_id like ${sql.raw("'pending\\_%'")}`;

type SavedCard = { card_last4: string; customer_id: string; payment_method_id: string };
type PaymentRow = Selectable<PaymentsTable>;

/** A card saved with another provider (the configuration changed since) is not one this provider can charge. */
const savedWith = (provider: CardPayments, saved: SavedCard & { provider: string }): SavedCard =>
  saved.provider === provider.kind ? saved : { card_last4: '', customer_id: '', payment_method_id: '' };

/**
 * An off-session charge of a saved card (auto top-up, invoice auto-pay), recorded in the claiming
 * transaction before the provider is asked: a processing payment under a new charge key.
 */
async function recordSavedCardCharge(
  tx: Tx,
  provider: CardPayments,
  c: {
    accountNo: number;
    purpose: PaymentPurpose;
    invoiceId: number | null;
    amountPence: number;
    description: string;
    card: SavedCard;
  },
): Promise<PaymentRow> {
  const key = `${PENDING}${crypto.randomBytes(16).toString('hex')}`;
  return tx
    .insertInto('payments')
    .values({
      account_no: c.accountNo,
      purpose: c.purpose,
      invoice_id: c.invoiceId,
      amount_pence: c.amountPence,
      description: c.description,
      provider: provider.kind,
      provider_id: key,
      client_secret: key,
      status: 'processing',
      card_last4: c.card.card_last4,
      customer_id: c.card.customer_id,
      payment_method_id: c.card.payment_method_id,
      created_by: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Asks the provider to charge a recorded off-session charge — outside any transaction — and
 * settles from its authenticated answer (a server-side confirmation, through settle(): the
 * intent's webhook, before or after, finds it settled). Answers the error when the outcome is
 * unknown: the payment stays processing under its key, and resumeOffSessionCharges asks again
 * with the same key.
 */
async function chargeRecorded(platform: Platform, payment: PaymentRow): Promise<unknown> {
  const provider = platform.providers.payments;
  const key = payment.provider_id;
  let answer: ChargedIntent;
  try {
    answer = await provider.chargeSaved({
      customerId: payment.customer_id,
      paymentMethodId: payment.payment_method_id,
      last4: payment.card_last4,
      amountPence: payment.amount_pence,
      description: payment.description,
      // From the row alone: a retry sends the same parameters with the same key.
      metadata: {
        accountNo: String(payment.account_no),
        purpose: payment.purpose,
        ...(payment.invoice_id !== null ? { invoiceId: String(payment.invoice_id) } : {}),
        [OFF_SESSION_KEY]: key,
      },
      idempotencyKey: key,
    });
  } catch (error) {
    if (!(error instanceof ChargeRefusedError)) return error;
    // Refused for good without an intent: nothing was taken.
    await settle(platform, {
      eventId: `refused:${key}`,
      intentId: key,
      status: 'requires_payment_method',
      failure: error.message,
    });
    return null;
  }
  await platform.tenancy.crossAccount('payments', async (tx) => {
    await tx
      .updateTable('payments')
      .set({ provider_id: answer.intentId, client_secret: answer.clientSecret || key, updated_at: new Date() })
      .where('id', '=', payment.id)
      // Or already named by the intent's early webhook.
      .where('provider_id', 'in', [key, answer.intentId])
      .execute();
    await settleIn(tx, {
      eventId: `api:${answer.intentId}:${answer.status}`,
      intentId: answer.intentId,
      status: answer.status,
      failure: answer.failure,
    });
  });
  // The sandbox's card network then sends its signed webhook, as Stripe does (a duplicate by now).
  if (provider instanceof SandboxPayments) {
    const { body, signature } = provider.webhook(answer.intentId, answer.status, answer.failure, {
      metadata: { [OFF_SESSION_KEY]: key },
    });
    await settle(platform, provider.parseWebhook(body, signature));
  }
  return null;
}

/** Work left with an unknown outcome is retried later; the errors are reported after the rest is done. */
function reportErrors(errors: unknown[]): void {
  if (errors.length === 1) throw errors[0];
  if (errors.length > 1) throw new AggregateError(errors, 'off-session charges failed');
}

/**
 * Charges the queued auto top-ups (the ledger's trigger queues one when a debit crosses the
 * threshold): the saved card of the auto top-up is charged off-session and the outcome settles as
 * any payment does (a success credits the ledger once; a failure notifies and mails). Answers how
 * many charges were handled. Safe from several processes: a charge is claimed (skip locked) and
 * its payment recorded in one transaction, before the provider is asked with the payment's key.
 */
export async function processAutoTopUps(platform: Platform, limit = 20): Promise<number> {
  const provider = platform.providers.payments;
  const errors: unknown[] = [];
  let handled = 0;
  for (let i = 0; i < limit; i++) {
    const claimed = await platform.tenancy.crossAccount('payments', async (tx) => {
      const charge = await tx
        .selectFrom('auto_top_up_charges')
        .selectAll()
        .where('state', '=', 'pending')
        .orderBy('id')
        .limit(1)
        .forUpdate()
        .skipLocked()
        .executeTakeFirst();
      if (!charge) return undefined;
      const saved = await tx
        .selectFrom('auto_top_ups as a')
        .innerJoin('payments as p', 'p.id', 'a.payment_id')
        .select(['a.enabled', 'p.provider', 'p.card_last4', 'p.customer_id', 'p.payment_method_id'])
        .where('a.account_no', '=', charge.account_no)
        .executeTakeFirst();
      if (!saved?.enabled) {
        const failure = 'the auto top-up is disabled.';
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
      }
      const payment = await recordSavedCardCharge(tx, provider, {
        accountNo: charge.account_no,
        purpose: 'topup',
        invoiceId: null,
        amountPence: charge.amount_pence,
        description: `Auto top-up ${formatPence(charge.amount_pence)}`,
        card: savedWith(provider, saved),
      });
      await tx
        .updateTable('auto_top_up_charges')
        .set({ state: 'charged', payment_id: payment.id, done_at: new Date() })
        .where('id', '=', charge.id)
        .execute();
      return payment;
    });
    if (claimed === undefined) break;
    handled++;
    if (claimed) errors.push(await chargeRecorded(platform, claimed));
  }
  reportErrors(errors.filter((e) => e !== null));
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
  await platform.tenancy.crossAccount('payments', (tx) =>
    sql`insert into invoice_auto_charges (account_no, invoice_id)
      select i.account_no, i.id from invoices i
        join invoice_auto_pay a on a.account_no = i.account_no and a.enabled
      where i.status = 'unpaid' and i.invoice_date >= a.since
        and i.invoice_date + ${INVOICE_AUTO_PAY_DAYS}::integer <= ${today}::date
      on conflict (invoice_id) do nothing`.execute(tx),
  );
  const errors: unknown[] = [];
  let handled = 0;
  for (let i = 0; i < limit; i++) {
    const claimed = await platform.tenancy.crossAccount('payments', async (tx) => {
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
        .select(['a.enabled', 'p.provider', 'p.card_last4', 'p.customer_id', 'p.payment_method_id'])
        .where('a.account_no', '=', charge.account_no)
        .executeTakeFirst();
      if (!saved?.enabled) {
        const failure = 'invoice auto-pay is turned off.';
        await done('failed', failure);
        await notify(tx, charge.account_no, {
          kind: 'payment-failed',
          title: `Invoice auto-pay failed: ${charge.invoice_no}`,
          message: `Invoice ${charge.invoice_no} (${formatPence(charge.total_pence)}) could not be paid with your saved card: ${failure} Please pay it from the Invoices page.`,
          icon: 'error',
          color: 'error',
        });
        return null;
      }
      const payment = await recordSavedCardCharge(tx, provider, {
        accountNo: charge.account_no,
        purpose: 'invoice',
        invoiceId: charge.invoice_id,
        amountPence: charge.total_pence,
        description: `Invoice ${charge.invoice_no} (auto-pay)`,
        card: savedWith(provider, saved),
      });
      await done('charged', '', payment.id);
      return payment;
    });
    if (claimed === undefined) break;
    handled++;
    if (claimed) errors.push(await chargeRecorded(platform, claimed));
  }
  reportErrors(errors.filter((e) => e !== null));
  return handled;
}

/** Stripe keeps an idempotency key 24 hours: a charge still unanswered after 23 is given up. */
const GIVE_UP_MS = 23 * 60 * 60 * 1000;

/**
 * Off-session charges whose provider answer never came (a crash, a timeout, the provider
 * unreachable): each is asked again with its own key — the provider answers the same intent,
 * never a second charge — and settles from the answer. A charge is leased for `staleMs` (its
 * updated_at) so that two processes do not ask at once. Answers how many were asked.
 */
export async function resumeOffSessionCharges(platform: Platform, staleMs = 2 * 60_000, limit = 20): Promise<number> {
  const now = Date.now();
  const stale = await platform.tenancy.crossAccount('payments', (tx) =>
    tx
      .updateTable('payments')
      .set({ updated_at: new Date(now) })
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('payments')
          .select('id')
          .where(pendingCharge)
          .where('status', '=', 'processing')
          .where('updated_at', '<=', new Date(now - staleMs))
          .orderBy('id')
          .limit(limit)
          .forUpdate()
          .skipLocked(),
      )
      .returningAll()
      .execute(),
  );
  const errors: unknown[] = [];
  for (const payment of stale) {
    if (now - new Date(payment.created_at).getTime() > GIVE_UP_MS) {
      // Its key may be forgotten by now: asking again could charge twice. Had the provider charged
      // it, the intent's webhook (its metadata names the key) would have settled it.
      await settle(platform, {
        eventId: `given-up:${payment.provider_id}`,
        intentId: payment.provider_id,
        status: 'canceled',
        failure: 'The card provider did not answer the charge.',
      });
      continue;
    }
    errors.push(await chargeRecorded(platform, payment));
  }
  reportErrors(errors.filter((e) => e !== null));
  return stale.length;
}

/** Runs the off-session workers every interval (a serving process's background work). */
export function startAutoTopUps(
  platform: Platform,
  log: { error(error: unknown): void },
  intervalMs = 2000,
): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    const step = (work: () => Promise<unknown>) => work().catch((error: unknown) => log.error(error));
    step(() => processAutoTopUps(platform))
      .then(() => step(() => processInvoiceAutoPay(platform)))
      .then(() => step(() => resumeOffSessionCharges(platform)))
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

  /**
   * A payment with the provider, recorded for the account. A payment that saves its card (an auto
   * top-up, autoBill) is made for the account's customer at the provider, to keep the card for
   * off-session charges. The provider is asked outside any transaction.
   */
  const createPayment = async (
    log: FastifyBaseLogger,
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
      log.error({ err: error }, 'the card provider did not make the payment');
      throw new HttpError(
        502,
        p.purpose === 'topup' ? PAYMENT_MESSAGES.topUpFailed : PAYMENT_MESSAGES.cardUnsuccessful,
      );
    }
    await platform.tenancy.tenant(p.accountNo, (tx) =>
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
    );
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

  // Open routes with the guard: the card provider is asked outside any transaction.
  openRoute(api, platform, routes.topUp, {
    allow: { resource: 'account', action: 'update' },
    handler: async ({ auth, request }, { params, body }) => {
      if (!auth) throw forbidden();
      if (params.account_no !== auth.accountNo) throw notFound();
      if (!can(auth, 'prepay', 'read')) throw new HttpError(403, PAYMENT_MESSAGES.prepayOnly);
      const amountPence = Math.round(body.amount * 100);
      const clientSecret = await createPayment(request.log, {
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

  openRoute(api, platform, routes.payInvoice, {
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
      const clientSecret = await createPayment(request.log, {
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

  /** Whether the event's payment is ours and has no card digits recorded yet. */
  const lacksCard = async (event: PaymentEvent) => {
    const ids = event.chargeKey ? [event.intentId, event.chargeKey] : [event.intentId];
    const payment = await platform.tenancy.crossAccount('payments', (tx) =>
      tx.selectFrom('payments').select('card_last4').where('provider_id', 'in', ids).executeTakeFirst(),
    );
    return payment !== undefined && payment.card_last4 === '';
  };

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
      // A success names the card paid with: its last four digits (the panel's 'card ending') come
      // from the provider's payment method, looked up before settle()'s transaction opens.
      let lookupFailed = false;
      if (event.status === 'succeeded' && event.paymentMethodId && (await lacksCard(event))) {
        try {
          const last4 = await provider.cardLast4(event.paymentMethodId);
          if (last4) event = { ...event, last4 };
        } catch (error) {
          request.log.warn({ err: error }, 'the card of a payment could not be looked up');
          lookupFailed = true;
        }
      }
      const outcome = await settle(platform, event);
      // Settled (the money moved, once); the provider delivers the event again for the card's details.
      if (lookupFailed) throw new HttpError(503, 'The card details could not be retrieved; please deliver again');
      return { received: true, outcome };
    },
  });
}
