/**
 * /time-profiles/{timeProfileId}/calendars/{id}: one calendar entry; its breadcrumbs go through its
 * time profile. The dates are typed or picked (DD/MM/YYYY HH:mm).
 */
import { calendarInput, destinationValue } from '@switchboard/domain';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { formValuesOf } from '../../platform/fields/form-schema.ts';
import { TabbedForm } from '../../platform/tabbed-form/tabbed-form.tsx';
import { calendarFields, calendars, timeProfiles, withStatus } from './api.ts';

export default function CalendarEntryPage() {
  const { timeProfileId = '', id = '' } = useParams();
  const profile = useQuery(timeProfiles.detail(timeProfileId)).data;
  const self = profile ? [destinationValue('timeprofile', profile.extension)] : [];
  return (
    <TabbedForm
      source={withStatus(calendars.record(id), timeProfileId)}
      resource="timeprofile"
      schema={calendarInput}
      toValues={(c) => formValuesOf(calendarInput, c)}
      name={(v) => v.description}
      title={(c) => (profile ? `${c.description} (${profile.extension} - ${profile.name})` : c.description)}
      // Dashboard > Time Profiles > the profile > the entry.
      crumbs={{
        trail: profile
          ? [{ label: `${profile.name} (${profile.extension})`, to: `/time-profiles/${timeProfileId}?tab=Calendar` }]
          : [],
        name: (c) => `${c.description} (${c.id})`,
      }}
      tabs={[{ label: 'General', kind: 'form', inputs: calendarFields(self) }]}
    />
  );
}
