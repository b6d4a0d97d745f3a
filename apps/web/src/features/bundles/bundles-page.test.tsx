/**
 * Spec 1 §6 on /bundles, by the domain's can() over the session's masks: Enable needs bundles
 * create and Disable bundles delete; pricing is hidden for wholesale accounts.
 */
import { type BundleRecord, can, FEATURES, type PermissionMap } from '@switchboard/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer } from '../../test/fake-server.ts';
import { renderPanel } from '../../test/render.tsx';
import BundlesPage from './bundles-page.tsx';

const masks = (grants: Partial<Record<keyof typeof FEATURES, number>>): PermissionMap =>
  Object.fromEntries(
    Object.entries(grants).map(([name, mask]) => [String(FEATURES[name as keyof typeof FEATURES]), mask]),
  );

const bundles: BundleRecord[] = [
  {
    bundleId: 1,
    name: 'UK 1000',
    description: '1,000 minutes to UK landlines and mobiles',
    minutes: 1000,
    pricePence: 2500,
    id: null,
    enabledAt: null,
  },
  {
    bundleId: 2,
    name: 'UK 3000',
    description: '3,000 minutes to UK landlines and mobiles',
    minutes: 3000,
    pricePence: 6000,
    id: 11,
    enabledAt: '2026-11-01T09:00:00.000Z',
  },
];

function renderBundles(grants: Partial<Record<keyof typeof FEATURES, number>>) {
  const permissions = masks({ betaPanel: 2, ...grants });
  const server = fakeServer();
  server.on('GET', '/bundle/list', () => ({ records: bundles }));
  server.on('GET', '/bundle/usage', () => ({
    records: [{ id: 11, bundleId: 2, name: 'UK 3000', minutes: 3000, used: 120 }],
  }));
  const view = renderPanel(<BundlesPage />, {
    url: '/bundles',
    session: { permissions },
    can: (resource, action) => can({ permissions }, resource, action),
  });
  return { ...view, server };
}

const row = async (name: string) => {
  const cell = await screen.findByText(name);
  return cell.closest('tr') as HTMLElement;
};

describe('/bundles (spec 1 §6)', () => {
  it('offers Enable with bundles create and Disable with bundles delete, each alone', async () => {
    renderBundles({ retail: 15, bundles: 3 }); // read + create
    expect(within(await row('UK 1000')).getByRole('button', { name: 'Enable' })).toBeTruthy();
    expect(within(await row('UK 3000')).queryByRole('button', { name: 'Disable' })).toBeNull();
  });

  it('offers Disable with bundles delete and no Enable without create', async () => {
    renderBundles({ retail: 15, bundles: 10 }); // read + delete
    expect(within(await row('UK 3000')).getByRole('button', { name: 'Disable' })).toBeTruthy();
    expect(within(await row('UK 1000')).queryByRole('button', { name: 'Enable' })).toBeNull();
  });

  it('offers neither to a user who may only read bundles', async () => {
    renderBundles({ retail: 15, bundles: 2 });
    await row('UK 1000');
    expect(screen.queryByRole('button', { name: 'Enable' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Disable' })).toBeNull();
  });

  it('shows a retail account the prices, in the table and when enabling', async () => {
    const { user } = renderBundles({ retail: 15, bundles: 15 });
    expect(within(await row('UK 1000')).getByText('£25.00')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Monthly price (ex VAT)' })).toBeTruthy();
    await user.click(within(await row('UK 1000')).getByRole('button', { name: 'Enable' }));
    expect(
      await screen.findByText(
        'UK 1000 costs £25.00 a month (ex VAT), charged on your next invoice for every month it is enabled in.',
      ),
    ).toBeTruthy();
  });

  it('hides pricing from a wholesale account: no price column, no price when enabling', async () => {
    const { user } = renderBundles({ wholesale: 15, bundles: 15 });
    await row('UK 1000');
    expect(screen.queryByRole('columnheader', { name: 'Monthly price (ex VAT)' })).toBeNull();
    expect(screen.queryByText(/£/)).toBeNull();
    await user.click(within(await row('UK 1000')).getByRole('button', { name: 'Enable' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText('UK 1000 gives 1,000 minutes a month, for every month it is enabled in.'),
    ).toBeTruthy();
    expect(within(dialog).queryByText(/£/)).toBeNull();
  });
});
