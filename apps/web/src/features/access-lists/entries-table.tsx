/** The list's numbers: a nested paged table with delete. */
import type { AccessList, AccessListEntry } from '@switchboard/domain';
import { PagedTable } from '../../platform/paged-table/paged-table.tsx';

export function EntriesTable({ list }: { list: AccessList }) {
  return (
    <PagedTable<AccessListEntry>
      path={`/accesscontrol/${list.id}/entries`}
      resource="acl"
      nested
      tableKey="entries"
      label={(e) => e.number}
      columns={[{ field: 'number', header: 'Telephone Number' }]}
      deletePath={(e) => `/accesscontrol/entry/${e.id}`}
      deleteAction="update"
      alsoInvalidate={[
        ['record', '/accesscontrol', String(list.id)],
        ['list', '/accesscontrol'],
      ]}
    />
  );
}
