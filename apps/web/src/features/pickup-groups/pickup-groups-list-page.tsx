/** /pickup-groups: the account's pickup groups with their short codes and member counts; add, delete. */
import { pickupGroupInput } from '@switchboard/domain';
import { ListPage } from '../../platform/paged-table/list-page.tsx';
import { pickupGroups } from './api.ts';

export default function PickupGroupsListPage() {
  return (
    <ListPage
      title="Pickup Groups"
      source={pickupGroups.list}
      resource="pickupGroups"
      label={(g) => g.name}
      rowLink={(g) => `/pickup-groups/${g.id}`}
      columns={[
        { field: 'name', header: 'Name', sortable: true },
        { field: 'shortCode', header: 'Short Code' },
        { field: 'memberCount', header: 'Members', sortable: true },
      ]}
      add={{
        title: 'Add Pickup Group',
        schema: pickupGroupInput,
        defaults: { name: '' },
        fields: [{ kind: 'text', name: 'name', label: 'Name', required: true }],
        create: pickupGroups.create,
      }}
      remove={(g) => pickupGroups.remove(g.id)}
    />
  );
}
