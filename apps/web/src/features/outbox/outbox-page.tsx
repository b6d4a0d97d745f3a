/** /outbox: every e-mail queued by the platform, newest first; Open shows the mail as sent. */
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { accountBillingRoutes, type OutboxMail } from '@switchboard/domain';
import { useState } from 'react';
import { ListPage } from '../../platform/paged-table/list-page.tsx';
import { listSource, resourceKeys } from '../../platform/resource.ts';

const mails = listSource(accountBillingRoutes.outbox, { key: resourceKeys('/mail/outbox').lists() });

const STATUS: Record<OutboxMail['status'], string> = {
  pending: 'Queued',
  sandbox: 'In sandbox',
  sent: 'Sent',
  failed: 'Failed',
};

export default function OutboxPage() {
  const [shown, setShown] = useState<OutboxMail | null>(null);
  return (
    <>
      <ListPage<OutboxMail>
        title="Outbox"
        intro={
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            E-mails sent by the panel. Without an SMTP server configured (SMTP_URL) they stay here instead of being
            delivered.
          </Typography>
        }
        source={mails}
        resource="VHAdmin"
        selectable={false}
        searchable
        label={(m) => m.subject}
        filters={[
          {
            field: 'status',
            label: 'Status',
            options: Object.entries(STATUS).map(([value, label]) => ({ value, label })),
          },
        ]}
        columns={[
          { field: 'created', header: 'Date', sortable: true },
          { field: 'to', header: 'To', sortable: true },
          { field: 'subject', header: 'Subject', sortable: true },
          { field: 'accountNo', header: 'Account', sortable: true, render: (m) => m.accountNo ?? '—' },
          { field: 'status', header: 'Status', sortable: true, render: (m) => STATUS[m.status] },
        ]}
        rowActions={(m) => (
          <Button size="small" variant="outlined" onClick={() => setShown(m)}>
            Open
          </Button>
        )}
      />
      <Dialog open={shown !== null} onClose={() => setShown(null)} maxWidth="md" fullWidth>
        {shown && (
          <>
            <DialogTitle>{shown.subject}</DialogTitle>
            <DialogContent dividers>
              <Typography variant="body2" color="text.secondary" gutterBottom>
                To: {shown.to} · {shown.created}
              </Typography>
              <Typography component="pre" variant="body2" sx={{ whiteSpace: 'pre-wrap', fontFamily: 'inherit', m: 0 }}>
                {shown.text}
              </Typography>
            </DialogContent>
            <DialogActions>
              <Button onClick={() => setShown(null)}>Close</Button>
            </DialogActions>
          </>
        )}
      </Dialog>
    </>
  );
}
