/** The Change Events page's sidebar entry: beside Jobs, a provider admin's alone (as the server's routes are). */
import { can, FEATURES, type PermissionMap } from '@switchboard/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer } from '../test/fake-server.ts';
import { renderPanel } from '../test/render.tsx';
import { Sidebar } from './sidebar.tsx';

describe('the Change Events entry', { timeout: 45_000 }, () => {
  const masks = (grants: Partial<Record<keyof typeof FEATURES, number>>): PermissionMap =>
    Object.fromEntries(Object.entries(grants).map(([n, mask]) => [String(FEATURES[n as keyof typeof FEATURES]), mask]));
  const nav = (permissions: PermissionMap) => {
    fakeServer().on('POST', /^\/emserrors\//, () => ({ records: [], totalRecords: 0, lastPage: true }));
    renderPanel(<Sidebar />, {
      url: '/',
      session: { account_no: '1', permissions },
      can: (resource, action) => can({ permissions }, resource, action),
    });
    return screen.getByRole('navigation', { name: 'Main menu' });
  };

  it('is a provider admin’s, beside Jobs', async () => {
    const link = await within(nav(masks({ betaPanel: 2, vhAdmin: 15 }))).findByRole('link', { name: 'Change Events' });
    expect(link.getAttribute('href')).toBe('/change-events');
  });

  it('is no one else’s', async () => {
    const menu = nav(masks({ betaPanel: 2, account: 15, admin: 15, seats: 15 }));
    await within(menu).findByRole('link', { name: 'Seats' });
    expect(within(menu).queryByRole('link', { name: 'Change Events' })).toBeNull();
  });
});
