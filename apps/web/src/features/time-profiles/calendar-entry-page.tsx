/**
 * /time-profiles/{timeProfileId}/calendars/{id}: one calendar entry; its breadcrumbs go through its
 * time profile. The dates are typed or picked (DD/MM/YYYY HH:mm).
 */
import { calendarInput } from '@switchboard/domain';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { FormFields } from '../../platform/fields/form-fields.tsx';
import { TabbedForm } from '../../platform/tabbed-form/tabbed-form.tsx';
import { calendarFields, calendars, timeProfileKeys, timeProfiles, toCalendarValues } from './api.ts';

export default function CalendarEntryPage() {
  const { timeProfileId = '', id = '' } = useParams();
  const profile = useQuery(timeProfiles.detail(timeProfileId));
  // An entry changes its profile's status too.
  const entry = calendars.record(id);
  const source = {
    ...entry,
    invalidates: [...entry.invalidates, [...timeProfileKeys.detail(timeProfileId), 'status']],
  };
  const self = profile.data ? [`timeprofile:${profile.data.extension}`] : [];
  return (
    <TabbedForm
      source={source}
      resource="timeprofile"
      schema={calendarInput}
      toValues={toCalendarValues}
      name={(v) => v.description}
      title={(c) =>
        profile.data ? `${c.description} (${profile.data.extension} - ${profile.data.name})` : c.description
      }
      // Dashboard > Time Profiles > the profile > the entry.
      crumbs={{
        trail: profile.data
          ? [
              {
                label: `${profile.data.name} (${profile.data.extension})`,
                to: `/time-profiles/${timeProfileId}?tab=Calendar`,
              },
            ]
          : [],
        name: (c) => `${c.description} (${c.id})`,
      }}
      tabs={[
        {
          label: 'General',
          kind: 'form',
          render: (form, _c, readOnly) => (
            <FormFields control={form.control} fields={calendarFields(self)} disabled={readOnly} />
          ),
        },
      ]}
    />
  );
}
