/**
 * The account's saved-card settings: auto top-up (saved by a card top-up with autoTopup) and
 * invoice auto-pay (saved by an invoice paid with autoBill), as the payments, invoices and direct
 * debit areas read and change them.
 */
import { PAYMENT_MESSAGES } from '@switchboard/domain';
import { type RawBuilder, sql } from 'kysely';
import { HttpError } from '../../../platform/errors.ts';
import type { Tx } from '../../../platform/tenancy.ts';

/** The account's auto top-up (undefined: none saved yet, or a postpay account). */
export const autoTopUpOf = (tx: Tx) => tx.selectFrom('auto_top_ups').selectAll().executeTakeFirst();

/** Turns the account's auto top-up on or off (and its threshold when given); 404 without one. */
export async function updateAutoTopUp(tx: Tx, enabled: boolean, thresholdPence: number | undefined): Promise<void> {
  const updated = await tx
    .updateTable('auto_top_ups')
    .set({
      enabled,
      ...(thresholdPence === undefined ? {} : { threshold_pence: thresholdPence }),
      updated_at: new Date(),
    })
    .returning('account_no')
    .executeTakeFirst();
  if (!updated)
    throw new HttpError(404, 'There is no auto top-up to update: make a card top-up with auto top-up first');
}

/** The account's invoice auto-pay: whether it is on, and its card's last four digits. */
export async function invoiceAutoPayOf(tx: Tx) {
  const auto = await tx
    .selectFrom('invoice_auto_pay as a')
    .innerJoin('payments as p', 'p.id', 'a.payment_id')
    .select(['a.enabled', 'p.card_last4'])
    .executeTakeFirst();
  return { enabled: auto?.enabled ?? false, last4: auto?.card_last4 ?? '' };
}

/** Turns the account's invoice auto-pay off; 404 when it is not on. */
export async function stopInvoiceAutoPay(tx: Tx): Promise<void> {
  const stopped = await tx
    .updateTable('invoice_auto_pay')
    .set({ enabled: false, updated_at: new Date() })
    .where('enabled', '=', true)
    .returning('account_no')
    .executeTakeFirst();
  if (!stopped) throw new HttpError(404, PAYMENT_MESSAGES.noAutoPay);
}

/**
 * The card that pays an invoice dated `invoiceDate` ('YYYY-MM-DD') by invoice auto-pay (null when
 * none does), and whether the invoice's automatic charge failed: the invoice's payment terms.
 */
export async function invoiceAutoPayCard(tx: Tx, accountNo: number, invoiceId: number, invoiceDate: string) {
  const { rows } = await sql<{ last4: string; charge_state: string | null }>`
    select p.card_last4 as last4, c.state as charge_state
    from invoice_auto_pay a
      join payments p on p.id = a.payment_id
      left join invoice_auto_charges c on c.invoice_id = ${invoiceId}
    where a.account_no = ${accountNo} and a.enabled and a.since <= ${invoiceDate}::date`.execute(tx);
  const card = rows[0];
  return card ? { last4: card.last4, chargeFailed: card.charge_state === 'failed' } : null;
}

/** Whether invoice auto-pay takes (or took) an invoice: the SQL condition, `i` the invoice. */
export const invoiceAutoPayCovers: RawBuilder<boolean> = sql<boolean>`(exists (select 1 from invoice_auto_pay a
    where a.account_no = i.account_no and a.enabled and a.since <= i.invoice_date)
  or exists (select 1 from invoice_auto_charges ac
    where ac.invoice_id = i.id and ac.state in ('pending', 'charged')))`;
