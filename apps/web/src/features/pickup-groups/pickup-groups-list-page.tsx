/** /pickup-groups: the account's pickup groups with their short codes and member counts; add, delete. */
import { pickupGroupInput } from '@switchboard/domain';
import { AreaListPage } from '../../platform/paged-table/area-list-page.tsx';
import { pickupGroups } from './api.ts';
import { pickupGroupsArea } from './area.ts';

export default function PickupGroupsListPage() {
  return (
    <AreaListPage
      area={pickupGroupsArea}
      api={pickupGroups}
      label={(g) => g.name}
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
    />
  );
}
