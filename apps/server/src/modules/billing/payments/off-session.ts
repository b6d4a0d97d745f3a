/**
 * Off-session charges of a saved card (issue 13): auto top-up and invoice auto-pay. A payment made
 * with auto top-up or autoBill saves its card (made for the account's customer at the provider; its
 * success records the payment method). The workers charge that card off-session: a charge is
 * claimed and its payment row written in one transaction, the provider is asked after it commits
 * (with the row's key as idempotency key), and its authenticated answer settles through
 * `settle()` — so the intent's webhook, before or after, moves nothing twice.
 */
import crypto from 'node:crypto';
import { formatPence, INVOICE_AUTO_PAY_DAYS } from '@switchboard/domain';
import { type Insertable, sql } from 'kysely';
import { type JobDefinition, job } from '../../../platform/jobs.ts';
import type { Platform } from '../../../platform/platform.ts';
import { assertAvailable, isAvailable } from '../../../platform/provider-modes.ts';
import type { Tx } from '../../../platform/tenancy.ts';
import {
  type ChargedIntent,
  ChargeRefusedError,
  OFF_SESSION_KEY,
  SandboxPayments,
} from '../../../providers/payments/payments.ts';
import { notify } from '../../mail/index.ts';
import { londonToday } from '../billing-periods.ts';
import { PENDING, settle, settleAs, settleIn } from './settle.ts';
import type { PaymentRow, PaymentsTable } from './tables.ts';

/**
 * The account's customer at the card provider (the owner of its saved cards), made once.
 * Concurrent callers agree on one idempotency key through the row written first, so the provider
 * answers them all with the same customer; the provider is asked outside any transaction.
 */
export async function customerFor(platform: Platform, accountNo: number): Promise<string> {
  const provider = platform.providers.payments;
  assertAvailable(provider, 'payments');
  const ours = { account_no: accountNo, provider: provider.kind };
  const known = await platform.tenancy.tenant(accountNo, async (tx) => {
    await tx
      .insertInto('payment_customers')
      .values({ ...ours, idempotency_key: `customer-${accountNo}-${crypto.randomUUID()}` })
      .onConflict((oc) => oc.columns(['account_no', 'provider']).doNothing())
      .execute();
    const row = await tx
      .selectFrom('payment_customers')
      .select(['customer_id', 'idempotency_key'])
      .where((eb) => eb.and(ours))
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
  // The first answer stays: a concurrent caller's, stored meanwhile, is the same customer.
  const stored = await platform.tenancy.tenant(accountNo, (tx) =>
    tx
      .updateTable('payment_customers')
      .set({ customer_id: sql<string>`coalesce(customer_id, ${customerId})`, updated_at: new Date() })
      .where((eb) => eb.and(ours))
      .returning('customer_id')
      .executeTakeFirstOrThrow(),
  );
  return stored.customer_id ?? customerId;
}

const pendingCharge = sql<boolean>`provider_id like ${sql.raw("'pending\\_%'")}`;

/** A claimed charge of a saved card: an auto top-up's or an invoice's. */
interface SavedCardCharge {
  /** Its table, and the table of the saving whose card it charges. */
  charges: 'auto_top_up_charges' | 'invoice_auto_charges';
  savedIn: 'auto_top_ups' | 'invoice_auto_pay';
  id: number;
  payment: Pick<Insertable<PaymentsTable>, 'account_no' | 'purpose' | 'invoice_id' | 'amount_pence' | 'description'>;
  /** Why it fails when the saving is turned off, and what the account is told then. */
  off: string;
  told: { title: string; message: string };
}

type ChargeDone = { state: 'charged' | 'failed'; failure?: string; payment_id?: number };
const markCharge = (tx: Tx, c: SavedCardCharge, done: ChargeDone) =>
  tx
    .updateTable(c.charges)
    .set({ ...done, done_at: new Date() })
    .where('id', '=', c.id)
    .execute();

/**
 * A claimed charge recorded in the claiming transaction before the provider is asked: a processing
 * payment of the saved card under a new charge key. Its saving turned off, the charge fails and the
 * account is told.
 */
async function recordSavedCardCharge(
  tx: Tx,
  provider: { kind: 'sandbox' | 'stripe' },
  c: SavedCardCharge,
): Promise<PaymentRow | null> {
  const saving = await tx
    .selectFrom(c.savedIn)
    .select(['enabled', 'payment_id'])
    .where('account_no', '=', c.payment.account_no)
    .executeTakeFirst();
  const saved =
    saving?.enabled &&
    (await tx
      .selectFrom('payments')
      .select(['provider', 'card_last4', 'customer_id', 'payment_method_id'])
      .where('id', '=', saving.payment_id)
      .executeTakeFirst());
  if (!saved) {
    await markCharge(tx, c, { state: 'failed', failure: c.off });
    await notify(tx, c.payment.account_no, { kind: 'payment-failed', ...c.told, icon: 'error', color: 'error' });
    return null;
  }
  const { provider: savedWith, ...card } = saved;
  const key = `${PENDING}${crypto.randomBytes(16).toString('hex')}`;
  const payment = await tx
    .insertInto('payments')
    .values({
      ...c.payment,
      provider: provider.kind,
      provider_id: key,
      client_secret: key,
      status: 'processing',
      // A card saved with another provider (the configuration changed since) is not one this one can charge.
      ...(savedWith === provider.kind ? card : {}),
      created_by: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await markCharge(tx, c, { state: 'charged', payment_id: payment.id });
  return payment;
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
    await settleAs(platform, `refused:${key}`, key, 'requires_payment_method', error.message);
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
 * Claims and charges up to `limit` off-session charges, one at a time: `claim` runs in its own
 * cross-account transaction and answers the payment it recorded, null when the claimed charge
 * ended there (failed, nothing to charge), or undefined when nothing is left to claim. Each
 * recorded payment is charged after its transaction commits. Answers how many were handled.
 */
async function claimAndCharge(
  platform: Platform,
  limit: number,
  claim: (tx: Tx) => Promise<PaymentRow | null | undefined>,
): Promise<number> {
  const errors: unknown[] = [];
  let handled = 0;
  for (let i = 0; i < limit; i++) {
    const claimed = await platform.tenancy.crossAccount('payments', claim);
    if (claimed === undefined) break;
    handled++;
    if (claimed) errors.push(await chargeRecorded(platform, claimed));
  }
  reportErrors(errors.filter((e) => e !== null));
  return handled;
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
  // No card provider (not configured, sandboxes off): the charges wait, queued, until there is one.
  if (!isAvailable(provider)) return 0;
  return claimAndCharge(platform, limit, async (tx) => {
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
    const amount = formatPence(charge.amount_pence);
    const off = 'the auto top-up is disabled.';
    return recordSavedCardCharge(tx, provider, {
      charges: 'auto_top_up_charges',
      savedIn: 'auto_top_ups',
      id: charge.id,
      payment: {
        account_no: charge.account_no,
        purpose: 'topup',
        invoice_id: null,
        amount_pence: charge.amount_pence,
        description: `Auto top-up ${amount}`,
      },
      off,
      told: {
        title: `Auto top-up failed: ${amount}`,
        message: `Your auto top-up of ${amount} could not charge your saved card: ${off} Please top up by card.`,
      },
    });
  });
}

/**
 * Invoice auto-pay: every unpaid invoice of an account whose auto-pay is on, dated on or after the
 * day it was set up and at least three days old (London time), gets one charge (unique per
 * invoice: never two, whatever runs at once); each is charged off-session to the saved card and
 * settles as any invoice payment (paid once, by the confirmation). Answers how many were handled.
 */
export async function processInvoiceAutoPay(platform: Platform, today = londonToday(), limit = 20): Promise<number> {
  const provider = platform.providers.payments;
  if (!isAvailable(provider)) return 0;
  await platform.tenancy.crossAccount('payments', (tx) =>
    sql`insert into invoice_auto_charges (account_no, invoice_id)
      select i.account_no, i.id from invoices i
        join invoice_auto_pay a on a.account_no = i.account_no and a.enabled
      where i.status = 'unpaid' and i.invoice_date >= a.since
        and i.invoice_date + ${INVOICE_AUTO_PAY_DAYS}::integer <= ${today}::date
      on conflict (invoice_id) do nothing`.execute(tx),
  );
  return claimAndCharge(platform, limit, async (tx) => {
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
    const off = 'invoice auto-pay is turned off.';
    const c: SavedCardCharge = {
      charges: 'invoice_auto_charges',
      savedIn: 'invoice_auto_pay',
      id: charge.id,
      payment: {
        account_no: charge.account_no,
        purpose: 'invoice',
        invoice_id: charge.invoice_id,
        amount_pence: charge.total_pence,
        description: `Invoice ${charge.invoice_no} (auto-pay)`,
      },
      off,
      told: {
        title: `Invoice auto-pay failed: ${charge.invoice_no}`,
        message: `Invoice ${charge.invoice_no} (${formatPence(charge.total_pence)}) could not be paid with your saved card: ${off} Please pay it from the Invoices page.`,
      },
    };
    // Paid or voided meanwhile (by hand, by direct debit): nothing to charge.
    if (charge.status === 'unpaid') return recordSavedCardCharge(tx, provider, c);
    await markCharge(tx, c, { state: 'failed', failure: 'the invoice is no longer unpaid.' });
    return null;
  });
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
  if (!isAvailable(platform.providers.payments)) return 0;
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
      const failure = 'The card provider did not answer the charge.';
      await settleAs(platform, `given-up:${payment.provider_id}`, payment.provider_id, 'canceled', failure);
      continue;
    }
    errors.push(await chargeRecorded(platform, payment));
  }
  reportErrors(errors.filter((e) => e !== null));
  return stale.length;
}

/**
 * The off-session workers every two seconds on the job queue (an auto top-up is charged soon after
 * the debit that queued it): each worker's failure does not hold up the next; a run that met any
 * fails with them (kept on the Jobs page), and the next run, two seconds on, tries again.
 */
export function offSessionJob(platform: Platform): JobDefinition {
  return job(
    'off-session-charges',
    async () => {
      const errors: unknown[] = [];
      for (const work of [processAutoTopUps, processInvoiceAutoPay, resumeOffSessionCharges]) {
        await work(platform).catch((error: unknown) => errors.push(error));
      }
      reportErrors(errors);
    },
    { every: 2, singleton: true },
  );
}
