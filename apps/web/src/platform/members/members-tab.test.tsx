/**
 * The members tab: a parent's members through its member routes (every one loaded at once), the
 * intro line, Add (refused twice with the server's message), a row's Edit and Delete.
 */
import { deleteBody, deleteReply, listReplySchema, recordId, route, saveReply } from '@switchboard/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fakeServer, reply } from '../../test/fake-server.ts';
import { firstColumn, renderPanel } from '../../test/render.tsx';
import { resourceKeys } from '../resource.ts';
import { MembersTab } from './members-tab.tsx';

const member = z.object({ id: z.number(), version: z.number(), displayName: z.string(), penalty: z.number() });
type Member = z.infer<typeof member>;
const penalty = z.coerce.number().int().min(0).max(9, { error: 'At most 9' });
const memberInput = z.object({ memberName: z.string().min(1, { error: 'Please select an option' }), penalty });
const memberUpdate = z.object({ id: recordId('Not found'), penalty });
const params = z.object({ id: z.coerce.number() });
const tag = 't';
const teamRoutes = {
  members: route({ method: 'GET', path: '/team/members/:id', params, reply: listReplySchema(member), tag }),
  addMember: route({ method: 'POST', path: '/team/member/:id', params, body: memberInput, reply: saveReply, tag }),
  updateMember: route({ method: 'PUT', path: '/team/member', body: memberUpdate, reply: saveReply, tag }),
  removeMembers: route({ method: 'DELETE', path: '/team/member', body: deleteBody, reply: deleteReply, tag }),
};

/** Team 1 with Alpha and Bravo; a member already in it is refused with the server's message. */
function teamServer() {
  const rows: Member[] = [
    { id: 1, version: 1, displayName: 'Alpha', penalty: 0 },
    { id: 2, version: 4, displayName: 'Bravo', penalty: 1 },
  ];
  const server = fakeServer();
  server.on('GET', '/team/members/1', () => ({ records: rows, totalRecords: rows.length, lastPage: true }));
  server.on('POST', '/team/member/1', (req) => {
    const body = req.body as { memberName: string; penalty: number };
    if (rows.some((r) => r.displayName === body.memberName)) {
      return reply(400, { success: false, message: '', validation: { memberName: 'Already a member' } });
    }
    rows.push({ id: 3, version: 1, displayName: body.memberName, penalty: body.penalty });
    return { success: true, message: `${body.memberName} created successfully`, id: 3 };
  });
  server.on('PUT', '/team/member', (req) => {
    const body = req.body as { id: number; penalty: number };
    const row = rows.find((r) => r.id === body.id);
    if (row) row.penalty = body.penalty;
    return { success: true, message: `${row?.displayName} has been updated`, id: body.id };
  });
  server.on('DELETE', '/team/member', (req) => {
    const { id } = req.body as { id: number };
    const [gone] = rows.splice(
      rows.findIndex((r) => r.id === id),
      1,
    );
    return { success: true, message: `Successfully deleted ${gone?.displayName}`, id };
  });
  return server;
}

const penaltyField = { kind: 'text', name: 'penalty', label: 'Penalty' } as const;
function Team() {
  return (
    <MembersTab
      parentId={1}
      routes={teamRoutes}
      keys={resourceKeys('/team')}
      resource="queues"
      intro="Members with a lower penalty are offered calls first."
      columns={[{ field: 'penalty', header: 'Penalty', sortable: true }]}
      add={{
        schema: memberInput,
        defaults: { memberName: '', penalty: 0 },
        fields: [{ kind: 'text', name: 'memberName', label: 'Member' }, penaltyField],
      }}
      edit={{ schema: memberUpdate, fields: [penaltyField], values: (m) => ({ id: m.id, penalty: m.penalty }) }}
    />
  );
}

describe('MembersTab', () => {
  it('shows the intro and the members, and adds one; a member already in is refused with the server’s message', async () => {
    const server = teamServer();
    const { user } = renderPanel(<Team />);
    expect(screen.getByText('Members with a lower penalty are offered calls first.')).toBeTruthy();
    expect(await screen.findByText('Alpha')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Member' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Add' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Member' });
    const name = within(dialog).getByRole('textbox', { name: 'Member' });
    await user.type(name, 'Alpha');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Already a member')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(server.sent('POST', '/team/member/1')).toHaveLength(2));
    expect(within(dialog).getByText('Already a member')).toBeTruthy();
    await user.clear(name);
    await user.type(name, 'Charlie');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Charlie created successfully')).toBeTruthy();
    expect(server.sent('POST', '/team/member/1').at(-1)?.body).toEqual({ memberName: 'Charlie', penalty: 0 });
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(firstColumn()).toEqual(['Alpha', 'Bravo', 'Charlie']));
  });

  it('edits a member’s settings by its id, based on its version as listed (If-Match)', async () => {
    const server = teamServer();
    const { user } = renderPanel(<Team />);
    await user.click(await screen.findByRole('button', { name: 'Edit Bravo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Member' });
    const field = within(dialog).getByRole('textbox', { name: 'Penalty' });
    expect((field as HTMLInputElement).value).toBe('1');
    await user.clear(field);
    await user.type(field, '5');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Bravo has been updated')).toBeTruthy();
    expect(server.sent('PUT', '/team/member').map((r) => r.body)).toEqual([{ id: 2, penalty: 5 }]);
    expect(server.sent('PUT', '/team/member').map((r) => r.ifMatch)).toEqual(['"4"']);
  });

  it('removes a member after the confirm, and offers no change to a user who may not update the parent', async () => {
    const server = teamServer();
    const { user, unmount } = renderPanel(<Team />);
    await user.click(await screen.findByRole('checkbox', { name: 'Select Alpha' }));
    await user.click(screen.getByRole('button', { name: 'Delete (1)' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByText('Deleted Successfully')).toBeTruthy();
    expect(server.sent('DELETE', '/team/member').map((r) => r.body)).toEqual([{ id: 1 }]);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(firstColumn()).toEqual(['Bravo']));
    unmount();
    renderPanel(<Team />, { can: (_r, action) => action === 'read' });
    expect(await screen.findByText('Bravo')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit Bravo' })).toBeNull();
  });
});
