/** /call-queues: the account's call queues, bulk add by number range, bulk edit, delete. */
import { callQueueInput, callQueueRange, callQueueRoutes } from '@switchboard/domain';
import { useDestinationLabel } from '../../platform/fields/option-sources.ts';
import { ListPage } from '../../platform/paged-table/list-page.tsx';
import { useRangeAdd } from '../../platform/range-add/range-add.ts';
import { callQueueKeys, callQueues, OPTIONS, queueTimeLabel, strategyLabel, toQueueValues } from './api.ts';

/** Bulk edit: how the chosen queues ring their members and how long callers wait. */
const bulkEdit = callQueueInput.pick({ strategy: true, timeout: true, queueTime: true, maxLength: true });

export default function CallQueuesListPage() {
  const destinationLabel = useDestinationLabel();
  const add = useRangeAdd({
    title: 'Add Call Queues',
    next: callQueueRoutes.next,
    range: callQueueRoutes.range,
    keys: callQueueKeys,
    schema: callQueueRange,
    name: { field: 'customName', label: 'Name', required: true },
    toHelper: 'Optional: add up to 10 at once',
  });
  return (
    <ListPage
      title="Call Queues"
      source={callQueues.list}
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
      add={add}
      remove={(q) => callQueues.remove(q.id)}
    />
  );
}
