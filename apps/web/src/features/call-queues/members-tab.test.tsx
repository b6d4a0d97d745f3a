/** The Add Member picker of a call queue offers only seats (spec 2: a queue's members are seats). */
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { serveDestinations } from '../../test/destinations.ts';
import { fakeServer } from '../../test/fake-server.ts';
import { renderPanel } from '../../test/render.tsx';
import { QueueMembers } from './members-tab.tsx';

describe('call queue members', () => {
  it('offers only the account’s seats as members, not time profiles, voicemail, trunks, IVRs or rooms', async () => {
    const server = fakeServer();
    serveDestinations(server);
    server.on('GET', '/queue/members/7', () => ({ records: [], totalRecords: 0, lastPage: true }));
    const { user } = renderPanel(<QueueMembers queue={{ id: 7 }} />);
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
