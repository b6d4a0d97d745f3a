import { RING_TYPES } from '@switchboard/domain';
import { describe, expect, it } from 'vitest';
import { optionLabel } from './option-sources.ts';

describe('optionLabel', () => {
  it("gives a value's label among the options", () => {
    const first = RING_TYPES[0];
    expect(optionLabel(RING_TYPES, first.value)).toBe(first.label);
    expect(optionLabel([{ value: 'rrmemory', label: 'Round robin with memory' }], 'rrmemory')).toBe(
      'Round robin with memory',
    );
  });

  it('gives the value itself when it is none of the options', () => {
    expect(optionLabel(RING_TYPES, 99)).toBe('99');
    expect(optionLabel([], 'linear')).toBe('linear');
  });
});
