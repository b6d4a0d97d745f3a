/** /access-lists/{id}: tabs List Details and Numbers. */
import type { AccessList, AccessListInput } from '@switchboard/domain';
import { FormFields } from '../../platform/fields/form-fields.tsx';
import { AreaRecordPage } from '../../platform/tabbed-form/area-record-page.tsx';
import { accessListFields } from './access-list-fields.ts';
import { accessLists, usePromptSelect } from './api.ts';
import { accessListsArea } from './area.ts';
import { NumbersTab } from './numbers-tab.tsx';

const toValues = (r: AccessList): AccessListInput => ({
  name: r.name,
  description: r.description,
  promptId: r.promptId,
});

export default function AccessListDetailPage() {
  const prompts = usePromptSelect();
  return (
    <AreaRecordPage
      area={accessListsArea}
      api={accessLists}
      toValues={toValues}
      heading={{ name: 'name', number: 'id' }}
      tabs={[
        {
          label: 'List Details',
          kind: 'form',
          render: (form, _r, readOnly) => (
            <FormFields control={form.control} fields={accessListFields(prompts)} disabled={readOnly} />
          ),
        },
        { label: 'Numbers', kind: 'panel', render: (r) => <NumbersTab list={r} /> },
      ]}
    />
  );
}
