/** /access-lists/{id}: tabs List Details and Numbers. */
import { type AccessList, type AccessListInput, accessListInput } from '@switchboard/domain';
import { useParams } from 'react-router';
import { FormFields } from '../../platform/fields/form-fields.tsx';
import { TabbedForm } from '../../platform/tabbed-form/tabbed-form.tsx';
import { accessListFields } from './access-list-fields.ts';
import { accessLists, usePromptSelect } from './api.ts';
import { NumbersTab } from './numbers-tab.tsx';

const toValues = (r: AccessList): AccessListInput => ({
  name: r.name,
  description: r.description,
  promptId: r.promptId,
});

export default function AccessListDetailPage() {
  const { id = '' } = useParams();
  const prompts = usePromptSelect();
  return (
    <TabbedForm
      source={accessLists.record(id)}
      resource="acl"
      schema={accessListInput}
      toValues={toValues}
      name={(v) => v.name}
      title={(r) => `${r.name} (${r.id})`}
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
