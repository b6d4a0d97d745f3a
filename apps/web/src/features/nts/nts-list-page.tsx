/** /nts: the account's external forwarding destinations; add (on-net numbers refused), delete. */
import { ntsCreate } from '@switchboard/domain';
import { ListPage } from '../../platform/paged-table/list-page.tsx';
import { createNts, nts } from './api.ts';

export default function NtsListPage() {
  return (
    <ListPage
      title="NTS"
      source={nts.list}
      resource="externalExt"
      label={(n) => n.name}
      rowLink={(n) => `/nts/${n.id}`}
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
      remove={(n) => nts.remove(n.id)}
    />
  );
}
