/**
 * The card page: Stripe's Payment Element when Stripe is the card provider (stripe-card-form.tsx),
 * otherwise the card form of the sandbox payment provider: card number, expiry, CVC and postcode, answered as
 * Stripe's test cards are (4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined, 4000 0000
 * 0000 9995 has insufficient funds, 4000 0025 0000 3155 asks for a confirmation step). A decline is
 * shown here and the card may be changed; success (or the confirmation step's end) returns to the
 * page the payment came from with redirect_status, as Stripe's return_url does.
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatPence, paymentRoutes } from '@switchboard/domain';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, lazy, Suspense, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ApiError, errorMessage } from '../../platform/api.ts';
import { call } from '../../platform/client.ts';

const StripeCardForm = lazy(() => import('./stripe-card-form.tsx'));

export default function CardPaymentPage() {
  const { clientSecret = '' } = useParams();
  const payment = useQuery({
    queryKey: ['payment', clientSecret],
    queryFn: () => call(paymentRoutes.payment, { params: { clientSecret } }),
  });
  const p = payment.data;
  return (
    <Stack spacing={2} sx={{ maxWidth: 520 }}>
      <Typography variant="h5" component="h1">
        Card Payment
      </Typography>
      {payment.isError && <Alert severity="error">{errorMessage(payment.error)}</Alert>}
      {p && (
        <Paper variant="outlined" sx={{ p: 3 }}>
          <Typography variant="body1" sx={{ mb: 0.5 }}>
            {p.description}
          </Typography>
          <Typography variant="h6" sx={{ mb: 2 }}>
            {formatPence(p.amountPence)}
          </Typography>
          {p.status === 'succeeded' ? (
            <Alert severity="success">This payment has already been completed.</Alert>
          ) : p.provider === 'stripe' && p.publishableKey ? (
            <Suspense fallback={<Typography variant="body2">Loading the card form…</Typography>}>
              <StripeCardForm
                publishableKey={p.publishableKey}
                clientSecret={p.clientSecret}
                returnUrl={p.returnUrl}
                amountLabel={formatPence(p.amountPence)}
              />
            </Suspense>
          ) : (
            <SandboxCardForm clientSecret={clientSecret} amount={formatPence(p.amountPence)} />
          )}
        </Paper>
      )}
    </Stack>
  );
}

type Card = { number: string; expiry: string; cvc: string; postcode: string };

/** The sandbox provider's card payment: the card's confirmation, and the confirmation step's answer. */
function useSandboxPayment(clientSecret: string) {
  const navigate = useNavigate();
  const [card, setCard] = useState<Card>({ number: '', expiry: '', cvc: '', postcode: '' });
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [authenticating, setAuthenticating] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError('');
    setFieldErrors({});
    try {
      const reply = await call(paymentRoutes.sandboxConfirm, { body: { clientSecret, ...card } });
      if (reply.status === 'requires_action') setAuthenticating(true);
      else if (reply.redirect) navigate(reply.redirect);
      else setError(reply.error ?? '');
    } catch (e) {
      if (e instanceof ApiError && Object.keys(e.validation).length > 0) setFieldErrors(e.validation);
      else setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  const authenticate = async (approve: boolean) => {
    setBusy(true);
    try {
      const reply = await call(paymentRoutes.sandboxAuthenticate, { body: { clientSecret, approve } });
      setAuthenticating(false);
      if (reply.redirect) navigate(reply.redirect);
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  return { card, setCard, fieldErrors, error, busy, authenticating, submit, authenticate };
}

/** The sandbox provider's card form (answering as Stripe's test cards) and its confirmation step. */
function SandboxCardForm({ clientSecret, amount }: { clientSecret: string; amount: string }) {
  const { card, setCard, fieldErrors, error, busy, authenticating, submit, authenticate } =
    useSandboxPayment(clientSecret);
  const field = (name: keyof Card, label: string, placeholder: string, autoComplete: string) => (
    <TextField
      label={label}
      name={name}
      placeholder={placeholder}
      value={card[name]}
      onChange={(e) => setCard((c) => ({ ...c, [name]: e.target.value }))}
      error={Boolean(fieldErrors[name])}
      helperText={fieldErrors[name]}
      slotProps={{ htmlInput: { autoComplete, inputMode: name === 'postcode' ? 'text' : 'numeric' } }}
      required={name !== 'postcode'}
      fullWidth
    />
  );
  return (
    <>
      <form onSubmit={submit} noValidate>
        <Stack spacing={2}>
          {field('number', 'Card number', '1234 1234 1234 1234', 'cc-number')}
          <Stack direction="row" spacing={2}>
            {field('expiry', 'Expiry', 'MM / YY', 'cc-exp')}
            {field('cvc', 'CVC', 'CVC', 'cc-csc')}
          </Stack>
          {field('postcode', 'Postcode', 'B1 1AA', 'postal-code')}
          {error && <Alert severity="error">{error}</Alert>}
          <Button type="submit" variant="contained" disabled={busy}>
            Pay {amount}
          </Button>
          <Typography variant="caption" color="text.secondary">
            Sandbox payments: no card is charged. Test cards: 4242 4242 4242 4242 (succeeds), 4000 0000 0000 0002
            (declined), 4000 0000 0000 9995 (insufficient funds), 4000 0025 0000 3155 (asks for confirmation); any
            future expiry and any CVC.
          </Typography>
        </Stack>
      </form>
      <Dialog open={authenticating} aria-labelledby="authenticate-title">
        <DialogTitle id="authenticate-title">Confirm your payment</DialogTitle>
        <DialogContent>
          <DialogContentText>
            Your bank asks you to confirm this payment of {amount} (a test 3-D Secure step).
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => authenticate(false)} disabled={busy}>
            Fail Authentication
          </Button>
          <Button variant="contained" onClick={() => authenticate(true)} disabled={busy}>
            Complete Authentication
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
