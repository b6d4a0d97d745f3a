/**
 * The columns a list of groups with members and a fallover shares (call groups, call queues): how
 * many members, and where a call goes when none answers (the destination's label).
 */

import { useDestinationLabel } from '../fields/option-sources.ts';
import type { Column } from '../paged-table/table-grid.tsx';

export function useGroupColumns<T extends { memberCount: number; falloverLocation: string }>(): Column<T>[] {
  const destinationLabel = useDestinationLabel();
  return [
    { field: 'memberCount', header: 'Members', sortable: true },
    {
      field: 'falloverLocation',
      header: 'Fallover Destination',
      sortable: true,
      render: (row) => destinationLabel(row.falloverLocation),
    },
  ];
}
