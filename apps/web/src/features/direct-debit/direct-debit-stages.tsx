/**
 * The Direct Debit wizard's stage contents: the sole-signatory check, Your Details (the address
 * chosen from the postcode's), Payment Details (the bank named from the sort code and account
 * number) and Confirm. Each field shows its message under it.
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type AddressRecord, DIRECT_DEBIT_MESSAGES } from '@switchboard/domain';
import type { Errors, FieldName, Values } from './direct-debit-form.ts';

export interface FieldsProps {
  values: Values;
  errors: Errors;
  onChange: (field: FieldName, value: string) => void;
}

function Field({
  name,
  label,
  values,
  errors,
  onChange,
  required = true,
  onBlur,
}: FieldsProps & { name: FieldName; label: string; required?: boolean; onBlur?: () => void }) {
  return (
    <TextField
      label={label}
      name={name}
      value={values[name]}
      onChange={(e) => onChange(name, e.target.value)}
      onBlur={onBlur}
      required={required}
      error={Boolean(errors[name])}
      helperText={errors[name]}
      fullWidth
      size="small"
    />
  );
}

function YesNo({
  id,
  label,
  value,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (v: string) => void;
}) {
  return (
    <FormControl>
      <FormLabel id={id}>{label}</FormLabel>
      <RadioGroup row aria-labelledby={id} value={value} onChange={(e) => onChange(e.target.value)}>
        <FormControlLabel value="yes" control={<Radio />} label="Yes" />
        <FormControlLabel value="no" control={<Radio />} label="No" />
      </RadioGroup>
    </FormControl>
  );
}

export function CheckStage(p: {
  inName: string;
  setInName: (v: string) => void;
  sole: string;
  setSole: (v: string) => void;
}) {
  const dual = p.inName === 'no' || p.sole === 'no';
  return (
    <Stack spacing={2}>
      <YesNo
        id="in-name"
        label="Is the account you will pay from in your name (or your company's)?"
        value={p.inName}
        onChange={p.setInName}
      />
      <YesNo
        id="sole"
        label="Are you the only person needed to authorise debits from it?"
        value={p.sole}
        onChange={p.setSole}
      />
      {dual && <Alert severity="info">{DIRECT_DEBIT_MESSAGES.dualSignatory}</Alert>}
    </Stack>
  );
}

function AddressChoice({ addresses, onChoose }: { addresses: AddressRecord[]; onChoose: (a: AddressRecord) => void }) {
  if (addresses.length === 0) {
    return <Alert severity="warning">No addresses were found for this postcode: please type the address.</Alert>;
  }
  return (
    <FormControl fullWidth size="small">
      <InputLabel id="address-label">Address</InputLabel>
      <Select
        labelId="address-label"
        label="Address"
        value=""
        onChange={(e) => {
          const a = addresses[Number(e.target.value)];
          if (a) onChoose(a);
        }}
      >
        {addresses.map((a, i) => (
          <MenuItem key={`${a.line_1}|${a.line_2}|${a.post_town}`} value={i}>
            {[a.line_1, a.line_2, a.post_town].filter(Boolean).join(', ')}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}

export function YourDetails(
  p: FieldsProps & {
    addresses: AddressRecord[] | null;
    addressError: string;
    findAddresses: () => void;
    chooseAddress: (a: AddressRecord) => void;
  },
) {
  const f = { values: p.values, errors: p.errors, onChange: p.onChange };
  return (
    <Stack spacing={2} sx={{ pt: 1 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <Field {...f} name="firstName" label="First Name" />
        <Field {...f} name="surname" label="Last Name" />
      </Stack>
      <Field {...f} name="company" label="Company" />
      <Field {...f} name="telephone" label="Telephone" />
      <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Field {...f} name="postCode" label="Postcode" />
        <Button variant="outlined" onClick={p.findAddresses} sx={{ flexShrink: 0 }}>
          Find Address
        </Button>
      </Stack>
      {p.addressError && <Alert severity="warning">{p.addressError}</Alert>}
      {p.addresses !== null && <AddressChoice addresses={p.addresses} onChoose={p.chooseAddress} />}
      <Field {...f} name="line1" label="Address Line 1" />
      <Field {...f} name="line2" label="Address Line 2" required={false} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <Field {...f} name="city" label="City" />
        <Field {...f} name="county" label="County" required={false} />
      </Stack>
    </Stack>
  );
}

export function PaymentDetails(p: FieldsProps & { bankName: string; lookUpBank: () => void }) {
  const f = { values: p.values, errors: p.errors, onChange: p.onChange };
  return (
    <Stack spacing={2} sx={{ pt: 1 }}>
      <Field {...f} name="accountHolder" label="Account Holder Name" />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <Field {...f} name="sortCode" label="Sort Code" onBlur={p.lookUpBank} />
        <Field {...f} name="accountNumber" label="Account Number" onBlur={p.lookUpBank} />
      </Stack>
      {p.bankName && <Alert severity="success">Bank: {p.bankName}</Alert>}
    </Stack>
  );
}

export function ConfirmStage(p: {
  values: Values;
  bankName: string;
  agreed: boolean;
  setAgreed: (v: boolean) => void;
}) {
  return (
    <Stack spacing={1}>
      <Typography variant="body2">
        {p.values.accountHolder}: {p.bankName}, sort code {p.values.sortCode}, account ending{' '}
        {p.values.accountNumber.slice(-4)}.
      </Typography>
      <Typography variant="body2">
        Invoices are collected from this account about 3 days before they are due; the Direct Debit takes 3 working days
        to set up. You are protected by the Direct Debit Guarantee.
      </Typography>
      <FormControlLabel
        control={<Checkbox checked={p.agreed} onChange={(e) => p.setAgreed(e.target.checked)} required />}
        label="I confirm I may authorise debits from this account and accept the Direct Debit Guarantee"
      />
    </Stack>
  );
}
