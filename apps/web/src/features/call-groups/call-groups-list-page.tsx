/** /call-groups: the account's call groups, bulk add by number range, bulk edit, delete. */
import { type CallGroup, callGroupInput, callGroupRange } from '@switchboard/domain';
import { useGroupColumns } from '../../platform/members/group-columns.ts';
import { NumberedListPage } from '../../platform/range-add/numbered-list-page.tsx';
import { callGroups, RING_TIME_OPTIONS, RING_TYPE_OPTIONS, ringTypeLabel, toGroupValues } from './api.ts';
import { callGroupsArea } from './area.ts';

/** Bulk edit: how the chosen groups ring. */
const bulkEdit = callGroupInput.pick({ ringType: true, ringTime: true, answerElsewhere: true, ignoreCfwd: true });

export default function CallGroupsListPage() {
  const groupColumns = useGroupColumns<CallGroup>();
  return (
    <NumberedListPage
      area={callGroupsArea}
      api={callGroups}
      numbering={{ schema: callGroupRange, number: 'groupNo', name: 'customName', nameLabel: 'Name' }}
      columns={[
        { field: 'ringType', header: 'Ring Type', sortable: true, render: (g) => ringTypeLabel(g.ringType) },
        { field: 'ringTime', header: 'Ring Time', sortable: true, render: (g) => `${g.ringTime} seconds` },
        ...groupColumns,
      ]}
      filters={[{ field: 'ringType', label: 'Ring Type', options: RING_TYPE_OPTIONS }]}
      bulkEdit={{
        schema: bulkEdit,
        fields: [
          { kind: 'select', name: 'ringType', label: 'Ring Type', options: RING_TYPE_OPTIONS },
          { kind: 'select', name: 'ringTime', label: 'Ring Time', options: RING_TIME_OPTIONS },
          { kind: 'switch', name: 'answerElsewhere', label: 'Answer Elsewhere' },
          { kind: 'switch', name: 'ignoreCfwd', label: 'Ignore Call Forwards' },
        ],
        current: toGroupValues,
      }}
    />
  );
}
