/** /sms: the account's texts, newest first (status unread / read, from, message, date); Send; delete one or many. */
import Chip from '@mui/material/Chip';
import { SMS_STATUS_OPTIONS, type Sms } from '@switchboard/domain';
import dayjs from 'dayjs';
import { ListPage } from '../../platform/paged-table/list-page.tsx';
import { removeSms, smsList } from './api.ts';
import { smsArea } from './area.ts';
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

export default function SmsListPage() {
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
        { field: 'from', header: 'From', sortable: true },
        { field: 'to', header: 'To', sortable: true, phoneHidden: true },
        {
          field: 'message',
          header: 'Message',
          render: (s) => (s.message.length > 80 ? `${s.message.slice(0, 80)}…` : s.message),
        },
        { field: 'date', header: 'Date', sortable: true, render: (s) => dayjs(s.date).format('DD/MM/YYYY HH:mm') },
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
