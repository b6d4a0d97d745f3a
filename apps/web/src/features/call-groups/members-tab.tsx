/**
 * The Members tab: the seats and other destinations the group rings, on which days and hours and
 * after what delay; add, edit and remove them (each an update of the group).
 */
import Typography from '@mui/material/Typography';
import {
  type CallGroup,
  type CallGroupMember,
  callGroupMemberInput,
  callGroupMemberUpdate,
  callGroupRoutes,
  destinationValue,
  everyDay,
} from '@switchboard/domain';
import { call } from '../../platform/client.ts';
import { PagedTable, rowEdit } from '../../platform/paged-table/paged-table.tsx';
import { daysText, memberAddFields, memberEditFields, membersSource, ringTypeLabel } from './api.ts';

export function MembersTab({ group }: { group: CallGroup }) {
  const self = [destinationValue('callgroup', group.groupNo)];
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Calls ring the members ({ringTypeLabel(group.ringType)}) on their days and hours, each after its delay.
      </Typography>
      <PagedTable
        source={membersSource(group.id)}
        resource="callGroups"
        writeAction="update"
        nested
        tableKey="members"
        label={(m) => m.displayName}
        columns={[
          { field: 'displayName', header: 'Member', sortable: true },
          { field: 'days', header: 'Days', sortable: false, render: (m) => daysText(m.days) },
          { field: 'start', header: 'Hours', sortable: false, render: (m) => `${m.start} – ${m.end}` },
          { field: 'penalty', header: 'Delay', sortable: true, render: (m) => `${m.penalty} seconds` },
        ]}
        add={{
          title: 'Add Member',
          schema: callGroupMemberInput,
          defaults: { name: '', days: everyDay(), start: '00:00', end: '23:59', penalty: 0 },
          fields: memberAddFields(self),
          create: (body) => call(callGroupRoutes.addMember, { params: { id: group.id }, body }),
        }}
        editRow={rowEdit({
          title: 'Edit Member',
          schema: callGroupMemberUpdate,
          fields: memberEditFields,
          values: (m: CallGroupMember) => ({ id: m.id, days: m.days, start: m.start, end: m.end, penalty: m.penalty }),
          save: (_m, body) => call(callGroupRoutes.updateMember, { body }),
        })}
        remove={(m) => call(callGroupRoutes.removeMembers, { body: { id: m.id } })}
      />
    </>
  );
}
