/** The invoices area's calls: the list source (with the date range), the detail, the PDFs. */
import { type InvoiceRecord, invoiceRoutes, type ListRequest } from '@switchboard/domain';
import { base64Blob, requestBlob, saveBlob } from '../../platform/api.ts';
import { call, send } from '../../platform/client.ts';
import type { DateRange } from '../../platform/fields/url-date-range.ts';
import { type ListSource, resourceKeys } from '../../platform/resource.ts';

export const invoiceKeys = resourceKeys('/invoice');

/** The paged list, its date range (invoice date, inclusive) sent beside the table's own request. */
export function invoiceSource(range: DateRange): ListSource<InvoiceRecord> {
  const key = [...invoiceKeys.lists(), range.from, range.to];
  return {
    key,
    invalidates: [invoiceKeys.all],
    fetch: ({ offset, limit, ...body }: ListRequest) =>
      send(invoiceRoutes.list, {
        params: { offset, limit },
        body: { ...body, ...(range.from ? { dateFrom: range.from } : {}), ...(range.to ? { dateTo: range.to } : {}) },
      }),
  };
}

export const invoiceDetail = (id: number) => ({
  queryKey: [...invoiceKeys.detail(id), 'detail'],
  queryFn: () => call(invoiceRoutes.detail, { params: { id } }),
});

/** The spec's GET /invoice/{id}: the PDF as base64, made a Blob for a frame or a download. */
export async function invoicePdfBlob(id: number): Promise<Blob> {
  const { pdf } = await call(invoiceRoutes.pdfBase64, { params: { id } });
  return base64Blob(pdf, 'application/pdf');
}

export async function downloadInvoicePdf(id: number, invoiceNo: string): Promise<void> {
  saveBlob(await requestBlob('GET', `/invoice/${id}/pdf`), `${invoiceNo}.pdf`);
}

export async function downloadTariffPdf(): Promise<void> {
  saveBlob(await requestBlob('GET', '/tariff/pdf'), 'tariff.pdf');
}
