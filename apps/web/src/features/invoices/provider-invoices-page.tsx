/**
 * /provider-invoices: a provider admin's view of every account's invoices (status filter, search by
 * number or company). An Unpaid or Overdue invoice can be voided with a reason: the account's
 * charge is credited back and the void audited (POST /invoice/{id}/void).
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  formatPence,
  INVOICE_STATUSES,
  type InvoiceRecord,
  invoiceRoutes,
  isPayable,
  voidInvoiceBody,
} from '@switchboard/domain';
import { useState } from 'react';
import { errorMessage } from '../../platform/api.ts';
import { call } from '../../platform/client.ts';
import { useChange } from '../../platform/mutation.ts';
import { ListPage } from '../../platform/paged-table/list-page.tsx';
import { listSource, resourceKeys } from '../../platform/resource.ts';
import { InvoiceStatusChip } from './invoice-status-chip.tsx';

const keys = resourceKeys('/invoice/provider');
const invoices = listSource(invoiceRoutes.providerList, { key: keys.lists(), invalidates: [keys.all] });

function VoidDialog({ invoice, onClose }: { invoice: InvoiceRecord | null; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const change = useChange({
    mutationFn: (v: { id: number; reason: string; version: number }) =>
      call(invoiceRoutes.void, { params: { id: v.id }, body: { reason: v.reason, version: v.version } }),
    invalidates: [keys.all],
    success: (reply) => reply.message,
    failure: (e) => errorMessage(e),
  });
  const close = () => {
    setReason('');
    setError(null);
    onClose();
  };
  const submit = () => {
    if (!invoice) return;
    const parsed = voidInvoiceBody.safeParse({ reason, version: invoice.version });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    change.mutate(
      { id: invoice.id, reason: parsed.data.reason, version: invoice.version },
      { onSuccess: close, onError: (e) => setError(errorMessage(e)) },
    );
  };
  return (
    <Dialog open={invoice !== null} onClose={close} maxWidth="sm" fullWidth aria-labelledby="void-title">
      <DialogTitle id="void-title">Void invoice {invoice?.invoiceNo}</DialogTitle>
      <DialogContent>
        {invoice && (
          <DialogContentText sx={{ mb: 2 }}>
            {invoice.company} ({invoice.accountNo}), {invoice.date}: {formatPence(invoice.totalPence)} inc VAT. Voiding
            credits the account with the full amount and cannot be undone.
          </DialogContentText>
        )}
        <TextField
          label="Reason"
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          fullWidth
          required
          autoFocus
          slotProps={{ htmlInput: { maxLength: 200 } }}
          error={error !== null}
          helperText={error ?? ' '}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>Cancel</Button>
        <Button color="error" variant="contained" disabled={change.isPending} onClick={submit}>
          Void Invoice
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export default function ProviderInvoicesPage() {
  const [voiding, setVoiding] = useState<InvoiceRecord | null>(null);
  return (
    <>
      <ListPage<InvoiceRecord>
        title="All Invoices"
        intro={
          <>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              Every account's invoices, made by the monthly billing run. Void an unpaid invoice raised in error: the
              account is credited with its total.
            </Typography>
            <Alert severity="info" sx={{ mb: 2 }}>
              Paid invoices cannot be voided; credit the account with a balance adjustment instead.
            </Alert>
          </>
        }
        source={invoices}
        resource="VHAdmin"
        selectable={false}
        searchable
        label={(i) => i.invoiceNo}
        filters={[{ field: 'status', label: 'Status', options: INVOICE_STATUSES.map((s) => ({ value: s, label: s })) }]}
        columns={[
          { field: 'invoiceNo', header: 'Invoice', sortable: true },
          { field: 'accountNo', header: 'Account', sortable: true },
          { field: 'company', header: 'Company', sortable: true },
          { field: 'date', header: 'Date', sortable: true },
          { field: 'due', header: 'Due', sortable: true },
          { field: 'total', header: 'Total', sortable: true, render: (i) => formatPence(i.totalPence) },
          { field: 'status', header: 'Status', sortable: true, render: (i) => <InvoiceStatusChip status={i.status} /> },
        ]}
        rowActions={(i) =>
          isPayable(i.status) ? (
            <Button size="small" color="error" variant="outlined" onClick={() => setVoiding(i)}>
              Void
            </Button>
          ) : null
        }
      />
      <VoidDialog invoice={voiding} onClose={() => setVoiding(null)} />
    </>
  );
}
