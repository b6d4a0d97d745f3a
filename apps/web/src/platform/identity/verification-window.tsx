/**
 * The identity provider's verification window, opened with a started session's secret (spec 1 §7
 * "POST /identity/verification/session ... returns secret"): with Stripe Identity configured,
 * Stripe's own modal (`stripe.verifyIdentity(secret)`, Stripe.js loaded only then); otherwise the
 * sandbox's window, where the person submits a document and picks the result the check gives, as
 * Stripe's test mode offers. Either way the server learns the result from the provider's signed
 * webhook; the window only tells the page what to show meanwhile.
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  IDENTITY_MESSAGES,
  IDENTITY_SANDBOX_OUTCOME_LABELS,
  IDENTITY_SANDBOX_OUTCOMES,
  type IdentitySandboxOutcome,
  identityRoutes,
  type VerificationSessionReply,
} from '@switchboard/domain';
import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '../api.ts';
import { useAttempt } from '../attempt.ts';
import { call } from '../client.ts';

/** What the window ended with: a result the page shows until the webhook's status arrives. */
export type VerificationWindowResult =
  | { kind: 'verified' }
  | { kind: 'requires_input'; error: string }
  /** Submitted to Stripe: the result follows by webhook. */
  | { kind: 'submitted' }
  | { kind: 'cancelled' }
  | { kind: 'failed'; error: string };

interface VerificationWindowProps {
  /** The started session (null: closed). */
  session: Pick<VerificationSessionReply, 'secret' | 'provider' | 'publishableKey'> | null;
  onClose: (result: VerificationWindowResult) => void;
}

export function VerificationWindow({ session, onClose }: VerificationWindowProps) {
  if (!session) return null;
  if (session.provider === 'stripe' && session.publishableKey) {
    return <StripeVerification secret={session.secret} publishableKey={session.publishableKey} onClose={onClose} />;
  }
  return <SandboxVerification secret={session.secret} onClose={onClose} />;
}

function StripeVerification({
  secret,
  publishableKey,
  onClose,
}: {
  secret: string;
  publishableKey: string;
  onClose: VerificationWindowProps['onClose'];
}) {
  // Stripe's modal opens once per secret, whatever the page re-renders meanwhile.
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    let live = true;
    const onClose = (result: VerificationWindowResult) => close.current(result);
    (async () => {
      try {
        const { loadStripe } = await import('@stripe/stripe-js');
        const stripe = await loadStripe(publishableKey);
        if (!stripe) throw new Error(IDENTITY_MESSAGES.unavailable);
        const { error } = await stripe.verifyIdentity(secret);
        if (!live) return;
        if (!error) onClose({ kind: 'submitted' });
        else if (error.code === 'session_cancelled') onClose({ kind: 'cancelled' });
        else onClose({ kind: 'failed', error: error.message ?? IDENTITY_MESSAGES.unavailable });
      } catch (e) {
        if (live) onClose({ kind: 'failed', error: errorMessage(e, IDENTITY_MESSAGES.unavailable) });
      }
    })();
    return () => {
      live = false;
    };
  }, [secret, publishableKey]);
  // Stripe's own modal covers the page.
  return null;
}

function SandboxVerification({ secret, onClose }: { secret: string; onClose: VerificationWindowProps['onClose'] }) {
  const [outcome, setOutcome] = useState<IdentitySandboxOutcome>('verified');
  const { busy, error, run } = useAttempt();

  const submit = () =>
    run(async () => {
      const reply = await call(identityRoutes.sandboxSubmit, { body: { secret, outcome } });
      if (reply.status === 'verified') onClose({ kind: 'verified' });
      else if (reply.status === 'requires_input') onClose({ kind: 'requires_input', error: reply.error ?? '' });
      else onClose({ kind: 'submitted' });
    });

  return (
    <Dialog
      open
      onClose={() => !busy && onClose({ kind: 'cancelled' })}
      maxWidth="sm"
      fullWidth
      aria-labelledby="identity-window-title"
    >
      <DialogTitle id="identity-window-title">
        {IDENTITY_MESSAGES.sandboxTitle}{' '}
        <Typography component="span" variant="caption" color="text.secondary">
          sandbox
        </Typography>
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Typography variant="body2" color="text.secondary">
            {IDENTITY_MESSAGES.sandboxIntro}
          </Typography>
          <RadioGroup
            aria-label="Result of the document check"
            value={outcome}
            onChange={(e) => setOutcome(e.target.value as IdentitySandboxOutcome)}
          >
            {IDENTITY_SANDBOX_OUTCOMES.map((value) => (
              <FormControlLabel
                key={value}
                value={value}
                control={<Radio />}
                label={IDENTITY_SANDBOX_OUTCOME_LABELS[value]}
              />
            ))}
          </RadioGroup>
          {error && <Alert severity="error">{error}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose({ kind: 'cancelled' })} disabled={busy}>
          Cancel
        </Button>
        <Button variant="contained" onClick={submit} disabled={busy}>
          {IDENTITY_MESSAGES.sandboxSubmit}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
