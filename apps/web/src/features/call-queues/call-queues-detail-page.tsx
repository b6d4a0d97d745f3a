/** /call-queues/{id}: tabs General, Members, Member Settings, Sounds and Used By. */
import Alert from '@mui/material/Alert';
import { type CallQueue, callQueueInput, destinationValue, queueLoginCodes } from '@switchboard/domain';
import { useParams } from 'react-router';
import { useMusicSelect, usePromptSelect } from '../../platform/fields/option-sources.ts';
import { TabbedForm } from '../../platform/tabbed-form/tabbed-form.tsx';
import { usedByTab } from '../../platform/used-by.tsx';
import { callQueues, exitTimeField, generalFields, memberSettingsFields, soundsFields, toQueueValues } from './api.ts';
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
  const { id = '' } = useParams();
  const prompts = usePromptSelect();
  const music = useMusicSelect();
  const sounds = soundsFields(prompts, music);
  return (
    <TabbedForm
      source={callQueues.record(id)}
      resource="queues"
      schema={callQueueInput}
      toValues={toQueueValues}
      name={(v) => v.customName}
      title={(q) => `${q.customName} (${q.displayName})`}
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
      ]}
    />
  );
}
