/** /access-lists: the account's access lists (Name, Description, Prompt, Entries). */

import Typography from '@mui/material/Typography';
import { type AccessList, type AccessListInput, accessListInput } from '@switchboard/domain';
import { PagedTable } from '../../platform/paged-table/paged-table.tsx';
import { accessListFields } from './access-list-fields.ts';
import { ACL_PATH, usePromptSelect } from './api.ts';

export default function AccessListsListPage() {
  const prompts = usePromptSelect();
  return (
    <>
      <Typography variant="h5" component="h1" gutterBottom>
        Access Lists
      </Typography>
      <PagedTable<AccessList, AccessListInput>
        path={ACL_PATH}
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
          schema: accessListInput as never,
          defaults: { name: '', description: '', promptId: null },
          fields: accessListFields(prompts),
        }}
      />
    </>
  );
}
