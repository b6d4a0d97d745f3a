/** The Members tab: the seats answering the queue (spec 2: members are seats), with their penalty. */
import {
  type CallQueue,
  callQueueRoutes,
  MEMBER_TYPES,
  queueMemberInput,
  queueMemberUpdate,
} from '@switchboard/domain';
import { MembersTab } from '../../platform/members/members-tab.tsx';
import { callQueueKeys, OPTIONS } from './api.ts';

export function QueueMembers({ queue }: { queue: Pick<CallQueue, 'id'> }) {
  const penalty = { kind: 'select', name: 'penalty', label: 'Penalty', options: OPTIONS.penalty } as const;
  return (
    <MembersTab
      parentId={queue.id}
      routes={callQueueRoutes}
      keys={callQueueKeys}
      resource="queues"
      intro="Members with a lower penalty are offered calls first."
      columns={[{ field: 'penalty', header: 'Penalty', sortable: true }]}
      add={{
        schema: queueMemberInput,
        defaults: { memberName: '', penalty: 0 },
        fields: [
          {
            kind: 'destination',
            name: 'memberName',
            label: 'Member',
            required: true,
            types: MEMBER_TYPES,
          },
          penalty,
        ],
      }}
      edit={{ schema: queueMemberUpdate, fields: [penalty], values: (m) => ({ id: m.id, penalty: m.penalty }) }}
    />
  );
}
