/**
 * Invoice auto-pay (spec 1 §3 pay payload autoBill, §9: the card is charged three days after the
 * invoice date): the Pay Invoice modal, which may save the card for later invoices, and the notice
 * on /invoice while auto-pay is on, with Turn Off (confirmed).
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatPence, type InvoiceRecord, PAYMENT_MESSAGES, paymentRoutes } from '@switchboard/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../platform/api.ts';
import { call } from '../../platform/client.ts';
import { useConfirm } from '../../platform/confirm.tsx';
import { useSession } from '../../platform/session-context.ts';
import { useToast } from '../../platform/toast.ts';
import type { PayInvoice } from './pay.ts';

const AUTO_PAY_KEY = ['payments', 'invoice-autopay'] as const;

export function PayInvoiceDialog({
  invoice,
  onPay,
  onClose,
}: {
  invoice: InvoiceRecord | null;
  onPay: PayInvoice;
  onClose: () => void;
}) {
  const [autoBill, setAutoBill] = useState(false);
  const [busy, setBusy] = useState(false);
  return (
    <Dialog open={invoice !== null} onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="pay-invoice-title">
      <DialogTitle id="pay-invoice-title">Pay Invoice {invoice?.invoiceNo}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Typography>
            Amount due: <strong>{invoice ? formatPence(invoice.totalPence) : ''}</strong> (inc VAT), by card.
          </Typography>
          <FormControlLabel
            control={<Checkbox checked={autoBill} onChange={(e) => setAutoBill(e.target.checked)} />}
            label={PAYMENT_MESSAGES.autoBill}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          variant="contained"
          disabled={busy || invoice === null}
          onClick={() => {
            if (!invoice) return;
            setBusy(true);
            onPay(invoice, autoBill).finally(() => setBusy(false));
          }}
        >
          Pay by Card
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export function AutoPayNotice() {
  const { can } = useSession();
  const toast = useToast();
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const status = useQuery({ queryKey: AUTO_PAY_KEY, queryFn: () => call(paymentRoutes.invoiceAutoPay) });
  if (!status.data?.enabled) return null;
  const turnOff = async () => {
    const yes = await confirm.ask({
      title: 'Turn Off Auto-Pay',
      text: 'Later invoices will no longer be paid automatically: you will pay each one yourself.',
      action: 'Turn Off',
    });
    if (!yes) return;
    try {
      const reply = await call(paymentRoutes.stopInvoiceAutoPay);
      toast.success(reply.message);
      await queryClient.invalidateQueries({ queryKey: AUTO_PAY_KEY });
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };
  return (
    <>
      <Alert
        severity="info"
        sx={{ mb: 2 }}
        action={
          can('account', 'update') ? (
            <Button color="inherit" size="small" onClick={turnOff}>
              Turn Off
            </Button>
          ) : undefined
        }
      >
        {PAYMENT_MESSAGES.autoPayOn(status.data.last4)}
      </Alert>
      {confirm.dialog}
    </>
  );
}
