/**
 * The Pay Invoice action (spec 1 §4 Invoice pay): the server creates the invoice's card payment
 * (POST /invoice/{invoiceNumber}/pay, the invoice's total) and the browser goes to the card form,
 * which returns to /invoice with redirect_status.
 */
import { type InvoiceRecord, paymentRoutes } from '@switchboard/domain';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../platform/api.ts';
import { call } from '../../platform/client.ts';
import { useSession } from '../../platform/session-context.ts';
import { useToast } from '../../platform/toast.ts';

export type PayInvoice = (invoice: InvoiceRecord) => void;

export function usePayInvoice(): PayInvoice | undefined {
  const navigate = useNavigate();
  const toast = useToast();
  const { can } = useSession();
  if (!can('account', 'update')) return undefined;
  return (invoice) => {
    call(paymentRoutes.payInvoice, {
      params: { invoiceNumber: invoice.invoiceNo },
      body: { autoBill: false, amount: invoice.totalPence / 100 },
    })
      .then((reply) => navigate(`/payment/${encodeURIComponent(reply.clientSecret)}`))
      .catch((error: unknown) => toast.error(errorMessage(error)));
  };
}
