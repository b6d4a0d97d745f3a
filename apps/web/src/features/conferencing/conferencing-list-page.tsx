/** /conferencing: the account's conference rooms (add with the next free number, delete). */
import Typography from '@mui/material/Typography';
import {
  CONFERENCE_MAX_PARTICIPANTS,
  type ConferenceCreate,
  conferenceCreate,
  conferenceRoutes,
} from '@switchboard/domain';
import { useQuery } from '@tanstack/react-query';
import type { FieldDef } from '../../platform/fields/form-fields.tsx';
import { AreaListPage } from '../../platform/paged-table/area-list-page.tsx';
import { yesNoFilter } from '../../platform/paged-table/table-toolbar.tsx';
import { nextNumberQuery } from '../../platform/range-add/range-add.ts';
import { CONFERENCE_INTRO, conferenceFields, conferenceKeys, conferences, roomName, useMusicSelect } from './api.ts';
import { conferencingArea } from './area.ts';

const onOff = (v: boolean) => (v ? 'Yes' : 'No');

export default function ConferencingListPage() {
  const music = useMusicSelect();
  const next = useQuery(nextNumberQuery(conferenceRoutes.next, conferenceKeys));
  const fields: FieldDef<ConferenceCreate>[] = [
    { kind: 'text', name: 'confNumber', label: 'Room Number', type: 'number', required: true },
    ...conferenceFields(music),
  ];
  return (
    <AreaListPage
      area={conferencingArea}
      api={conferences}
      intro={
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {CONFERENCE_INTRO}
        </Typography>
      }
      label={roomName}
      columns={[
        { field: 'confNumber', header: 'Room Number', sortable: true },
        { field: 'nickname', header: 'Nickname', sortable: true, render: (r) => r.nickname || '—' },
        { field: 'listenOnly', header: 'Listen Only', render: (r) => onOff(r.listenOnly) },
        { field: 'waitForMarked', header: 'Wait For Marked User', render: (r) => onOff(r.waitForMarked) },
        { field: 'announceUsers', header: 'Announce Users', render: (r) => onOff(r.announceUsers) },
        { field: 'maxParticipants', header: 'Participants', sortable: true },
      ]}
      filters={[yesNoFilter('listenOnly', 'Listen Only'), yesNoFilter('moh', 'Music On Hold')]}
      add={{
        title: 'Add Conference Room',
        schema: conferenceCreate,
        defaults: {
          confNumber: next.data?.extension ?? '',
          nickname: '',
          pin: '',
          adminPin: '',
          listenOnly: false,
          waitForMarked: false,
          announceUsers: false,
          moh: true,
          mohClass: null,
          maxParticipants: CONFERENCE_MAX_PARTICIPANTS,
        },
        fields,
        create: conferences.create,
      }}
    />
  );
}
