import { describe, expect, it } from 'vitest';
import type { WriteCtx } from './resources.ts';
import { unchanged } from './validators.ts';

type Values = Record<string, unknown>;
const write = (current: Values | null, values: Values) => ({ current, values }) as WriteCtx<Values, Values>;

describe('unchanged', () => {
  const stays = unchanged('parentId', 'Record not found');
  it('refuses an update that changes the field, with its message', () => {
    expect(stays(write({ parentId: 1 }, { parentId: 2 }))).toEqual({ parentId: 'Record not found' });
  });
  it('lets a create set it, and an update keep it', () => {
    expect(stays(write(null, { parentId: 2 }))).toBeUndefined();
    expect(stays(write({ parentId: 1 }, { parentId: 1 }))).toBeUndefined();
  });
});
