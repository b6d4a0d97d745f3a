import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type RouteContract, route } from './contract.ts';
import * as declarations from './index.ts';
import { operationOf } from './operations.ts';

const allContracts = (): RouteContract[] => {
  const out = new Set<RouteContract>();
  for (const [name, group] of Object.entries(declarations as Record<string, unknown>)) {
    if (!name.endsWith('Routes') || typeof group !== 'object' || group === null) continue;
    for (const value of Object.values(group))
      if (value && typeof value === 'object' && 'method' in value) out.add(value);
  }
  return [...out];
};

describe('operationOf (the OpenAPI operationId and summary of a contract)', () => {
  it('names a contract by its routes object and key, and summarises it in words', () => {
    expect(operationOf(declarations.seatRoutes.regenerateLdapPassword)).toEqual({
      operationId: 'seatRegenerateLdapPassword',
      summary: 'Seat: regenerate ldap password',
    });
    expect(operationOf(declarations.musicOnHoldRoutes.usagePage).summary).toBe('Music on hold: usage page');
    // A contract of two objects (a media library's resource calls and its own) takes the shorter name.
    expect(operationOf(declarations.promptResourceRoutes.read).operationId).toBe('promptRead');
  });

  it("names a second verb apart, and keeps a contract's own summary", () => {
    const next = declarations.timeProfileRoutes.next;
    expect(next.alsoMethods).toEqual(['GET']);
    expect(operationOf(next, 'GET')).toEqual({
      operationId: 'timeProfileNextByGet',
      summary: 'Time profile: next (GET)',
    });
    const own = route({ method: 'GET', path: '/x/:id', reply: z.object({}), tag: 't', summary: 'The spec says' });
    expect(operationOf(own)).toEqual({ operationId: 'getXId', summary: 'The spec says' });
  });

  it('gives every declared contract, in each of its verbs, an id of its own', () => {
    const ids = allContracts().flatMap((c) =>
      [c.method, ...(c.alsoMethods ?? [])].map((m) => operationOf(c, m).operationId),
    );
    expect(ids.length).toBeGreaterThan(250);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  });
});
