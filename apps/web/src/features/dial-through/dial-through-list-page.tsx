/** /dial-through: the account's dial-throughs (add, bulk edit of channels, delete). */
import {
  type DialThrough,
  type DialThroughChannelsEdit,
  type DialThroughInput,
  dialThroughChannelsEdit,
  dialThroughFields,
  dialThroughInput,
  hasHighRisk,
} from '@switchboard/domain';
import { columnOf, filterOf, formFields } from '../../platform/fields/declared-fields.ts';
import { formValuesOf } from '../../platform/fields/form-schema.ts';
import { useCallerIdSource } from '../../platform/fields/option-sources.ts';
import { AreaListPage } from '../../platform/paged-table/area-list-page.tsx';
import { useSession } from '../../platform/session-context.ts';
import { StateChip } from '../../platform/state-chip.tsx';
import { DIAL_THROUGH_DEFAULTS, dialThroughFormFields, dialThroughs } from './api.ts';
import { dialThroughArea } from './area.ts';

export default function DialThroughListPage() {
  const { session } = useSession();
  const numbers = useCallerIdSource();
  const fields = dialThroughFormFields(numbers);
  return (
    <AreaListPage
      area={dialThroughArea}
      api={dialThroughs}
      label={(d) => d.name}
      columns={[
        columnOf<DialThrough>(dialThroughFields, 'name'),
        columnOf<DialThrough>(dialThroughFields, 'cli', (d) => d.cli || '—'),
        {
          field: 'pinEnabled',
          header: 'PIN',
          render: (d) => <StateChip on={d.pinEnabled} label={d.pinEnabled ? 'Enabled' : 'Disabled'} />,
        },
        columnOf<DialThrough>(dialThroughFields, 'inter', (d) => (d.inter ? 'Yes' : 'No')),
        { field: 'channels', header: 'Channels', sortable: true },
        { field: 'cliCount', header: 'Caller IDs', sortable: true },
      ]}
      filters={[filterOf(dialThroughFields, 'pinEnabled'), filterOf(dialThroughFields, 'inter')]}
      add={{
        title: 'Add Dial Through',
        schema: dialThroughInput,
        defaults: DIAL_THROUGH_DEFAULTS,
        fields: hasHighRisk(session)
          ? [...fields, ...formFields<DialThroughInput>(dialThroughFields, ['inter'])]
          : fields,
        create: dialThroughs.create,
      }}
      bulkEdit={{
        schema: dialThroughChannelsEdit,
        fields: formFields<DialThroughChannelsEdit>(dialThroughFields, ['channels']),
        current: (d) => formValuesOf(dialThroughInput, d),
      }}
    />
  );
}
