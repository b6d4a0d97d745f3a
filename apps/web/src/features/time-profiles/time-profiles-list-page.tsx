/** /time-profiles: the account's time profiles, bulk add by number range, bulk edit, delete. */
import { BANK_HOLIDAY_OPTIONS, TIME_PROFILE_MODES, timeProfileInput, timeProfileRange } from '@switchboard/domain';
import { NumberedListPage } from '../../platform/range-add/numbered-list-page.tsx';
import { bankHolidayLabel, modeLabel, timeProfiles, toProfileValues, useDestinationLabel } from './api.ts';
import { timeProfilesArea } from './area.ts';

/** Bulk edit: the bank-holiday region and the mode of the chosen profiles. */
const bulkEdit = timeProfileInput.pick({ bankHoliday: true, mode: true });

export default function TimeProfilesListPage() {
  const destinationLabel = useDestinationLabel();
  return (
    <NumberedListPage
      area={timeProfilesArea}
      api={timeProfiles}
      numbering={{ schema: timeProfileRange, number: 'extension', name: 'name', nameLabel: 'Name' }}
      columns={[
        { field: 'description', header: 'Description', sortable: true, render: (p) => p.description || '—' },
        { field: 'inDestination', header: 'Open Destination', render: (p) => destinationLabel(p.inDestination) },
        { field: 'outDestination', header: 'Closed Destination', render: (p) => destinationLabel(p.outDestination) },
        {
          field: 'bankHoliday',
          header: 'Bank Holidays',
          sortable: true,
          render: (p) => bankHolidayLabel(p.bankHoliday),
        },
        { field: 'mode', header: 'Mode', sortable: true, render: (p) => modeLabel(p.mode) },
      ]}
      filters={[
        { field: 'bankHoliday', label: 'Bank Holidays', options: BANK_HOLIDAY_OPTIONS },
        { field: 'mode', label: 'Mode', options: TIME_PROFILE_MODES },
      ]}
      bulkEdit={{
        schema: bulkEdit,
        fields: [
          {
            kind: 'select',
            name: 'bankHoliday',
            label: 'Bank Holidays',
            options: BANK_HOLIDAY_OPTIONS,
          },
          { kind: 'select', name: 'mode', label: 'Mode', options: TIME_PROFILE_MODES },
        ],
        current: toProfileValues,
      }}
    />
  );
}
