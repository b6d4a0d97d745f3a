/**
 * /outbox: every e-mail queued by the platform, newest first; Open shows the mail as sent, with its
 * attachments (name, type, size) each downloadable while its file is stored.
 */
import AttachFileIcon from '@mui/icons-material/AttachFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
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
import type { Column } from '../../platform/paged-table/table-grid.tsx';
import { listSource, resourceKeys } from '../../platform/resource.ts';

const mails = listSource(accountBillingRoutes.outbox, { key: resourceKeys('/mail/outbox').lists() });

const STATUS: Record<OutboxMail['status'], string> = {
  pending: 'Queued',
  sandbox: 'In sandbox',
  sent: 'Sent',
  failed: 'Failed',
};

/** How many files a mail carries (a paperclip and the count), nothing when none. */
function AttachmentCount({ mail }: { mail: OutboxMail }) {
  if (mail.attachments.length === 0) return null;
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
      <AttachFileIcon fontSize="small" aria-hidden />
      <span>{mail.attachments.length}</span>
    </Stack>
  );
}

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
      {/* A list rather than a table: each file's name, type and size wrap at a phone's width. */}
      <Box component="ul" aria-label="Attachments" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {mail.attachments.map((a, index) => (
          <Box
            component="li"
            // biome-ignore lint/suspicious/noArrayIndexKey: an attachment's index is its name in the API (…/attachments/{index}), and a mail's attachments never change.
            key={index}
            sx={{
              display: 'flex',
              flexWrap: 'wrap',
              alignItems: 'center',
              gap: 1,
              py: 1,
              borderTop: 1,
              borderColor: 'divider',
            }}
          >
            <Box sx={{ flex: '1 1 12rem', minWidth: 0 }}>
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {a.filename}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {a.contentType} · {a.bytes === null ? 'size unknown' : formatBytes(a.bytes)}
              </Typography>
            </Box>
            <Button
              size="small"
              variant="outlined"
              disabled={busy}
              aria-label={`Download ${a.filename}`}
              onClick={() => void download(index, a.filename)}
            >
              Download
            </Button>
          </Box>
        ))}
      </Box>
    </Stack>
  );
}

/** The list's columns (on a phone: date, recipient and subject, the status and attachments under the subject). */
const COLUMNS: Column<OutboxMail>[] = [
  { field: 'created', header: 'Date', sortable: true },
  {
    field: 'to',
    header: 'To',
    sortable: true,
    render: (m) => <Box sx={{ overflowWrap: 'anywhere' }}>{m.to}</Box>,
  },
  {
    field: 'subject',
    header: 'Subject',
    sortable: true,
    // On a phone the status and the attachments go under the subject (their columns are left for wider screens).
    render: (m) => (
      <>
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {m.subject}
        </Typography>
        <Typography variant="caption" color="text.secondary" sx={{ display: { xs: 'block', sm: 'none' } }}>
          {STATUS[m.status]}
          {m.attachments.length > 0 && `, ${m.attachments.length} attachment${m.attachments.length === 1 ? '' : 's'}`}
        </Typography>
      </>
    ),
  },
  {
    field: 'accountNo',
    header: 'Account',
    sortable: true,
    phoneHidden: true,
    render: (m) => m.accountNo ?? '—',
  },
  { field: 'status', header: 'Status', sortable: true, phoneHidden: true, render: (m) => STATUS[m.status] },
  {
    field: 'attachments',
    header: 'Attachments',
    phoneHidden: true,
    render: (m) => <AttachmentCount mail={m} />,
  },
];

/** A mail as sent: its recipient, date, text and attachments. */
function MailDialog({ mail, onClose }: { mail: OutboxMail | null; onClose: () => void }) {
  return (
    <Dialog open={mail !== null} onClose={onClose} maxWidth="md" fullWidth>
      {mail && (
        <>
          <DialogTitle>{mail.subject}</DialogTitle>
          <DialogContent dividers>
            <Typography variant="body2" color="text.secondary" gutterBottom>
              To: {mail.to} · {mail.created}
            </Typography>
            <Typography component="pre" variant="body2" sx={{ whiteSpace: 'pre-wrap', fontFamily: 'inherit', m: 0 }}>
              {mail.text}
            </Typography>
            <Attachments mail={mail} />
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>Close</Button>
          </DialogActions>
        </>
      )}
    </Dialog>
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
        columns={COLUMNS}
        rowActions={(m) => (
          <Button size="small" variant="outlined" onClick={() => setShown(m)}>
            Open
          </Button>
        )}
      />
      <MailDialog mail={shown} onClose={() => setShown(null)} />
    </>
  );
}
