/**
 * The columns a list of groups with members and a fallover shares (call groups, call queues): how
 * many members, and where a call goes when none answers (the destination's label).
 */
import { createElement } from 'react';
import { DestinationLabel } from '../fields/destination-source.tsx';
import type { Column } from '../paged-table/table-grid.tsx';

export function useGroupColumns<T extends { memberCount: number; falloverLocation: string }>(): Column<T>[] {
  return [
    { field: 'memberCount', header: 'Members', sortable: true },
    {
      field: 'falloverLocation',
      header: 'Fallover Destination',
      sortable: true,
      render: (row) => createElement(DestinationLabel, { value: row.falloverLocation }),
    },
  ];
}
