/**
 * /sms/{id}: one text — status, from, to, date, originator, destinations, delivery — with Reply (to
 * the sender, from the number it came to), Forward (the message, to destinations chosen), Send and
 * Delete (asked first). Opening a received text marks it read (spec 3 §4).
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { canReply, MESSAGES, SMS_MESSAGES, SMS_STATUS, type Sms } from '@switchboard/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { errorMessage } from '../../platform/api.ts';
import { useConfirm } from '../../platform/confirm.tsx';
import { useChange } from '../../platform/mutation.ts';
import { useSession } from '../../platform/session-context.ts';
import { markSmsRead, removeSms, smsDetail, smsKeys } from './api.ts';
import { SmsStatusChip } from './sms-list-page.tsx';
import { type SendKind, SmsSendDialog } from './sms-send-dialog.tsx';

const DELIVERY: Record<Sms['delivery'], string> = {
  queued: 'Queued',
  sent: 'Sent',
  delivered: 'Delivered',
  failed: 'Failed',
  received: 'Received',
};

/** A label and its value, one row of the text's details. */
function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '10rem 1fr' }, gap: { xs: 0, sm: 2 }, py: 0.75 }}>
      <Typography variant="body2" color="text.secondary" component="dt">
        {label}
      </Typography>
      <Typography variant="body2" component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

function SmsDetails({ sms }: { sms: Sms }) {
  return (
    <Box component="dl" sx={{ m: 0 }}>
      <Detail label="Status">
        <SmsStatusChip sms={sms} />
      </Detail>
      <Detail label="From">{sms.from}</Detail>
      <Detail label="To">{sms.to}</Detail>
      <Detail label="Date">{dayjs(sms.date).format('DD/MM/YYYY HH:mm:ss')}</Detail>
      {sms.direction === 'out' && (
        <>
          <Detail label="Destinations">{sms.destinations.join(', ')}</Detail>
          <Detail label="Delivery">
            {DELIVERY[sms.delivery]}
            {sms.failure ? ` — ${sms.failure}` : ''}
          </Detail>
          <Detail label="Cost">
            £{(sms.costPence / 100).toFixed(2)}
            {sms.delivery === 'failed' && sms.costPence > 0 ? ' — not charged (the text failed)' : ''}
          </Detail>
        </>
      )}
    </Box>
  );
}

/** The dialog's defaults for each action on this text. */
function defaultsFor(kind: SendKind, sms: Sms) {
  if (kind === 'Reply')
    return {
      originator: sms.direction === 'in' ? sms.to : sms.from,
      destinations: sms.direction === 'in' ? sms.from : sms.to,
    };
  if (kind === 'Forward') return { message: sms.message };
  return {};
}

/** The text; opened by a user who may change texts, an unread one is marked read (the list's badges follow). */
function useOpenedText(id: number, mayMark: boolean) {
  const query = useQuery(smsDetail(id));
  const queryClient = useQueryClient();
  const unread = query.data?.status === SMS_STATUS.unread;
  useEffect(() => {
    if (!unread || !mayMark) return;
    // Marking is a courtesy: a failure leaves the text unread, to be marked at the next opening.
    void markSmsRead(id)
      .then((read) => {
        queryClient.setQueryData(smsKeys.detail(id), read);
        return queryClient.invalidateQueries({ queryKey: smsKeys.lists() });
      })
      .catch(() => undefined);
  }, [id, unread, mayMark, queryClient]);
  return query;
}

export default function SmsDetailPage() {
  const id = Number(useParams().id);
  const { can } = useSession();
  const query = useOpenedText(id, can('mobile', 'update'));
  const navigate = useNavigate();
  const confirm = useConfirm();
  const [action, setAction] = useState<SendKind | null>(null);
  const remove = useChange({ invalidates: [smsKeys.all], mutationFn: () => removeSms(id) });
  if (query.isError) return <Alert severity="error">{errorMessage(query.error, MESSAGES.recordNotFound)}</Alert>;
  if (!query.data) return <Typography>Loading…</Typography>;
  const sms = query.data;
  // A text from an alphanumeric sender ID cannot be answered (the gateway has no number to send to).
  const replyable = canReply(sms);
  const del = async () => {
    if (!(await confirm.ask({ title: 'Delete', text: MESSAGES.confirmDelete, action: 'Delete' }))) return;
    await remove.mutateAsync(undefined);
    navigate('/sms');
  };
  return (
    <>
      <Typography variant="h5" component="h1" gutterBottom>
        {sms.direction === 'in' ? `SMS from ${sms.from}` : `SMS to ${sms.to}`}
      </Typography>
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', mb: 2 }}>{sms.message}</Typography>
        <SmsDetails sms={sms} />
      </Paper>
      {can('mobile', 'create') && (
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
          {(['Reply', 'Forward', 'Send'] as const).map((kind) => (
            <Button
              key={kind}
              variant={kind === 'Reply' ? 'contained' : 'outlined'}
              onClick={() => setAction(kind)}
              disabled={kind === 'Reply' && !replyable}
              aria-describedby={kind === 'Reply' && !replyable ? 'sms-no-reply' : undefined}
            >
              {kind}
            </Button>
          ))}
          {can('mobile', 'delete') && (
            <Button color="error" onClick={() => void del()}>
              Delete
            </Button>
          )}
          {!replyable && (
            <Typography id="sms-no-reply" variant="body2" color="text.secondary" sx={{ flexBasis: '100%' }}>
              {SMS_MESSAGES.noReply}
            </Typography>
          )}
        </Stack>
      )}
      <SmsSendDialog
        open={action !== null}
        kind={action ?? 'Send'}
        defaults={action ? defaultsFor(action, sms) : {}}
        onClose={() => setAction(null)}
      />
      {confirm.dialog}
    </>
  );
}
