/** /mobile: the account's mobile numbers (retail accounts only). */
import { mobileInput } from '@switchboard/domain';
import { formValuesOf } from '../../platform/fields/form-schema.ts';
import { AreaListPage } from '../../platform/paged-table/area-list-page.tsx';
import { yesNoFilter } from '../../platform/paged-table/table-toolbar.tsx';
import { StateChip } from '../../platform/state-chip.tsx';
import { activeField, mobileFields, mobiles } from './api.ts';
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
        { field: 'mobileDescription', header: 'Description', render: (m) => m.mobileDescription || '—' },
        { field: 'mobileNo', header: 'Mobile Number' },
        {
          field: 'active',
          header: 'Active',
          render: (m) => <StateChip on={m.active} label={m.active ? 'Yes' : 'No'} />,
        },
      ]}
      filters={[yesNoFilter('active', 'Active')]}
      add={{
        title: 'Add Mobile Number',
        schema: mobileInput,
        defaults: { mobileDescription: '', mobileNo: '', active: true },
        fields: mobileFields,
        create: mobiles.create,
      }}
      bulkEdit={{ schema: activeEdit, fields: [activeField], current: (m) => formValuesOf(mobileInput, m) }}
    />
  );
}
