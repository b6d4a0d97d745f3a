import { idParam, route } from '@switchboard/domain';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fakeServer } from '../test/fake-server.ts';
import { recordPart, resourceKeys } from './resource.ts';

const keys = resourceKeys('/numbering/allocated');
const teams = route({
  method: 'GET',
  path: '/numbering/allocated/msteams/:id',
  params: idParam,
  reply: z.object({ seats: z.array(z.string()) }),
  tag: 'test',
});

describe('recordPart', () => {
  it('reads the part of the record under the record’s key', async () => {
    const server = fakeServer();
    server.on('GET', '/numbering/allocated/msteams/7', () => ({ seats: ['201 - Reception'] }));
    const part = recordPart(keys, teams, 7, 'msteams');
    expect(part.queryKey).toEqual([...keys.detail(7), 'msteams']);
    expect(await new QueryClient().fetchQuery(part)).toEqual({ seats: ['201 - Reception'] });
  });

  it('is not retried when refused', () => {
    expect(recordPart(keys, teams, 8, 'msteams').retry).toBe(false);
  });
});
