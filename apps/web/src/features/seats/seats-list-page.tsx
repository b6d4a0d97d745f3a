/** /seats: the account's seats with registration status; bulk add by extension range. */
import Typography from '@mui/material/Typography';
import {
  CALL_RECORDING_OPTIONS,
  MESSAGES,
  type Seat,
  type SeatRange,
  seatExtensionRange,
  seatRange,
} from '@switchboard/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../platform/api.ts';
import { PagedTable } from '../../platform/paged-table/paged-table.tsx';
import { useSession } from '../../platform/session-context.ts';

type RangeReply = { results: Array<{ extension: number; success: boolean; message: string }> };

const yesNo = [
  { value: true, label: 'Yes' },
  { value: false, label: 'No' },
];

export default function SeatsListPage() {
  const { session } = useSession();
  const account = useQuery({
    queryKey: ['account', session.account_no],
    queryFn: () => api.get<{ extensionDigits: number }>(`/account/${session.account_no}`),
  });
  const digits = account.data?.extensionDigits ?? 3;
  const next = useQuery({
    queryKey: ['list', '/seat', 'next'],
    queryFn: () => api.get<{ extension: number | null }>(`/seat/${session.account_no}/next`),
  });
  const { min, max } = seatExtensionRange(digits);
  return (
    <>
      <Typography variant="h5" component="h1" gutterBottom>
        Seats
      </Typography>
      <PagedTable<Seat, SeatRange>
        path="/seat"
        resource="seats"
        label={(s) => (s.nickname ? `${s.extension} - ${s.nickname}` : String(s.extension))}
        rowLink={(s) => `/seats/${s.id}`}
        columns={[
          { field: 'extension', header: 'Extension', sortable: true },
          { field: 'nickname', header: 'Nickname', sortable: true, render: (s) => s.nickname || '—' },
          {
            field: 'callerIdNumber',
            header: 'Caller ID',
            sortable: true,
            render: (s) => (s.withholdNumber ? 'Withheld' : s.callerIdNumber || 'Account default'),
          },
          { field: 'location', header: 'Location', sortable: true, render: (s) => (s.location ? 'Set' : 'Not set') },
          { field: 'publicIp', header: 'Public IP', sortable: true, render: (s) => (s.publicIp ? s.ipaddr : '—') },
          {
            field: 'onNet',
            header: 'Network',
            sortable: true,
            render: (s) => (s.status !== 'Registered' ? '—' : s.onNet ? 'On-net' : 'Off-net'),
          },
          {
            field: 'callRecording',
            header: 'Call Recording',
            sortable: true,
            render: (s) => CALL_RECORDING_OPTIONS.find((m) => m.value === s.callRecording)?.label ?? '',
          },
          {
            field: 'status',
            header: 'Status',
            sortable: true,
            render: (s) => (
              <Typography
                variant="body2"
                component="span"
                color={s.status === 'Registered' ? 'success.main' : 'text.secondary'}
              >
                {s.status}
              </Typography>
            ),
          },
        ]}
        filters={[
          { field: 'publicIp', label: 'Public IP', options: yesNo },
          { field: 'callRecording', label: 'Call Recording', options: CALL_RECORDING_OPTIONS.map((m) => ({ ...m })) },
          {
            field: 'status',
            label: 'Status',
            options: [
              { value: 'Registered', label: 'Registered' },
              { value: 'Unregistered', label: 'Unregistered' },
            ],
          },
        ]}
        add={{
          title: 'Add Seats',
          schema: seatRange(digits) as never,
          defaults: { from: next.data?.extension ?? '', to: '', nickname: '' } as never,
          fields: [
            { kind: 'text', name: 'from', label: 'From', type: 'number', required: true, helper: `${min}-${max}` },
            { kind: 'text', name: 'to', label: 'To', type: 'number', helper: 'Optional: add up to 100 at once' },
            { kind: 'text', name: 'nickname', label: 'Nickname' },
          ],
          submit: async (values) => {
            const reply = await api.post<RangeReply>('/seat/range', values);
            await next.refetch();
            return reply.results.map((r) => ({
              key: String(r.extension),
              ok: r.success,
              message: r.message || MESSAGES.saveFallback,
            }));
          },
        }}
      />
    </>
  );
}
