import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { idParam } from './fields.ts';
import { recordsReply, taggedRoutes } from './tagged-routes.ts';

describe('taggedRoutes', () => {
  const { get, post, delete: remove } = taggedRoutes('things');
  const reply = z.object({ ok: z.boolean() });

  it('declares each call with the one tag and the schemas given', () => {
    const body = z.object({ name: z.string() });
    expect(get('/thing/:id', { params: idParam, reply })).toEqual({
      method: 'GET',
      path: '/thing/:id',
      params: idParam,
      reply,
      tag: 'things',
    });
    expect(post('/thing', { body, reply, alsoMethods: ['PUT'] })).toEqual({
      method: 'POST',
      path: '/thing',
      body,
      reply,
      alsoMethods: ['PUT'],
      tag: 'things',
    });
    expect(remove('/thing/:id', { params: idParam, reply }).method).toBe('DELETE');
  });
});

describe('recordsReply', () => {
  it('is every record, unpaged', () => {
    const reply = recordsReply(z.object({ ip: z.string() }));
    expect(reply.parse({ records: [{ ip: '192.0.2.1' }] })).toEqual({ records: [{ ip: '192.0.2.1' }] });
    expect(reply.safeParse({ records: [{ ip: 1 }] }).success).toBe(false);
  });
});
