/** /call-groups/{id}: tabs General, Members and Used By. */
import { type CallGroup, callGroupInput, destinationValue } from '@switchboard/domain';
import { useParams } from 'react-router';
import { useMusicSelect } from '../../platform/fields/option-sources.ts';
import { TabbedForm } from '../../platform/tabbed-form/tabbed-form.tsx';
import { usedByTab } from '../../platform/used-by.tsx';
import { callGroups, generalFields, toGroupValues } from './api.ts';
import { GroupMembers } from './members-tab.tsx';

export default function CallGroupDetailPage() {
  const { id = '' } = useParams();
  const music = useMusicSelect();
  return (
    <TabbedForm
      source={callGroups.record(id)}
      resource="callGroups"
      schema={callGroupInput}
      toValues={toGroupValues}
      name={(v) => v.customName}
      title={(g) => `${g.customName} (${g.groupNo})`}
      tabs={[
        {
          label: 'General',
          kind: 'form',
          inputs: (g) => generalFields(music, [destinationValue('callgroup', g.groupNo)]),
        },
        { label: 'Members', kind: 'panel', render: (g) => <GroupMembers group={g} /> },
        usedByTab<CallGroup>((g) => destinationValue('callgroup', g.groupNo)),
      ]}
    />
  );
}
