/** /ivrs: the account's IVR menus, bulk add by number range (description required), delete. */
import { ivrRange, ivrRoutes } from '@switchboard/domain';
import { ListPage } from '../../platform/paged-table/list-page.tsx';
import { useRangeAdd } from '../../platform/range-add/range-add.ts';
import { ivrKeys, ivrs } from './api.ts';

export default function IvrsListPage() {
  const add = useRangeAdd({
    title: 'Add IVRs',
    next: ivrRoutes.next,
    range: ivrRoutes.range,
    keys: ivrKeys,
    schema: ivrRange,
    name: { field: 'description', label: 'Description', required: true },
    toHelper: 'Optional: add up to 10 at once',
  });
  return (
    <ListPage
      title="IVRs"
      source={ivrs.list}
      resource="IVR"
      label={(m) => `${m.name} - ${m.description}`}
      rowLink={(m) => `/ivrs/${m.id}`}
      columns={[
        { field: 'name', header: 'Number', sortable: true },
        { field: 'description', header: 'Description', sortable: true },
        { field: 'keysSet', header: 'Keys Set', sortable: true },
      ]}
      add={add}
      remove={(m) => ivrs.remove(m.id)}
    />
  );
}
