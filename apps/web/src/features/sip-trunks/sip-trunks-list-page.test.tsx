import { MESSAGES, TRUNK_MESSAGES } from '@switchboard/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer } from '../../test/fake-server.ts';
import { renderPanel } from '../../test/render.tsx';
import SipTrunksListPage from './sip-trunks-list-page.tsx';

describe('adding a SIP trunk', () => {
  it('says a number is needed first when the account has none, and its empty list says so', async () => {
    const server = fakeServer({ '/trunk': [] });
    server.on('POST', '/numbering/allocated/callerids', () => ({ records: [] }));
    const { user } = renderPanel(<SipTrunksListPage />);
    await screen.findByText(MESSAGES.noRecords);
    await user.click(screen.getByRole('button', { name: 'Add' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add SIP Trunk' });
    expect(await within(dialog).findByText(TRUNK_MESSAGES.numberNeeded)).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Create' }).hasAttribute('disabled')).toBe(true);
    await user.click(within(dialog).getByRole('combobox', { name: /Emergency Location/ }));
    expect((await screen.findByRole('option', { name: MESSAGES.noNumbers })).getAttribute('aria-disabled')).toBe(
      'true',
    );
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
