/**
 * /tariff (spec 3 §2): the call-cost look-up (spec 3 §5's caller-ID pattern; the destination's rates
 * of spec 3 §3 'Tariff lookup' in pence and pounds, and what a three-minute call now costs), the
 * downloadable tariff documents (the CSV, and the PDF in the viewer), the service tariff link and,
 * for provider admins, the rate deck they edit (rate-deck-section.tsx).
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  formatPence,
  formatRate,
  MESSAGES,
  PATTERNS,
  RATE_BAND_LABELS,
  TARIFF_RATE_FIELDS,
  type TariffLookupRecord,
  type TariffRateField,
} from '@switchboard/domain';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { errorMessage, saveBlob } from '../../platform/api.ts';
import { useSession } from '../../platform/session-context.ts';
import { SimpleTable } from '../../platform/simple-table.tsx';
import { useToast } from '../../platform/toast.ts';
import { lookUpCallCost, serviceTariffBlob, tariffDocumentBlob, tariffDocuments } from './api.ts';
import { RateDeckSection } from './rate-deck-section.tsx';

export default function TariffPage() {
  const { session, can } = useSession();
  const providerAdmin = can('VHAdmin', 'read') && session.puppeteer === null;
  return (
    <Stack spacing={3}>
      <Typography variant="h5" component="h1">
        Tariff
      </Typography>
      <CallCostLookup />
      <TariffDocuments />
      {providerAdmin && <RateDeckSection />}
    </Stack>
  );
}

function CallCostLookup() {
  const [number, setNumber] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<TariffLookupRecord | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const typed = number.trim();
    setFailure(null);
    if (!PATTERNS.cli.pattern.test(typed)) {
      setError(PATTERNS.cli.message);
      setResult(null);
      return;
    }
    setError(null);
    setBusy(true);
    try {
      setResult(await lookUpCallCost(typed));
    } catch (e) {
      setResult(null);
      setFailure(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-labelledby="call-cost-heading">
      <Typography variant="h6" component="h2" id="call-cost-heading" gutterBottom>
        Call Cost Lookup
      </Typography>
      <Stack component="form" noValidate onSubmit={submit} direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          label="Telephone Number"
          value={number}
          onChange={(e) => setNumber(e.target.value)}
          error={Boolean(error)}
          helperText={error ?? 'e.g. 01132496000, 07700900123 or 0033612345678'}
          size="small"
          sx={{ minWidth: { sm: 320 } }}
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 20 } }}
        />
        <div>
          <Button type="submit" variant="contained" disabled={busy}>
            Look Up
          </Button>
        </div>
      </Stack>
      {failure && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {failure}
        </Alert>
      )}
      {result && <LookupResult result={result} />}
    </Paper>
  );
}

function LookupResult({ result }: { result: TariffLookupRecord }) {
  const rows = (Object.keys(TARIFF_RATE_FIELDS) as TariffRateField[]).map((field) => ({
    id: field,
    label: TARIFF_RATE_FIELDS[field],
    value: formatRate(result[field]),
  }));
  return (
    <Stack spacing={1} sx={{ mt: 2 }} aria-live="polite">
      <Typography variant="subtitle1" component="h3">
        {result.destination}
      </Typography>
      <SimpleTable
        label={`Rates for ${result.destination}`}
        rows={rows}
        columns={[
          { header: 'Charge', cell: (r) => r.label },
          { header: 'Rate (ex VAT)', cell: (r) => r.value, align: 'right' },
        ]}
      />
      <Typography variant="body2" color="text.secondary">
        A 3-minute call now ({RATE_BAND_LABELS[result.example.band]}) costs {formatPence(result.example.costPence)} ex
        VAT. On-peak is 08:00–18:00 UK time, Monday to Friday; calls are billed per second.
      </Typography>
    </Stack>
  );
}

function TariffDocuments() {
  const documents = useQuery({ ...tariffDocuments, retry: false });
  const toast = useToast();
  const download = (name: string, blob: () => Promise<Blob>) =>
    blob()
      .then((b) => saveBlob(b, name))
      .catch((e: unknown) => toast.error(errorMessage(e)));
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-labelledby="documents-heading">
      <Typography variant="h6" component="h2" id="documents-heading" gutterBottom>
        Tariff Documents
      </Typography>
      {documents.isError && <Alert severity="error">{errorMessage(documents.error, MESSAGES.fetchFailed)}</Alert>}
      <List dense disablePadding>
        {(documents.data?.records ?? []).map((d) => (
          <ListItem key={d.id} disableGutters divider>
            <ListItemText primary={d.title} secondary={d.filename} />
            {d.filename.endsWith('.pdf') ? (
              <Button size="small" component={RouterLink} to={`/tariff/${encodeURIComponent(d.filename)}/${d.id}`}>
                View
              </Button>
            ) : (
              <Button size="small" onClick={() => download(d.filename, () => tariffDocumentBlob(d.filename, d.id))}>
                Download
              </Button>
            )}
          </ListItem>
        ))}
        <ListItem disableGutters>
          <ListItemText primary="Service tariff (PDF)" secondary="Monthly rentals of seats and numbers" />
          <Button size="small" onClick={() => download('tariff.pdf', serviceTariffBlob)}>
            Download
          </Button>
        </ListItem>
      </List>
    </Paper>
  );
}
