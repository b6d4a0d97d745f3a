/**
 * The number's Porting tab (provider admins, issue 27): its porting-away requests — porting date,
 * status, the holder's answer and dates — Port Away (raises a request, which mails the account
 * holder the advice of transfer link) and Cancel on an open one (asked first).
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import {
  AOT_STATUSES,
  type AotStatus,
  type PortingRequestRecord,
  portingRoutes,
  type TelephoneNumber,
} from '@switchboard/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../platform/api.ts';
import { call } from '../../platform/client.ts';
import { useConfirm } from '../../platform/confirm.tsx';
import { Hint } from '../../platform/hint.tsx';
import { useChange } from '../../platform/mutation.ts';
import { SimpleTable } from '../../platform/simple-table.tsx';

const STATE_LABELS: Record<PortingRequestRecord['state'], string> = {
  open: 'Awaiting answer',
  notRequired: 'AOT not required',
  rejected: 'Rejected',
  cancelled: 'Cancelled',
  responded: 'Accepted',
};
const shown = (date: string | null) => (date ? date.split('-').reverse().join('/') : '—');

function RaiseDialog({ number, onClose }: { number: Pick<TelephoneNumber, 'id'>; onClose: () => void }) {
  const [date, setDate] = useState('');
  const [status, setStatus] = useState<AotStatus>('AOT Required');
  const raise = useChange({
    mutationFn: () => call(portingRoutes.raise, { body: { telephoneNumberId: number.id, datePorting: date, status } }),
    invalidates: [['porting', number.id]],
    success: (reply) => reply.message,
  });
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="port-away-title">
      <DialogTitle id="port-away-title">Port Away</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
        <Hint>The account holder is e-mailed the advice of transfer link.</Hint>
        {raise.isError && <Alert severity="error">{errorMessage(raise.error)}</Alert>}
        <TextField
          type="date"
          label="Porting date"
          value={date}
          onChange={(e) => setDate(e.target.value)}
          required
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          select
          label="Status"
          value={status}
          onChange={(e) => setStatus(AOT_STATUSES.find((s) => s === e.target.value) ?? 'AOT Required')}
        >
          {AOT_STATUSES.map((s) => (
            <MenuItem key={s} value={s}>
              {s}
            </MenuItem>
          ))}
        </TextField>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          variant="contained"
          disabled={raise.isPending || date === ''}
          onClick={() => raise.mutate(undefined, { onSuccess: onClose })}
        >
          Send Advice of Transfer
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export function PortingTab({ number }: { number: Pick<TelephoneNumber, 'id' | 'telephoneNumber'> }) {
  const [raising, setRaising] = useState(false);
  const { ask, dialog } = useConfirm();
  const requests = useQuery({
    queryKey: ['porting', number.id],
    queryFn: () => call(portingRoutes.ofNumber, { params: { id: number.id } }),
  });
  const cancel = useChange({
    mutationFn: (r: PortingRequestRecord) =>
      call(portingRoutes.cancel, { params: { id: r.id }, body: { version: r.version } }),
    invalidates: [['porting', number.id]],
    success: (reply) => reply.message,
    failure: (e) => errorMessage(e),
  });
  const confirmCancel = async (r: PortingRequestRecord) => {
    const text = `The advice of transfer link for ${number.telephoneNumber} stops taking answers.`;
    if (await ask({ title: 'Cancel Porting Request', text, action: 'Cancel Request' })) cancel.mutate(r);
  };
  if (requests.isPending) return <CircularProgress aria-label="Loading" size={24} />;
  if (requests.isError) return <Alert severity="error">{errorMessage(requests.error)}</Alert>;
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box>
        <Button variant="contained" onClick={() => setRaising(true)}>
          Port Away
        </Button>
      </Box>
      {requests.data.records.length === 0 ? (
        <Hint>This number has no porting requests.</Hint>
      ) : (
        <SimpleTable<PortingRequestRecord>
          label="Porting requests"
          rows={requests.data.records}
          columns={[
            { header: 'Porting date', cell: (r) => shown(r.datePorting) },
            { header: 'Status', cell: (r) => r.status },
            { header: 'State', cell: (r) => STATE_LABELS[r.state] },
            { header: 'Answered', cell: (r) => shown(r.aotDateResponse) },
            { header: 'Reason', cell: (r) => r.reason ?? '—' },
            {
              header: 'Actions',
              cell: (r) =>
                r.state === 'open' ? (
                  <Button size="small" color="error" onClick={() => void confirmCancel(r)}>
                    Cancel
                  </Button>
                ) : null,
            },
          ]}
        />
      )}
      {raising && <RaiseDialog number={number} onClose={() => setRaising(false)} />}
      {dialog}
    </Box>
  );
}
