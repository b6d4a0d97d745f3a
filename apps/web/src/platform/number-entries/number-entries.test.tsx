/** A parent's numbers: add one (its message under the field when refused), delete, permissions. */
import { deleteReply, listReplySchema, route, saveReply } from '@switchboard/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fakeServer, reply } from '../../test/fake-server.ts';
import { firstColumn, renderPanel } from '../../test/render.tsx';
import { call } from '../client.ts';
import { childrenOf, listSource, resourceKeys } from '../resource.ts';
import { NumberEntries } from './number-entries.tsx';

const entry = z.object({ id: z.number(), number: z.string() });
const numberInput = z.object({ number: z.string().regex(/^\+?\d{3,}$/, { error: 'Invalid telephone number' }) });
const params = z.object({ id: z.coerce.number() });
const tag = 't';
const routes = {
  page: route({
    method: 'POST',
    path: '/book/:id/numbers/:offset/:limit',
    params: params.extend({ offset: z.number(), limit: z.number() }),
    body: z.object({}).default({}),
    reply: listReplySchema(entry),
    tag,
  }),
  add: route({ method: 'POST', path: '/book/:id/numbers', params, body: numberInput, reply: saveReply, tag }),
  remove: route({ method: 'DELETE', path: '/book/numbers/:id', params, reply: deleteReply, tag }),
};
const keys = resourceKeys('/book');

function bookServer() {
  const rows = [{ id: 1, number: '01632960001' }];
  const server = fakeServer();
  server.on('POST', '/book/1/numbers/0/5', () => ({ records: rows, totalRecords: rows.length, lastPage: true }));
  server.on('POST', '/book/1/numbers', (req) => {
    const { number } = req.body as { number: string };
    if (rows.some((r) => r.number === number)) {
      return reply(400, { success: false, message: '', validation: { number: 'Number already exists' } });
    }
    rows.push({ id: rows.length + 1, number });
    return { success: true, message: `${number} added`, id: rows.length };
  });
  server.on('DELETE', '/book/numbers/1', () => {
    rows.splice(0, 1);
    return { success: true, message: 'Successfully deleted 01632960001', id: 1 };
  });
  return server;
}

function Book() {
  return (
    <NumberEntries
      resource="acl"
      schema={numberInput}
      add={(number) => call(routes.add, { params: { id: 1 }, body: { number } })}
      invalidates={[keys.all]}
      source={listSource(routes.page, childrenOf(keys, 1, 'numbers'))}
      tableKey="numbers"
      remove={(e) => call(routes.remove, { params: { id: e.id } })}
      intro="Numbers in the book."
      actions={<button type="button">Upload CSV</button>}
    />
  );
}

describe('NumberEntries', () => {
  it('adds a number, shows a refusal under the field, and deletes a number', async () => {
    const server = bookServer();
    const { user } = renderPanel(<Book />);
    expect(screen.getByText('Numbers in the book.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Upload CSV' })).toBeTruthy();
    expect(await screen.findByText('01632960001')).toBeTruthy();
    const field = screen.getByRole('textbox', { name: 'Telephone number' });
    await user.type(field, 'abc');
    await user.click(screen.getByRole('button', { name: 'Add Number' }));
    expect(await screen.findByText('Invalid telephone number')).toBeTruthy();
    await user.clear(field);
    await user.type(field, '01632960001');
    await user.click(screen.getByRole('button', { name: 'Add Number' }));
    expect(await screen.findByText('Number already exists')).toBeTruthy();
    await user.clear(field);
    await user.type(field, '01632960002');
    await user.click(screen.getByRole('button', { name: 'Add Number' }));
    expect(await screen.findByText('01632960002 added')).toBeTruthy();
    await waitFor(() => expect((field as HTMLInputElement).value).toBe(''));
    await waitFor(() => expect(firstColumn()).toEqual(['01632960001', '01632960002']));
    const adds = server.sent('POST', '/book/1/numbers').filter((r) => r.path === '/book/1/numbers');
    expect(adds.map((r) => r.body)).toEqual([{ number: '01632960001' }, { number: '01632960002' }]);
    await user.click(screen.getByRole('checkbox', { name: 'Select 01632960001' }));
    await user.click(screen.getByRole('button', { name: 'Delete (1)' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(server.sent('DELETE', '/book/numbers/1')).toHaveLength(1));
  });

  it('offers no add, and no delete, without the parent’s update', async () => {
    bookServer();
    renderPanel(<Book />, { can: (_r, action) => action === 'read' });
    expect(await screen.findByText('01632960001')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add Number' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Upload CSV' })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: 'Select 01632960001' })).toBeNull();
  });
});
