/** /access-lists: the account's access lists (Name, Description, Prompt, Entries). */
import { accessListInput } from '@switchboard/domain';
import { ListPage } from '../../platform/paged-table/list-page.tsx';
import { accessListFields } from './access-list-fields.ts';
import { accessLists, usePromptSelect } from './api.ts';

export default function AccessListsListPage() {
  const prompts = usePromptSelect();
  return (
    <ListPage
      title="Access Lists"
      source={accessLists.list}
      resource="acl"
      label={(r) => r.name}
      rowLink={(r) => `/access-lists/${r.id}`}
      columns={[
        { field: 'name', header: 'Name' },
        { field: 'description', header: 'Description' },
        { field: 'promptName', header: 'Prompt', render: (r) => r.promptName ?? 'None' },
        { field: 'numEntries', header: 'Entries' },
      ]}
      add={{
        title: 'Add Access List',
        schema: accessListInput,
        defaults: { name: '', description: '', promptId: null },
        fields: accessListFields(prompts),
        create: accessLists.create,
      }}
      remove={(r) => accessLists.remove(r.id)}
    />
  );
}
