/** /sms: the account's texts, newest first (status unread / read, from, message, date); Send; delete one or many. */
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { isProviderAdmin, SMS_STATUS_OPTIONS, type Sms } from '@switchboard/domain';
import dayjs from 'dayjs';
import { ListPage } from '../../platform/paged-table/list-page.tsx';
import { useSession } from '../../platform/session-context.ts';
import { removeSms, smsList } from './api.ts';
import { smsArea } from './area.ts';
import { SenderIdsSection } from './sender-ids-section.tsx';
import { SmsSendDialog } from './sms-send-dialog.tsx';

/** Unread (bold, coloured) or Read. */
export function SmsStatusChip({ sms }: { sms: Pick<Sms, 'status' | 'direction'> }) {
  if (sms.direction === 'out') return <Chip size="small" variant="outlined" label="Sent" />;
  return sms.status === 0 ? (
    <Chip size="small" color="primary" label="Unread" />
  ) : (
    <Chip size="small" variant="outlined" label="Read" />
  );
}

const shownDate = (s: Sms) => dayjs(s.date).format('DD/MM/YYYY HH:mm');

export default function SmsListPage() {
  const { session, impersonating } = useSession();
  return (
    <>
      <SmsList />
      {isProviderAdmin(session) && !impersonating && <SenderIdsSection />}
    </>
  );
}

function SmsList() {
  return (
    <ListPage<Sms>
      title={smsArea.label}
      source={smsList}
      moreAdds={[
        {
          button: 'Send',
          dialog: ({ open, onClose }) => <SmsSendDialog open={open} kind="Send" defaults={{}} onClose={onClose} />,
        },
      ]}
      resource="mobile"
      rowLink={(s) => `/sms/${s.id}`}
      label={(s) => (s.direction === 'in' ? `SMS from ${s.from}` : `SMS to ${s.to}`)}
      remove={(s) => removeSms(s.id)}
      columns={[
        { field: 'status', header: 'Status', sortable: true, render: (s) => <SmsStatusChip sms={s} /> },
        {
          field: 'from',
          header: 'From',
          sortable: true,
          render: (s) => <Box sx={{ overflowWrap: 'anywhere' }}>{s.from}</Box>,
        },
        { field: 'to', header: 'To', sortable: true, phoneHidden: true },
        {
          field: 'message',
          header: 'Message',
          // On a phone the date goes under the message (its own column is left for wider screens).
          render: (s) => (
            <>
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {s.message.length > 80 ? `${s.message.slice(0, 80)}…` : s.message}
              </Typography>
              <Typography variant="caption" color="text.secondary" sx={{ display: { xs: 'block', sm: 'none' } }}>
                {shownDate(s)}
              </Typography>
            </>
          ),
        },
        { field: 'date', header: 'Date', sortable: true, phoneHidden: true, render: shownDate },
      ]}
      filters={[
        {
          field: 'status',
          label: 'Status',
          options: SMS_STATUS_OPTIONS.map((o) => ({ value: o.value, label: o.label })),
        },
      ]}
    />
  );
}
