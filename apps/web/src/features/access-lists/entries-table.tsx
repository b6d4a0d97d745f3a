/** The list's numbers: a nested paged table with delete (removing a number is an update of the list). */
import type { AccessList } from '@switchboard/domain';
import { accessListRoutes } from '@switchboard/domain';
import { call } from '../../platform/client.ts';
import { PagedTable } from '../../platform/paged-table/paged-table.tsx';
import { entriesSource } from './api.ts';

export function EntriesTable({ list }: { list: AccessList }) {
  return (
    <PagedTable
      source={entriesSource(list.id)}
      resource="acl"
      nested
      tableKey="entries"
      label={(e) => e.number}
      columns={[{ field: 'number', header: 'Telephone Number' }]}
      remove={(e) => call(accessListRoutes.removeEntry, { params: { id: e.id } })}
      deleteAction="update"
    />
  );
}
