import { can, FEATURES, type InvoiceDetail, type InvoiceRecord, type PermissionMap } from '@switchboard/domain';
import { cleanup, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../../test/fake-server.ts';
import { renderPanel } from '../../test/render.tsx';
import InvoicesPage from './invoices-page.tsx';

function invoice(id: number, status: InvoiceRecord['status'], totalPence: number): InvoiceRecord {
  const subTotalPence = Math.round(totalPence / 1.2);
  return {
    id,
    invoiceNo: `INV-00000${id}`,
    accountNo: 30000,
    company: 'Acme Plumbing Ltd',
    period: `2026-0${id}`,
    date: `01/0${id + 1}/2026`,
    due: `31/0${id + 1}/2026`,
    paidDate: status === 'Paid' ? `10/0${id + 1}/2026` : null,
    subTotal: subTotalPence / 100,
    vat: (totalPence - subTotalPence) / 100,
    total: totalPence / 100,
    subTotalPence,
    vatPence: totalPence - subTotalPence,
    totalPence,
    status,
    version: 1,
  };
}

describe('/invoice', { timeout: 45_000 }, () => {
  it('lists invoices with their status chips, filters by status and date, opens the detail', async () => {
    const rows = [invoice(3, 'Unpaid', 2340), invoice(2, 'Overdue', 10080), invoice(1, 'Paid', 7200)];
    const server = fakeServer({ '/invoice': rows });
    const detail: InvoiceDetail = {
      ...(rows[0] as InvoiceRecord),
      paidReference: null,
      voidReason: null,
      notes: [],
      lines: [
        { id: 1, description: 'Seat rental, March 2026', quantity: 3, unitPricePence: 600, amountPence: 1800 },
        { id: 2, description: 'Call recording storage', quantity: 1, unitPricePence: 150, amountPence: 150 },
      ],
    };
    server.on('GET', '/invoice/3/detail', () => detail);
    const { user } = renderPanel(<InvoicesPage />, { url: '/invoice' });
    expect(await screen.findByText('INV-000003')).toBeTruthy();
    expect(screen.getByText('Overdue')).toBeTruthy();
    expect(screen.getByText('£100.80')).toBeTruthy();

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Overdue' }));
    expect(server.lastList('/invoice')?.body).toMatchObject({ filters: { status: 'Overdue' } });

    // The From date typed DD/MM/YYYY, section by section: the list asks from that day.
    await user.click((await screen.findAllByRole('spinbutton', { name: 'Day' }))[0] as HTMLElement);
    await user.keyboard('01032026');
    await vi.waitFor(() => expect(server.lastList('/invoice')?.body).toMatchObject({ dateFrom: '2026-03-01' }));

    server.on('GET', '/invoice/2/detail', () => ({ ...detail, ...rows[1], lines: detail.lines }));
    await user.click(screen.getByRole('button', { name: 'View INV-000002' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Seat rental, March 2026')).toBeTruthy();
    expect(within(dialog).getByText('VAT 20%')).toBeTruthy();
    // Pay Invoice is there for an overdue invoice, for a user who may pay (account update).
    const pay = within(dialog).getByRole('button', { name: 'Pay Invoice' }) as HTMLButtonElement;
    expect(pay.disabled).toBe(false);
    // The Pay Invoice modal sends autoBill as ticked.
    await user.click(pay);
    const modal = await screen.findByRole('dialog', { name: 'Pay Invoice INV-000002' });
    expect(within(modal).getByText('£100.80')).toBeTruthy();
    server.on('POST', '/invoice/INV-000002/pay', () => ({
      success: true,
      message: 'Payment created',
      clientSecret: 'pi_sb_1_secret_x',
      provider: 'sandbox',
    }));
    await user.click(
      within(modal).getByLabelText(
        'Pay future invoices automatically with this card (charged three days after each invoice date)',
      ),
    );
    await user.click(within(modal).getByRole('button', { name: 'Pay by Card' }));
    await vi.waitFor(() => expect(server.sent('POST', '/invoice/INV-000002/pay')).toHaveLength(1));
    expect(server.sent('POST', '/invoice/INV-000002/pay')[0]?.body).toEqual({ autoBill: true, amount: 100.8 });
  });

  it('filters by invoice date typed or picked (DD/MM/YYYY), kept in the URL, and clears it', async () => {
    const server = fakeServer({ '/invoice': [invoice(1, 'Paid', 7200)] });
    // From the URL: the range shown DD/MM/YYYY and sent YYYY-MM-DD; a nonsense date is left out.
    const { user, search, container } = renderPanel(<InvoicesPage />, {
      url: '/invoice?from=2026-02-01&to=2026-02-30&page=2',
    });
    const input = (name: string) => container.querySelector(`input[name="${name}"]`) as HTMLInputElement;
    await vi.waitFor(() => expect(input('to')).toBeTruthy(), { timeout: 8000 });
    expect(input('from').value).toBe('01/02/2026');
    expect(input('to').value).toBe('');
    await vi.waitFor(() => expect(server.lastList('/invoice')?.body).toMatchObject({ dateFrom: '2026-02-01' }));
    expect(server.lastList('/invoice')?.body).not.toHaveProperty('dateTo');

    // Half typed, nothing changes; whole, the list asks for it and the URL keeps it (first page again).
    await user.click(screen.getAllByRole('spinbutton', { name: 'Day' })[1] as HTMLElement);
    await user.keyboard('1503');
    expect(search().get('to')).toBe('2026-02-30');
    // The year typed digit by digit passes through 0002, 0020 and 0202: none is a date to ask for.
    await user.keyboard('202');
    expect(search().get('to')).toBe('2026-02-30');
    await user.keyboard('6');
    await vi.waitFor(() => expect(search().get('to')).toBe('2026-03-15'));
    expect(search().get('page')).toBeNull();
    expect(input('to').value).toBe('15/03/2026');
    await vi.waitFor(() =>
      expect(server.lastList('/invoice')?.body).toMatchObject({ dateFrom: '2026-02-01', dateTo: '2026-03-15' }),
    );

    // Picked from the calendar: the From field's month (February 2026), the 10th.
    await user.click(screen.getAllByRole('button', { name: /Choose date/ })[0] as HTMLElement);
    const calendar = await screen.findByRole('dialog');
    expect(within(calendar).getByText('February 2026')).toBeTruthy();
    await user.click(within(calendar).getByRole('gridcell', { name: '10' }));
    await vi.waitFor(() => expect(search().get('from')).toBe('2026-02-10'));
    expect(input('from').value).toBe('10/02/2026');

    // Clear dates: both ends at once, in the URL and the request.
    await user.click(screen.getByRole('button', { name: 'Clear dates' }));
    await vi.waitFor(() => expect(search().get('from')).toBeNull());
    expect(search().get('to')).toBeNull();
    await vi.waitFor(() => expect(server.lastList('/invoice')?.body).not.toHaveProperty('dateFrom'));
    expect(server.lastList('/invoice')?.body).not.toHaveProperty('dateTo');
    expect(input('from').value).toBe('');
    expect(screen.queryByRole('button', { name: 'Clear dates' })).toBeNull();
  });

  it('says when invoices are paid automatically, and Turn Off asks first', async () => {
    const server = fakeServer({ '/invoice': [invoice(1, 'Paid', 7200)] });
    server.on('GET', '/payments/invoice-autopay', () => ({ enabled: true, last4: '4242' }));
    server.on('DELETE', '/payments/invoice-autopay', () => ({
      success: true,
      message: 'Invoice auto-pay has been turned off',
    }));
    const { user } = renderPanel(<InvoicesPage />, { url: '/invoice' });
    expect(
      await screen.findByText(
        'Invoices are paid automatically with your card ending 4242, three days after the invoice date.',
      ),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Turn Off' }));
    const ask = await screen.findByRole('dialog', { name: 'Turn Off Auto-Pay' });
    expect(server.sent('DELETE', '/payments/invoice-autopay')).toHaveLength(0);
    server.on('GET', '/payments/invoice-autopay', () => ({ enabled: false, last4: '4242' }));
    await user.click(within(ask).getByRole('button', { name: 'Turn Off' }));
    await vi.waitFor(() => expect(server.sent('DELETE', '/payments/invoice-autopay')).toHaveLength(1));
    await vi.waitFor(() => expect(screen.queryByText(/^Invoices are paid automatically/)).toBeNull());
  });
});

/** Spec 1 §6 on /invoice, by the domain's can() over the session's masks. */
describe('/invoice permissions', () => {
  const masks = (grants: Partial<Record<keyof typeof FEATURES, number>>): PermissionMap =>
    Object.fromEntries(
      Object.entries(grants).map(([name, mask]) => [String(FEATURES[name as keyof typeof FEATURES]), mask]),
    );
  function renderAs(grants: Partial<Record<keyof typeof FEATURES, number>>, autoPay = false) {
    const permissions = masks({ betaPanel: 2, retail: 15, ...grants });
    const rows = [invoice(2, 'Overdue', 10080), invoice(1, 'Paid', 7200)];
    const server = fakeServer({ '/invoice': rows });
    server.on('GET', '/invoice/2/detail', () => ({
      ...rows[0],
      paidReference: null,
      voidReason: null,
      lines: [],
      notes: [],
    }));
    server.on('GET', '/payments/invoice-autopay', () => ({ enabled: autoPay, last4: '4242' }));
    const view = renderPanel(<InvoicesPage />, {
      url: '/invoice',
      session: { permissions },
      can: (resource, action) => can({ permissions }, resource, action),
    });
    return { ...view, server };
  }

  it('offers Direct Debit with directDebit read, and not without', async () => {
    renderAs({ postpay: 15, account: 15, directDebit: 2 });
    expect(await screen.findByText('INV-000002')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Direct Debit' }).getAttribute('href')).toBe('/billing/directdebit');
    cleanup();
    renderAs({ postpay: 15, account: 15, directDebit: 13 }); // create, update, delete: no read
    expect(await screen.findByText('INV-000002')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Direct Debit' })).toBeNull();
  });

  it('offers Top Up to a prepay account (prepay read), not to a postpay one', async () => {
    renderAs({ prepay: 15, account: 15 });
    expect(await screen.findByText('INV-000002')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Top Up' })).toBeTruthy();
    cleanup();
    renderAs({ postpay: 15, account: 15 });
    expect(await screen.findByText('INV-000002')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Top Up' })).toBeNull();
  });

  it('lets a user who may only read the account see invoices but not pay them or turn auto-pay off', async () => {
    const { user } = renderAs({ postpay: 15, account: 2 }, true);
    expect(await screen.findByText(/^Invoices are paid automatically/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Turn Off' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'View INV-000002' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByRole('button', { name: 'Download PDF' })).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Pay Invoice' })).toBeNull();
  });

  it('has no add, edit or delete on the list: invoices are issued by the billing run, never by hand', async () => {
    renderAs({ postpay: 15, account: 15, admin: 15, vhAdmin: 15 });
    expect(await screen.findByText('INV-000002')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Add/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Delete/ })).toBeNull();
    expect(screen.queryByRole('checkbox')).toBeNull();
  });
});
