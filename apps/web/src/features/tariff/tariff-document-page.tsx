/**
 * /tariff/{name}/{id} (spec 3 §2): a tariff document in the panel's PDF viewer (a frame, as an
 * invoice's page shows it), from POST /documents/tariff/{name}/{id}; a CSV is offered as a download.
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
import { tariffDocumentBlob, tariffDocuments, tariffKeys } from './api.ts';

export default function TariffDocumentPage() {
  const params = useParams();
  const name = params.name ?? '';
  const id = Number(params.id);
  const valid = name !== '' && Number.isInteger(id) && id > 0;
  const documents = useQuery({ ...tariffDocuments, retry: false });
  const title = documents.data?.records.find((d) => d.id === id && d.filename === name)?.title ?? null;
  useBreadcrumb(title);
  const file = useQuery({
    queryKey: [...tariffKeys.documents, name, id],
    queryFn: () => tariffDocumentBlob(name, id),
    enabled: valid,
    retry: false,
  });
  const [url, setUrl] = useState<string | null>(null);
  const isPdf = file.data?.type === 'application/pdf';
  useEffect(() => {
    const blob = file.data;
    if (blob?.type !== 'application/pdf') return;
    const made = URL.createObjectURL(blob);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [file.data]);
  const notFound = !valid || (file.error instanceof ApiError && file.error.status === 404);
  return (
    <Stack spacing={2} sx={{ height: 'calc(100vh - 180px)', minHeight: 480 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          {title ?? 'Tariff document'}
        </Typography>
        {file.data && (
          <Button variant="outlined" onClick={() => file.data && saveBlob(file.data, name)}>
            {isPdf ? 'Download PDF' : 'Download'}
          </Button>
        )}
      </Stack>
      {file.isPending && valid && (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
          <CircularProgress aria-label={MESSAGES.listLoading} />
        </Box>
      )}
      {notFound && <Alert severity="error">{errorMessage(file.error, MESSAGES.recordNotFound)}</Alert>}
      {file.isError && !notFound && <Alert severity="error">{errorMessage(file.error, MESSAGES.fetchFailed)}</Alert>}
      {file.data && !isPdf && <Alert severity="info">This document is a CSV file: use Download to open it.</Alert>}
      {url && (
        <Box
          component="iframe"
          title={title ?? 'Tariff PDF'}
          src={url}
          sx={{ flexGrow: 1, width: '100%', border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'grey.100' }}
        />
      )}
    </Stack>
  );
}
