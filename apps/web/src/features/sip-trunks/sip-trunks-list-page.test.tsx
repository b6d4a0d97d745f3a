import { MESSAGES, TRUNK_MESSAGES } from '@switchboard/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer } from '../../test/fake-server.ts';
import { renderPanel } from '../../test/render.tsx';
import SipTrunksListPage from './sip-trunks-list-page.tsx';

describe('adding a SIP trunk', () => {
  it('says a number is needed first when the account has none, and its empty list says so', async () => {
    const server = fakeServer({ '/trunk': [], '/numbering/allocated/callerids': [] });
    const { user } = renderPanel(<SipTrunksListPage />);
    await screen.findByText(MESSAGES.noRecords);
    await user.click(screen.getByRole('button', { name: 'Add' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add SIP Trunk' });
    expect(await within(dialog).findByText(TRUNK_MESSAGES.numberNeeded)).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Create' }).hasAttribute('disabled')).toBe(true);
    await user.click(within(dialog).getByRole('combobox', { name: /Emergency Location/ }));
    expect(await screen.findByText(MESSAGES.noNumbers)).toBeTruthy();
    // Whether it has any is a page of one; the list a page of 20: never every number of the account.
    expect(server.sent('POST', '/numbering/allocated/callerids').map((r) => r.path)).toEqual([
      '/numbering/allocated/callerids/0/1',
      '/numbering/allocated/callerids/0/20',
    ]);
  });

  it('picks the emergency location and the caller ID among the numbers the server finds', async () => {
    const server = fakeServer({
      '/trunk': [],
      '/numbering/allocated/callerids': [
        { id: 1, number: '01214960000', name: 'Main line' },
        { id: 2, number: '01179460000', name: 'Bristol office' },
      ],
    });
    const { user } = renderPanel(<SipTrunksListPage />);
    await screen.findByText(MESSAGES.noRecords);
    await user.click(screen.getByRole('button', { name: 'Add' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add SIP Trunk' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Nickname' }), 'Studio PBX');
    // No number chosen: what that means is said below the field.
    expect(within(dialog).getByText('Presented by the PBX')).toBeTruthy();
    const location = within(dialog).getByRole('combobox', { name: /Emergency Location/ });
    await user.type(location, 'bristol');
    await user.click(await screen.findByRole('option', { name: '01179460000 (Bristol office)' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Caller ID Number' }));
    await user.click(await screen.findByRole('option', { name: '01214960000 (Main line)' }));
    expect(within(dialog).queryByText(TRUNK_MESSAGES.numberNeeded)).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await within(dialog).findByRole('alert');
    expect(server.sent('POST', '/trunk').find((r) => r.path === '/trunk')?.body).toMatchObject({
      nickname: 'Studio PBX',
      emergencyServicesCid: '01179460000',
      cliNumber: '01214960000',
    });
    const searched = server.sent('POST', '/numbering/allocated/callerids');
    expect(searched.map((r) => r.body)).toContainEqual({ search: 'bristol' });
    expect(searched.every((r) => /\/0\/(1|20)$/.test(r.path))).toBe(true);
  });
});

describe('deleting a SIP trunk', () => {
  it('asks first, saying what will happen, and deletes nothing on Close', async () => {
    const server = fakeServer({ '/trunk': [{ id: 4, name: '30000_trunk1', description: 'Head office PBX' }] });
    const { user } = renderPanel(<SipTrunksListPage />);
    await user.click(await screen.findByRole('checkbox', { name: /^Select / }));
    await user.click(screen.getByRole('button', { name: 'Delete (1)' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('delete-warning').textContent).toBe(TRUNK_MESSAGES.confirmDelete);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(server.sent('DELETE', '/trunk')).toEqual([]);
  });
});
