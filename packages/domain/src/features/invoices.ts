/**
 * Invoices (issue 13, spec 1 §2 Invoices, §3 Invoice, §4 Invoice pay, §7, §9): the monthly billing
 * run's numbered invoices, their lines and totals in integer pence, the statuses the panel shows,
 * the list / search / PDF calls and the provider admin's void.
 *
 * Statuses: an invoice is stored Unpaid, Paid or Void. **Overdue is derived**, never stored: an
 * Unpaid invoice whose due date (London) is before today. So an invoice turns Overdue at midnight
 * without a job, and paying an Overdue invoice makes it Paid like any Unpaid one.
 */
import { z } from 'zod';
import { CREATE_MONTHLY_PENCE, formatPence } from '../constants.ts';
import { route } from '../contract.ts';
import { idParam, recordId } from '../fields.ts';
import { MESSAGES } from '../messages.ts';
import { listParams, listReplySchema, saveReply } from '../paging.ts';

/** VAT, per cent (spec: VAT 20 %). */
export const VAT_PERCENT = 20;
/**
 * Days from the invoice date to its due date: 30 (business terms; the invoice of a month is dated
 * the 1st of the next and due by its end, so direct debit can collect 3 days before, spec 1 §9).
 */
export const INVOICE_DUE_DAYS = 30;
/** Spec 1 §9: invoice auto-pay charges the saved card this many days after the invoice date. */
export const INVOICE_AUTO_PAY_DAYS = 3;
/** Spec 1 §9: direct debit collection is usually this many days before the due date. */
export const DIRECT_DEBIT_COLLECTION_DAYS = 3;
/** Spec 1 §9: seat rental, £6 per seat per month (ex VAT). */
export const SEAT_RENTAL_PENCE = CREATE_MONTHLY_PENCE;
/**
 * Telephone number rental per number per month (ex VAT). The spec gives no price: ours, £2.00 —
 * the rate the demo ledger has always charged ('Number rental … £2.40 inc VAT').
 */
export const NUMBER_RENTAL_PENCE = 200;

/**
 * VAT of a subtotal in pence, rounded half-up to the penny (20 % of 1,953p = 390.6p → 391p; of
 * 1,952p = 390.4p → 390p; of 1,952.5p cannot happen: pence are whole). Integer arithmetic only.
 */
export function vatOf(subtotalPence: number): number {
  if (!Number.isSafeInteger(subtotalPence)) throw new Error('A subtotal is a whole number of pence');
  const sign = subtotalPence < 0 ? -1 : 1;
  const abs = Math.abs(subtotalPence);
  return sign * Math.floor((abs * VAT_PERCENT + 50) / 100);
}

/** Subtotal, VAT and total of invoice lines (each line's amount = quantity × unit price). */
export function invoiceTotals(lines: ReadonlyArray<{ quantity: number; unitPricePence: number }>): {
  subtotalPence: number;
  vatPence: number;
  totalPence: number;
} {
  const subtotalPence = lines.reduce((s, l) => s + l.quantity * l.unitPricePence, 0);
  const vatPence = vatOf(subtotalPence);
  return { subtotalPence, vatPence, totalPence: subtotalPence + vatPence };
}

/** Invoice numbers as shown: 'INV-000123' (a gap-free sequence per provider). */
export function formatInvoiceNo(n: number): string {
  return `INV-${String(n).padStart(6, '0')}`;
}

export const INVOICE_STATUSES = ['Unpaid', 'Overdue', 'Paid', 'Void'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
/** What is stored; Overdue is derived from Unpaid and the due date. */
export const STORED_INVOICE_STATUSES = ['unpaid', 'paid', 'void'] as const;
export type StoredInvoiceStatus = (typeof STORED_INVOICE_STATUSES)[number];

/** The status shown for a stored status and due date ('YYYY-MM-DD'), today being `today` ('YYYY-MM-DD'). */
export function invoiceStatus(stored: StoredInvoiceStatus, due: string, today: string): InvoiceStatus {
  if (stored === 'paid') return 'Paid';
  if (stored === 'void') return 'Void';
  return due < today ? 'Overdue' : 'Unpaid';
}

/** Whether the pay flow opens for an invoice (spec 1 §2: Unpaid and Overdue). */
export const isPayable = (status: InvoiceStatus) => status === 'Unpaid' || status === 'Overdue';

export const billingPeriod = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'A period is YYYY-MM' });

/**
 * An invoice (spec 1 §3): id, invoiceNo, accountNo, date, due, paidDate, subTotal, vat, total (in
 * pounds, as the spec's client shows them), status — and the same amounts in pence, the period
 * and the version (a void names the version it was based on).
 */
export const invoiceRecord = z.object({
  id: z.number().int(),
  invoiceNo: z.string(),
  accountNo: z.number().int(),
  company: z.string(),
  period: z.string(),
  /** DD/MM/YYYY (spec 1 §9). */
  date: z.string(),
  due: z.string(),
  paidDate: z.string().nullable(),
  subTotal: z.number(),
  vat: z.number(),
  total: z.number(),
  subTotalPence: z.number().int(),
  vatPence: z.number().int(),
  totalPence: z.number().int(),
  status: z.enum(INVOICE_STATUSES),
  version: z.number().int(),
});
export type InvoiceRecord = z.infer<typeof invoiceRecord>;

export const invoiceLineRecord = z.object({
  id: z.number().int(),
  description: z.string(),
  quantity: z.number().int(),
  unitPricePence: z.number().int(),
  amountPence: z.number().int(),
});
export type InvoiceLine = z.infer<typeof invoiceLineRecord>;

export const invoiceDetail = invoiceRecord.extend({
  lines: z.array(invoiceLineRecord),
  /** Notes printed on the invoice (an area's notice for the account's next invoice: a number ported away). */
  notes: z.array(z.string()),
  paidReference: z.string().nullable(),
  voidReason: z.string().nullable(),
});
export type InvoiceDetail = z.infer<typeof invoiceDetail>;

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'A date is YYYY-MM-DD' });

/**
 * The list's body: sort, search (the invoice number), filters (status: Unpaid / Overdue / Paid /
 * Void) and a date range over the invoice date (dateFrom, dateTo; inclusive, YYYY-MM-DD).
 */
export const invoiceListBody = z
  .object({
    sortBy: z.string().max(64).optional(),
    direction: z.enum(['asc', 'desc']).optional(),
    search: z.string().max(100).optional(),
    filters: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).optional(),
    dateFrom: isoDate.optional(),
    dateTo: isoDate.optional(),
  })
  .default({});
export type InvoiceListBody = z.input<typeof invoiceListBody>;

/** POST /invoice/search/0/1 (spec 1 §7): invoiceNo and accountNo → records. */
export const invoiceSearchBody = z.object({
  invoiceNo: z.string({ error: MESSAGES.required }).trim().min(1, { error: MESSAGES.required }).max(20),
  accountNo: recordId().optional(),
});

export const voidInvoiceBody = z.object({
  reason: z
    .string({ error: MESSAGES.required })
    .trim()
    .min(1, { error: MESSAGES.required })
    .max(200, { error: MESSAGES.maxLength(200) }),
  /** The version the void was based on (stale → refused). */
  version: z.number().int().positive().optional(),
});
export type VoidInvoiceBody = z.infer<typeof voidInvoiceBody>;

export const INVOICE_MESSAGES = {
  voided: (invoiceNo: string) => `Invoice ${invoiceNo} has been voided`,
  alreadyVoid: 'This invoice is already void',
  paidCannotVoid: 'A paid invoice cannot be voided',
  voidCannotPay: 'A void invoice cannot be paid',
  alreadyPaid: 'This invoice has already been paid',
  notPayable: 'Only an unpaid or overdue invoice can be paid',
  wrongAmount: (totalPence: number) => `The payment must be the invoice total of ${formatPence(totalPence)}`,
} as const;

const tag = 'invoices';
const pdfReply = z.object({ pdf: z.string() });

export const invoiceRoutes = {
  /** The paged list (the platform's generic list: {offset}/{limit}, -1/-1 all). */
  list: route({
    method: 'POST',
    path: '/invoice/:offset/:limit',
    params: listParams,
    body: invoiceListBody,
    reply: listReplySchema(invoiceRecord),
    tag,
  }),
  /** Spec 1 §7 'POST /invoice: list' (every invoice of the account, newest first). */
  all: route({ method: 'POST', path: '/invoice', body: invoiceListBody, reply: listReplySchema(invoiceRecord), tag }),
  search: route({
    method: 'POST',
    path: '/invoice/search/0/1',
    body: invoiceSearchBody,
    reply: listReplySchema(invoiceRecord),
    tag,
  }),
  /** Spec 1 §7: GET /invoice/{id} — the PDF as base64. */
  pdfBase64: route({ method: 'GET', path: '/invoice/:id', params: idParam, reply: pdfReply, tag }),
  /** The invoice PDF as a download (application/pdf; GET or POST, spec 1 §7). */
  pdf: route({
    method: 'GET',
    alsoMethods: ['POST'],
    path: '/invoice/:id/pdf',
    params: idParam,
    reply: z.unknown(),
    replyTypes: ['application/pdf'],
    tag,
  }),
  /** The detail modal: the invoice with its lines. */
  detail: route({ method: 'GET', path: '/invoice/:id/detail', params: idParam, reply: invoiceDetail, tag }),
  /** The provider's tariff (price list) as a PDF download (GET or POST). */
  tariffPdf: route({
    method: 'GET',
    alsoMethods: ['POST'],
    path: '/tariff/pdf',
    reply: z.unknown(),
    replyTypes: ['application/pdf'],
    tag,
  }),
  /**
   * The provider admin's list of every account's invoices (filters: status, accountNo; search:
   * invoice number or company), where an unpaid invoice is voided.
   */
  providerList: route({
    method: 'POST',
    path: '/invoice/provider/:offset/:limit',
    params: listParams,
    body: invoiceListBody,
    reply: listReplySchema(invoiceRecord),
    tag,
  }),
  /** A provider admin voids an invoice, with a reason (audited; the charge is credited back). */
  void: route({
    method: 'POST',
    path: '/invoice/:id/void',
    params: idParam,
    body: voidInvoiceBody,
    reply: saveReply,
    tag,
  }),
};
