/**
 * A record's count of the rows of another table that name it (an access list's entries, a group's
 * members): a sortable number, counted in the list's statement for the page's rows only.
 *
 *   numEntries: childCount('access_list_entries', 'access_list_id'),
 */
import type { Builder } from './fields.ts';

export const childCount =
  (childTable: string, parentColumn: string): Builder =>
  (table) => ({
    kind: 'number',
    sortable: true,
    sql: `(select count(*)::int from ${childTable} c where c.${parentColumn} = ${table}.id)`,
  });
