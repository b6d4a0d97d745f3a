/** /outbound-clis: the account's caller-ID lists (Name, Description, Numbers). */
import { outboundCliFields, outboundCliInput } from '@switchboard/domain';
import { columnOf } from '../../platform/fields/declared-fields.ts';
import { AreaListPage } from '../../platform/paged-table/area-list-page.tsx';
import { outboundClis, useOutboundCliFields } from './api.ts';
import { outboundClisArea } from './area.ts';

export default function OutboundClisListPage() {
  const fields = useOutboundCliFields();
  return (
    <AreaListPage
      area={outboundClisArea}
      api={outboundClis}
      label={(r) => r.name}
      columns={[
        columnOf(outboundCliFields, 'name'),
        columnOf(outboundCliFields, 'description'),
        { field: 'numberCount', header: 'Numbers', sortable: true, render: (r) => r.numbers.join(', ') },
      ]}
      add={{
        title: 'Add Outbound CLI List',
        schema: outboundCliInput,
        defaults: { name: '', description: '', numbers: [] },
        fields,
        create: outboundClis.create,
      }}
    />
  );
}
