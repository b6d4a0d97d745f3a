/**
 * The Pay Invoice action (spec 1 §4 Invoice pay): the server creates the invoice's card payment
 * (POST /invoice/{invoiceNumber}/pay, the invoice's total, autoBill) and the browser goes to the card form,
 * which returns to /invoice with redirect_status.
 */
import { type InvoiceRecord, paymentRoutes } from '@switchboard/domain';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../platform/api.ts';
import { call } from '../../platform/client.ts';
import { useSession } from '../../platform/session-context.ts';
import { useToast } from '../../platform/toast.ts';

/** Pays the invoice by card; autoBill saves the card for later invoices (spec 1 §3 pay payload). */
export type PayInvoice = (invoice: InvoiceRecord, autoBill: boolean) => Promise<void>;

export function usePayInvoice(): PayInvoice | undefined {
  const navigate = useNavigate();
  const toast = useToast();
  const { can } = useSession();
  if (!can('account', 'update')) return undefined;
  return (invoice, autoBill) =>
    call(paymentRoutes.payInvoice, {
      params: { invoiceNumber: invoice.invoiceNo },
      body: { autoBill, amount: invoice.totalPence / 100 },
    })
      .then((reply) => {
        navigate(`/payment/${encodeURIComponent(reply.clientSecret)}`);
      })
      .catch((error: unknown) => {
        toast.error(errorMessage(error));
      });
}
