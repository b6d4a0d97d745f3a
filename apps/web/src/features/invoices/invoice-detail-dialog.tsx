/**
 * The invoice detail modal (spec 1 §2): the invoice's particulars, its lines and totals, Download
 * PDF, View PDF (/invoice/:id) and Pay Invoice for Unpaid and Overdue invoices (spec 1 §4).
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatPence, type InvoiceDetail, isPayable, MESSAGES, VAT_PERCENT } from '@switchboard/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { errorMessage } from '../../platform/api.ts';
import { useToast } from '../../platform/toast.ts';
import { downloadInvoicePdf, invoiceDetail } from './api.ts';
import { PayInvoiceDialog } from './auto-pay.tsx';
import { InvoiceStatusChip } from './invoice-status-chip.tsx';
import type { PayInvoice } from './pay.ts';

export interface InvoiceDetailDialogProps {
  invoiceId: number | null;
  onClose: () => void;
  /** Starts paying the invoice; absent for a user who may not pay (account update): no Pay Invoice then. */
  onPay?: PayInvoice | undefined;
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Box sx={{ minWidth: 120 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography variant="body2">{value}</Typography>
    </Box>
  );
}

/** A totals row under the lines. */
function TotalRow({ label, pence, bold }: { label: string; pence: number; bold?: boolean }) {
  const sx = { borderBottom: 'none', ...(bold ? { fontWeight: 700 } : {}) };
  return (
    <TableRow>
      <TableCell colSpan={3} align="right" sx={sx}>
        {label}
      </TableCell>
      <TableCell align="right" sx={sx}>
        {formatPence(pence)}
      </TableCell>
    </TableRow>
  );
}

/** The invoice's particulars, why it is void or overdue, its lines and totals. */
function InvoiceParticulars({ inv }: { inv: InvoiceDetail }) {
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={3} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Fact label="Invoice date" value={inv.date} />
        <Fact label="Due date" value={inv.due} />
        <Fact label="Period" value={inv.period} />
        <Fact label="Paid" value={inv.paidDate ?? '—'} />
        <Fact label="Account" value={`${inv.accountNo} ${inv.company}`.trim()} />
      </Stack>
      {inv.status === 'Void' && inv.voidReason && <Alert severity="info">Void: {inv.voidReason}</Alert>}
      {inv.status === 'Overdue' && (
        <Alert severity="warning">This invoice was due on {inv.due} and has not been paid.</Alert>
      )}
      <Table size="small" aria-label="Invoice lines">
        <TableHead>
          <TableRow>
            <TableCell>Description</TableCell>
            <TableCell align="right">Qty</TableCell>
            <TableCell align="right">Unit price</TableCell>
            <TableCell align="right">Amount</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {inv.lines.map((l) => (
            <TableRow key={l.id}>
              <TableCell>{l.description}</TableCell>
              <TableCell align="right">{l.quantity}</TableCell>
              <TableCell align="right">{formatPence(l.unitPricePence)}</TableCell>
              <TableCell align="right">{formatPence(l.amountPence)}</TableCell>
            </TableRow>
          ))}
          <TotalRow label="Subtotal" pence={inv.subTotalPence} />
          <TotalRow label={`VAT ${VAT_PERCENT}%`} pence={inv.vatPence} />
          <TotalRow label="Total" pence={inv.totalPence} bold />
        </TableBody>
      </Table>
      {inv.notes.map((note) => (
        <Alert key={note} severity="info" icon={false}>
          {note}
        </Alert>
      ))}
    </Stack>
  );
}

export function InvoiceDetailDialog({ invoiceId, onClose, onPay }: InvoiceDetailDialogProps) {
  const toast = useToast();
  const [downloading, setDownloading] = useState(false);
  const [paying, setPaying] = useState(false);
  const detail = useQuery({ ...invoiceDetail(invoiceId ?? 0), enabled: invoiceId !== null });
  const inv = detail.data;
  const payable = inv !== undefined && isPayable(inv.status);
  return (
    <Dialog open={invoiceId !== null} onClose={onClose} maxWidth="md" fullWidth aria-labelledby="invoice-detail-title">
      <DialogTitle id="invoice-detail-title" sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
        Invoice {inv?.invoiceNo ?? ''}
        {inv && <InvoiceStatusChip status={inv.status} />}
      </DialogTitle>
      <DialogContent dividers>
        {detail.isPending && invoiceId !== null && (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
            <CircularProgress size={28} aria-label={MESSAGES.listLoading} />
          </Box>
        )}
        {detail.isError && <Alert severity="error">{errorMessage(detail.error)}</Alert>}
        {inv && <InvoiceParticulars inv={inv} />}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        {inv && (
          <>
            <Button component={RouterLink} to={`/invoice/${inv.id}`}>
              View PDF
            </Button>
            <Button
              disabled={downloading}
              onClick={() => {
                setDownloading(true);
                downloadInvoicePdf(inv.id, inv.invoiceNo)
                  .catch((error: unknown) => toast.error(errorMessage(error)))
                  .finally(() => setDownloading(false));
              }}
            >
              Download PDF
            </Button>
          </>
        )}
        <Box sx={{ flexGrow: 1 }} />
        <Button onClick={onClose}>Close</Button>
        {payable && onPay && (
          <Button variant="contained" onClick={() => setPaying(true)}>
            Pay Invoice
          </Button>
        )}
      </DialogActions>
      {onPay && (
        <PayInvoiceDialog invoice={paying && inv ? inv : null} onPay={onPay} onClose={() => setPaying(false)} />
      )}
    </Dialog>
  );
}
