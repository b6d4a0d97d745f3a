/** /mobile/{id}: one tab, General. */
import { mobileInput } from '@switchboard/domain';
import { useParams } from 'react-router';
import { formValuesOf } from '../../platform/fields/form-schema.ts';
import { TabbedForm } from '../../platform/tabbed-form/tabbed-form.tsx';
import { mobileFields, mobiles } from './api.ts';

export default function MobileDetailPage() {
  const { id = '' } = useParams();
  return (
    <TabbedForm
      source={mobiles.record(id)}
      resource="mobile"
      schema={mobileInput}
      toValues={(m) => formValuesOf(mobileInput, m)}
      name={(v) => v.mobileDescription || v.mobileNo}
      title={(m) => `${m.mobileDescription || m.mobileNo} (${m.id})`}
      tabs={[{ label: 'General', kind: 'form', inputs: mobileFields }]}
    />
  );
}
