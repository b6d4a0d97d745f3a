/** /call-queues: the account's call queues, bulk add by number range, bulk edit, delete. */
import { callQueueInput, callQueueRange } from '@switchboard/domain';
import { useDestinationLabel } from '../../platform/fields/option-sources.ts';
import { NumberedListPage } from '../../platform/range-add/numbered-list-page.tsx';
import { callQueues, OPTIONS, queueTimeLabel, strategyLabel, toQueueValues } from './api.ts';

/** Bulk edit: how the chosen queues ring their members and how long callers wait. */
const bulkEdit = callQueueInput.pick({ strategy: true, timeout: true, queueTime: true, maxLength: true });

export default function CallQueuesListPage() {
  const destinationLabel = useDestinationLabel();
  return (
    <NumberedListPage
      title="Call Queues"
      api={callQueues}
      range={{
        title: 'Add Call Queues',
        schema: callQueueRange,
        name: { field: 'customName', label: 'Name', required: true },
      }}
      resource="queues"
      label={(q) => `${q.displayName} - ${q.customName}`}
      rowLink={(q) => `/call-queues/${q.id}`}
      columns={[
        { field: 'displayName', header: 'Number', sortable: true },
        { field: 'customName', header: 'Name', sortable: true },
        { field: 'strategy', header: 'Ring Strategy', sortable: true, render: (q) => strategyLabel(q.strategy) },
        { field: 'queueTime', header: 'Maximum Wait', sortable: true, render: (q) => queueTimeLabel(q.queueTime) },
        { field: 'memberCount', header: 'Members', sortable: true },
        {
          field: 'falloverLocation',
          header: 'Fallover Destination',
          sortable: true,
          render: (q) => destinationLabel(q.falloverLocation),
        },
      ]}
      filters={[{ field: 'strategy', label: 'Ring Strategy', options: OPTIONS.strategy }]}
      bulkEdit={{
        title: 'Edit Call Queues',
        schema: bulkEdit,
        fields: [
          { kind: 'select', name: 'strategy', label: 'Ring Strategy', options: OPTIONS.strategy },
          { kind: 'select', name: 'timeout', label: 'Ring Time', options: OPTIONS.timeout },
          { kind: 'select', name: 'queueTime', label: 'Maximum Wait', options: OPTIONS.queueTime },
          { kind: 'select', name: 'maxLength', label: 'Maximum Length', options: OPTIONS.maxLength },
        ],
        current: toQueueValues,
        patch: callQueues.patch,
      }}
    />
  );
}
