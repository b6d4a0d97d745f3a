/** /call-queues: the account's call queues, bulk add by number range, bulk edit, delete. */
import { type CallQueue, callQueueFields, callQueueInput, callQueueRange } from '@switchboard/domain';
import { columnOf, filterOf, formFields } from '../../platform/fields/declared-fields.ts';
import { useGroupColumns } from '../../platform/members/group-columns.ts';
import { NumberedListPage } from '../../platform/range-add/numbered-list-page.tsx';
import { callQueues, queueTimeLabel, strategyLabel, toQueueValues } from './api.ts';
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
        columnOf(callQueueFields, 'strategy', (q) => strategyLabel(q.strategy)),
        columnOf(callQueueFields, 'queueTime', (q) => queueTimeLabel(q.queueTime)),
        ...groupColumns,
      ]}
      filters={[filterOf(callQueueFields, 'strategy')]}
      bulkEdit={{
        schema: bulkEdit,
        fields: formFields(callQueueFields, ['strategy', 'timeout', 'queueTime', 'maxLength']),
        current: toQueueValues,
      }}
    />
  );
}
