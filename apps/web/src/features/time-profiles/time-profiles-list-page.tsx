/** /time-profiles: the account's time profiles, bulk add by number range, bulk edit, delete. */
import {
  BANK_HOLIDAY_OPTIONS,
  TIME_PROFILE_MODES,
  type TimeProfile,
  timeProfileFields,
  timeProfileInput,
  timeProfileRange,
} from '@switchboard/domain';
import { columnOf, filterOf, labelOf } from '../../platform/fields/declared-fields.ts';
import { DestinationLabel } from '../../platform/fields/destination-source.tsx';
import { formValuesOf } from '../../platform/fields/form-schema.ts';
import { optionLabel } from '../../platform/fields/option-sources.ts';
import { NumberedListPage } from '../../platform/range-add/numbered-list-page.tsx';
import { modeSelects, timeProfiles } from './api.ts';
import { timeProfilesArea } from './area.ts';

/** Bulk edit: the bank-holiday region and the mode of the chosen profiles. */
const bulkEdit = timeProfileInput.pick({ bankHoliday: true, mode: true });
const column = (name: keyof TimeProfile & string, render?: (p: TimeProfile) => React.ReactNode) =>
  columnOf<TimeProfile>(timeProfileFields, name, render);
/** A destination column (not sorted by). */
const destination = (name: 'inDestination' | 'outDestination') => ({
  field: name,
  header: labelOf(timeProfileFields, name),
  render: (p: TimeProfile) => <DestinationLabel value={p[name]} />,
});

export default function TimeProfilesListPage() {
  return (
    <NumberedListPage
      area={timeProfilesArea}
      api={timeProfiles}
      numbering={{ schema: timeProfileRange, number: 'extension', name: 'name', nameLabel: 'Name' }}
      columns={[
        column('description', (p) => p.description || '—'),
        destination('inDestination'),
        destination('outDestination'),
        column('bankHoliday', (p) => optionLabel(BANK_HOLIDAY_OPTIONS, p.bankHoliday)),
        column('mode', (p) => optionLabel(TIME_PROFILE_MODES, p.mode)),
      ]}
      filters={[filterOf(timeProfileFields, 'bankHoliday'), filterOf(timeProfileFields, 'mode')]}
      bulkEdit={{ schema: bulkEdit, fields: modeSelects, current: (p) => formValuesOf(timeProfileInput, p) }}
    />
  );
}
