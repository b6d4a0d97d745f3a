/** /nts: the account's external forwarding destinations; add (on-net numbers refused), delete. */
import { ntsCreate } from '@switchboard/domain';
import { AreaListPage } from '../../platform/paged-table/area-list-page.tsx';
import { createNts, nts } from './api.ts';
import { ntsArea } from './area.ts';

export default function NtsListPage() {
  return (
    <AreaListPage
      area={ntsArea}
      api={nts}
      label={(n) => n.name}
      columns={[
        { field: 'name', header: 'Name', sortable: true },
        { field: 'destination', header: 'Telephone Number', sortable: true },
        { field: 'channelLimit', header: 'Channel Limit', sortable: true },
      ]}
      add={{
        title: 'Add NTS Destination',
        schema: ntsCreate,
        defaults: { name: '', destination: '' },
        fields: [
          { kind: 'text', name: 'name', label: 'Name', required: true },
          { kind: 'text', name: 'destination', label: 'Telephone Number', type: 'tel', required: true },
        ],
        create: createNts,
      }}
    />
  );
}
