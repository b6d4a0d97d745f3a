/**
 * /invoice/:id (spec 1 §2): the invoice PDF in a frame, from the spec's GET /invoice/{id} (base64),
 * named in the breadcrumbs as the other detail pages are (Dashboard > Invoices > Invoice INV-000123).
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MESSAGES } from '@switchboard/domain';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { ApiError, errorMessage, saveBlob } from '../../platform/api.ts';
import { useBreadcrumb } from '../../platform/breadcrumb.tsx';
import { invoiceDetail, invoiceKeys, invoicePdfBlob } from './api.ts';

export default function InvoicePdfPage() {
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const pdf = useQuery({
    queryKey: [...invoiceKeys.detail(id), 'pdf'],
    queryFn: () => invoicePdfBlob(id),
    enabled: valid,
    retry: false,
  });
  // The invoice's number, for the title and the breadcrumb (the detail modal's call, cached alike).
  const detail = useQuery({ ...invoiceDetail(id), enabled: valid, retry: false });
  const invoiceNo = detail.data?.invoiceNo ?? null;
  useBreadcrumb(invoiceNo === null ? null : `Invoice ${invoiceNo}`);
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!pdf.data) return;
    const made = URL.createObjectURL(pdf.data);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [pdf.data]);
  const notFound = !valid || (pdf.error instanceof ApiError && pdf.error.status === 404);
  return (
    <Stack spacing={2} sx={{ height: 'calc(100vh - 180px)', minHeight: 480 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          {invoiceNo === null ? 'Invoice' : `Invoice ${invoiceNo}`}
        </Typography>
        {pdf.data && (
          <Button
            variant="outlined"
            onClick={() => pdf.data && saveBlob(pdf.data, `${invoiceNo ?? `invoice-${id}`}.pdf`)}
          >
            Download PDF
          </Button>
        )}
      </Stack>
      {pdf.isPending && valid && (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
          <CircularProgress aria-label={MESSAGES.listLoading} />
        </Box>
      )}
      {notFound && <Alert severity="error">{MESSAGES.recordNotFound}</Alert>}
      {pdf.isError && !notFound && <Alert severity="error">{errorMessage(pdf.error, MESSAGES.fetchFailed)}</Alert>}
      {url && (
        <Box
          component="iframe"
          title="Invoice PDF"
          src={url}
          sx={{ flexGrow: 1, width: '100%', border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'grey.100' }}
        />
      )}
    </Stack>
  );
}
