import { idParam, listParams, listQuery, listReplySchema, route, saveReply } from '@switchboard/domain';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fakeServer, reply } from '../test/fake-server.ts';
import { ApiError } from './api.ts';
import { call } from './client.ts';

const item = z.object({ id: z.number(), name: z.string() });
const routes = {
  read: route({ method: 'GET', path: '/thing/:id', params: idParam, reply: item, tag: 't' }),
  listByQuery: route({
    method: 'GET',
    path: '/thing/:offset/:limit',
    params: listParams,
    query: listQuery,
    reply: listReplySchema(item),
    tag: 't',
  }),
  rename: route({
    method: 'PUT',
    path: '/thing/:id',
    params: idParam,
    body: z.object({ name: z.string() }),
    reply: saveReply,
    tag: 't',
  }),
  ping: route({ method: 'POST', path: '/thing/ping', reply: saveReply, tag: 't' }),
};

describe('call', () => {
  it('fills the path from params and answers the typed reply', async () => {
    const server = fakeServer({ '/thing': [{ id: 7, name: 'Seven' }] });
    const thing = await call(routes.read, { params: { id: 7 } });
    expect(thing.name).toBe('Seven');
    expect(server.requests).toEqual([{ method: 'GET', path: '/thing/7', body: undefined }]);
  });

  it('sends the query string, objects as JSON (the spec GET list filters)', async () => {
    const server = fakeServer();
    server.on('GET', /^\/thing\/0\/5\?/, () => ({ records: [], totalRecords: 0, lastPage: true }));
    await call(routes.listByQuery, {
      params: { offset: 0, limit: 5 },
      query: { sortBy: 'name', sortByDir: 'desc', filters: JSON.stringify({ active: true }) },
    });
    expect(server.requests[0]?.path).toBe(
      `/thing/0/5?sortBy=name&sortByDir=desc&filters=${encodeURIComponent('{"active":true}')}`,
    );
  });

  it('sends the body as JSON, and {} for a POST that declares none', async () => {
    const server = fakeServer({ '/thing': [{ id: 7, name: 'Seven' }] });
    server.on('POST', '/thing/ping', () => ({ success: true, message: 'pong' }));
    await call(routes.rename, { params: { id: 7 }, body: { name: 'Sieben' } });
    await call(routes.ping);
    expect(server.requests.map((r) => [r.method, r.path, r.body])).toEqual([
      ['PUT', '/thing/7', { name: 'Sieben' }],
      ['POST', '/thing/ping', {}],
    ]);
  });

  it("turns a refusal into an ApiError with the server's message and field messages", async () => {
    const server = fakeServer();
    server.on('PUT', '/thing/7', () =>
      reply(400, { success: false, message: 'Validation failed', validation: { name: 'Too long' } }),
    );
    const error = await call(routes.rename, { params: { id: 7 }, body: { name: 'x'.repeat(99) } }).catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, message: 'Validation failed', validation: { name: 'Too long' } });
  });
});
