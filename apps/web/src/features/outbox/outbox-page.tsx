/**
 * /outbox: every e-mail queued by the platform, newest first; Open shows the mail as sent, with its
 * attachments (name, type, size) each downloadable while its file is stored.
 */
import AttachFileIcon from '@mui/icons-material/AttachFile';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { accountBillingRoutes, formatBytes, type OutboxMail } from '@switchboard/domain';
import { useState } from 'react';
import { requestBlob, saveBlob } from '../../platform/api.ts';
import { useAttempt } from '../../platform/attempt.ts';
import { ListPage } from '../../platform/paged-table/list-page.tsx';
import { listSource, resourceKeys } from '../../platform/resource.ts';
import { SimpleTable } from '../../platform/simple-table.tsx';

const mails = listSource(accountBillingRoutes.outbox, { key: resourceKeys('/mail/outbox').lists() });

const STATUS: Record<OutboxMail['status'], string> = {
  pending: 'Queued',
  sandbox: 'In sandbox',
  sent: 'Sent',
  failed: 'Failed',
};

/** A mail's attachments: name, type, size and its download (the server says when the file is gone). */
function Attachments({ mail }: { mail: OutboxMail }) {
  const { busy, error, run } = useAttempt();
  if (mail.attachments.length === 0) return null;
  const download = (index: number, filename: string) =>
    run(async () => saveBlob(await requestBlob('GET', `/mail/outbox/${mail.id}/attachments/${index}`), filename));
  return (
    <Stack spacing={1} sx={{ mt: 2 }}>
      <Typography variant="subtitle2" component="h3">
        Attachments
      </Typography>
      {error && <Alert severity="error">{error}</Alert>}
      <SimpleTable
        label="Attachments"
        rows={mail.attachments.map((a, index) => ({ ...a, id: index }))}
        columns={[
          { header: 'Name', cell: (a) => a.filename },
          { header: 'Type', cell: (a) => a.contentType },
          { header: 'Size', cell: (a) => (a.bytes === null ? '—' : formatBytes(a.bytes)), align: 'right' },
          {
            header: 'Download',
            cell: (a) => (
              <Button
                size="small"
                disabled={busy}
                aria-label={`Download ${a.filename}`}
                onClick={() => void download(a.id, a.filename)}
              >
                Download
              </Button>
            ),
          },
        ]}
      />
    </Stack>
  );
}

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
          {
            field: 'attachments',
            header: 'Attachments',
            render: (m) =>
              m.attachments.length === 0 ? (
                ''
              ) : (
                <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
                  <AttachFileIcon fontSize="small" aria-hidden />
                  <span>{m.attachments.length}</span>
                </Stack>
              ),
          },
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
              <Attachments mail={shown} />
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
