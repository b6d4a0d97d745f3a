/** /conferencing: the account's conference rooms (add with the next free number, delete). */
import Typography from '@mui/material/Typography';
import {
  CONFERENCE_MAX_PARTICIPANTS,
  type Conference,
  type ConferenceCreate,
  conferenceCreate,
  conferenceFields,
  conferenceRoutes,
} from '@switchboard/domain';
import { useQuery } from '@tanstack/react-query';
import { columnOf, filterOf, formField } from '../../platform/fields/declared-fields.ts';
import type { FieldDef } from '../../platform/fields/form-fields.tsx';
import { AreaListPage } from '../../platform/paged-table/area-list-page.tsx';
import { nextNumberQuery } from '../../platform/range-add/range-add.ts';
import { CONFERENCE_INTRO, conferenceKeys, conferences, roomFields, roomName, useMusicSelect } from './api.ts';
import { conferencingArea } from './area.ts';

const onOff = (v: boolean) => (v ? 'Yes' : 'No');

export default function ConferencingListPage() {
  const music = useMusicSelect();
  const next = useQuery(nextNumberQuery(conferenceRoutes.next, conferenceKeys));
  const fields: FieldDef<ConferenceCreate>[] = [
    formField<ConferenceCreate>(conferenceFields, 'confNumber'),
    ...roomFields(music),
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
        columnOf<Conference>(conferenceFields, 'confNumber'),
        columnOf<Conference>(conferenceFields, 'nickname', (r) => r.nickname || '—'),
        columnOf<Conference>(conferenceFields, 'listenOnly', (r) => onOff(r.listenOnly)),
        columnOf<Conference>(conferenceFields, 'waitForMarked', (r) => onOff(r.waitForMarked)),
        columnOf<Conference>(conferenceFields, 'announceUsers', (r) => onOff(r.announceUsers)),
        { field: 'maxParticipants', header: 'Participants', sortable: true },
      ]}
      filters={[filterOf(conferenceFields, 'listenOnly'), filterOf(conferenceFields, 'moh')]}
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
