/** /call-queues/{id}: tabs General, Members, Member Settings, Sounds and Used By. */
import Alert from '@mui/material/Alert';
import { type CallQueue, destinationValue, queueLoginCodes } from '@switchboard/domain';
import { useMusicSelect, usePromptSelect } from '../../platform/fields/option-sources.ts';
import { callFlowTab } from '../../platform/routing-graph/call-flow-tab.tsx';
import { AreaRecordPage } from '../../platform/tabbed-form/area-record-page.tsx';
import { usedByTab } from '../../platform/used-by.tsx';
import { callQueues, exitTimeField, generalFields, memberSettingsFields, soundsFields, toQueueValues } from './api.ts';
import { callQueuesArea } from './area.ts';
import { QueueMembers } from './members-tab.tsx';

const names = (fields: Array<{ name: string }>) => fields.map((f) => f.name);
const generalNames = [...names(generalFields([])), ...names(exitTimeField)];

/** How members log in to and out of the queue (spec 2 §4). */
function LoginCodes({ queue }: { queue: CallQueue }) {
  const codes = queueLoginCodes(queue.displayName);
  return (
    <Alert severity="info" icon={false} data-testid="queue-login-codes">
      Members log in to queue {queue.displayName} by dialling <strong>{codes.login}</strong> and log out by dialling{' '}
      <strong>{codes.logout}</strong>.
    </Alert>
  );
}

export default function CallQueueDetailPage() {
  const prompts = usePromptSelect();
  const music = useMusicSelect();
  const sounds = soundsFields(prompts, music);
  return (
    <AreaRecordPage
      area={callQueuesArea}
      api={callQueues}
      toValues={toQueueValues}
      heading={{ name: 'customName', number: 'displayName' }}
      tabs={[
        {
          label: 'General',
          kind: 'form',
          fields: generalNames,
          intro: (q) => <LoginCodes queue={q} />,
          inputs: (q, form) => [
            ...generalFields([destinationValue('queue', q.displayName)]),
            ...(form.watch('exitSwitch') ? exitTimeField : []),
          ],
        },
        { label: 'Members', kind: 'panel', render: (q) => <QueueMembers queue={q} /> },
        {
          label: 'Member Settings',
          kind: 'form',
          inputs: memberSettingsFields,
        },
        {
          label: 'Sounds',
          kind: 'form',
          inputs: sounds,
        },
        usedByTab<CallQueue>((q) => destinationValue('queue', q.displayName)),
        callFlowTab<CallQueue>((q) => destinationValue('queue', q.displayName)),
      ]}
    />
  );
}
