/**
 * The Members tab: the seats the group rings, on which days and hours and after what delay; add,
 * edit and remove them (each an update of the group).
 */
import {
  type CallGroup,
  callGroupMemberInput,
  callGroupMemberUpdate,
  callGroupRoutes,
  everyDay,
} from '@switchboard/domain';
import { MembersTab } from '../../platform/members/members-tab.tsx';
import { callGroupKeys, daysText, memberAddFields, memberEditFields, ringTypeLabel } from './api.ts';

export function GroupMembers({ group }: { group: Pick<CallGroup, 'id' | 'ringType'> }) {
  return (
    <MembersTab
      parentId={group.id}
      routes={callGroupRoutes}
      keys={callGroupKeys}
      resource="callGroups"
      intro={`Calls ring the members (${ringTypeLabel(group.ringType)}) on their days and hours, each after its delay.`}
      columns={[
        { field: 'days', header: 'Days', sortable: false, render: (m) => daysText(m.days) },
        { field: 'start', header: 'Hours', sortable: false, render: (m) => `${m.start} – ${m.end}` },
        { field: 'penalty', header: 'Delay', sortable: true, render: (m) => `${m.penalty} seconds` },
      ]}
      add={{
        schema: callGroupMemberInput,
        defaults: { name: '', days: everyDay(), start: '00:00', end: '23:59', penalty: 0 },
        fields: memberAddFields,
      }}
      edit={{
        schema: callGroupMemberUpdate,
        fields: memberEditFields,
        values: (m) => ({ id: m.id, days: m.days, start: m.start, end: m.end, penalty: m.penalty }),
      }}
    />
  );
}
