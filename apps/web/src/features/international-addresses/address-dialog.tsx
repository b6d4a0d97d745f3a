/**
 * A new international address (spec 3 §3, §5): every field required with the §5 rules (the domain's
 * schema, the same the server checks), the international numbers it is for, the country whose
 * regulation it answers — its proof type and document then required when that country asks for
 * proof — and the regulation accepted ('Please accept that you are aware of the regulation
 * requirements before continuing.').
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  type CountryRestrictions,
  INTERNATIONAL_MESSAGES,
  internationalAddressFields,
  internationalAddressInput,
  internationalRoutes,
  MESSAGES,
  type ProofType,
} from '@switchboard/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../platform/api.ts';
import { call } from '../../platform/client.ts';
import { labelOf } from '../../platform/fields/declared-fields.ts';
import { countriesQuery, numbersQuery, refreshInternational } from './api.ts';
import { ProofInputs, sendProof } from './proof-dialog.tsx';
import { ADDRESS_TYPE_TEXT, proofText } from './restrictions-tab.tsx';

const FIELDS = [
  'title',
  'firstname',
  'lastname',
  'addressLine1',
  'addressLine2',
  'county',
  'country',
  'postcode',
] as const;
type Field = (typeof FIELDS)[number];
const EMPTY: Record<Field, string> = {
  title: '',
  firstname: '',
  lastname: '',
  addressLine1: '',
  addressLine2: '',
  county: '',
  country: '',
  postcode: '',
};

/** Each field's share of a row of 12 on a wider screen (6 unless told). */
const WIDTH: Partial<Record<Field, number>> = {
  title: 2,
  firstname: 5,
  lastname: 5,
  addressLine1: 12,
  addressLine2: 12,
};

/** The form's state, its checks (the domain's schema first) and its sending. */
function useAddressForm(onDone: (message: { ok: boolean; text: string }) => void) {
  const client = useQueryClient();
  const [values, setValues] = useState(EMPTY);
  const [numberIds, setNumberIds] = useState<number[]>([]);
  const [country, setCountry] = useState<CountryRestrictions | null>(null);
  const [proofType, setProofType] = useState<ProofType | ''>('');
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [accepted, setAccepted] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [tried, setTried] = useState(false);
  const proofNeeded = country?.regulationRequirement.proofRequired === true;

  const submit = async () => {
    setTried(true);
    const parsed = internationalAddressInput.safeParse({
      ...values,
      allocatedNumberIds: numberIds,
      regulationAccepted: accepted,
    });
    const found: Record<string, string> = {};
    if (!parsed.success) for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= issue.message;
    setErrors(found);
    const proofMissing = proofNeeded && (proofType === '' || !file || fileError !== null);
    if (!parsed.success || proofMissing) return;
    try {
      const reply = await call(internationalRoutes.createAddress, { body: parsed.data });
      const failed = proofNeeded && file && proofType && reply.id ? await sendProof(reply.id, proofType, file) : null;
      await refreshInternational(client);
      if (failed) onDone({ ok: false, text: failed });
      else onDone({ ok: true, text: proofNeeded ? INTERNATIONAL_MESSAGES.documentsAdded : reply.message });
    } catch (error) {
      onDone({ ok: false, text: errorMessage(error, MESSAGES.uploadFallback) });
    }
  };
  const set = (field: Field, value: string) => setValues((v) => ({ ...v, [field]: value }));
  const proof = { proofType, setProofType, file, fileError, setFile, setFileError };
  return {
    values,
    set,
    errors,
    numberIds,
    setNumberIds,
    country,
    setCountry,
    proof,
    proofNeeded,
    accepted,
    setAccepted,
    tried,
    submit,
  };
}

type Form = ReturnType<typeof useAddressForm>;

function AddressInputs({ form }: { form: Form }) {
  return (
    <Grid container spacing={2}>
      {FIELDS.map((f) => (
        <Grid key={f} size={{ xs: 12, sm: WIDTH[f] ?? 6 }}>
          <TextField
            fullWidth
            size="small"
            required
            label={labelOf(internationalAddressFields, f)}
            value={form.values[f]}
            onChange={(e) => form.set(f, e.target.value)}
            error={form.errors[f] !== undefined}
            helperText={form.errors[f] ?? ' '}
          />
        </Grid>
      ))}
    </Grid>
  );
}

function RegulationInputs({ form }: { form: Form }) {
  const numbers = useQuery(numbersQuery);
  const countries = useQuery(countriesQuery);
  const requirement = form.country?.regulationRequirement;
  return (
    <Stack spacing={2}>
      <TextField
        select
        size="small"
        label="Telephone Numbers"
        value={form.numberIds}
        onChange={(e) => {
          const v: unknown = e.target.value;
          form.setNumberIds(Array.isArray(v) ? v.map(Number) : []);
        }}
        slotProps={{ select: { multiple: true } }}
        helperText="The international numbers this address is for (optional)"
      >
        {(numbers.data?.records ?? []).map((n) => (
          <MenuItem key={n.id} value={n.id}>
            {n.number}
            {n.countryName ? ` (${n.countryName})` : ''}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label="Regulations of"
        value={form.country?.country ?? ''}
        onChange={(e) => form.setCountry(countries.data?.records.find((c) => c.country === e.target.value) ?? null)}
        helperText={
          requirement
            ? `${ADDRESS_TYPE_TEXT[requirement.addressType]}; proof: ${form.country ? proofText(form.country) : ''}`
            : 'The country whose numbers this address is for'
        }
      >
        {(countries.data?.records ?? []).map((c) => (
          <MenuItem key={c.country} value={c.country}>
            {c.name}
          </MenuItem>
        ))}
      </TextField>
      {form.proofNeeded && requirement && (
        <ProofInputs
          types={requirement.proofTypes}
          proofType={form.proof.proofType}
          onType={form.proof.setProofType}
          file={form.proof.file}
          fileError={form.proof.fileError}
          onFile={(f, e) => {
            form.proof.setFile(f);
            form.proof.setFileError(e);
          }}
          tried={form.tried}
        />
      )}
    </Stack>
  );
}

export function AddressDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const [key, setKey] = useState(0);
  const close = () => {
    setOutcome(null);
    setKey((k) => k + 1);
    onClose();
  };
  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="md">
      <DialogTitle>Add Address</DialogTitle>
      <AddressForm key={key} outcome={outcome} onOutcome={setOutcome} onClose={close} />
    </Dialog>
  );
}

function AddressForm(props: {
  outcome: { ok: boolean; text: string } | null;
  onOutcome: (o: { ok: boolean; text: string }) => void;
  onClose: () => void;
}) {
  const form = useAddressForm(props.onOutcome);
  const done = props.outcome?.ok === true;
  return (
    <>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {!done && <AddressInputs form={form} />}
          {!done && <RegulationInputs form={form} />}
          {!done && (
            <div>
              <FormControlLabel
                control={<Checkbox checked={form.accepted} onChange={(e) => form.setAccepted(e.target.checked)} />}
                label="I am aware of the regulation requirements of the numbers this address is for"
              />
              {form.errors.regulationAccepted && (
                <FormHelperText error>{form.errors.regulationAccepted}</FormHelperText>
              )}
            </div>
          )}
          {props.outcome && <Alert severity={props.outcome.ok ? 'success' : 'error'}>{props.outcome.text}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>{done ? 'Close' : 'Cancel'}</Button>
        {!done && (
          <Button variant="contained" onClick={() => void form.submit()}>
            Save
          </Button>
        )}
      </DialogActions>
    </>
  );
}
