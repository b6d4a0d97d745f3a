/** After the idle timeout, 'Your session is about to expire' with a countdown; logout at zero. */

import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';

const IdleDialog = lazy(() => import('./idle-dialog.tsx'));

const ACTIVITY_EVENTS = ['mousemove', 'mousedown', 'keydown', 'scroll', 'touchstart', 'wheel'] as const;

interface IdleModalProps {
  idleTimeoutMs: number;
  countdownSeconds: number;
  /** 'Stay Logged In': refreshes the session. */
  onStay: () => Promise<void>;
  /**
   * A real logout, also while acting as a customer (spec 1 §4): 'idle' at zero (the login page then
   * says why), 'user' from the modal's 'Log Out'.
   */
  onLogout: (reason: 'idle' | 'user') => Promise<void>;
}

export function IdleModal({ idleTimeoutMs, countdownSeconds, onStay, onLogout }: IdleModalProps) {
  const [open, setOpen] = useState(false);
  // The dialog's chunk is fetched the first time it opens, then stays mounted (its closing animates).
  const [opened, setOpened] = useState(false);
  const [remaining, setRemaining] = useState(countdownSeconds);
  const openRef = useRef(false);
  const idleTimer = useRef<number | undefined>(undefined);

  const arm = useCallback(() => {
    window.clearTimeout(idleTimer.current);
    idleTimer.current = window.setTimeout(() => {
      openRef.current = true;
      setRemaining(countdownSeconds);
      setOpen(true);
      setOpened(true);
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
      void onLogout('idle');
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

  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <IdleDialog open={open} remaining={remaining} onLogout={() => void onLogout('user')} onStay={() => void stay()} />
    </Suspense>
  );
}
