/** /nts: the account's external forwarding destinations; add (on-net numbers refused), delete. */
import { type Nts, type NtsCreate, ntsCreate, ntsFields } from '@switchboard/domain';
import { columnOf, formFields } from '../../platform/fields/declared-fields.ts';
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
        columnOf<Nts>(ntsFields, 'name'),
        columnOf<Nts>(ntsFields, 'destination'),
        columnOf<Nts>(ntsFields, 'channelLimit'),
      ]}
      add={{
        title: 'Add NTS Destination',
        schema: ntsCreate,
        defaults: { name: '', destination: '' },
        fields: formFields<NtsCreate>(ntsFields, ['name', 'destination']),
        create: createNts,
      }}
    />
  );
}
