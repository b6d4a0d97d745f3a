import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer } from '../test/fake-server.ts';
import { renderPanel } from '../test/render.tsx';
import { Sidebar } from './sidebar.tsx';

const noEmsErrors = () => fakeServer().on('POST', /^\/emserrors\//, () => ({ records: [], totalRecords: 0 }));

describe('sidebar', () => {
  it('shows the Portal heading with Customers in the user’s own account', async () => {
    noEmsErrors();
    renderPanel(<Sidebar />, { url: '/' });
    const nav = screen.getByRole('navigation', { name: 'Main menu' });
    expect(await within(nav).findByRole('link', { name: 'Customers' })).toBeTruthy();
    expect(within(nav).getByText('Portal')).toBeTruthy();
  });

  it('has no empty Portal heading while acting as a customer', async () => {
    noEmsErrors();
    renderPanel(<Sidebar />, { url: '/', session: { puppeteer: 7, user_id: 7 } });
    const nav = screen.getByRole('navigation', { name: 'Main menu' });
    expect(await within(nav).findByRole('link', { name: 'Seats' })).toBeTruthy();
    expect(within(nav).queryByRole('link', { name: 'Customers' })).toBeNull();
    expect(within(nav).queryByText('Portal')).toBeNull();
  });

  it('is a list of list items: each link an item, each group an item holding the list its heading names', async () => {
    noEmsErrors();
    renderPanel(<Sidebar />, { url: '/seat', session: { parent: '0' } });
    const nav = screen.getByRole('navigation', { name: 'Main menu' });
    await within(nav).findByRole('link', { name: 'Customers' });
    // What axe's list / listitem rules ask: a list holds only items, and an item is in a list.
    for (const list of nav.querySelectorAll('ul, ol')) {
      for (const child of list.children) expect(child.tagName, list.outerHTML.slice(0, 80)).toBe('LI');
    }
    for (const item of nav.querySelectorAll('li')) expect(item.parentElement?.tagName).toMatch(/^(UL|OL)$/);
    for (const link of within(nav).getAllByRole('link')) expect(link.parentElement?.tagName).toBe('LI');
    expect(within(nav).getByRole('button', { name: 'Log Out' }).parentElement?.tagName).toBe('LI');
    // A group: its heading names the list of its areas.
    const portal = within(nav).getByRole('list', { name: 'Portal' });
    expect(within(portal).getByRole('link', { name: 'Customers' })).toBeTruthy();
    expect(within(portal).queryByRole('link', { name: 'Dashboard' })).toBeNull();
    const routing = within(nav).getByRole('list', { name: 'Call Routing' });
    expect(within(routing).getByRole('link', { name: 'Time Profiles' })).toBeTruthy();
  });
});
