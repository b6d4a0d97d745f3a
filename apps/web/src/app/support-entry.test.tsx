/** The Support entry (spec 1 §2's list): provider admins and retail users only, as the server's routes (spec 3 §6). */
import { can, FEATURES, type PermissionMap } from '@switchboard/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer } from '../test/fake-server.ts';
import { renderPanel } from '../test/render.tsx';
import { Sidebar } from './sidebar.tsx';

const masks = (grants: Partial<Record<keyof typeof FEATURES, number>>): PermissionMap =>
  Object.fromEntries(Object.entries(grants).map(([n, mask]) => [String(FEATURES[n as keyof typeof FEATURES]), mask]));

describe('the Support entry', { timeout: 45_000 }, () => {
  it("is in the sidebar of provider admins and retail users only (spec 1 §2's 'Support')", async () => {
    const nav = (permissions: PermissionMap) => {
      fakeServer().on('POST', /^\/emserrors\//, () => ({ records: [], totalRecords: 0, lastPage: true }));
      const view = renderPanel(<Sidebar />, {
        url: '/',
        session: { account_no: '1', permissions },
        can: (resource, action) => can({ permissions }, resource, action),
      });
      return { menu: screen.getByRole('navigation', { name: 'Main menu' }), view };
    };
    for (const grants of [
      { betaPanel: 2, vhAdmin: 15 },
      { betaPanel: 2, retail: 15, account: 15 },
    ]) {
      const { menu, view } = nav(masks(grants));
      expect((await within(menu).findByRole('link', { name: 'Support' })).getAttribute('href')).toBe('/support');
      view.unmount();
    }
    for (const grants of [
      { betaPanel: 2, wholesale: 15, retail: 15, account: 15 },
      { betaPanel: 2, prepay: 15, admin: 15, seats: 15 },
    ]) {
      const { menu, view } = nav(masks(grants));
      await within(menu).findByRole('link', { name: 'Dashboard' });
      expect(within(menu).queryByRole('link', { name: 'Support' })).toBeNull();
      view.unmount();
    }
  });
});
