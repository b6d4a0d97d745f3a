/** /mobile: the account's mobile numbers (retail accounts only). */
import { type Mobile, type MobileInput, mobileInput } from '@switchboard/domain';
import { ListPage } from '../../platform/paged-table/list-page.tsx';
import { StateChip } from '../../platform/state-chip.tsx';
import { mobileFields, mobiles } from './api.ts';

/** Bulk edit: the Active switch of the chosen numbers. */
const activeEdit = mobileInput.pick({ active: true });

const body = (m: Mobile): MobileInput => ({
  mobileDescription: m.mobileDescription,
  mobileNo: m.mobileNo,
  active: m.active,
});

export default function MobileListPage() {
  return (
    <ListPage
      title="Mobile Numbers"
      source={mobiles.list}
      resource="mobile"
      label={(m) => m.mobileDescription || m.mobileNo}
      rowLink={(m) => `/mobile/${m.id}`}
      columns={[
        { field: 'mobileDescription', header: 'Description', render: (m) => m.mobileDescription || '—' },
        { field: 'mobileNo', header: 'Mobile Number' },
        {
          field: 'active',
          header: 'Active',
          render: (m) => <StateChip on={m.active} label={m.active ? 'Yes' : 'No'} />,
        },
      ]}
      filters={[
        {
          field: 'active',
          label: 'Active',
          options: [
            { value: true, label: 'Yes' },
            { value: false, label: 'No' },
          ],
        },
      ]}
      add={{
        title: 'Add Mobile Number',
        schema: mobileInput,
        defaults: { mobileDescription: '', mobileNo: '', active: true },
        fields: mobileFields,
        create: mobiles.create,
      }}
      bulkEdit={{
        title: 'Edit Mobile Numbers',
        schema: activeEdit,
        fields: [{ kind: 'switch', name: 'active', label: 'Active' }],
        current: body,
        patch: mobiles.patch,
      }}
      remove={(m) => mobiles.remove(m.id)}
    />
  );
}
