/** /call-groups: the account's call groups, bulk add by number range, bulk edit, delete. */
import { callGroupInput, callGroupRange } from '@switchboard/domain';
import { useDestinationLabel } from '../../platform/fields/option-sources.ts';
import { NumberedListPage } from '../../platform/range-add/numbered-list-page.tsx';
import { callGroups, RING_TIME_OPTIONS, RING_TYPE_OPTIONS, ringTypeLabel, toGroupValues } from './api.ts';

/** Bulk edit: how the chosen groups ring. */
const bulkEdit = callGroupInput.pick({ ringType: true, ringTime: true, answerElsewhere: true, ignoreCfwd: true });

export default function CallGroupsListPage() {
  const destinationLabel = useDestinationLabel();
  return (
    <NumberedListPage
      title="Call Groups"
      api={callGroups}
      range={{
        title: 'Add Call Groups',
        schema: callGroupRange,
        name: { field: 'customName', label: 'Name', required: true },
      }}
      resource="callGroups"
      label={(g) => `${g.groupNo} - ${g.customName}`}
      rowLink={(g) => `/call-groups/${g.id}`}
      columns={[
        { field: 'groupNo', header: 'Number', sortable: true },
        { field: 'customName', header: 'Name', sortable: true },
        { field: 'ringType', header: 'Ring Type', sortable: true, render: (g) => ringTypeLabel(g.ringType) },
        { field: 'ringTime', header: 'Ring Time', sortable: true, render: (g) => `${g.ringTime} seconds` },
        { field: 'memberCount', header: 'Members', sortable: true },
        {
          field: 'falloverLocation',
          header: 'Fallover Destination',
          sortable: true,
          render: (g) => destinationLabel(g.falloverLocation),
        },
      ]}
      filters={[{ field: 'ringType', label: 'Ring Type', options: RING_TYPE_OPTIONS }]}
      bulkEdit={{
        title: 'Edit Call Groups',
        schema: bulkEdit,
        fields: [
          { kind: 'select', name: 'ringType', label: 'Ring Type', options: RING_TYPE_OPTIONS },
          { kind: 'select', name: 'ringTime', label: 'Ring Time', options: RING_TIME_OPTIONS },
          { kind: 'switch', name: 'answerElsewhere', label: 'Answer Elsewhere' },
          { kind: 'switch', name: 'ignoreCfwd', label: 'Ignore Call Forwards' },
        ],
        current: toGroupValues,
        patch: callGroups.patch,
      }}
    />
  );
}
