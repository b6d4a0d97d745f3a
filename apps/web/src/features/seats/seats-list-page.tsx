/**
 * /seats: the account's seats with the registration status of the desk phone and the two softphones;
 * bulk add by extension range, a single seat as a softphone user (with its control-panel user),
 * bulk edit and delete.
 */
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import {
  createMonthlyCost,
  maySoftphoneUser,
  rangeNumbers,
  SEAT_MESSAGES,
  SEAT_STATUSES,
  type Seat,
  type SeatBulkEdit,
  seatBulkEdit,
  seatCreateInput,
  seatExtensionRange,
  seatFields,
  seatLabel,
  seatRange,
  seatRoutes,
  seatValues,
  softphoneUserInput,
} from '@switchboard/domain';
import { useQuery } from '@tanstack/react-query';
import { useAccount } from '../../platform/account-query.ts';
import { deviceColumns, deviceFilters } from '../../platform/call-options/device-columns.ts';
import { columnOf, formFields } from '../../platform/fields/declared-fields.ts';
import { AreaListPage } from '../../platform/paged-table/area-list-page.tsx';
import { addAction } from '../../platform/paged-table/paged-table.tsx';
import { nextNumberQuery, useRangeAdd } from '../../platform/range-add/range-add.ts';
import { useSession } from '../../platform/session-context.ts';
import { seats } from './api.ts';
import { seatsArea } from './area.ts';

/** One seat created as a softphone user: the seat and the control-panel user both. */
const softphoneSeat = seatCreateInput.extend({ softphoneUser: softphoneUserInput });

/** The desk phone's and the softphones' registrations (spec 2 §2: online status desk, mobile, desktop). */
function Statuses({ seat }: { seat: Seat }) {
  const parts = { Desk: seat.status, Desktop: seat.desktopStatus, Mobile: seat.mobileStatus };
  return (
    <Box component="span" sx={{ display: 'flex', gap: 0.25, flexWrap: 'nowrap', '& .MuiChip-label': { px: 0.75 } }}>
      {Object.entries(parts).map(([label, status]) => (
        <Chip
          key={label}
          size="small"
          label={label}
          aria-label={`${label}: ${status}`}
          title={`${label}: ${status}`}
          color={status === 'Registered' ? 'success' : 'default'}
          variant={status === 'Registered' ? 'filled' : 'outlined'}
        />
      ))}
    </Box>
  );
}

/** 'Add Softphone User': a seat with its softphone user, at `extension` (the next free one) unless changed. */
function softphoneUserAdd(visible: boolean, extension: number | '', range: string) {
  return addAction({
    button: 'Add Softphone User',
    visible,
    title: 'Add Softphone User',
    summary: () => createMonthlyCost(1),
    schema: softphoneSeat,
    defaults: {
      extension,
      nickname: '',
      softphoneUser: { name: '', surname: '', username: '', email: '' },
    },
    fields: [
      { kind: 'text', name: 'extension', label: 'Extension', type: 'number', required: true, helper: range },
      { kind: 'text', name: 'nickname', label: 'Nickname' },
      { kind: 'text', name: 'softphoneUser.name', label: 'First Name', required: true },
      { kind: 'text', name: 'softphoneUser.surname', label: 'Last Name', required: true },
      { kind: 'text', name: 'softphoneUser.username', label: 'Username', required: true },
      { kind: 'text', name: 'softphoneUser.email', label: 'Email', type: 'email', required: true },
    ],
    create: seats.create,
  });
}

export default function SeatsListPage() {
  const { session } = useSession();
  const digits = useAccount().data?.extensionDigits ?? 3;
  const { min, max } = seatExtensionRange(digits);
  const nextParams = { account: session.account_no };
  const next = useQuery(nextNumberQuery(seatRoutes.next, seats.keys, nextParams));
  const add = useRangeAdd({
    title: 'Add Seats',
    next: seatRoutes.next,
    nextParams,
    range: seatRoutes.range,
    keys: seats.keys,
    schema: seatRange(digits),
    name: { field: 'nickname', label: 'Nickname' },
    fromHelper: `${min}-${max}`,
    toHelper: 'Optional: add up to 100 at once',
    // The single-step confirmation: what the range would cost a month, once the schema accepts it.
    summary: (values) => {
      const range = seatRange(digits).safeParse(values);
      return range.success ? createMonthlyCost(rangeNumbers(range.data).length) : null;
    },
  });
  return (
    <AreaListPage
      area={seatsArea}
      api={seats}
      label={seatLabel}
      columns={[
        { field: 'extension', header: 'Extension', sortable: true },
        columnOf<Seat>(seatFields, 'nickname', (s) => s.nickname || '—'),
        {
          field: 'callerIdNumber',
          header: 'Caller ID',
          sortable: true,
          render: (s) => (s.withholdNumber ? 'Withheld' : s.callerIdNumber || 'Account default'),
        },
        ...deviceColumns<Seat>('Location', (s) => s.ipaddr),
        { field: 'status', header: 'Status', sortable: true, render: (s) => <Statuses seat={s} /> },
      ]}
      filters={[
        ...deviceFilters,
        { field: 'status', label: 'Status', options: SEAT_STATUSES.map((s) => ({ value: s, label: s })) },
      ]}
      bulkEdit={{
        schema: seatBulkEdit,
        fields: formFields<SeatBulkEdit>(seatFields, [
          'callRecording',
          'ringTime',
          'vmMode',
          'withholdNumber',
          'keepOnNetwork',
          'transport',
        ]),
        current: seatValues,
      }}
      moreAdds={[softphoneUserAdd(maySoftphoneUser(session), next.data?.extension ?? '', `${min}-${max}`)]}
      add={add}
      deleteWarning={SEAT_MESSAGES.confirmDelete}
    />
  );
}
