import { describe, expect, it } from 'vitest';
import { childCount } from './child-count.ts';
import { fieldMap } from './fields.ts';

describe('childCount', () => {
  it('counts the rows of the child table naming the record, as a sortable number', () => {
    const fields = fieldMap<{ numEntries: number }>('access_lists', {
      numEntries: childCount('access_list_entries', 'access_list_id'),
    });
    expect(fields.numEntries).toEqual({
      kind: 'number',
      sortable: true,
      sql: '(select count(*)::int from access_list_entries c where c.access_list_id = access_lists.id)',
    });
  });
});
