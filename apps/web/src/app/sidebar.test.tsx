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
});
