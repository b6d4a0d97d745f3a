import { type InvoiceDetail, MESSAGES } from '@switchboard/domain';
import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import InvoicePdfPage from '../features/invoices/invoice-pdf-page.tsx';
import { BreadcrumbProvider } from '../platform/breadcrumb.tsx';
import { fakeServer, reply } from '../test/fake-server.ts';
import { renderPanel } from '../test/render.tsx';
import { PageBreadcrumbs } from './breadcrumbs.tsx';

const detail: InvoiceDetail = {
  id: 7,
  invoiceNo: 'INV-000007',
  accountNo: 30000,
  company: 'Acme Plumbing Ltd',
  period: '2026-10',
  date: '01/11/2026',
  due: '01/12/2026',
  paidDate: null,
  subTotal: 6,
  vat: 1.2,
  total: 7.2,
  subTotalPence: 600,
  vatPence: 120,
  totalPence: 720,
  status: 'Unpaid',
  version: 1,
  lines: [],
  notes: [],
  paidReference: null,
  voidReason: null,
};

/** The page as the shell shows it: its breadcrumbs above it. */
function renderShell(url: string) {
  return renderPanel(
    <BreadcrumbProvider>
      {(crumbs) => (
        <>
          <PageBreadcrumbs detail={crumbs} />
          <Routes>
            <Route path="/invoice/:id" element={<InvoicePdfPage />} />
          </Routes>
        </>
      )}
    </BreadcrumbProvider>,
    { url },
  );
}

describe('/invoice/:id', () => {
  it('names the invoice in the breadcrumbs (Dashboard > Invoices > Invoice <number>) and frames its PDF', async () => {
    const server = fakeServer();
    server.on('GET', '/invoice/7/detail', () => detail);
    server.on('GET', '/invoice/7', () => ({ pdf: btoa('%PDF-1.7 test') }));
    renderShell('/invoice/7');
    const trail = screen.getByRole('navigation', { name: 'breadcrumb' });
    await within(trail).findByText('Invoice INV-000007');
    expect(
      within(trail)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Dashboard', 'Invoices', 'Invoice INV-000007']);
    expect(within(trail).getByRole('link', { name: 'Invoices' }).getAttribute('href')).toBe('/invoice');
    expect(screen.getByRole('heading', { level: 1, name: 'Invoice INV-000007' })).toBeTruthy();
    const frame = await screen.findByTitle('Invoice PDF');
    expect(frame.getAttribute('src')).toMatch(/^blob:/);
    expect(screen.getByRole('button', { name: 'Download PDF' })).toBeTruthy();
  });

  it('says an unknown invoice could not be found, with no record crumb', async () => {
    const server = fakeServer();
    const missing = () => reply(404, { success: false, message: MESSAGES.recordNotFound });
    server.on('GET', '/invoice/99/detail', missing);
    server.on('GET', '/invoice/99', missing);
    renderShell('/invoice/99');
    expect(await screen.findByText(MESSAGES.recordNotFound)).toBeTruthy();
    const trail = screen.getByRole('navigation', { name: 'breadcrumb' });
    expect(
      within(trail)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Dashboard', 'Invoices']);
    expect(screen.queryByTitle('Invoice PDF')).toBeNull();
  });
});
