/**
 * Starting an identity check from Account Details (spec 1 §7 "POST /create-verification-session
 * also starts an identity check"): the session, then the provider's verification window. Used by
 * the Identity tab's button and by the account form's save when the save says a new check is
 * needed (spec 1 §4 "Save may ... start an identity verification session"). The result reaches the
 * server by the provider's webhook: the status and the notifications are read again when the
 * window closes.
 */
import { IDENTITY_MESSAGES, identityRoutes, type VerificationSessionReply } from '@switchboard/domain';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useState } from 'react';
import { errorMessage } from '../../platform/api.ts';
import { call } from '../../platform/client.ts';
import { VerificationWindow, type VerificationWindowResult } from '../../platform/identity/verification-window.tsx';

export const identityStatusKey = ['identity', 'status'] as const;

export interface IdentityNote {
  severity: 'success' | 'info' | 'warning' | 'error';
  text: string;
}

export interface IdentityCheck {
  start: () => Promise<void>;
  busy: boolean;
  /** How the last start or window ended (null: nothing to say, or not yet started). */
  result: VerificationWindowResult | { kind: 'refused'; error: string } | null;
  /** The window, while a session is open. */
  window: ReactNode;
}

export function useIdentityCheck(): IdentityCheck {
  const queryClient = useQueryClient();
  const [session, setSession] = useState<VerificationSessionReply | null>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<IdentityCheck['result']>(null);

  const start = useCallback(async () => {
    setBusy(true);
    setResult(null);
    try {
      setSession(await call(identityRoutes.createSession));
    } catch (e) {
      setResult({ kind: 'refused', error: errorMessage(e) });
    } finally {
      setBusy(false);
      // Pending now (or the refusal's reason): the status says so.
      void queryClient.invalidateQueries({ queryKey: identityStatusKey });
    }
  }, [queryClient]);

  const closed = useCallback(
    (ended: VerificationWindowResult) => {
      setSession(null);
      setResult(ended);
      void queryClient.invalidateQueries({ queryKey: identityStatusKey });
      void queryClient.invalidateQueries({ queryKey: ['notifications'] });
    },
    [queryClient],
  );

  return { start, busy, result, window: <VerificationWindow session={session} onClose={closed} /> };
}

/** What a result says on the account form (the Identity tab shows the status instead for verified and failed checks). */
export function identityNote(result: IdentityCheck['result']): IdentityNote | null {
  switch (result?.kind) {
    case 'verified':
      return { severity: 'success', text: IDENTITY_MESSAGES.verifiedNote };
    case 'requires_input':
      return {
        severity: 'warning',
        text: result.error ? `${IDENTITY_MESSAGES.failedTitle}: ${result.error}` : IDENTITY_MESSAGES.failedTitle,
      };
    case 'submitted':
      return { severity: 'info', text: IDENTITY_MESSAGES.submitted };
    case 'failed':
    case 'refused':
      return { severity: 'error', text: result.error };
    default:
      return null;
  }
}
