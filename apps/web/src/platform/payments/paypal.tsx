/**
 * The PayPal button of the Top Up modal's Payment stage (spec 1 §4: Next blocked until the
 * provider approves). With PayPal configured, PayPal's own buttons (its JS SDK, loaded only
 * then); otherwise the sandbox PayPal: a PayPal button opening the sandbox's PayPal window, where
 * the sandbox buyer pays from their PayPal balance, with a card PayPal declines at capture, or by
 * eCheck from a bank account (pending until it clears, or is returned: PayPal's webhook tells).
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type PaypalSandboxFunding, PROVIDER_BANK_ACCOUNT, paymentRoutes, type RouteReply } from '@switchboard/domain';
import { lazy, Suspense, useState } from 'react';
import { useAttempt } from '../attempt.ts';
import { call } from '../client.ts';

const PayPalSdkButtons = lazy(() => import('./paypal-sdk-buttons.tsx'));

export type PayPalOrder = RouteReply<typeof paymentRoutes.paypalOrder>;

interface PayPalCheckoutProps {
  order: PayPalOrder;
  amount: number;
  onApproved: () => void;
  onCancelled: () => void;
}

export function PayPalCheckout({ order, amount, onApproved, onCancelled }: PayPalCheckoutProps) {
  if (order.provider === 'paypal' && order.clientId) {
    return (
      <Suspense fallback={<CircularProgress size={24} aria-label="Loading PayPal" />}>
        <PayPalSdkButtons
          clientId={order.clientId}
          orderId={order.orderId}
          onApproved={onApproved}
          onCancelled={onCancelled}
        />
      </Suspense>
    );
  }
  return <SandboxPayPal orderId={order.orderId} amount={amount} onApproved={onApproved} onCancelled={onCancelled} />;
}

const SANDBOX_BUYER = 'sb-buyer@personal.example.com';

/** How the sandbox buyer pays: each way answers as PayPal's sandbox does. */
function FundingChoice({
  value,
  onChange,
}: {
  value: PaypalSandboxFunding;
  onChange: (f: PaypalSandboxFunding) => void;
}) {
  return (
    <RadioGroup aria-label="Pay with" value={value} onChange={(e) => onChange(e.target.value as PaypalSandboxFunding)}>
      <FormControlLabel value="balance" control={<Radio />} label="PayPal balance" />
      <FormControlLabel value="declinedCard" control={<Radio />} label="Visa ending 0002 (declined by the bank)" />
      <FormControlLabel
        value="echeck"
        control={<Radio />}
        label="Bank account ending 4321 (eCheck: pending, clears in about a minute)"
      />
      <FormControlLabel
        value="echeckDenied"
        control={<Radio />}
        label="Bank account ending 0000 (eCheck: pending, then returned by the bank)"
      />
    </RadioGroup>
  );
}

function SandboxPayPal({
  orderId,
  amount,
  onApproved,
  onCancelled,
}: Omit<PayPalCheckoutProps, 'order'> & { orderId: string }) {
  const [open, setOpen] = useState(false);
  const [funding, setFunding] = useState<PaypalSandboxFunding>('balance');
  const { busy, error, run } = useAttempt();

  const answer = (approve: boolean) =>
    run(async () => {
      const reply = await call(paymentRoutes.paypalSandboxApprove, { body: { orderId, approve, funding } });
      setOpen(false);
      if (reply.status === 'APPROVED') onApproved();
      else onCancelled();
    });

  return (
    <>
      <Button
        fullWidth
        onClick={() => setOpen(true)}
        aria-label="Pay with PayPal"
        sx={{
          bgcolor: '#ffc439',
          color: '#003087',
          fontWeight: 700,
          fontStyle: 'italic',
          fontSize: 18,
          py: 1,
          '&:hover': { bgcolor: '#f2ba36' },
        }}
      >
        PayPal
      </Button>
      <Dialog open={open} onClose={() => !busy && answer(false)} maxWidth="xs" fullWidth aria-labelledby="paypal-title">
        <DialogTitle id="paypal-title" sx={{ color: '#003087', fontStyle: 'italic', fontWeight: 700 }}>
          PayPal{' '}
          <Typography component="span" variant="caption" color="text.secondary">
            sandbox
          </Typography>
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <Typography variant="body2" color="text.secondary">
              Signed in as the sandbox buyer {SANDBOX_BUYER}
            </Typography>
            <Typography variant="h6">
              Pay £{amount.toFixed(2)} to {PROVIDER_BANK_ACCOUNT.name}
            </Typography>
            <FundingChoice value={funding} onChange={setFunding} />
            {error && <Alert severity="error">{error}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => answer(false)} disabled={busy}>
            Cancel and return
          </Button>
          <Button variant="contained" onClick={() => answer(true)} disabled={busy}>
            Complete Purchase
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
