/** /call-groups/{id}: tabs General, Members and Used By. */
import { type CallGroup, destinationValue } from '@switchboard/domain';
import { useMusicSelect } from '../../platform/fields/option-sources.ts';
import { callFlowTab } from '../../platform/routing-graph/call-flow-tab.tsx';
import { AreaRecordPage } from '../../platform/tabbed-form/area-record-page.tsx';
import { usedByTab } from '../../platform/used-by.tsx';
import { callGroups, generalFields } from './api.ts';
import { callGroupsArea } from './area.ts';
import { GroupMembers } from './members-tab.tsx';

export default function CallGroupDetailPage() {
  const music = useMusicSelect();
  return (
    <AreaRecordPage
      area={callGroupsArea}
      api={callGroups}
      heading={{ name: 'customName', number: 'groupNo' }}
      tabs={[
        {
          label: 'General',
          kind: 'form',
          inputs: (g) => generalFields(music, [destinationValue('callgroup', g.groupNo)]),
        },
        { label: 'Members', kind: 'panel', render: (g) => <GroupMembers group={g} /> },
        usedByTab<CallGroup>((g) => destinationValue('callgroup', g.groupNo)),
        callFlowTab<CallGroup>((g) => destinationValue('callgroup', g.groupNo)),
      ]}
    />
  );
}
