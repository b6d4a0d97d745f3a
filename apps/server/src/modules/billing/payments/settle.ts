/**
 * A card or PayPal payment's settlement: the provider's verified word (its webhook, or its answer
 * to an off-session charge) moves the payment's status and, the first time it succeeds, its money.
 */
import { formatPence, type PaymentStatus } from '@switchboard/domain';
import type { Platform } from '../../../platform/platform.ts';
import type { Tx } from '../../../platform/tenancy.ts';
import type { ApplyOutcome } from '../../../platform/webhooks.ts';
import type { PaymentEvent } from '../../../providers/payments/payments.ts';
import { notify, paymentFailedMail, queueMail } from '../../mail/index.ts';
import { londonToday } from '../billing-periods.ts';
import { payInvoice } from '../invoice-payments.ts';
import { postToLedger } from '../ledger.ts';
import type { PaymentRow } from './tables.ts';

/**
 * An off-session charge's key: its payment row's provider_id until the provider's intent id
 * replaces it, the provider's idempotency key (a retry is the same intent, never a second
 * charge), and the intent's metadata (so its webhook finds the row even before that).
 */
export const PENDING = 'pending_';

/**
 * Applies a verified webhook: the payment's new status and, the first time it succeeds, the money
 * (in the same transaction as the status). Unknown intents are ignored (another system's).
 */
export async function settle(platform: Platform, event: PaymentEvent): Promise<ApplyOutcome> {
  return platform.tenancy.crossAccount('payments', (tx) => settleIn(tx, event));
}

/** settle() of an event of our own making (an API answer, a refusal, a charge given up). */
export const settleAs = (platform: Platform, eventId: string, intentId: string, status: PaymentStatus, failure = '') =>
  settle(platform, { eventId, intentId, status, failure });

/** settle() in the caller's escape-hatch transaction. */
export async function settleIn(tx: Tx, event: PaymentEvent): Promise<ApplyOutcome> {
  if (!event.intentId) return 'ignored';
  const payment = await paymentOf(tx, event);
  if (!payment) return 'ignored';
  if (event.status === 'succeeded') await recordCard(tx, payment, event);
  if (payment.settled_at !== null) return 'duplicate';
  const succeeded = event.status === 'succeeded';
  if (!succeeded && event.status === payment.status && event.failure === payment.failure) return 'duplicate';
  // The money in the same transaction as the status.
  if (succeeded) await moveMoney(tx, payment);
  await tx
    .updateTable('payments')
    .set({
      status: event.status,
      failure: succeeded ? '' : event.failure,
      ...(succeeded ? { settled_at: new Date() } : {}),
      updated_at: new Date(),
    })
    .where('id', '=', payment.id)
    .execute();
  if (event.status === 'requires_payment_method') await tellFailed(tx, payment, event);
  return 'applied';
}

/** The event's payment, locked: by the intent's id, or by an off-session charge's pending key. */
async function paymentOf(tx: Tx, event: PaymentEvent): Promise<PaymentRow | undefined> {
  const payment = await tx
    .selectFrom('payments')
    .selectAll()
    .where('provider_id', '=', event.intentId)
    .forUpdate()
    .executeTakeFirst();
  if (payment || !event.chargeKey?.startsWith(PENDING)) return payment;
  // An off-session charge's webhook that came before the provider's API answer was recorded
  // (the provider confirms such a charge at once): its row, found by the charge's key, takes
  // the intent's id now; the API answer then finds it settled.
  return tx
    .updateTable('payments')
    .set({ provider_id: event.intentId, updated_at: new Date() })
    .where('provider_id', '=', event.chargeKey)
    .returningAll()
    .executeTakeFirst();
}

/**
 * The card the payment was made with, as the provider names it (what a saving payment saves);
 * recorded once, a later event filling only what an earlier one lacked.
 */
async function recordCard(tx: Tx, payment: PaymentRow, event: PaymentEvent): Promise<void> {
  const card = {
    ...(event.customerId && !payment.customer_id ? { customer_id: event.customerId } : {}),
    ...(event.paymentMethodId && !payment.payment_method_id ? { payment_method_id: event.paymentMethodId } : {}),
    ...(event.last4 && !payment.card_last4 ? { card_last4: event.last4 } : {}),
  };
  if (Object.keys(card).length > 0) {
    await tx.updateTable('payments').set(card).where('id', '=', payment.id).execute();
  }
}

/** A succeeded payment's money: a top-up credits the ledger, an invoice's pays the invoice. */
async function moveMoney(tx: Tx, payment: PaymentRow): Promise<void> {
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
      const autoTopUp = {
        account_no: payment.account_no,
        enabled: true,
        amount_pence: payment.amount_pence,
        threshold_pence: payment.auto_top_up_threshold_pence,
        payment_id: payment.id,
      };
      await tx
        .insertInto('auto_top_ups')
        .values(autoTopUp)
        .onConflict((oc) => oc.column('account_no').doUpdateSet({ ...autoTopUp, updated_at: new Date() }))
        .execute();
    }
  } else if (payment.invoice_id !== null) {
    await payInvoice(tx, payment.invoice_id, {
      reference: payment.provider_id,
      amountPence: payment.amount_pence,
    });
    // Paid with autoBill: this card pays the account's later invoices, three days after their date.
    if (payment.auto_bill) {
      const autoPay = { account_no: payment.account_no, enabled: true, payment_id: payment.id, since: londonToday() };
      await tx
        .insertInto('invoice_auto_pay')
        .values(autoPay)
        .onConflict((oc) => oc.column('account_no').doUpdateSet({ ...autoPay, updated_at: new Date() }))
        .execute();
    }
  }
}

/** A failed payment told to the account: a notification, and the 'payment failed' e-mail. */
async function tellFailed(tx: Tx, payment: PaymentRow, event: PaymentEvent): Promise<void> {
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
