/** /access-lists: the account's access lists (Name, Description, Prompt, Entries). */
import { accessListFields, accessListInput } from '@switchboard/domain';
import { columnOf } from '../../platform/fields/declared-fields.ts';
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
        columnOf(accessListFields, 'name'),
        columnOf(accessListFields, 'description'),
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
