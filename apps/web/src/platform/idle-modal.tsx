/** After the idle timeout, 'Your session is about to expire' with a countdown; logout at zero. */

import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { MESSAGES } from '@switchboard/domain';
import { useCallback, useEffect, useRef, useState } from 'react';

const ACTIVITY_EVENTS = ['mousemove', 'mousedown', 'keydown', 'scroll', 'touchstart', 'wheel'] as const;

interface IdleModalProps {
  idleTimeoutMs: number;
  countdownSeconds: number;
  /** 'Stay Logged In': refreshes the session. */
  onStay: () => Promise<void>;
  /** At zero, and the modal's 'Log Out': a real logout, also while acting as a customer (spec 1 §4). */
  onLogout: () => Promise<void>;
}

export function IdleModal({ idleTimeoutMs, countdownSeconds, onStay, onLogout }: IdleModalProps) {
  const [open, setOpen] = useState(false);
  const [remaining, setRemaining] = useState(countdownSeconds);
  const openRef = useRef(false);
  const idleTimer = useRef<number | undefined>(undefined);

  const arm = useCallback(() => {
    window.clearTimeout(idleTimer.current);
    idleTimer.current = window.setTimeout(() => {
      openRef.current = true;
      setRemaining(countdownSeconds);
      setOpen(true);
    }, idleTimeoutMs);
  }, [idleTimeoutMs, countdownSeconds]);

  // Activity resets the idle timer, except while the modal asks for a decision.
  useEffect(() => {
    const onActivity = () => {
      if (!openRef.current) arm();
    };
    arm();
    for (const e of ACTIVITY_EVENTS) window.addEventListener(e, onActivity, { passive: true });
    return () => {
      window.clearTimeout(idleTimer.current);
      for (const e of ACTIVITY_EVENTS) window.removeEventListener(e, onActivity);
    };
  }, [arm]);

  // The countdown.
  useEffect(() => {
    if (!open) return;
    if (remaining <= 0) {
      openRef.current = false;
      setOpen(false);
      void onLogout();
      return;
    }
    const t = window.setTimeout(() => setRemaining((r) => r - 1), 1000);
    return () => window.clearTimeout(t);
  }, [open, remaining, onLogout]);

  const stay = async () => {
    openRef.current = false;
    setOpen(false);
    await onStay();
    arm();
  };

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
        <Button onClick={() => void onLogout()}>{MESSAGES.logOut}</Button>
        <Button variant="contained" onClick={() => void stay()} autoFocus>
          {MESSAGES.stayLoggedIn}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
