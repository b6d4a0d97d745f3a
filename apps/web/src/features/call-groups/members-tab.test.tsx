/** The Add Member picker of a call group offers only seats (spec 2: members are seats). */
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { serveDestinations } from '../../test/destinations.ts';
import { fakeServer } from '../../test/fake-server.ts';
import { renderPanel } from '../../test/render.tsx';
import { GroupMembers } from './members-tab.tsx';

describe('call group members', () => {
  it('offers only the account’s seats as members, not time profiles, voicemail, trunks, IVRs or rooms', async () => {
    const server = fakeServer();
    serveDestinations(server);
    server.on('GET', '/callgroup/member/all/5', () => ({ records: [], totalRecords: 0, lastPage: true }));
    const { user } = renderPanel(<GroupMembers group={{ id: 5, ringType: 1 }} />);
    await user.click(await screen.findByRole('button', { name: 'Add' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Member' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Member' }));
    const listbox = await screen.findByRole('listbox');
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['201 - Reception']);
  });
});
