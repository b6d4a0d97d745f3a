/**
 * Invoices (spec 1 §2 Invoices, §7): the paged list with its status filter, date range and search
 * by number, the spec's search call, the detail (lines), the PDF (base64 and download), the tariff
 * PDF, and the provider admin's void. Account holders of retail accounts with account read (admin
 * and VHAdmin stand in for account, never for retail); the void is a provider admin's, audited.
 */
import {
  INVOICE_MESSAGES,
  type InvoiceDetail,
  type InvoiceRecord,
  invoiceRoutes,
  isProviderAdmin,
  MESSAGES,
  type StoredInvoiceStatus,
} from '@switchboard/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { sql } from 'kysely';
import type { AuthContext } from '../../platform/auth.ts';
import { forbidden, HttpError } from '../../platform/errors.ts';
import { field, fieldMap } from '../../platform/fields.ts';
import { type AnyQuery, listBodyFor, pagedList, selectRecords } from '../../platform/list.ts';
import { recordAct } from '../../platform/outbox.ts';
import type { Platform } from '../../platform/platform.ts';
import { openRoute, tenantRoute } from '../../platform/routes.ts';
import type { Tx } from '../../platform/tenancy.ts';
import { billingPeriod, displayDate, londonToday, providerOf, voidInvoice } from './billing.ts';
import { type InvoicePdfData, invoicePdf, type PdfAddress, tariffPdf } from './pdf.ts';
import './tables.ts';
import { z } from 'zod';
import { type InvoiceTermsFacts, invoiceTerms } from './terms.ts';

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

/** Who sees an account's invoices: retail accounts, with account read (admin / VHAdmin stand in for account). */
export const invoiceReaders = [
  { resource: 'retail', action: 'read' },
  { resource: 'account', action: 'read' },
] as const;

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'A date is YYYY-MM-DD' });
const listBody = listBodyFor(invoiceFields, { dateFrom: isoDate.optional(), dateTo: isoDate.optional() });

const from = (db: Tx): AnyQuery =>
  db.selectFrom('invoices').innerJoin('accounts', 'accounts.account_no', 'invoices.account_no');

function inRange(q: AnyQuery, body: { dateFrom?: string | undefined; dateTo?: string | undefined }): AnyQuery {
  let out = q;
  if (body.dateFrom) out = out.where(sql.raw('invoices.invoice_date'), '>=', body.dateFrom);
  if (body.dateTo) out = out.where(sql.raw('invoices.invoice_date'), '<=', body.dateTo);
  return out;
}

const DEFAULT_SORT = { field: 'date', direction: 'desc' } as const;

/** The provider admin's list: every account's invoices, by account too, searchable by company. */
const providerFields: typeof invoiceFields = {
  ...invoiceFields,
  accountNo: { ...invoiceFields.accountNo, filterable: true, sortable: true },
  company: { ...invoiceFields.company, searchable: true, sortable: true },
};
const providerListBody = listBodyFor(providerFields, { dateFrom: isoDate.optional(), dateTo: isoDate.optional() });
/** The provider's own work, not while acting as a customer (as the ledger adjustment). */
const providerAdmin = (auth: AuthContext) => isProviderAdmin(auth) && auth.puppeteer === null;

/** One invoice of the transaction's account with its lines, or the 404. */
export async function readInvoice(db: Tx, id: number): Promise<InvoiceDetail> {
  const [record] = await selectRecords(from(db).where('invoices.id', '=', id), invoiceFields);
  if (!record) throw new HttpError(404, MESSAGES.recordNotFound);
  const extra = await db
    .selectFrom('invoices')
    .select(['paid_reference', 'void_reason'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  const lines = await db
    .selectFrom('invoice_lines')
    .select(['id', 'description', 'quantity', 'unit_price_pence', 'amount_pence'])
    .where('invoice_id', '=', id)
    .orderBy('position')
    .execute();
  return {
    ...record,
    paidReference: extra.paid_reference,
    voidReason: extra.void_reason,
    lines: lines.map((l) => ({
      id: l.id,
      description: l.description,
      quantity: l.quantity,
      unitPricePence: l.unit_price_pence,
      amountPence: l.amount_pence,
    })),
  };
}

type AccountAddressRow = {
  account_no: number;
  company: string;
  first_name: string;
  surname: string;
  address_line1: string;
  address_line2: string;
  address_city: string;
  address_county: string;
  address_postcode: string;
  address_country: string;
  telephone: string;
  email: string;
};

async function accountAddress(db: Tx, accountNo: number): Promise<PdfAddress & { accountNo: number }> {
  const a: AccountAddressRow | undefined = await db
    .selectFrom('accounts')
    .select([
      'account_no',
      'company',
      'first_name',
      'surname',
      'address_line1',
      'address_line2',
      'address_city',
      'address_county',
      'address_postcode',
      'address_country',
      'telephone',
      'email',
    ])
    .where('account_no', '=', accountNo)
    .executeTakeFirst();
  if (!a) throw new HttpError(404, MESSAGES.recordNotFound);
  return {
    accountNo: a.account_no,
    company: a.company,
    name: `${a.first_name} ${a.surname}`.trim(),
    lines: [a.address_line1, a.address_line2, a.address_city, a.address_county, a.address_postcode, a.address_country]
      .map((s) => s.trim())
      .filter(Boolean),
    telephone: a.telephone,
    email: a.email,
  };
}

/** The provider's header of an account (the top of its parent chain), read through the escape hatch. */
async function providerHeader(platform: Platform, accountNo: number): Promise<PdfAddress> {
  return platform.tenancy.crossAccount('billing', async (tx) => accountAddress(tx, await providerOf(tx, accountNo)));
}

/**
 * What the invoice's payment terms depend on (terms.ts), read in the account's transaction: its
 * dates, and how an unpaid one gets paid — the account's invoice auto-pay (the payments area's
 * card, covering invoices dated from its start, and this invoice's automatic charge if any) and its
 * current Direct Debit mandate (the direct debit area's).
 */
async function termsFacts(db: Tx, accountNo: number, invoice: InvoiceDetail): Promise<InvoiceTermsFacts> {
  const { rows: dates } = await sql<{ invoice_date: string; due_date: string; paid_date: string | null }>`
    select to_char(invoice_date, 'YYYY-MM-DD') as invoice_date, to_char(due_date, 'YYYY-MM-DD') as due_date,
      to_char(paid_date, 'YYYY-MM-DD') as paid_date
    from invoices where id = ${invoice.id}`.execute(db);
  const d = dates[0];
  if (!d) throw new HttpError(404, MESSAGES.recordNotFound);
  const { rows: autoPay } = await sql<{ last4: string; charge_state: string | null }>`
    select p.card_last4 as last4, c.state as charge_state
    from invoice_auto_pay a
      join payments p on p.id = a.payment_id
      left join invoice_auto_charges c on c.invoice_id = ${invoice.id}
    where a.account_no = ${accountNo} and a.enabled and a.since <= ${d.invoice_date}::date`.execute(db);
  // The current mandate, whether the bureau still collects on it, and this invoice's latest collection.
  const { rows: mandate } = await sql<{
    bank_name: string;
    account_ending: string;
    provider_status: string;
    collection_state: string | null;
  }>`
    select d.bank_name, d.account_ending, d.provider_status,
      (select c.state from direct_debit_collections c where c.invoice_id = ${invoice.id}
        order by c.id desc limit 1) as collection_state
    from direct_debits d
    where d.account_no = ${accountNo} and d.superseded_at is null
    order by d.id desc limit 1`.execute(db);
  const card = autoPay[0];
  const dd = mandate[0];
  return {
    status: invoice.status,
    invoiceDate: d.invoice_date,
    dueDate: d.due_date,
    paidDate: d.paid_date,
    paidReference: invoice.paidReference,
    totalPence: invoice.totalPence,
    autoPay: card ? { last4: card.last4, chargeFailed: card.charge_state === 'failed' } : null,
    directDebit: dd
      ? {
          bank: dd.bank_name,
          accountEnding: dd.account_ending,
          mandateActive: dd.provider_status === 'active',
          collectionFailed: dd.collection_state === 'failed' || dd.collection_state === 'charged_back',
        }
      : null,
  };
}

/** The invoice `id` of the session's account as a PDF. */
async function invoicePdfOf(platform: Platform, accountNo: number, id: number): Promise<{ no: string; pdf: Buffer }> {
  const { invoice, account, facts } = await platform.tenancy.tenant(
    accountNo,
    async (db) => {
      const invoice = await readInvoice(db, id);
      return { invoice, account: await accountAddress(db, accountNo), facts: await termsFacts(db, accountNo, invoice) };
    },
    { readOnly: true },
  );
  const provider = await providerHeader(platform, accountNo);
  const data: InvoicePdfData = {
    provider,
    account,
    invoiceNo: invoice.invoiceNo,
    period: billingPeriod(invoice.period).label,
    date: invoice.date,
    due: invoice.due,
    paidDate: invoice.paidDate,
    status: invoice.status,
    lines: invoice.lines,
    subtotalPence: invoice.subTotalPence,
    vatPence: invoice.vatPence,
    totalPence: invoice.totalPence,
    terms: invoiceTerms(facts),
  };
  return { no: invoice.invoiceNo, pdf: await invoicePdf(data) };
}

export function registerInvoiceRoutes(api: FastifyInstance, platform: Platform): void {
  registerInvoiceReadRoutes(api, platform);
  registerPdfRoutes(api, platform);
  registerProviderRoutes(api, platform);
}

/** The account's invoices: paged, all of them, found by number, and one in detail. */
function registerInvoiceReadRoutes(api: FastifyInstance, platform: Platform): void {
  const routes = invoiceRoutes;
  tenantRoute(api, platform, routes.list, {
    allow: invoiceReaders,
    readOnly: true,
    schema: { body: listBody },
    handler: async ({ db }, { params, body }) =>
      pagedList(inRange(from(db), body), invoiceFields, 'invoices.id', DEFAULT_SORT, { ...params, ...body }),
  });

  tenantRoute(api, platform, routes.all, {
    allow: invoiceReaders,
    readOnly: true,
    schema: { body: listBody },
    handler: async ({ db }, { body }) =>
      pagedList(inRange(from(db), body), invoiceFields, 'invoices.id', DEFAULT_SORT, {
        ...body,
        offset: -1,
        limit: -1,
      }),
  });

  // Spec 1 §7: invoiceNo (as shown, 'INV-000123', or its number) and accountNo → records. Another
  // account's number finds nothing (row-level security), and so does naming another account.
  tenantRoute(api, platform, routes.search, {
    allow: invoiceReaders,
    readOnly: true,
    handler: async ({ auth, db }, { body }) => {
      if (body.accountNo !== undefined && body.accountNo !== auth.accountNo) {
        return { records: [], totalRecords: 0, lastPage: true };
      }
      const digits = /^(?:INV-?)?0*(\d{1,9})$/i.exec(body.invoiceNo);
      if (!digits) return { records: [], totalRecords: 0, lastPage: true };
      const records = await selectRecords(from(db).where('invoices.seq', '=', Number(digits[1])), invoiceFields);
      return { records, totalRecords: records.length, lastPage: true };
    },
  });

  tenantRoute(api, platform, routes.detail, {
    allow: invoiceReaders,
    handler: async ({ db }, { params }) => readInvoice(db, params.id),
  });
}

/** A PDF as a download the browser does not keep. */
function sendPdf(reply: FastifyReply, filename: string, pdf: Buffer) {
  return reply
    .type('application/pdf')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'private, no-store')
    .send(pdf);
}

/** An invoice's PDF (as base64, or as a download) and the tariff's. */
function registerPdfRoutes(api: FastifyInstance, platform: Platform): void {
  const routes = invoiceRoutes;
  openRoute(api, platform, routes.pdfBase64, {
    allow: invoiceReaders,
    handler: async ({ auth }, { params }) => {
      if (!auth) throw forbidden();
      const { pdf } = await invoicePdfOf(platform, auth.accountNo, params.id);
      return { pdf: pdf.toString('base64') };
    },
  });

  openRoute(api, platform, routes.pdf, {
    allow: invoiceReaders,
    changesState: false,
    handler: async ({ auth, reply }, { params }) => {
      if (!auth) throw forbidden();
      const { no, pdf } = await invoicePdfOf(platform, auth.accountNo, params.id);
      return sendPdf(reply, `${no}.pdf`, pdf);
    },
  });

  openRoute(api, platform, routes.tariffPdf, {
    allow: invoiceReaders,
    changesState: false,
    handler: async ({ auth, reply }) => {
      if (!auth) throw forbidden();
      const provider = await providerHeader(platform, auth.accountNo);
      const pdf = await tariffPdf(provider, displayDate(londonToday()));
      return sendPdf(reply, 'tariff.pdf', pdf);
    },
  });
}

/** The provider admin's: every account's invoices, and voiding one. */
function registerProviderRoutes(api: FastifyInstance, platform: Platform): void {
  const routes = invoiceRoutes;
  openRoute(api, platform, routes.providerList, {
    allow: providerAdmin,
    changesState: false,
    schema: { body: providerListBody },
    handler: async (_ctx, { params, body }) =>
      platform.tenancy.crossAccount('billing', (tx) =>
        pagedList(inRange(from(tx), body), providerFields, 'invoices.id', DEFAULT_SORT, { ...params, ...body }),
      ),
  });

  // A provider admin's void (not while acting as a customer), with a reason; the charge is
  // credited back and the void audited, in one transaction.
  openRoute(api, platform, routes.void, {
    allow: providerAdmin,
    handler: async ({ auth, request }, { params, body }) => {
      if (!auth) throw forbidden();
      return platform.tenancy.crossAccount('billing', async (tx) => {
        const before = await tx
          .selectFrom('invoices')
          .select(['status'])
          .where('id', '=', params.id)
          .executeTakeFirst();
        const voided = await voidInvoice(tx, params.id, { reason: body.reason, version: body.version, by: auth });
        await recordAct(tx, {
          userId: auth.userId,
          accountNo: auth.homeAccountNo,
          action: 'invoice.void',
          targetAccountNo: voided.accountNo,
          details: {
            invoiceId: params.id,
            invoiceNo: voided.invoiceNo,
            totalPence: voided.totalPence,
            reason: body.reason,
            statusBefore: (before?.status ?? null) as StoredInvoiceStatus | null,
          },
          ip: request.ip,
        });
        return { success: true, message: INVOICE_MESSAGES.voided(voided.invoiceNo) };
      });
    },
  });
}
