/**
 * Spec 1 §6 in the sidebar, decided by the domain's can() over the session's masks (as the panel
 * runs it): the Balance and Top Up items need prepay read (Top Up also account update, as the
 * server's top-up does); /invoice is for retail accounts with account read, admin and VHAdmin
 * standing in for account but never for retail, and retail counting only without wholesale.
 */
import { can, FEATURES, type PermissionMap } from '@switchboard/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer } from '../test/fake-server.ts';
import { renderPanel } from '../test/render.tsx';
import { Sidebar } from './sidebar.tsx';

const masks = (grants: Partial<Record<keyof typeof FEATURES, number>>): PermissionMap =>
  Object.fromEntries(
    Object.entries(grants).map(([name, mask]) => [String(FEATURES[name as keyof typeof FEATURES]), mask]),
  );

function renderSidebar(permissions: PermissionMap) {
  const server = fakeServer();
  server.on('POST', /^\/emserrors\//, () => ({ records: [], totalRecords: 0, lastPage: true }));
  server.on('GET', '/account/20002', () => ({ balance: 12.34 }));
  server.on('GET', '/account/20002/hasautotopup', () => ({
    autoTopupEnabled: false,
    cpv3AutoTopupEnabled: false,
    autoTopUpAmount: 10,
    autoTopUpThreshold: 2,
  }));
  const view = renderPanel(<Sidebar />, {
    url: '/',
    session: { account_no: '20002', permissions },
    can: (resource, action) => can({ permissions }, resource, action),
  });
  return { ...view, nav: screen.getByRole('navigation', { name: 'Main menu' }) };
}

describe('the sidebar’s billing items (spec 1 §6)', { timeout: 45_000 }, () => {
  it('shows Balance and Top Up to a prepay account; Top Up opens the Top Up modal', async () => {
    const { nav, user } = renderSidebar(masks({ betaPanel: 2, prepay: 15, account: 15 }));
    const balance = await within(nav).findByRole('link', { name: 'Balance: £12.34' });
    expect(balance.getAttribute('href')).toBe('/account-transaction');
    await user.click(within(nav).getByRole('button', { name: 'Top Up' }));
    const dialog = await screen.findByRole('dialog', { name: 'Top Up' }, { timeout: 8000 });
    expect(within(dialog).getByRole('radio', { name: 'Credit / Debit Card' })).toBeTruthy();
  });

  it('shows Balance but no Top Up to a prepay user who may not change the account', async () => {
    const { nav } = renderSidebar(masks({ betaPanel: 2, prepay: 15, account: 2 }));
    expect(await within(nav).findByRole('link', { name: 'Balance: £12.34' })).toBeTruthy();
    expect(within(nav).queryByRole('button', { name: 'Top Up' })).toBeNull();
  });

  it('shows neither to a postpay account, whatever else the user may do', async () => {
    const { nav } = renderSidebar(masks({ betaPanel: 2, postpay: 15, retail: 15, account: 15, admin: 15 }));
    expect(await within(nav).findByRole('link', { name: 'Invoices' })).toBeTruthy();
    expect(within(nav).queryByText(/^Balance:/)).toBeNull();
    expect(within(nav).queryByRole('button', { name: 'Top Up' })).toBeNull();
  });
});

describe('the Invoices entry: retail accounts, with account (or admin / VHAdmin) read', () => {
  const cases: Array<[string, Partial<Record<keyof typeof FEATURES, number>>, boolean]> = [
    ['retail, account read', { retail: 15, account: 2 }, true],
    ['retail, admin read in place of account', { retail: 15, admin: 2 }, true],
    ['retail, VHAdmin read in place of account', { retail: 15, vhAdmin: 2 }, true],
    ['retail, account create only (no read)', { retail: 15, account: 1 }, false],
    ['retail without account, admin or VHAdmin', { retail: 15, seats: 15 }, false],
    ['retail beside wholesale (retail does not count)', { retail: 15, wholesale: 15, account: 15 }, false],
    ['not retail (a prepay account), account read', { prepay: 15, account: 15 }, false],
    ['not retail, admin stands in for account but not for retail', { postpay: 15, admin: 15, vhAdmin: 15 }, false],
  ];
  it.each(cases)('%s → %s', async (_name, grants, shown) => {
    const { nav } = renderSidebar(masks({ betaPanel: 2, ...grants }));
    await within(nav).findByRole('link', { name: 'Dashboard' });
    expect(within(nav).queryByRole('link', { name: 'Invoices' }) !== null).toBe(shown);
  });
});
