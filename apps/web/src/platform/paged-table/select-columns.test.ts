import { describe, expect, it } from 'vitest';
import { selectColumns } from './select-columns.ts';

describe('selectColumns', () => {
  const modes = [
    { value: 0, label: 'Automatic' },
    { value: 1, label: 'Always open' },
  ] as const;
  const { columns, filters } = selectColumns([{ name: 'mode', label: 'Mode', options: modes }]);

  it("gives each select a sortable column showing the chosen option's label", () => {
    const [mode] = columns;
    expect(mode).toMatchObject({ field: 'mode', header: 'Mode', sortable: true });
    expect(mode?.render?.({ mode: 1 })).toBe('Always open');
    expect(mode?.render?.({ mode: 7 })).toBe('7');
  });

  it('and a filter offering its options', () => {
    expect(filters).toEqual([{ field: 'mode', label: 'Mode', options: modes }]);
  });
});
