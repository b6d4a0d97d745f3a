/**
 * Invoices (spec 1 §2 Invoices, §7): the paged list with its status filter, date range and search
 * by number, the spec's search call, the detail (lines), the PDF (base64 and download), the tariff
 * PDF, and the provider admin's void. Account holders of retail accounts with account read (admin
 * and VHAdmin stand in for account, never for retail); the void is a provider admin's, audited.
 */
import { INVOICE_MESSAGES, invoiceListBody, invoiceRoutes, isProviderAdmin } from '@switchboard/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { sql } from 'kysely';
import {
  invoiceFields,
  invoicePdfOf,
  invoicesFrom,
  readInvoice,
  tariffPdfOf,
  voidInvoice,
} from '../../modules/billing/index.ts';
import { serviceTariffLines } from '../../modules/numbering/index.ts';
import type { AuthContext } from '../../platform/auth.ts';
import { forbidden } from '../../platform/errors.ts';
import { type AnyQuery, type ListOptions, listBodyFor, pagedList, selectRecords } from '../../platform/list.ts';
import { recordAct } from '../../platform/outbox.ts';
import type { Platform } from '../../platform/platform.ts';
import { openRoute, tenantRoute } from '../../platform/routes.ts';

/** Who sees an account's invoices: retail accounts, with account read (admin / VHAdmin stand in for account). */
const invoiceReaders = [
  { resource: 'retail', action: 'read' },
  { resource: 'account', action: 'read' },
] as const;

const { dateFrom, dateTo } = invoiceListBody.unwrap().shape;
const listBody = listBodyFor(invoiceFields, { dateFrom, dateTo });

/** The provider admin's list: every account's invoices, by account too, searchable by company. */
const providerFields: typeof invoiceFields = {
  ...invoiceFields,
  accountNo: { ...invoiceFields.accountNo, filterable: true, sortable: true },
  company: { ...invoiceFields.company, searchable: true, sortable: true },
};
/** The provider's own work, not while acting as a customer (as the ledger adjustment). */
const providerAdmin = (auth: AuthContext) => isProviderAdmin(auth) && auth.puppeteer === null;

/** A page of `query`'s invoices, in the date range, newest first. */
function listed(
  query: AnyQuery,
  fields: typeof invoiceFields,
  o: ListOptions & { dateFrom?: string; dateTo?: string },
) {
  let q = query;
  if (o.dateFrom) q = q.where(sql.raw('invoices.invoice_date'), '>=', o.dateFrom);
  if (o.dateTo) q = q.where(sql.raw('invoices.invoice_date'), '<=', o.dateTo);
  return pagedList(q, fields, 'invoices.id', { field: 'date', direction: 'desc' }, o);
}

/** The session's account (the guard let only a session through). */
function accountOf(auth: AuthContext | null): number {
  if (!auth) throw forbidden();
  return auth.accountNo;
}

/** A PDF as a download the browser does not keep. */
function sendPdf(reply: FastifyReply, filename: string, pdf: Buffer) {
  return reply
    .type('application/pdf')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'private, no-store')
    .send(pdf);
}

export function registerInvoiceRoutes(api: FastifyInstance, platform: Platform): void {
  for (const register of [registerInvoiceReadRoutes, registerPdfRoutes, registerProviderRoutes]) {
    register(api, platform);
  }
}

/** The account's invoices: paged, all of them, found by number, and one in detail. */
function registerInvoiceReadRoutes(api: FastifyInstance, platform: Platform): void {
  const list = { allow: invoiceReaders, readOnly: true, schema: { body: listBody } };
  tenantRoute(api, platform, invoiceRoutes.list, {
    ...list,
    handler: async ({ db }, { params, body }) => listed(invoicesFrom(db), invoiceFields, { ...params, ...body }),
  });
  tenantRoute(api, platform, invoiceRoutes.all, {
    ...list,
    handler: async ({ db }, { body }) => listed(invoicesFrom(db), invoiceFields, { ...body, offset: -1, limit: -1 }),
  });

  // Spec 1 §7: invoiceNo (as shown, 'INV-000123', or its number) and accountNo → records. Another
  // account's number finds nothing (row-level security), and so does naming another account.
  tenantRoute(api, platform, invoiceRoutes.search, {
    allow: invoiceReaders,
    readOnly: true,
    handler: async ({ auth, db }, { body }) => {
      const digits = /^(?:INV-?)?0*(\d{1,9})$/i.exec(body.invoiceNo);
      if ((body.accountNo !== undefined && body.accountNo !== auth.accountNo) || !digits) {
        return { records: [], totalRecords: 0, lastPage: true };
      }
      const records = await selectRecords(
        invoicesFrom(db).where('invoices.seq', '=', Number(digits[1])),
        invoiceFields,
      );
      return { records, totalRecords: records.length, lastPage: true };
    },
  });

  tenantRoute(api, platform, invoiceRoutes.detail, {
    allow: invoiceReaders,
    handler: async ({ db }, { params }) => readInvoice(db, params.id),
  });
}

/** An invoice's PDF (as base64, or as a download) and the tariff's. */
function registerPdfRoutes(api: FastifyInstance, platform: Platform): void {
  const { tenancy } = platform;
  openRoute(api, platform, invoiceRoutes.pdfBase64, {
    allow: invoiceReaders,
    handler: async ({ auth }, { params }) => {
      const { pdf } = await invoicePdfOf(tenancy, accountOf(auth), params.id);
      return { pdf: pdf.toString('base64') };
    },
  });
  openRoute(api, platform, invoiceRoutes.pdf, {
    allow: invoiceReaders,
    changesState: false,
    handler: async ({ auth, reply }, { params }) => {
      const { no, pdf } = await invoicePdfOf(tenancy, accountOf(auth), params.id);
      return sendPdf(reply, `${no}.pdf`, pdf);
    },
  });
  openRoute(api, platform, invoiceRoutes.tariffPdf, {
    allow: invoiceReaders,
    changesState: false,
    handler: async ({ auth, reply }) => {
      const accountNo = accountOf(auth);
      const services = await tenancy.tenant(accountNo, (tx) => serviceTariffLines(tx), { readOnly: true });
      return sendPdf(reply, 'tariff.pdf', await tariffPdfOf(tenancy, accountNo, services));
    },
  });
}

/** The provider admin's: every account's invoices, and voiding one. */
function registerProviderRoutes(api: FastifyInstance, platform: Platform): void {
  const { tenancy } = platform;
  openRoute(api, platform, invoiceRoutes.providerList, {
    allow: providerAdmin,
    changesState: false,
    schema: { body: listBodyFor(providerFields, { dateFrom, dateTo }) },
    handler: async (_ctx, { params, body }) =>
      tenancy.crossAccount('billing', (tx) => listed(invoicesFrom(tx), providerFields, { ...params, ...body })),
  });

  // A provider admin's void (not while acting as a customer), with a reason; the charge is
  // credited back and the void audited, in one transaction.
  openRoute(api, platform, invoiceRoutes.void, {
    allow: providerAdmin,
    handler: async ({ auth, request }, { params, body }) => {
      if (!auth) throw forbidden();
      return tenancy.crossAccount('billing', async (tx) => {
        const voided = await voidInvoice(tx, params.id, { reason: body.reason, version: body.version, by: auth });
        const { invoiceNo, totalPence, statusBefore } = voided;
        await recordAct(tx, {
          userId: auth.userId,
          accountNo: auth.homeAccountNo,
          action: 'invoice.void',
          targetAccountNo: voided.accountNo,
          details: { invoiceId: params.id, invoiceNo, totalPence, reason: body.reason, statusBefore },
          ip: request.ip,
        });
        return { success: true, message: INVOICE_MESSAGES.voided(invoiceNo) };
      });
    },
  });
}
