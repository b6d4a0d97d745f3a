/** /call-groups: the account's call groups, bulk add by number range, bulk edit, delete. */
import { type CallGroup, callGroupFields, callGroupInput, callGroupRange } from '@switchboard/domain';
import { columnOf, filterOf, formFields } from '../../platform/fields/declared-fields.ts';
import { formValuesOf } from '../../platform/fields/form-schema.ts';
import { useGroupColumns } from '../../platform/members/group-columns.ts';
import { NumberedListPage } from '../../platform/range-add/numbered-list-page.tsx';
import { callGroups, ringTypeLabel } from './api.ts';
import { callGroupsArea } from './area.ts';

/** Bulk edit: how the chosen groups ring. */
const bulkNames = ['ringType', 'ringTime', 'answerElsewhere', 'ignoreCfwd'] as const;
const bulkEdit = callGroupInput.pick({ ringType: true, ringTime: true, answerElsewhere: true, ignoreCfwd: true });

export default function CallGroupsListPage() {
  const groupColumns = useGroupColumns<CallGroup>();
  return (
    <NumberedListPage
      area={callGroupsArea}
      api={callGroups}
      numbering={{ schema: callGroupRange, number: 'groupNo', name: 'customName', nameLabel: 'Name' }}
      columns={[
        columnOf(callGroupFields, 'ringType', (g) => ringTypeLabel(g.ringType)),
        columnOf(callGroupFields, 'ringTime', (g) => `${g.ringTime} seconds`),
        ...groupColumns,
      ]}
      filters={[filterOf(callGroupFields, 'ringType')]}
      bulkEdit={{
        schema: bulkEdit,
        fields: formFields(callGroupFields, bulkNames),
        current: (g) => formValuesOf(callGroupInput, g),
      }}
    />
  );
}
