/**
 * An account's invoices as records (the list's fields, one invoice with its lines), and what other
 * areas ask of them, so none reads the invoices' tables itself.
 */
import {
  INVOICE_MESSAGES,
  type InvoiceDetail,
  type InvoiceRecord,
  invoiceStatus,
  isPayable,
  MESSAGES,
  type StoredInvoiceStatus,
} from '@switchboard/domain';
import { HttpError, notFound } from '../../../platform/errors.ts';
import { field, fieldMap } from '../../../platform/fields.ts';
import { type AnyQuery, selectRecords } from '../../../platform/list.ts';
import type { Tx } from '../../../platform/tenancy.ts';
import { londonToday } from '../billing-periods.ts';
import { notesOfInvoice } from './notes.ts';
import './tables.ts';

/** Unpaid and due before today (London): Overdue, derived on every read. */
const STATUS_SQL = `case invoices.status when 'paid' then 'Paid' when 'void' then 'Void'
  else case when invoices.due_date < (now() at time zone 'Europe/London')::date then 'Overdue' else 'Unpaid' end end`;
const dmy = (column: string) => `to_char(invoices.${column}, 'DD/MM/YYYY')`;
const pounds = (column: string) => `round(invoices.${column} / 100.0, 2)`;

export const invoiceFields = fieldMap<InvoiceRecord>('invoices', {
  id: field.id(),
  invoiceNo: field.text('invoice_no', { sortable: true, searchable: true, sortSql: 'invoices.seq' }),
  accountNo: field.number('account_no'),
  company: field.computed('accounts.company', 'text'),
  period: field.text('period', { sortable: true, filterable: true }),
  date: field.computed(dmy('invoice_date'), 'text', { sortable: true, sortSql: 'invoices.invoice_date' }),
  due: field.computed(dmy('due_date'), 'text', { sortable: true, sortSql: 'invoices.due_date' }),
  paidDate: field.computed(dmy('paid_date'), 'text', { sortable: true, sortSql: 'invoices.paid_date' }),
  subTotal: field.computed(pounds('subtotal_pence'), 'number'),
  vat: field.computed(pounds('vat_pence'), 'number'),
  total: field.computed(pounds('total_pence'), 'number', { sortable: true, sortSql: 'invoices.total_pence' }),
  subTotalPence: field.number('subtotal_pence'),
  vatPence: field.number('vat_pence'),
  totalPence: field.number('total_pence'),
  status: field.computed(STATUS_SQL, 'text', { sortable: true, filterable: true }),
  version: field.version(),
});

/** The invoices the transaction sees, with their account (the fields' company). */
export const invoicesFrom = (db: Tx): AnyQuery =>
  db.selectFrom('invoices').innerJoin('accounts', 'accounts.account_no', 'invoices.account_no');

/** One invoice of the transaction's account with its lines, or the 404. */
export async function readInvoice(db: Tx, id: number): Promise<InvoiceDetail> {
  const [record] = await selectRecords(invoicesFrom(db).where('invoices.id', '=', id), invoiceFields);
  if (!record) throw new HttpError(404, MESSAGES.recordNotFound);
  const extra = await db
    .selectFrom('invoices')
    .select(['paid_reference as paidReference', 'void_reason as voidReason'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  const lines = await db
    .selectFrom('invoice_lines')
    .select(['id', 'description', 'quantity', 'unit_price_pence as unitPricePence', 'amount_pence as amountPence'])
    .where('invoice_id', '=', id)
    .orderBy('position')
    .execute();
  return { ...record, ...extra, lines, notes: await notesOfInvoice(db, id) };
}

/** Whether the account has an invoice (of the stored status given: 'unpaid' includes the overdue). */
export async function hasInvoice(tx: Tx, accountNo: number, status?: StoredInvoiceStatus): Promise<boolean> {
  let query = tx.selectFrom('invoices').select('id').where('account_no', '=', accountNo);
  if (status) query = query.where('status', '=', status);
  return (await query.limit(1).executeTakeFirst()) !== undefined;
}

/** The transaction's account's invoice numbered `invoiceNo` if it may be paid now (unpaid or overdue); else the 404 or 409. */
export async function payableInvoice(db: Tx, invoiceNo: string) {
  const invoice = await db
    .selectFrom('invoices')
    .select(['id', 'invoice_no', 'status', 'due_date', 'total_pence'])
    .where('invoice_no', '=', invoiceNo)
    .executeTakeFirst();
  if (!invoice) throw notFound();
  if (!isPayable(invoiceStatus(invoice.status, String(invoice.due_date), londonToday()))) {
    throw new HttpError(409, INVOICE_MESSAGES.notPayable);
  }
  return invoice;
}
