import { FEATURES, IDENTITY_STATUS_LABELS } from '@switchboard/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer } from '../../test/fake-server.ts';
import { renderPanel } from '../../test/render.tsx';
import CustomersPage from './customers-page.tsx';

const row = (accountNo: number, company: string, identity?: string) => ({
  id: accountNo,
  accountNo,
  company,
  name: 'Ann Holder',
  email: `${accountNo}@example.test`,
  accountType: 'prepay',
  accountKind: 'retail',
  status: 'active',
  ...(identity ? { identity } : {}),
});

function customersServer(records: object[]) {
  const server = fakeServer();
  server.on('POST', /^\/customers\/\d+\/\d+$/, () => ({ records, totalRecords: records.length, lastPage: true }));
  return server;
}

describe('/customers identity column', () => {
  it("shows a provider admin each holder's identity status", async () => {
    customersServer([row(30000, 'Acme Plumbing', 'verified'), row(30001, 'Bella Hair', 'unverified')]);
    renderPanel(<CustomersPage />, {
      url: '/customers',
      session: { permissions: { [String(FEATURES.vhAdmin)]: 15 } },
    });
    const acme = (await screen.findByText('Acme Plumbing')).closest('tr') as HTMLElement;
    expect(screen.getByRole('columnheader', { name: /Identity/ })).toBeTruthy();
    expect(within(acme).getByText(IDENTITY_STATUS_LABELS.verified)).toBeTruthy();
    const bella = screen.getByText('Bella Hair').closest('tr') as HTMLElement;
    expect(within(bella).getByText(IDENTITY_STATUS_LABELS.unverified)).toBeTruthy();
  });

  it('has no identity column for a reseller', async () => {
    customersServer([row(20001, 'Harrogate Taxis')]);
    renderPanel(<CustomersPage />, {
      url: '/customers',
      session: { permissions: { [String(FEATURES.wholesaleCustomers)]: 15 } },
    });
    await screen.findByText('Harrogate Taxis');
    expect(screen.queryByRole('columnheader', { name: /Identity/ })).toBeNull();
  });
});
