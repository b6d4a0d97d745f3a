/**
 * /pickup-groups/{id}: tab General (spec 2 §2): the name, the short code ('*0#' plus characters 6
 * to 8 of the name's letters and digits, read-only, following the name as it is typed, its helper
 * saying how it was derived) and the members table (seats:
 * add one, remove with a confirm).
 */
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  PICKUP_GROUP_MESSAGES,
  type PickupGroup,
  type PickupGroupInput,
  pickupGroupFields,
  pickupGroupInput,
  pickupShortCode,
  pickupShortCodeHelp,
} from '@switchboard/domain';
import { useWatch } from 'react-hook-form';
import { useParams } from 'react-router';
import { formFields } from '../../platform/fields/declared-fields.ts';
import type { FieldsControl } from '../../platform/fields/form-schema.ts';
import { PagedTable } from '../../platform/paged-table/paged-table.tsx';
import { TabbedForm } from '../../platform/tabbed-form/tabbed-form.tsx';
import { memberChoice, pickupGroups, useSeatSource } from './api.ts';

function ShortCode({ control }: { control: FieldsControl<{ name: string }> }) {
  const name = useWatch({ control, name: 'name' }) ?? '';
  return (
    <TextField
      label="Short Code"
      size="small"
      value={pickupShortCode(name)}
      slotProps={{ input: { readOnly: true } }}
      // How the code comes from the name, as the name is typed.
      helperText={pickupShortCodeHelp(name)}
      fullWidth
    />
  );
}

function Members({ group }: { group: PickupGroup }) {
  const seats = useSeatSource();
  return (
    <>
      <Typography variant="h6" component="h2" gutterBottom>
        Members
      </Typography>
      <PagedTable
        source={pickupGroups.members(group.id)}
        resource="pickupGroups"
        nested
        tableKey="members"
        label={(m) => (m.nickname ? `${m.extension} - ${m.nickname}` : String(m.extension))}
        columns={[
          { field: 'extension', header: 'Extension', sortable: true },
          { field: 'nickname', header: 'Nickname', sortable: true, render: (m) => m.nickname || '—' },
        ]}
        add={{
          title: 'Add Member',
          schema: memberChoice,
          defaults: { names: '' },
          fields: [{ kind: 'picker', name: 'names', label: 'Seat', required: true, source: seats }],
          create: (v) => pickupGroups.addMember(group.id, v.names),
        }}
        remove={(m) => pickupGroups.removeMember(m.id)}
        deleteAction="update"
      />
    </>
  );
}

export default function PickupGroupDetailPage() {
  const { id = '' } = useParams();
  return (
    <TabbedForm
      source={pickupGroups.record(id)}
      resource="pickupGroups"
      schema={pickupGroupInput}
      toValues={(g) => ({ name: g.name })}
      name={(v) => v.name}
      title={(g) => g.name}
      loadFailed={PICKUP_GROUP_MESSAGES.fetchFailed}
      tabs={[
        {
          label: 'General',
          kind: 'form',
          inputs: formFields<PickupGroupInput>(pickupGroupFields, ['name']),
          render: (form) => <ShortCode control={form.control} />,
          below: (g) => <Members group={g} />,
        },
      ]}
    />
  );
}
