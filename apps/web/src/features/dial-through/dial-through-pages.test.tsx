import { type DialThrough, MESSAGES } from '@switchboard/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { fakeServer } from '../../test/fake-server.ts';
import { renderPanel } from '../../test/render.tsx';
import DialThroughDetailPage from './dial-through-detail-page.tsx';
import DialThroughListPage from './dial-through-list-page.tsx';

const engineers: DialThrough = {
  id: 3,
  version: 2,
  name: 'Engineers on the road',
  cli: '01214960000',
  pin: '1234',
  pinEnabled: true,
  ukGeo: true,
  inter: false,
  ukMob: true,
  ukOther: false,
  channels: 2,
  cliCount: 0,
};

const numbers = () => [
  { id: 1, number: '01214960000', name: 'Main line' },
  { id: 2, number: '01214960001', name: 'Engineers' },
];

/** The caller-ID numbers the page asked for: pages of them, never the whole list. */
const callerIdRequests = (server: ReturnType<typeof fakeServer>) =>
  server.sent('POST', '/numbering/allocated/callerids').map((r) => [r.path, r.body]);

describe('the dial-through list', () => {
  it('shows each row’s CLI without loading the account’s numbers', async () => {
    const server = fakeServer({ '/dialthrough': [{ ...engineers }], '/numbering/allocated/callerids': numbers() });
    renderPanel(<DialThroughListPage />);
    expect(await screen.findByRole('row', { name: /Engineers on the road/ })).toBeTruthy();
    expect(screen.getByRole('row', { name: /Engineers on the road/ }).textContent).toContain('01214960000');
    expect(callerIdRequests(server)).toEqual([]);
  });

  it('adds one whose CLI is picked among the numbers the server finds', async () => {
    const server = fakeServer({ '/dialthrough': [], '/numbering/allocated/callerids': numbers() });
    const { user } = renderPanel(<DialThroughListPage />);
    await screen.findByText(MESSAGES.noRecords);
    await user.click(screen.getByRole('button', { name: 'Add' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Dial Through' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Night shift');
    await user.type(within(dialog).getByRole('textbox', { name: 'PIN' }), '4321');
    // No CLI: what that means is said below the field.
    expect(within(dialog).getByText('The caller’s own number')).toBeTruthy();
    const cli = within(dialog).getByRole('combobox', { name: 'CLI' });
    await user.type(cli, '0001');
    await user.click(await screen.findByRole('option', { name: '01214960001 (Engineers)' }));
    expect(within(dialog).queryByText('The caller’s own number')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await within(dialog).findByRole('alert');
    expect(server.sent('POST', '/dialthrough').find((r) => r.path === '/dialthrough')?.body).toMatchObject({
      name: 'Night shift',
      cli: '01214960001',
    });
    expect(callerIdRequests(server)).toContainEqual(['/numbering/allocated/callerids/0/20', { search: '0001' }]);
    expect(callerIdRequests(server).every(([path]) => String(path).endsWith('/0/20'))).toBe(true);
  });

  it('says No Numbers Found when the account has no number to present', async () => {
    fakeServer({ '/dialthrough': [], '/numbering/allocated/callerids': [] });
    const { user } = renderPanel(<DialThroughListPage />);
    await screen.findByText(MESSAGES.noRecords);
    await user.click(screen.getByRole('button', { name: 'Add' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Dial Through' });
    await user.click(within(dialog).getByRole('combobox', { name: 'CLI' }));
    expect(await screen.findByText(MESSAGES.noNumbers)).toBeTruthy();
  });
});

describe('the dial-through page', () => {
  it('names its CLI by a search for the number, and clears it to the caller’s own number', async () => {
    const server = fakeServer({ '/dialthrough': [{ ...engineers }], '/numbering/allocated/callerids': numbers() });
    const { user } = renderPanel(
      <Routes>
        <Route path="/dial-through/:id" element={<DialThroughDetailPage />} />
      </Routes>,
      { url: '/dial-through/3' },
    );
    const cli = (await screen.findByRole('combobox', { name: 'CLI' })) as HTMLInputElement;
    await waitFor(() => expect(cli.value).toBe('01214960000 (Main line)'));
    expect(callerIdRequests(server)).toEqual([['/numbering/allocated/callerids/0/20', { search: '01214960000' }]]);
    await user.clear(cli);
    await user.keyboard('{Escape}');
    expect(await screen.findByText('The caller’s own number')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MESSAGES.updated('Engineers on the road'))).toBeTruthy();
    expect(server.sent('PUT', '/dialthrough/3')[0]?.body).toMatchObject({ cli: '' });
  });
});
