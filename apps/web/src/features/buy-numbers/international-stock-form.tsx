/**
 * /number-stock's international stock (provider admins): a country's regulation requirement (set or
 * changed), an area of it (the USA's with its state) and a run of numbers from the first (E.164).
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  ADDRESS_TYPES,
  type AddressType,
  internationalRoutes,
  PROOF_TYPE_LABELS,
  PROOF_TYPES,
  type ProofType,
} from '@switchboard/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../platform/api.ts';
import { call } from '../../platform/client.ts';
import { useToast } from '../../platform/toast.ts';
import { buyKeys } from './api.ts';

const ADDRESS_LABELS: Record<AddressType, string> = {
  none: 'No address needed',
  worldwide: 'An address anywhere',
  national: 'An address in the country',
  local: 'An address in the number’s area',
};

interface Form {
  country: string;
  addressType: AddressType;
  proofRequired: boolean;
  proofTypes: ProofType[];
  area: string;
  state: string;
  first: string;
  count: string;
}
const EMPTY: Form = {
  country: '',
  addressType: 'none',
  proofRequired: false,
  proofTypes: [],
  area: '',
  state: '',
  first: '',
  count: '100',
};

export function InternationalStock() {
  const toast = useToast();
  const queryClient = useQueryClient();
  const [form, setForm] = useState<Form>(EMPTY);
  const [problem, setProblem] = useState<string | null>(null);
  const set = (change: Partial<Form>) => setForm((f) => ({ ...f, ...change }));
  const add = async () => {
    setProblem(null);
    try {
      const body = { ...form, country: form.country.toUpperCase(), count: Number(form.count) };
      toast.success((await call(internationalRoutes.addStock, { body })).message);
      await queryClient.invalidateQueries({ queryKey: [...buyKeys.all, 'international'] });
      setForm((f) => ({ ...f, area: '', state: '', first: '' }));
    } catch (error) {
      setProblem(errorMessage(error));
    }
  };
  return (
    <Paper sx={{ p: 2 }}>
      <Typography variant="h6" component="h2" gutterBottom>
        Add international stock
      </Typography>
      <Stack spacing={2} sx={{ maxWidth: 420 }}>
        <TextField
          label="Country code"
          helperText="Two letters (ISO 3166), e.g. DE"
          value={form.country}
          onChange={(e) => set({ country: e.target.value.trim().slice(0, 2) })}
        />
        <Requirement form={form} set={set} />
        <TextField label="International area" value={form.area} onChange={(e) => set({ area: e.target.value })} />
        <TextField
          label="State"
          helperText="The USA's areas only"
          value={form.state}
          onChange={(e) => set({ state: e.target.value })}
        />
        <TextField
          label="First international number"
          helperText="In international form, e.g. +493012345000"
          value={form.first}
          onChange={(e) => set({ first: e.target.value.trim() })}
        />
        <TextField
          label="How many numbers"
          type="number"
          value={form.count}
          onChange={(e) => set({ count: e.target.value })}
        />
        {problem && <Alert severity="error">{problem}</Alert>}
        <Button variant="contained" onClick={() => void add()} sx={{ alignSelf: 'flex-start' }}>
          Add Stock
        </Button>
      </Stack>
    </Paper>
  );
}

/** The country's regulation requirement: where the address must be, and the proofs it accepts. */
function Requirement({ form, set }: { form: Form; set: (change: Partial<Form>) => void }) {
  const toggle = (t: ProofType, on: boolean) =>
    set({ proofTypes: on ? [...form.proofTypes, t] : form.proofTypes.filter((p) => p !== t) });
  return (
    <>
      <TextField
        select
        label="Address required"
        value={form.addressType}
        onChange={(e) => set({ addressType: ADDRESS_TYPES.find((a) => a === e.target.value) ?? 'none' })}
      >
        {ADDRESS_TYPES.map((a) => (
          <MenuItem key={a} value={a}>
            {ADDRESS_LABELS[a]}
          </MenuItem>
        ))}
      </TextField>
      <FormControlLabel
        control={<Switch checked={form.proofRequired} onChange={(e) => set({ proofRequired: e.target.checked })} />}
        label="Proof of the address required"
      />
      {form.proofRequired && (
        <FormGroup>
          <FormLabel component="legend">Proofs accepted</FormLabel>
          {PROOF_TYPES.map((t) => (
            <FormControlLabel
              key={t}
              label={PROOF_TYPE_LABELS[t]}
              control={<Checkbox checked={form.proofTypes.includes(t)} onChange={(e) => toggle(t, e.target.checked)} />}
            />
          ))}
        </FormGroup>
      )}
    </>
  );
}
