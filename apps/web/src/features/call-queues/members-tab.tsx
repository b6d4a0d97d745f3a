/** The Members tab: the seats and other destinations answering the queue, with their penalty. */
import Typography from '@mui/material/Typography';
import {
  type CallQueue,
  callQueueRoutes,
  destinationValue,
  type QueueMember,
  queueMemberInput,
  queueMemberUpdate,
} from '@switchboard/domain';
import { call } from '../../platform/client.ts';
import { PagedTable, rowEdit } from '../../platform/paged-table/paged-table.tsx';
import { membersSource, OPTIONS } from './api.ts';

export function MembersTab({ queue }: { queue: CallQueue }) {
  const self = [destinationValue('queue', queue.displayName)];
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Members with a lower penalty are offered calls first.
      </Typography>
      <PagedTable
        source={membersSource(queue.id)}
        resource="queues"
        writeAction="update"
        nested
        tableKey="members"
        label={(m) => m.displayName}
        columns={[
          { field: 'displayName', header: 'Member', sortable: true },
          { field: 'penalty', header: 'Penalty', sortable: true },
        ]}
        add={{
          title: 'Add Member',
          schema: queueMemberInput,
          defaults: { memberName: '', penalty: 0 },
          fields: [
            { kind: 'destination', name: 'memberName', label: 'Member', required: true, exclude: self },
            { kind: 'select', name: 'penalty', label: 'Penalty', options: OPTIONS.penalty },
          ],
          create: (body) => call(callQueueRoutes.addMember, { params: { id: queue.id }, body }),
        }}
        editRow={rowEdit({
          title: 'Edit Member',
          schema: queueMemberUpdate,
          fields: [{ kind: 'select', name: 'penalty', label: 'Penalty', options: OPTIONS.penalty }],
          values: (m: QueueMember) => ({ id: m.id, penalty: m.penalty }),
          save: (_m, body) => call(callQueueRoutes.updateMember, { body }),
        })}
        remove={(m) => call(callQueueRoutes.removeMembers, { body: { id: m.id } })}
      />
    </>
  );
}
