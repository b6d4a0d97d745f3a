/** /telephone-numbers: the account's allocated numbers with their routing and emergency state. */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import {
  CALL_RECORDING_OPTIONS,
  DESTINATION_TYPE_LABELS,
  DESTINATION_TYPES,
  EMS_STATUSES,
  MESSAGES,
  telephoneNumberBulkEdit,
  telephoneNumberFields,
  telephoneNumberValues,
} from '@switchboard/domain';
import { ADD_NUMBER_DIALOG, AreaDialog, hasAreaDialog } from '../../platform/area-dialogs.tsx';
import { columnOf, filterOf, formFields } from '../../platform/fields/declared-fields.ts';
import { optionLabel } from '../../platform/fields/option-sources.ts';
import { Hint } from '../../platform/hint.tsx';
import { AreaListPage } from '../../platform/paged-table/area-list-page.tsx';
import { numbers } from './api.ts';
import { telephoneNumbersArea } from './area.ts';
import { EmsStatusChip } from './ems-status-chip.tsx';

export default function TelephoneNumbersListPage() {
  return (
    <AreaListPage
      area={telephoneNumbersArea}
      api={numbers}
      label={(n) => (n.nickname ? `${n.telephoneNumber} (${n.nickname})` : n.telephoneNumber)}
      columns={[
        { field: 'telephoneNumber', header: 'Telephone Number' },
        columnOf(telephoneNumberFields, 'nickname', (n) => n.nickname || '—'),
        {
          field: 'displayDestination',
          header: 'Destination',
          sortable: false,
          render: (n) =>
            n.destination ? (
              <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
                {n.displayDestination}
                <Typography component="span" variant="caption" color="text.secondary" sx={{ ml: 0.75 }}>
                  {DESTINATION_TYPE_LABELS[n.destinationType as keyof typeof DESTINATION_TYPE_LABELS] ?? ''}
                </Typography>
              </Box>
            ) : (
              <Hint>Not routed</Hint>
            ),
        },
        {
          field: 'telephoneNumberAclName',
          header: 'Access List',
          render: (n) =>
            n.telephoneNumberAclName
              ? `${n.telephoneNumberAclName} (${n.telephoneNumberAclReject === 1 ? 'reject' : 'accept'})`
              : '—',
        },
        columnOf(telephoneNumberFields, 'callRecord', (n) => optionLabel(CALL_RECORDING_OPTIONS, n.callRecord)),
        { field: 'emsStatus', header: 'Emergency Address', render: (n) => <EmsStatusChip status={n.emsStatus} /> },
      ]}
      filters={[
        {
          field: 'destinationType',
          label: 'Destination',
          options: DESTINATION_TYPES.map((t) => ({ value: t, label: DESTINATION_TYPE_LABELS[t] })),
        },
        filterOf(telephoneNumberFields, 'callRecord'),
        { field: 'emsStatus', label: 'Emergency', options: EMS_STATUSES.map((s) => ({ value: s, label: s })) },
      ]}
      moreAdds={[
        {
          // The add-number wizard is the buy-numbers area's (platform/area-dialogs.tsx).
          button: 'Add',
          visible: hasAreaDialog(ADD_NUMBER_DIALOG),
          dialog: ({ open, onClose }) => <AreaDialog name={ADD_NUMBER_DIALOG} open={open} onClose={onClose} />,
        },
      ]}
      deleteFallback={MESSAGES.deleteFallback}
      bulkEdit={{
        schema: telephoneNumberBulkEdit,
        fields: formFields(telephoneNumberFields, ['destination', 'callRecord']),
        current: telephoneNumberValues,
      }}
    />
  );
}
