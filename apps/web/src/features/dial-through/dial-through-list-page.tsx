/** /dial-through: the account's dial-throughs (add, bulk edit of channels, delete). */
import { dialThroughChannelsEdit, dialThroughInput, hasHighRisk } from '@switchboard/domain';
import { formValuesOf } from '../../platform/fields/form-schema.ts';
import { useCallerIdSource } from '../../platform/fields/option-sources.ts';
import { AreaListPage } from '../../platform/paged-table/area-list-page.tsx';
import { yesNoFilter } from '../../platform/paged-table/table-toolbar.tsx';
import { useSession } from '../../platform/session-context.ts';
import { StateChip } from '../../platform/state-chip.tsx';
import { CHANNEL_OPTIONS, DIAL_THROUGH_DEFAULTS, dialThroughFields, dialThroughs, INTERNATIONAL_LABEL } from './api.ts';
import { dialThroughArea } from './area.ts';

export default function DialThroughListPage() {
  const { session } = useSession();
  const numbers = useCallerIdSource();
  const fields = dialThroughFields(numbers);
  return (
    <AreaListPage
      area={dialThroughArea}
      api={dialThroughs}
      label={(d) => d.name}
      columns={[
        { field: 'name', header: 'Name', sortable: true },
        { field: 'cli', header: 'CLI', sortable: true, render: (d) => d.cli || '—' },
        {
          field: 'pinEnabled',
          header: 'PIN',
          render: (d) => <StateChip on={d.pinEnabled} label={d.pinEnabled ? 'Enabled' : 'Disabled'} />,
        },
        { field: 'inter', header: 'International', render: (d) => (d.inter ? 'Yes' : 'No') },
        { field: 'channels', header: 'Channels', sortable: true },
        { field: 'cliCount', header: 'Caller IDs', sortable: true },
      ]}
      filters={[yesNoFilter('pinEnabled', 'PIN Enabled'), yesNoFilter('inter', 'International')]}
      add={{
        title: 'Add Dial Through',
        schema: dialThroughInput,
        defaults: DIAL_THROUGH_DEFAULTS,
        fields: hasHighRisk(session)
          ? [...fields, { kind: 'switch', name: 'inter', label: INTERNATIONAL_LABEL }]
          : fields,
        create: dialThroughs.create,
      }}
      bulkEdit={{
        schema: dialThroughChannelsEdit,
        fields: [{ kind: 'select', name: 'channels', label: 'Concurrent Channels', options: CHANNEL_OPTIONS }],
        current: (d) => formValuesOf(dialThroughInput, d),
      }}
    />
  );
}
