/** The Calendar tab: the profile's calendar entries, which override it in their date range. */
import Typography from '@mui/material/Typography';
import {
  type CalendarEntry,
  calendarEntryFields,
  calendarInput,
  destinationValue,
  type TimeProfile,
} from '@switchboard/domain';
import { columnOf, labelOf } from '../../platform/fields/declared-fields.ts';
import { DestinationLabel } from '../../platform/fields/destination-source.tsx';
import { PagedTable } from '../../platform/paged-table/paged-table.tsx';
import { calendarFields, calendars, withStatus } from './api.ts';

export function CalendarTab({ profile }: { profile: TimeProfile }) {
  const self = destinationValue('timeprofile', profile.extension);
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        During a calendar entry calls go to its destination, whatever the schedule says.
      </Typography>
      <PagedTable
        source={withStatus(calendars.list, profile.id)}
        resource="timeprofile"
        nested
        tableKey="calendar"
        fixedFilters={{ timeProfileId: profile.id }}
        label={(c) => c.description}
        rowLink={(c) => `/time-profiles/${profile.id}/calendars/${c.id}`}
        columns={[
          columnOf<CalendarEntry>(calendarEntryFields, 'description'),
          {
            field: 'destination',
            header: labelOf(calendarEntryFields, 'destination'),
            render: (c) => <DestinationLabel value={c.destination} />,
          },
          columnOf<CalendarEntry>(calendarEntryFields, 'start'),
          columnOf<CalendarEntry>(calendarEntryFields, 'end'),
        ]}
        add={{
          title: 'Add Calendar Entry',
          schema: calendarInput,
          defaults: { timeProfileId: profile.id, description: '', destination: '', start: '', end: '' },
          fields: calendarFields([self]),
          create: calendars.create,
        }}
        remove={(c) => calendars.remove(c.id)}
      />
    </>
  );
}
