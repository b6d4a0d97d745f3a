/** /time-profiles: the account's time profiles, bulk add by number range, bulk edit, delete. */
import { timeProfileInput, timeProfileRange } from '@switchboard/domain';
import { DestinationLabel } from '../../platform/fields/destination-source.tsx';
import { formValuesOf } from '../../platform/fields/form-schema.ts';
import { selectColumns } from '../../platform/paged-table/select-columns.ts';
import { NumberedListPage } from '../../platform/range-add/numbered-list-page.tsx';
import { modeSelects, timeProfiles } from './api.ts';
import { timeProfilesArea } from './area.ts';

/** Bulk edit: the bank-holiday region and the mode of the chosen profiles. */
const bulkEdit = timeProfileInput.pick({ bankHoliday: true, mode: true });
const modes = selectColumns(modeSelects);

export default function TimeProfilesListPage() {
  return (
    <NumberedListPage
      area={timeProfilesArea}
      api={timeProfiles}
      numbering={{ schema: timeProfileRange, number: 'extension', name: 'name', nameLabel: 'Name' }}
      columns={[
        { field: 'description', header: 'Description', sortable: true, render: (p) => p.description || '—' },
        {
          field: 'inDestination',
          header: 'Open Destination',
          render: (p) => <DestinationLabel value={p.inDestination} />,
        },
        {
          field: 'outDestination',
          header: 'Closed Destination',
          render: (p) => <DestinationLabel value={p.outDestination} />,
        },
        ...modes.columns,
      ]}
      filters={modes.filters}
      bulkEdit={{ schema: bulkEdit, fields: modeSelects, current: (p) => formValuesOf(timeProfileInput, p) }}
    />
  );
}
