/** /call-queues: the account's call queues, bulk add by number range, bulk edit, delete. */
import { type CallQueue, callQueueInput, callQueueRange } from '@switchboard/domain';
import { useGroupColumns } from '../../platform/members/group-columns.ts';
import { NumberedListPage } from '../../platform/range-add/numbered-list-page.tsx';
import { callQueues, OPTIONS, queueTimeLabel, strategyLabel, toQueueValues } from './api.ts';
import { callQueuesArea } from './area.ts';

/** Bulk edit: how the chosen queues ring their members and how long callers wait. */
const bulkEdit = callQueueInput.pick({ strategy: true, timeout: true, queueTime: true, maxLength: true });

export default function CallQueuesListPage() {
  const groupColumns = useGroupColumns<CallQueue>();
  return (
    <NumberedListPage
      area={callQueuesArea}
      api={callQueues}
      numbering={{ schema: callQueueRange, number: 'displayName', name: 'customName', nameLabel: 'Name' }}
      columns={[
        { field: 'strategy', header: 'Ring Strategy', sortable: true, render: (q) => strategyLabel(q.strategy) },
        { field: 'queueTime', header: 'Maximum Wait', sortable: true, render: (q) => queueTimeLabel(q.queueTime) },
        ...groupColumns,
      ]}
      filters={[{ field: 'strategy', label: 'Ring Strategy', options: OPTIONS.strategy }]}
      bulkEdit={{
        schema: bulkEdit,
        fields: [
          { kind: 'select', name: 'strategy', label: 'Ring Strategy', options: OPTIONS.strategy },
          { kind: 'select', name: 'timeout', label: 'Ring Time', options: OPTIONS.timeout },
          { kind: 'select', name: 'queueTime', label: 'Maximum Wait', options: OPTIONS.queueTime },
          { kind: 'select', name: 'maxLength', label: 'Maximum Length', options: OPTIONS.maxLength },
        ],
        current: toQueueValues,
      }}
    />
  );
}
