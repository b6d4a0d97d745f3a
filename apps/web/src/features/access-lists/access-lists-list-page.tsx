/** /access-lists: the account's access lists (Name, Description, Prompt, Entries). */
import { accessListInput } from '@switchboard/domain';
import { AreaListPage } from '../../platform/paged-table/area-list-page.tsx';
import { accessLists, useAccessListFields } from './api.ts';
import { accessListsArea } from './area.ts';

export default function AccessListsListPage() {
  const fields = useAccessListFields();
  return (
    <AreaListPage
      area={accessListsArea}
      api={accessLists}
      label={(r) => r.name}
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
        fields: fields,
        create: accessLists.create,
      }}
    />
  );
}
