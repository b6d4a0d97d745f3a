/**
 * /invoice (spec 1 §2 Invoices): the account's invoices, newest first — status filter, invoice
 * date range, search by number — each opening the detail modal; the header's Tariff PDF and the
 * Top Up / Direct Debit slot. Retail accounts with account read.
 */
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { formatPence, INVOICE_STATUSES, type InvoiceRecord } from '@switchboard/domain';
import { useMemo, useState } from 'react';
import { DateRangeFilter } from '../../platform/fields/date-range-filter.tsx';
import { useUrlDateRange } from '../../platform/fields/url-date-range.ts';
import { ListPage } from '../../platform/paged-table/list-page.tsx';
import { PaymentResultModal } from '../../platform/payments/payment-result-modal.tsx';
import { invoiceSource } from './api.ts';
import { AutoPayNotice } from './auto-pay.tsx';
import { HeaderSlot } from './header-slot.tsx';
import { InvoiceDetailDialog } from './invoice-detail-dialog.tsx';
import { InvoiceStatusChip } from './invoice-status-chip.tsx';
import { usePayInvoice } from './pay.ts';

const STATUS_OPTIONS = INVOICE_STATUSES.map((s) => ({ value: s, label: s }));

export default function InvoicesPage() {
  // The range lives in the URL (?from=YYYY-MM-DD&to=YYYY-MM-DD), beside the table's own state.
  const { range, setDates } = useUrlDateRange();
  const source = useMemo(() => invoiceSource(range), [range]);
  const [open, setOpen] = useState<number | null>(null);
  const pay = usePayInvoice();
  return (
    <>
      <ListPage<InvoiceRecord>
        title="Invoices"
        intro={
          <>
            <AutoPayNotice />
            <Stack
              direction={{ xs: 'column', sm: 'row' }}
              spacing={2}
              sx={{ mb: 2, alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
            >
              <DateRangeFilter label="Invoice date" range={range} onChange={setDates} />
              <HeaderSlot />
            </Stack>
          </>
        }
        source={source}
        resource="account"
        selectable={false}
        searchable
        label={(i) => i.invoiceNo}
        filters={[{ field: 'status', label: 'Status', options: STATUS_OPTIONS }]}
        columns={[
          { field: 'invoiceNo', header: 'Invoice', sortable: true },
          { field: 'date', header: 'Date', sortable: true },
          { field: 'due', header: 'Due', sortable: true },
          { field: 'paidDate', header: 'Paid', sortable: true, render: (i) => i.paidDate ?? '—' },
          { field: 'subTotal', header: 'Subtotal', render: (i) => formatPence(i.subTotalPence) },
          { field: 'vat', header: 'VAT', render: (i) => formatPence(i.vatPence) },
          { field: 'total', header: 'Total', sortable: true, render: (i) => formatPence(i.totalPence) },
          { field: 'status', header: 'Status', sortable: true, render: (i) => <InvoiceStatusChip status={i.status} /> },
        ]}
        rowActions={(i) => (
          <Button size="small" variant="outlined" onClick={() => setOpen(i.id)} aria-label={`View ${i.invoiceNo}`}>
            View
          </Button>
        )}
      />
      <InvoiceDetailDialog invoiceId={open} onClose={() => setOpen(null)} onPay={pay} />
      <PaymentResultModal />
    </>
  );
}
