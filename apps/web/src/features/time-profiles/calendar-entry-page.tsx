/** /time-profiles/{timeProfileId}/calendars/{id}: one calendar entry. */

import type { TimeProfile } from '@switchboard/domain';
import { type CalendarEntry, type CalendarInput, calendarInput } from '@switchboard/domain';
import { useParams } from 'react-router';
import { FormFields } from '../../platform/fields/form-fields.tsx';
import { TabbedForm, useRecord } from '../../platform/tabbed-form/tabbed-form.tsx';
import { CALENDAR_PATH, calendarFields, TP_PATH, toCalendarValues } from './api.ts';

export default function CalendarEntryPage() {
  const { timeProfileId = '', id = '' } = useParams();
  const profile = useRecord<TimeProfile>(TP_PATH, timeProfileId);
  const self = profile.data ? [`timeprofile:${profile.data.extension}`] : [];
  return (
    <TabbedForm<CalendarEntry, CalendarInput>
      path={CALENDAR_PATH}
      id={id}
      resource="timeprofile"
      schema={calendarInput as never}
      toValues={toCalendarValues}
      name={(v) => v.description}
      title={(c) =>
        profile.data ? `${c.description} (${profile.data.extension} - ${profile.data.name})` : c.description
      }
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
