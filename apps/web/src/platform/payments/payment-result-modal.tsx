/**
 * The card payment's result (spec 1 §2, §4, §8): on return from the card form with redirect_status,
 * a modal with the status's message; closing it takes the parameters off the address.
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { cardPaymentMessage, paymentStatusMessage } from '@switchboard/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';

export function PaymentResultModal() {
  const [params, setParams] = useSearchParams();
  const status = params.get('redirect_status');
  const queryClient = useQueryClient();
  // Back from the card form: the balance, the transactions and the invoices are read again (the
  // provider's confirmation may have credited the account or paid the invoice meanwhile).
  useEffect(() => {
    if (status !== null) void queryClient.invalidateQueries();
  }, [status, queryClient]);
  if (status === null) return null;
  const close = () =>
    setParams(
      (p: URLSearchParams) => {
        for (const k of ['redirect_status', 'payment_intent', 'payment_intent_client_secret']) p.delete(k);
        return p;
      },
      { replace: true },
    );
  return (
    <Dialog open onClose={close} aria-labelledby="payment-result-title" fullWidth maxWidth="xs">
      <DialogTitle id="payment-result-title">Card Payment</DialogTitle>
      <DialogContent>
        <Alert
          severity={status === 'succeeded' ? 'success' : status === 'processing' ? 'info' : 'error'}
          sx={{ mb: 2 }}
        >
          {paymentStatusMessage(status)}
        </Alert>
        <Typography variant="body2">{cardPaymentMessage(status)}</Typography>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={close}>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
