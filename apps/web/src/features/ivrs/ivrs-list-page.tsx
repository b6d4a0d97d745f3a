/** /ivrs: the account's IVR menus, bulk add by number range (description required), delete. */
import { ivrRange } from '@switchboard/domain';
import { NumberedListPage } from '../../platform/range-add/numbered-list-page.tsx';
import { ivrs } from './api.ts';

export default function IvrsListPage() {
  return (
    <NumberedListPage
      title="IVRs"
      api={ivrs}
      range={{
        title: 'Add IVRs',
        schema: ivrRange,
        name: { field: 'description', label: 'Description', required: true },
      }}
      resource="IVR"
      label={(m) => `${m.name} - ${m.description}`}
      rowLink={(m) => `/ivrs/${m.id}`}
      columns={[
        { field: 'name', header: 'Number', sortable: true },
        { field: 'description', header: 'Description', sortable: true },
        { field: 'keysSet', header: 'Keys Set', sortable: true },
      ]}
    />
  );
}
