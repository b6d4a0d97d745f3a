/** /mobile: the account's mobile numbers (retail accounts only). */
import { mobileFields, mobileInput } from '@switchboard/domain';
import { columnOf, filterOf } from '../../platform/fields/declared-fields.ts';
import { formValuesOf } from '../../platform/fields/form-schema.ts';
import { AreaListPage } from '../../platform/paged-table/area-list-page.tsx';
import { StateChip } from '../../platform/state-chip.tsx';
import { activeField, mobileFormFields, mobiles } from './api.ts';
import { mobileArea } from './area.ts';

/** Bulk edit: the Active switch of the chosen numbers. */
const activeEdit = mobileInput.pick({ active: true });

export default function MobileListPage() {
  return (
    <AreaListPage
      area={mobileArea}
      api={mobiles}
      label={(m) => m.mobileDescription || m.mobileNo}
      columns={[
        columnOf(mobileFields, 'mobileDescription', (m) => m.mobileDescription || '—'),
        columnOf(mobileFields, 'mobileNo'),
        columnOf(mobileFields, 'active', (m) => <StateChip on={m.active} label={m.active ? 'Yes' : 'No'} />),
      ]}
      filters={[filterOf(mobileFields, 'active')]}
      add={{
        title: 'Add Mobile Number',
        schema: mobileInput,
        defaults: { mobileDescription: '', mobileNo: '', active: true },
        fields: mobileFormFields,
        create: mobiles.create,
      }}
      bulkEdit={{ schema: activeEdit, fields: [activeField], current: (m) => formValuesOf(mobileInput, m) }}
    />
  );
}
