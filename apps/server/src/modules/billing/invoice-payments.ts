/**
 * How a confirmed card payment pays an invoice: the invoices area registers its `markInvoicePaid`
 * here and the payments area calls it, so neither reaches into the other.
 */
import type { Tx } from '../../platform/tenancy.ts';

export type InvoicePayer = (
  tx: Tx,
  invoiceId: number,
  payment: { reference: string; amountPence: number },
) => Promise<unknown>;

let payer: InvoicePayer | null = null;

export function registerInvoicePayer(fn: InvoicePayer): void {
  payer = fn;
}

export async function payInvoice(tx: Tx, invoiceId: number, payment: { reference: string; amountPence: number }) {
  if (!payer) throw new Error('No invoices area to pay an invoice in');
  return payer(tx, invoiceId, payment);
}
