/** /mobile/{id}: one tab, General. */
import { AreaRecordPage } from '../../platform/tabbed-form/area-record-page.tsx';
import { mobileFormFields, mobiles } from './api.ts';
import { mobileArea } from './area.ts';

export default function MobileDetailPage() {
  return (
    <AreaRecordPage
      area={mobileArea}
      api={mobiles}
      heading={{ name: (m) => m.mobileDescription || m.mobileNo, number: 'id' }}
      tabs={[{ label: 'General', kind: 'form', inputs: mobileFormFields }]}
    />
  );
}
