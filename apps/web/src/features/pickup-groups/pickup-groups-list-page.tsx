/** /pickup-groups: the account's pickup groups with their short codes and member counts; add, delete. */
import { type PickupGroup, type PickupGroupInput, pickupGroupFields, pickupGroupInput } from '@switchboard/domain';
import { columnOf, formFields } from '../../platform/fields/declared-fields.ts';
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
        columnOf<PickupGroup>(pickupGroupFields, 'name'),
        { field: 'shortCode', header: 'Short Code' },
        { field: 'memberCount', header: 'Members', sortable: true },
      ]}
      add={{
        title: 'Add Pickup Group',
        schema: pickupGroupInput,
        defaults: { name: '' },
        fields: formFields<PickupGroupInput>(pickupGroupFields, ['name']),
        create: pickupGroups.create,
      }}
    />
  );
}
