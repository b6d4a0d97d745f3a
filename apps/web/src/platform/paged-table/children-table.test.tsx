/**
 * A parent's children in a PagedTable: every child loaded at once (allSource) and paged, sorted
 * and searched in the browser; every change needing the parent's update (writeAction); a row's
 * own edit (editRow); a 'checkboxes' field holding an object of booleans.
 */
import {
  deleteBody,
  deleteReply,
  listReplySchema,
  recordId,
  route,
  type SaveReply,
  saveReply,
} from '@switchboard/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fakeServer, reply } from '../../test/fake-server.ts';
import { firstColumn, renderPanel } from '../../test/render.tsx';
import { call } from '../client.ts';
import { allSource } from '../resource.ts';
import { PagedTable, rowEdit } from './paged-table.tsx';

const days = z.object({ monday: z.boolean(), tuesday: z.boolean() });
const member = z.object({ id: z.number(), name: z.string(), days, penalty: z.number() });
type Member = z.infer<typeof member>;
const penalty = z.coerce.number().int().min(0).max(9, { error: 'At most 9' });
const memberInput = z.object({
  name: z.string().min(1, { error: 'Please select an option' }),
  days: days.default({ monday: true, tuesday: true }),
  penalty: penalty.default(0),
});
const memberUpdate = z.object({ id: recordId('Not found'), penalty });
const tag = 't';
const routes = {
  all: route({
    method: 'GET',
    path: '/team/member/all/:id',
    params: z.object({ id: z.coerce.number() }),
    reply: listReplySchema(member),
    tag,
  }),
  add: route({
    method: 'POST',
    path: '/team/member/:id',
    params: z.object({ id: z.coerce.number() }),
    body: memberInput,
    reply: saveReply,
    tag,
  }),
  update: route({ method: 'PUT', path: '/team/member', body: memberUpdate, reply: saveReply, tag }),
  remove: route({ method: 'DELETE', path: '/team/member', body: deleteBody, reply: deleteReply, tag }),
};

const NAMES = ['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo', 'Foxtrot', 'Golf'];
/** A server holding team 1's members, answering them all at once, and their add / update / delete. */
function teamServer() {
  const rows: Member[] = NAMES.map((name, i) => ({
    id: i + 1,
    name,
    days: { monday: true, tuesday: i % 2 === 0 },
    penalty: i,
  }));
  const server = fakeServer();
  server.on('GET', '/team/member/all/1', () => ({ records: rows, totalRecords: rows.length, lastPage: true }));
  server.on('POST', '/team/member/1', (req) => {
    const body = req.body as Omit<Member, 'id'>;
    if (rows.some((r) => r.name === body.name)) {
      return reply(400, { success: false, message: '', validation: { name: 'Already a member' } });
    }
    rows.push({ ...body, id: 100 });
    return { success: true, message: `${body.name} created successfully`, id: 100 };
  });
  server.on('PUT', '/team/member', (req) => {
    const body = req.body as { id: number; penalty: number };
    const row = rows.find((r) => r.id === body.id);
    if (!row) return reply(404, { success: false, message: 'Not found' });
    row.penalty = body.penalty;
    return { success: true, message: `${row.name} has been updated`, id: row.id };
  });
  server.on('DELETE', '/team/member', (req) => {
    const { id } = req.body as { id: number };
    const index = rows.findIndex((r) => r.id === id);
    const [gone] = rows.splice(index, 1);
    return { success: true, message: `Successfully deleted ${gone?.name}`, id };
  });
  return { server, rows };
}

function Members() {
  return (
    <PagedTable
      source={allSource(routes.all, { key: ['/team', 'detail', 1, 'members'], params: { id: 1 } })}
      resource="callGroups"
      writeAction="update"
      nested
      tableKey="members"
      label={(m) => m.name}
      columns={[
        { field: 'name', header: 'Name', sortable: true },
        { field: 'penalty', header: 'Penalty', sortable: true },
        { field: 'days', header: 'Tuesday', sortable: false, render: (m) => (m.days.tuesday ? 'Yes' : 'No') },
      ]}
      add={{
        title: 'Add Member',
        schema: memberInput,
        defaults: { name: '', days: { monday: true, tuesday: true }, penalty: 0 },
        fields: [
          { kind: 'text', name: 'name', label: 'Member' },
          {
            kind: 'checkboxes',
            name: 'days',
            label: 'Days',
            options: [
              { key: 'monday', label: 'Monday' },
              { key: 'tuesday', label: 'Tuesday' },
            ],
          },
          { kind: 'text', name: 'penalty', label: 'Penalty' },
        ],
        create: (body): Promise<SaveReply> => call(routes.add, { params: { id: 1 }, body }),
      }}
      editRow={rowEdit({
        title: 'Edit Member',
        schema: memberUpdate,
        fields: [{ kind: 'text', name: 'penalty', label: 'Penalty' }],
        values: (m: Member) => ({ id: m.id, penalty: m.penalty }),
        save: (_m, body) => call(routes.update, { body }),
      })}
      remove={(m) => call(routes.remove, { body: { id: m.id } })}
    />
  );
}

describe('allSource: every child at once, paged in the browser', () => {
  it('pages, sorts and searches the children without asking the server for pages', async () => {
    const { server } = teamServer();
    const { user } = renderPanel(<Members />);
    expect(await screen.findByText('Alpha')).toBeTruthy();
    // A nested table shows 5.
    expect(firstColumn()).toEqual(['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo']);
    expect(screen.getByText('1–5 of 7')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(firstColumn()).toEqual(['Foxtrot', 'Golf']));
    // Sorted by penalty, descending on the second click.
    await user.click(screen.getByRole('button', { name: 'Penalty' }));
    await user.click(screen.getByRole('button', { name: 'Penalty' }));
    await waitFor(() => expect(firstColumn()).toEqual(['Golf', 'Foxtrot', 'Echo', 'Delta', 'Charlie']));
    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'o');
    // Bravo, Echo, Foxtrot, Golf hold an 'o'.
    await waitFor(() => expect(screen.getByText('1–4 of 4')).toBeTruthy());
    expect(firstColumn()).toEqual(['Golf', 'Foxtrot', 'Echo', 'Bravo']);
    expect(server.requests.every((r) => r.method === 'GET' && r.path === '/team/member/all/1')).toBe(true);
  });
});

describe('writeAction: a parent’s children change by its update', () => {
  it('offers Add, Edit and Delete to a user who may update the parent, though not create or delete', async () => {
    teamServer();
    renderPanel(<Members />, { can: (_r, action) => action === 'read' || action === 'update' });
    expect(await screen.findByText('Alpha')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Edit Alpha' })).toBeTruthy();
  });

  it('offers no change to a user who may only read', async () => {
    teamServer();
    renderPanel(<Members />, { can: (_r, action) => action !== 'update' });
    expect(await screen.findByText('Alpha')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit Alpha' })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: 'Select Alpha' })).toBeNull();
  });
});

describe('editRow: a row’s own edit', () => {
  it('fills the modal from the row, saves that row alone, shows the reply and refreshes the table', async () => {
    const { server } = teamServer();
    const { user } = renderPanel(<Members />);
    expect(await screen.findByText('Charlie')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Edit Charlie' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Member' });
    const field = within(dialog).getByRole('textbox', { name: 'Penalty' });
    expect((field as HTMLInputElement).value).toBe('2');
    await user.clear(field);
    await user.type(field, '12');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    // The schema's message, nothing sent.
    expect(await within(dialog).findByText('At most 9')).toBeTruthy();
    expect(server.sent('PUT', '/team/member')).toHaveLength(0);
    await user.clear(field);
    await user.type(field, '8');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Charlie has been updated')).toBeTruthy();
    expect(server.sent('PUT', '/team/member').map((r) => r.body)).toEqual([{ id: 3, penalty: 8 }]);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    const penaltyOf = (name: string) =>
      screen
        .getAllByRole('row')
        .find((r) => within(r).queryByText(name) !== null)
        ?.querySelectorAll('td')[2]?.textContent;
    await waitFor(() => expect(penaltyOf('Charlie')).toBe('8'));
    // Another row opens filled from itself.
    await user.click(screen.getByRole('button', { name: 'Edit Delta' }));
    const again = await screen.findByRole('dialog', { name: 'Edit Member' });
    expect((within(again).getByRole('textbox', { name: 'Penalty' }) as HTMLInputElement).value).toBe('3');
  });
});

describe('checkboxes field and a refused add', () => {
  it('sends the object of booleans as ticked, and shows the server’s message under the field', async () => {
    const { server } = teamServer();
    const { user } = renderPanel(<Members />);
    expect(await screen.findByText('Alpha')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Add' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Member' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Member' }), 'Alpha');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Already a member')).toBeTruthy();
    const member = within(dialog).getByRole('textbox', { name: 'Member' });
    await user.clear(member);
    await user.type(member, 'Hotel');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Tuesday' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Hotel created successfully')).toBeTruthy();
    expect(server.sent('POST', '/team/member/1').at(-1)?.body).toEqual({
      name: 'Hotel',
      days: { monday: true, tuesday: false },
      penalty: 0,
    });
  });
});
