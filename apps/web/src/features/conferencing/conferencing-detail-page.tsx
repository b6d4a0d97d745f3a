/** /conferencing/{id}: the room's General tab (its number is fixed once created) and what routes to it. */
import Typography from '@mui/material/Typography';
import { type Conference, conferenceInput, destinationValue } from '@switchboard/domain';
import { useParams } from 'react-router';
import { FormFields } from '../../platform/fields/form-fields.tsx';
import { formValuesOf } from '../../platform/fields/form-schema.ts';
import { TabbedForm } from '../../platform/tabbed-form/tabbed-form.tsx';
import { usedByTab } from '../../platform/used-by.tsx';
import { CONFERENCE_INTRO, conferences, roomFields, roomName, useMusicSelect } from './api.ts';

export default function ConferencingDetailPage() {
  const { id = '' } = useParams();
  const music = useMusicSelect();
  return (
    <TabbedForm
      source={conferences.record(id)}
      resource="conference"
      schema={conferenceInput}
      toValues={(r) => formValuesOf(conferenceInput, r)}
      name={(v) => v.nickname || 'Conference room'}
      title={(r) => `${roomName(r)} (${r.id})`}
      tabs={[
        {
          label: 'General',
          kind: 'form',
          render: (form, room, readOnly) => (
            <>
              <Typography variant="body2" color="text.secondary">
                Room number {room.confNumber}. {CONFERENCE_INTRO}
              </Typography>
              <FormFields control={form.control} fields={roomFields(music)} disabled={readOnly} />
            </>
          ),
        },
        usedByTab<Conference>((r) => destinationValue('conference', r.confNumber)),
      ]}
    />
  );
}
