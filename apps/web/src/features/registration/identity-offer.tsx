/**
 * The identity check offered on /activate to a newly registered account's holder (spec 1 §7 "POST
 * /identity/verification/session: sends email; returns secret"), before the password is set: the
 * activation link's token authorises the check only while it is unused, and setting the password
 * spends it. The holder may skip it (and verify later from Account Details).
 *
 * The registered e-mail sent with the token is the holder's username (a registration's username is
 * its e-mail address); the provider's window opens with the returned secret and its result reaches
 * the server by the provider's webhook.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { IDENTITY_MESSAGES, identityRoutes, type VerificationSessionReply } from '@switchboard/domain';
import { useCallback, useState } from 'react';
import { ApiError, errorMessage } from '../../platform/api.ts';
import { call } from '../../platform/client.ts';
import { VerificationWindow, type VerificationWindowResult } from '../../platform/identity/verification-window.tsx';

/** How the offer ended: what /activate says above the password form. */
export type IdentityOfferOutcome = { severity: 'success' | 'info'; text: string } | null;

/** The offer's state: the check's session while its window is open, a note, and whether it failed. */
function useIdentityOffer(token: string, email: string, onDone: (outcome: IdentityOfferOutcome) => void) {
  const [session, setSession] = useState<VerificationSessionReply | null>(null);
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<{ severity: 'warning' | 'error'; text: string } | null>(null);
  const [failed, setFailed] = useState(false);

  const start = async () => {
    setBusy(true);
    setNote(null);
    try {
      setSession(await call(identityRoutes.registrationSession, { body: { email, token } }));
    } catch (e) {
      // Verified already (the page opened again after a check): nothing more to do here.
      if (e instanceof ApiError && e.status === 409 && errorMessage(e) === IDENTITY_MESSAGES.alreadyVerified) {
        onDone({ severity: 'success', text: IDENTITY_MESSAGES.activationVerified });
        return;
      }
      const text = e instanceof ApiError ? (e.validation.email ?? errorMessage(e)) : errorMessage(e);
      setNote({ severity: 'error', text });
    } finally {
      setBusy(false);
    }
  };

  const closed = useCallback(
    (result: VerificationWindowResult) => {
      setSession(null);
      switch (result.kind) {
        case 'verified':
          onDone({ severity: 'success', text: IDENTITY_MESSAGES.activationVerified });
          break;
        case 'submitted':
          onDone({ severity: 'info', text: IDENTITY_MESSAGES.submitted });
          break;
        case 'requires_input':
          setFailed(true);
          setNote({
            severity: 'warning',
            text: result.error ? `${IDENTITY_MESSAGES.failedTitle}: ${result.error}` : IDENTITY_MESSAGES.failedTitle,
          });
          break;
        case 'failed':
          setNote({ severity: 'error', text: result.error });
          break;
        case 'cancelled':
          break;
      }
    },
    [onDone],
  );

  return { session, busy, note, failed, start, closed };
}

export function IdentityOffer({
  token,
  email,
  onDone,
}: {
  token: string;
  email: string;
  /** Verified, submitted (the result follows), or skipped (null). */
  onDone: (outcome: IdentityOfferOutcome) => void;
}) {
  const { session, busy, note, failed, start, closed } = useIdentityOffer(token, email, onDone);
  return (
    <Box
      component="section"
      aria-labelledby="identity-offer-title"
      sx={{ display: 'grid', gap: 1.5, p: 2, border: 1, borderColor: 'divider', borderRadius: 1 }}
    >
      <Typography id="identity-offer-title" variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        {IDENTITY_MESSAGES.activationOffer}
      </Typography>
      <Typography variant="body2">{IDENTITY_MESSAGES.activationIntro}</Typography>
      <Typography variant="body2" color="text.secondary">
        {IDENTITY_MESSAGES.activationLater}
      </Typography>
      {note && <Alert severity={note.severity}>{note.text}</Alert>}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        <Button variant="contained" onClick={start} disabled={busy}>
          {failed ? IDENTITY_MESSAGES.retry : IDENTITY_MESSAGES.activationOffer}
        </Button>
        <Button onClick={() => onDone(null)} disabled={busy}>
          {IDENTITY_MESSAGES.skip}
        </Button>
      </Stack>
      <VerificationWindow session={session} onClose={closed} />
    </Box>
  );
}
