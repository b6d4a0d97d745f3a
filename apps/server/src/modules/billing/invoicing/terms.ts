/**
 * An invoice's payment terms (its PDF's 'Payment terms'), from what this system does with it:
 *
 * - **Prepaid**: the billing run issues a retail *prepay* account's invoice Paid, its total taken
 *   from the prepaid balance at issue (paid reference 'Prepaid balance'): nothing is due; the
 *   balance is kept in credit by topping up.
 * - **Paid** otherwise (a card payment, by hand or by invoice auto-pay): nothing is due.
 * - **Void** (a provider admin's, the charge credited back): nothing is due.
 * - **Unpaid / Overdue** (postpay): due INVOICE_DUE_DAYS after the invoice date, and
 *   - with invoice auto-pay on (a card saved by paying an invoice with autoBill, covering invoices
 *     dated from the day it was set up), the payments worker charges that card
 *     INVOICE_AUTO_PAY_DAYS after the invoice date — unless that charge failed, when the invoice is
 *     paid by card in the control panel;
 *   - else with a Direct Debit mandate (setting one up makes the account postpay), the invoice is
 *     collected by it, usually DIRECT_DEBIT_COLLECTION_DAYS before the due date (spec 1 §9) —
 *     unless its collection failed or the bank cancelled the mandate: then it is paid by card;
 *   - else it is paid by card in the control panel (Invoices, Pay Invoice).
 *   Overdue (past its due date, so nothing automatic paid it): it says so, and to pay by card now.
 *
 * Bank transfer is not offered: nothing in the system would match a transfer to an invoice.
 */
import {
  DIRECT_DEBIT_COLLECTION_DAYS,
  formatPence,
  INVOICE_AUTO_PAY_DAYS,
  INVOICE_DUE_DAYS,
  type InvoiceStatus,
  VAT_PERCENT,
} from '@switchboard/domain';
import { addDays, displayDate } from '../billing-periods.ts';
import { PREPAID_REFERENCE } from './billing-run.ts';

export interface InvoiceTermsFacts {
  status: InvoiceStatus;
  /** 'YYYY-MM-DD'. */
  invoiceDate: string;
  /** 'YYYY-MM-DD'. */
  dueDate: string;
  /** 'YYYY-MM-DD', when paid. */
  paidDate: string | null;
  paidReference: string | null;
  totalPence: number;
  /** The account's invoice auto-pay when it is on and covers this invoice (dated on or after its start). */
  autoPay: { last4: string; chargeFailed: boolean } | null;
  /**
   * The account's current Direct Debit mandate: whether the bureau still collects on it (a bank may
   * cancel a mandate), and whether this invoice's collection failed (or was charged back).
   */
  directDebit: { bank: string; accountEnding: string; mandateActive: boolean; collectionFailed: boolean } | null;
}

/** The terms as paragraphs, the last one the currency and VAT note. */
export function invoiceTerms(f: InvoiceTermsFacts): string[] {
  const vat = `Prices are in pounds sterling; VAT is charged at ${VAT_PERCENT}%.`;
  const paidOn = f.paidDate ? ` on ${displayDate(f.paidDate)}` : '';
  if (f.status === 'Paid' && f.paidReference === PREPAID_REFERENCE) {
    return [
      `Prepay account: this invoice was paid from your prepaid balance when it was issued${paidOn}. Nothing is due. Top up in the control panel to keep your balance in credit.`,
      vat,
    ];
  }
  if (f.status === 'Paid') return [`Paid${paidOn}, thank you. Nothing is due.`, vat];
  if (f.status === 'Void') return ['This invoice is void: nothing is due.', vat];

  const due = displayDate(f.dueDate);
  const payByCard = 'Pay by card in the control panel (Invoices, Pay Invoice).';
  const failedCharge = f.autoPay?.chargeFailed
    ? `The automatic charge to your card ending ${f.autoPay.last4} did not succeed. `
    : '';
  if (f.status === 'Overdue') {
    // Past its due date nothing automatic has paid it: the account holder pays it now.
    return [
      `This invoice is overdue: ${formatPence(f.totalPence)} was due by ${due}. ${failedCharge}Please pay it now. ${payByCard}`,
      vat,
    ];
  }
  let how: string;
  if (f.autoPay && !f.autoPay.chargeFailed) {
    how = `Invoice auto-pay charges it to your card ending ${f.autoPay.last4} on ${displayDate(addDays(f.invoiceDate, INVOICE_AUTO_PAY_DAYS))}, ${INVOICE_AUTO_PAY_DAYS} days after the invoice date.`;
  } else if (f.autoPay) {
    how = `${failedCharge}${payByCard}`;
  } else if (f.directDebit?.collectionFailed) {
    how = `The Direct Debit collection from your ${f.directDebit.bank} account ending ${f.directDebit.accountEnding} did not succeed. ${payByCard}`;
  } else if (f.directDebit && !f.directDebit.mandateActive) {
    how = `Your Direct Debit mandate (${f.directDebit.bank}, account ending ${f.directDebit.accountEnding}) has been cancelled by your bank, so this invoice will not be collected. ${payByCard}`;
  } else if (f.directDebit) {
    how = `It will be collected by Direct Debit from your ${f.directDebit.bank} account ending ${f.directDebit.accountEnding}, usually ${DIRECT_DEBIT_COLLECTION_DAYS} days before the due date.`;
  } else {
    how = payByCard;
  }
  return [`Payment is due within ${INVOICE_DUE_DAYS} days of the invoice date, by ${due}. ${how}`, vat];
}
