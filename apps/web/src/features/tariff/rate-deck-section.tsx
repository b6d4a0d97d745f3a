/**
 * The rate deck, for provider admins (not while acting as a customer): a page of it at a time,
 * searched by destination or prefix, and each rate edited in a dialog (pence with two decimals;
 * saved with its version, so an edit based on an older version is refused with the stale message).
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TablePagination from '@mui/material/TablePagination';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  formatRate,
  MESSAGES,
  TARIFF_CATEGORY_LABELS,
  TARIFF_RATE_FIELDS,
  TARIFF_SMS_FIELD,
  type TariffRateField,
  type TariffRateRecord,
  tariffRateInput,
} from '@switchboard/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../platform/api.ts';
import { useChange } from '../../platform/mutation.ts';
import { SimpleTable } from '../../platform/simple-table.tsx';
import { RATES_PAGE, rateList, tariffKeys, updateRate } from './api.ts';

export function RateDeckSection() {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const [editing, setEditing] = useState<TariffRateRecord | null>(null);
  const rates = useQuery({ ...rateList(search.trim(), page * RATES_PAGE), placeholderData: keepPreviousData });
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-labelledby="deck-heading">
      <Typography variant="h6" component="h2" id="deck-heading" gutterBottom>
        Rate Deck
      </Typography>
      <TextField
        label="Search destination or prefix"
        size="small"
        value={search}
        onChange={(e) => {
          setSearch(e.target.value);
          setPage(0);
        }}
        sx={{ mb: 1, width: { xs: '100%', sm: 320 } }}
      />
      {rates.isError && <Alert severity="error">{errorMessage(rates.error, MESSAGES.fetchFailed)}</Alert>}
      <SimpleTable
        label="Rate deck"
        rows={rates.data?.records ?? []}
        columns={[
          { header: 'Prefix', cell: (r) => r.prefix },
          { header: 'Destination', cell: (r) => r.destination },
          { header: 'Category', cell: (r) => TARIFF_CATEGORY_LABELS[r.category] },
          { header: 'On-peak', cell: (r) => formatRate(r.onPeak), align: 'right' },
          { header: 'Off-peak', cell: (r) => formatRate(r.offPeak), align: 'right' },
          { header: 'SMS', cell: (r) => (r.sms === '' ? 'No texts' : formatRate(r.sms)), align: 'right' },
          {
            header: 'Edit',
            cell: (r) => (
              <Button size="small" aria-label={`Edit ${r.destination} (${r.prefix})`} onClick={() => setEditing(r)}>
                Edit
              </Button>
            ),
          },
        ]}
      />
      <TablePagination
        component="div"
        count={rates.data?.totalRecords ?? 0}
        page={page}
        rowsPerPage={RATES_PAGE}
        rowsPerPageOptions={[RATES_PAGE]}
        onPageChange={(_e, p) => setPage(p)}
      />
      {editing && <RateDialog rate={editing} onClose={() => setEditing(null)} />}
    </Paper>
  );
}

type Values = Record<TariffRateField | 'destination' | 'sms', string>;
const RATE_KEYS = Object.keys(TARIFF_RATE_FIELDS) as TariffRateField[];
const HELPERS: Partial<Record<keyof Values, string>> = {
  sms: 'pence; empty: the destination takes no texts',
};

function RateDialog({ rate, onClose }: { rate: TariffRateRecord; onClose: () => void }) {
  const [values, setValues] = useState<Values>(() => ({
    destination: rate.destination,
    access: rate.access,
    onPeak: rate.onPeak,
    onPeakConnection: rate.onPeakConnection,
    offPeak: rate.offPeak,
    weekendOnPeak: rate.weekendOnPeak,
    weekendOffPeak: rate.weekendOffPeak,
    minimum: rate.minimum,
    sms: rate.sms,
  }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useChange({
    mutationFn: (body: ReturnType<typeof tariffRateInput.parse>) => updateRate(rate.id, rate.version, body),
    invalidates: [tariffKeys.all],
    success: (reply) => reply.message,
  });
  const submit = () => {
    const parsed = tariffRateInput.safeParse(values);
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= issue.message;
      return setErrors(found);
    }
    setErrors({});
    save.mutate(parsed.data, { onSuccess: onClose });
  };
  const field = (key: keyof Values, label: string) => (
    <TextField
      key={key}
      label={label}
      size="small"
      value={values[key]}
      onChange={(e) => setValues((v) => ({ ...v, [key]: e.target.value }))}
      error={Boolean(errors[key])}
      helperText={errors[key] ?? (key === 'destination' ? undefined : (HELPERS[key] ?? 'pence'))}
    />
  );
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>Edit rate {rate.prefix}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {save.isError && <Alert severity="error">{errorMessage(save.error)}</Alert>}
          {field('destination', 'Destination')}
          {RATE_KEYS.map((k) => field(k, TARIFF_RATE_FIELDS[k]))}
          {field('sms', TARIFF_SMS_FIELD)}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={submit} disabled={save.isPending}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}
