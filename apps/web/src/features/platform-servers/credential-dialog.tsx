/**
 * A server's new credential, shown once: the Authorization header its calls carry, with a copy
 * button. Closing it is the last time the panel shows it.
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { CredentialReply } from '@switchboard/domain';
import { useId, useState } from 'react';

export function CredentialDialog({ shown, onClose }: { shown: CredentialReply | null; onClose: () => void }) {
  const titleId = useId();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    if (!shown) return;
    await navigator.clipboard?.writeText(shown.credential);
    setCopied(true);
  };
  return (
    <Dialog open={shown !== null} onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>Server credential</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {shown?.message}
        </Alert>
        <Typography variant="body2" sx={{ mb: 1 }}>
          The server sends it as its <code>Authorization</code> header on every call.
        </Typography>
        <TextField
          label="Authorization header"
          value={shown?.credential ?? ''}
          fullWidth
          multiline
          slotProps={{ input: { readOnly: true, sx: { fontFamily: 'monospace', wordBreak: 'break-all' } } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={copy}>{copied ? 'Copied' : 'Copy'}</Button>
        <Button variant="contained" onClick={onClose}>
          Done
        </Button>
      </DialogActions>
    </Dialog>
  );
}
