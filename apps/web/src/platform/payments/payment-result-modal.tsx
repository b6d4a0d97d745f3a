/**
 * The card payment's result (spec 1 §2, §4, §8): on return from the card form with redirect_status,
 * a modal with one message — for a 'succeeded' return, 'Payment succeeded!' once the server holds
 * the provider's confirmation (read again every two seconds until it does), 'Your card payment is
 * being processed.' meanwhile. Closing it takes the parameters off the address.
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { cardPaymentResult, paymentRoutes } from '@switchboard/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { call } from '../client.ts';

export function PaymentResultModal() {
  const [params, setParams] = useSearchParams();
  const status = params.get('redirect_status');
  const secret = params.get('payment_intent_client_secret') ?? '';
  const queryClient = useQueryClient();
  const payment = useQuery({
    queryKey: ['payments', secret],
    queryFn: () => call(paymentRoutes.payment, { params: { clientSecret: secret } }),
    enabled: status === 'succeeded' && secret !== '',
    refetchInterval: (q) => (q.state.data?.status === 'succeeded' ? false : 2000),
  });
  const settled = payment.data?.status;
  // Back from the card form, and again once the payment is confirmed: the balance, the
  // transactions and the invoices are read again (the confirmation credits the account or pays
  // the invoice).
  const confirmed = settled === 'succeeded';
  useEffect(() => {
    if (status !== null || confirmed)
      void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'payments' });
  }, [status, confirmed, queryClient]);
  if (status === null) return null;
  const close = () =>
    setParams(
      (p: URLSearchParams) => {
        for (const k of ['redirect_status', 'payment_intent', 'payment_intent_client_secret']) p.delete(k);
        return p;
      },
      { replace: true },
    );
  const result = cardPaymentResult(status, settled);
  return (
    <Dialog open onClose={close} aria-labelledby="payment-result-title" fullWidth maxWidth="xs">
      <DialogTitle id="payment-result-title">Card Payment</DialogTitle>
      <DialogContent>
        <Alert severity={result.severity}>{result.text}</Alert>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={close}>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
