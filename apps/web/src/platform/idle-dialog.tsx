/** The idle modal's dialog: loaded when the idle timeout first fires (the timer is in the first load). */

import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { MESSAGES } from '@switchboard/domain';

export default function IdleDialog({
  open,
  remaining,
  onLogout,
  onStay,
}: {
  open: boolean;
  remaining: number;
  onLogout: () => void;
  onStay: () => void;
}) {
  return (
    <Dialog open={open} aria-labelledby="idle-title" maxWidth="xs" fullWidth>
      <DialogTitle id="idle-title">{MESSAGES.sessionExpiring}</DialogTitle>
      <DialogContent>
        <DialogContentText>
          You have been inactive for a while. You will be logged out in <strong>{remaining}</strong> second
          {remaining === 1 ? '' : 's'}.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onLogout}>{MESSAGES.logOut}</Button>
        <Button variant="contained" onClick={onStay} autoFocus>
          {MESSAGES.stayLoggedIn}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
