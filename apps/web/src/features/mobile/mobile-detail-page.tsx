/** /mobile/{id}: one tab, General. */
import { type Mobile, type MobileInput, mobileInput } from '@switchboard/domain';
import { useParams } from 'react-router';
import { FormFields } from '../../platform/fields/form-fields.tsx';
import { TabbedForm } from '../../platform/tabbed-form/tabbed-form.tsx';
import { mobileFields, mobiles } from './api.ts';

const toValues = (m: Mobile): MobileInput => ({
  mobileDescription: m.mobileDescription,
  mobileNo: m.mobileNo,
  active: m.active,
});

export default function MobileDetailPage() {
  const { id = '' } = useParams();
  return (
    <TabbedForm
      source={mobiles.record(id)}
      resource="mobile"
      schema={mobileInput}
      toValues={toValues}
      name={(v) => v.mobileDescription || v.mobileNo}
      title={(m) => `${m.mobileDescription || m.mobileNo} (${m.id})`}
      tabs={[
        {
          label: 'General',
          kind: 'form',
          render: (form, _m, readOnly) => (
            <FormFields control={form.control} fields={mobileFields} disabled={readOnly} />
          ),
        },
      ]}
    />
  );
}
