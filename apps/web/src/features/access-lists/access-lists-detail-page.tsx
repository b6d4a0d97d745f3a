/** /access-lists/{id}: tabs List Details and Numbers. */
import { AreaRecordPage } from '../../platform/tabbed-form/area-record-page.tsx';
import { accessLists, useAccessListFields } from './api.ts';
import { accessListsArea } from './area.ts';
import { NumbersTab } from './numbers-tab.tsx';

export default function AccessListDetailPage() {
  const fields = useAccessListFields();
  return (
    <AreaRecordPage
      area={accessListsArea}
      api={accessLists}
      heading={{ name: 'name', number: 'id' }}
      tabs={[
        { label: 'List Details', kind: 'form', inputs: fields },
        { label: 'Numbers', kind: 'panel', render: (r) => <NumbersTab list={r} /> },
      ]}
    />
  );
}
