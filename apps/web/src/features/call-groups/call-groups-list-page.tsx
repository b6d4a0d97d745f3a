/** /call-groups: the account's call groups, bulk add by number range, bulk edit, delete. */
import { CALL_GROUP_RING_TIMES, type CallGroup, callGroupInput, callGroupRange, RING_TYPES } from '@switchboard/domain';
import { formValuesOf } from '../../platform/fields/form-schema.ts';
import { useGroupColumns } from '../../platform/members/group-columns.ts';
import { NumberedListPage } from '../../platform/range-add/numbered-list-page.tsx';
import { callGroups, ringTypeLabel } from './api.ts';
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
      filters={[{ field: 'ringType', label: 'Ring Type', options: RING_TYPES }]}
      bulkEdit={{
        schema: bulkEdit,
        fields: [
          { kind: 'select', name: 'ringType', label: 'Ring Type', options: RING_TYPES },
          { kind: 'select', name: 'ringTime', label: 'Ring Time', options: CALL_GROUP_RING_TIMES },
          { kind: 'switch', name: 'answerElsewhere', label: 'Answer Elsewhere' },
          { kind: 'switch', name: 'ignoreCfwd', label: 'Ignore Call Forwards' },
        ],
        current: (g) => formValuesOf(callGroupInput, g),
      }}
    />
  );
}
