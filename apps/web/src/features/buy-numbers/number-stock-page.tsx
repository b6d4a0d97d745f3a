/**
 * /number-stock (provider admins): the service tariff's prices, each editable, a new range of
 * numbers added to stock (its area named from the geocoding data unless a name is given), and
 * international stock with its country's requirement.
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  AREA_NAMES,
  GEO_COUNTRIES,
  GEO_COUNTRY_LABELS,
  NUMBER_TYPE_LABELS,
  buyNumberRoutes as routes,
  type TariffItem,
  UK_NUMBER_TYPES,
} from '@switchboard/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../platform/api.ts';
import { call } from '../../platform/client.ts';
import { useToast } from '../../platform/toast.ts';
import { buyKeys, useTariff } from './api.ts';
import { InternationalStock } from './international-stock-form.tsx';

export default function NumberStockPage() {
  return (
    <Stack spacing={3}>
      <Typography variant="h5" component="h1">
        {AREA_NAMES['buy-numbers']}
      </Typography>
      <TariffTable />
      <AddRange />
      <InternationalStock />
      <NotForProfit />
    </Stack>
  );
}

function TariffTable() {
  const tariff = useTariff();
  if (tariff.isError) return <Alert severity="error">{errorMessage(tariff.error)}</Alert>;
  return (
    <Paper sx={{ p: 2, overflowX: 'auto', minWidth: 0 }}>
      <Typography variant="h6" component="h2" gutterBottom>
        Service tariff (ex VAT)
      </Typography>
      <Table size="small" aria-label="Service tariff">
        <TableHead>
          <TableRow>
            <TableCell>Item</TableCell>
            <TableCell>Monthly (£)</TableCell>
            <TableCell>Setup (£)</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {tariff.data?.records.map((t) => (
            <TariffRow key={`${t.item}-${t.version}`} item={t} />
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}

function TariffRow({ item }: { item: TariffItem }) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const [monthly, setMonthly] = useState(item.monthly ?? '');
  const [setup, setSetup] = useState(item.setup ?? '');
  const save = async () => {
    try {
      const reply = await call(routes.saveTariff, {
        params: { item: item.item },
        body: { monthly, setup, version: item.version },
      });
      toast.success(reply.message);
    } catch (error) {
      toast.error(errorMessage(error));
    }
    await queryClient.invalidateQueries({ queryKey: buyKeys.all });
  };
  return (
    <TableRow>
      <TableCell>{item.description}</TableCell>
      <TableCell>
        <TextField
          size="small"
          sx={{ width: 96 }}
          value={monthly}
          onChange={(e) => setMonthly(e.target.value)}
          slotProps={{ htmlInput: { 'aria-label': `${item.item} monthly` } }}
        />
      </TableCell>
      <TableCell>
        <TextField
          size="small"
          sx={{ width: 96 }}
          value={setup}
          onChange={(e) => setSetup(e.target.value)}
          slotProps={{ htmlInput: { 'aria-label': `${item.item} setup` } }}
        />
      </TableCell>
      <TableCell>
        <Button onClick={() => void save()}>Save</Button>
      </TableCell>
    </TableRow>
  );
}

function AddRange() {
  const toast = useToast();
  const [type, setType] = useState<(typeof UK_NUMBER_TYPES)[number]>('GEONUM');
  const [country, setCountry] = useState<(typeof GEO_COUNTRIES)[number]>('ENG');
  const [first, setFirst] = useState('');
  const [last, setLast] = useState('');
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const add = async () => {
    setProblem(null);
    try {
      const body = { type, country: type === 'GEONUM' ? country : null, first, last, name };
      toast.success((await call(routes.addRange, { body })).message);
      setFirst('');
      setLast('');
      setName('');
    } catch (error) {
      setProblem(errorMessage(error));
    }
  };
  return (
    <Paper sx={{ p: 2 }}>
      <Typography variant="h6" component="h2" gutterBottom>
        Add a range to stock
      </Typography>
      <Stack spacing={2} sx={{ maxWidth: 420 }}>
        <TextField
          select
          label="Type"
          value={type}
          onChange={(e) => setType(UK_NUMBER_TYPES.find((t) => t === e.target.value) ?? 'GEONUM')}
        >
          {UK_NUMBER_TYPES.map((t) => (
            <MenuItem key={t} value={t}>
              {NUMBER_TYPE_LABELS[t]}
            </MenuItem>
          ))}
        </TextField>
        {type === 'GEONUM' && (
          <TextField
            select
            label="Country"
            value={country}
            onChange={(e) => setCountry(GEO_COUNTRIES.find((c) => c === e.target.value) ?? 'ENG')}
          >
            {GEO_COUNTRIES.map((c) => (
              <MenuItem key={c} value={c}>
                {GEO_COUNTRY_LABELS[c]}
              </MenuItem>
            ))}
          </TextField>
        )}
        <TextField label="First number" value={first} onChange={(e) => setFirst(e.target.value.trim())} />
        <TextField label="Last number" value={last} onChange={(e) => setLast(e.target.value.trim())} />
        <TextField
          label="Area name"
          helperText="Optional: the geocoded name of the first number by default"
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
        {problem && <Alert severity="error">{problem}</Alert>}
        <Button variant="contained" onClick={() => void add()} sx={{ alignSelf: 'flex-start' }}>
          Add Range
        </Button>
      </Stack>
    </Paper>
  );
}

/** Spec 3 §5: 0300 numbers are for not-for-profit accounts; the provider marks them. */
function NotForProfit() {
  const toast = useToast();
  const [accountNo, setAccountNo] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const mark = async (notForProfit: boolean) => {
    setProblem(null);
    try {
      const params = { accountNo: Number(accountNo) };
      toast.success((await call(routes.notForProfit, { params, body: { notForProfit } })).message);
    } catch (error) {
      setProblem(errorMessage(error));
    }
  };
  return (
    <Paper sx={{ p: 2 }}>
      <Typography variant="h6" component="h2" gutterBottom>
        Not-for-profit accounts (0300 numbers)
      </Typography>
      <Stack spacing={2} sx={{ maxWidth: 420 }}>
        <TextField
          label="Account number"
          inputMode="numeric"
          value={accountNo}
          onChange={(e) => setAccountNo(e.target.value.replace(/\D/g, ''))}
        />
        {problem && <Alert severity="error">{problem}</Alert>}
        <Stack direction="row" spacing={1}>
          <Button variant="contained" disabled={!accountNo} onClick={() => void mark(true)}>
            Mark Not-for-profit
          </Button>
          <Button disabled={!accountNo} onClick={() => void mark(false)}>
            Unmark
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
