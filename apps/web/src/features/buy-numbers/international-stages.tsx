/**
 * The add-number wizard's international steps (spec 3 §4): Country → State (the USA) → Region → Numbers (how many,
 * at most the area's stock and 100) → Regulations (only where the country restricts: the account's
 * address and the acceptance of the requirement) → Confirm (the 'INT' tariff item's prices, hidden
 * for wholesale; the 3-month contract) → the order's per-item feedback. Changing the country resets
 * the state, the region, the address and the amount; changing the state resets the region and the
 * amount; changing the region resets the amount (spec 3 §4).
 */
import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  type AllocateReply,
  type CountryRestrictions,
  INTERNATIONAL_CONTRACT_MONTHS,
  INTERNATIONAL_MESSAGES,
  INTERNATIONAL_STOCK_CAP,
  internationalRoutes,
  BUY_NUMBER_MESSAGES as M,
  MESSAGES,
  type NumberType,
} from '@switchboard/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { errorMessage } from '../../platform/api.ts';
import { call } from '../../platform/client.ts';
import type { Stage } from '../../platform/staged-form/staged-form.tsx';
import { buyKeys, useTariff } from './api.ts';

interface Choice {
  country: string | null;
  /** The USA's areas are chosen by their state first (spec 3 §4). */
  state: string | null;
  areaId: number | null;
  quantity: number;
  addressId: number | null;
  accepted: boolean;
  reference: string;
}
const NONE: Choice = {
  country: null,
  state: null,
  areaId: null,
  quantity: 1,
  addressId: null,
  accepted: false,
  reference: '',
};

/** A stage with its check (the message that stops it, or null), as the wizard makes them. */
export type StageOf = (
  label: string,
  check: () => string | null,
  rest: Omit<Stage, 'label' | 'action' | 'error'>,
) => Stage;

const useCountries = () =>
  useQuery({ queryKey: [...buyKeys.all, 'international'], queryFn: () => call(internationalRoutes.countries) });
const useAreas = (country: string | null) =>
  useQuery({
    queryKey: [...buyKeys.all, 'international', country],
    queryFn: () => call(internationalRoutes.country, { params: { country: country ?? '', offset: -1, limit: 1 } }),
    enabled: country !== null,
  });
const useAddresses = (enabled: boolean) =>
  useQuery({
    queryKey: ['/numbering/international/address', 'choices'],
    queryFn: () => call(internationalRoutes.addresses, { params: { offset: -1, limit: -1 }, body: {} }),
    enabled,
  });

/** Whether the country restricts who may hold its numbers (the Regulations step). */
const restricted = (c: CountryRestrictions | undefined) =>
  c !== undefined && (c.regulationRequirement.addressType !== 'none' || c.regulationRequirement.proofRequired);

/** The international stages, and the order they end in (its reply handed to `done`); `type` is the wizard's. */
export function useInternationalStages(
  stage: StageOf,
  done: (reply: AllocateReply) => void,
  type: NumberType | null,
): Stage[] {
  const [choice, setChoice] = useState<Choice>(NONE);
  // Another type chosen (or the wizard reset): the international choices start again (spec 3 §4).
  const [typeSeen, setTypeSeen] = useState(type);
  if (type !== typeSeen) {
    setTypeSeen(type);
    setChoice(NONE);
  }
  const countries = useCountries();
  const areas = useAreas(choice.country);
  const country = countries.data?.records.find((c) => c.country === choice.country);
  const area = areas.data?.records.find((a) => a.id === choice.areaId);
  const most = Math.max(1, Math.min(area?.stock ?? 1, INTERNATIONAL_STOCK_CAP));
  const set = (change: Partial<Choice>) => setChoice((c) => ({ ...c, ...change }));
  const order = async () => {
    const body = { customerReference: choice.reference, areaId: choice.areaId ?? 0, quantity: choice.quantity };
    done(
      await call(internationalRoutes.order, {
        body: { ...body, addressId: restricted(country) ? choice.addressId : null },
      }),
    );
    return true;
  };
  return [
    stage('Country', () => (choice.country ? null : M.selectCountry), {
      content: <CountryChoice choice={choice} set={set} />,
    }),
    ...(choice.country === USA
      ? [
          stage('State', () => (choice.state ? null : M.selectState), {
            content: <StateChoice choice={choice} set={set} />,
          }),
        ]
      : []),
    stage('Region', () => (area ? null : M.selectRegion), { content: <AreaChoice choice={choice} set={set} /> }),
    stage('Numbers', () => (choice.quantity >= 1 && choice.quantity <= most ? null : M.selectNumber), {
      content: <Amount value={choice.quantity} most={most} set={set} />,
    }),
    ...(restricted(country)
      ? [
          stage(
            'Regulations',
            () =>
              !choice.addressId
                ? MESSAGES.required
                : choice.accepted
                  ? null
                  : INTERNATIONAL_MESSAGES.regulationNotAccepted,
            { content: <Regulations choice={choice} set={set} country={country} /> },
          ),
        ]
      : []),
    {
      label: 'Confirm',
      content: <Confirm choice={choice} set={set} name={`${country?.name ?? ''}, ${area?.name ?? ''}`} />,
      actionLabel: 'Purchase',
      action: order,
    },
  ];
}

interface ChoiceProps {
  choice: Choice;
  set: (change: Partial<Choice>) => void;
}

function CountryChoice({ choice, set }: ChoiceProps) {
  const countries = useCountries();
  if (countries.isPending) return <LinearProgress aria-label="Loading countries" />;
  if (countries.isError) return <Alert severity="error">{errorMessage(countries.error)}</Alert>;
  return (
    <TextField
      select
      fullWidth
      label="Country"
      value={choice.country ?? ''}
      onChange={(e) => set({ ...NONE, reference: choice.reference, country: e.target.value })}
    >
      {countries.data.records.map((c) => (
        <MenuItem key={c.country} value={c.country} disabled={c.stock === 0}>
          {c.name} (+{c.callingCode}){c.stock === 0 ? ' — none in stock' : ''}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** The USA: its numbers are chosen by state, then by area. */
const USA = 'US';

function StateChoice({ choice, set }: ChoiceProps) {
  const areas = useAreas(choice.country);
  if (areas.isPending) return <LinearProgress aria-label="Loading states" />;
  if (areas.isError) return <Alert severity="error">{errorMessage(areas.error)}</Alert>;
  const states = [...new Set(areas.data.records.map((a) => a.state).filter((s) => s !== null))].sort();
  return (
    <TextField
      select
      fullWidth
      label="State"
      value={choice.state ?? ''}
      onChange={(e) => set({ state: e.target.value, areaId: null, quantity: 1 })}
    >
      {states.map((s) => (
        <MenuItem key={s} value={s}>
          {s}
        </MenuItem>
      ))}
    </TextField>
  );
}

function AreaChoice({ choice, set }: ChoiceProps) {
  const areas = useAreas(choice.country);
  if (areas.isPending) return <LinearProgress aria-label="Loading regions" />;
  if (areas.isError) return <Alert severity="error">{errorMessage(areas.error)}</Alert>;
  const shown = areas.data.records.filter((a) => choice.country !== USA || a.state === choice.state);
  return (
    <TextField
      select
      fullWidth
      label="Region"
      value={choice.areaId ?? ''}
      onChange={(e) => set({ areaId: Number(e.target.value), quantity: 1 })}
    >
      {shown.map((a) => (
        <MenuItem key={a.id} value={a.id} disabled={a.stock === 0}>
          {a.name} (
          {a.stock === 0 ? 'none in stock' : `${a.stock}${a.stock >= INTERNATIONAL_STOCK_CAP ? '+' : ''} in stock`})
        </MenuItem>
      ))}
    </TextField>
  );
}

function Amount({ value, most, set }: { value: number; most: number; set: ChoiceProps['set'] }) {
  return (
    <Stack spacing={1}>
      <Typography id="international-amount">How many numbers: {value}</Typography>
      <Slider
        aria-labelledby="international-amount"
        value={value}
        min={1}
        max={most}
        step={1}
        disabled={most === 1}
        valueLabelDisplay="auto"
        onChange={(_, v) => set({ quantity: Array.isArray(v) ? (v[0] ?? 1) : v })}
      />
    </Stack>
  );
}

function Regulations({ choice, set, country }: ChoiceProps & { country: CountryRestrictions | undefined }) {
  const addresses = useAddresses(true);
  const requirement = country?.regulationRequirement;
  return (
    <Stack spacing={2}>
      <Typography>
        {country?.name} requires an address{' '}
        {requirement?.addressType === 'local'
          ? 'in the number’s area'
          : requirement?.addressType === 'national'
            ? `in ${country?.name}`
            : 'anywhere'}
        {requirement?.proofRequired ? ` and a proof of it (${requirement.proofTypes.join(', ')})` : ''}.
      </Typography>
      {addresses.isError && <Alert severity="error">{errorMessage(addresses.error)}</Alert>}
      <TextField
        select
        fullWidth
        label="Address"
        required
        value={choice.addressId ?? ''}
        onChange={(e) => set({ addressId: Number(e.target.value) })}
        helperText={
          <>
            Add a new one, and its proof, on the{' '}
            <Link component={RouterLink} to="/international-addresses">
              International Addresses
            </Link>{' '}
            page.
          </>
        }
      >
        {(addresses.data?.records ?? []).map((a) => (
          <MenuItem key={a.id} value={a.id}>
            {a.firstname} {a.lastname}, {a.addressLine1}, {a.country} ({a.proofCount} proof
            {a.proofCount === 1 ? '' : 's'})
          </MenuItem>
        ))}
      </TextField>
      <FormControlLabel
        control={<Checkbox checked={choice.accepted} onChange={(e) => set({ accepted: e.target.checked })} />}
        label="I am aware of the regulation requirements of these numbers"
      />
    </Stack>
  );
}

function Confirm({ choice, set, name }: ChoiceProps & { name: string }) {
  const tariff = useTariff();
  const item = tariff.data?.records.find((t) => t.item === 'INT');
  return (
    <Stack spacing={1.5}>
      <Typography>
        {choice.quantity} international number{choice.quantity === 1 ? '' : 's'}: {name}
      </Typography>
      {tariff.isError && <Alert severity="error">{M.pricingError}</Alert>}
      {item?.monthly != null && (
        <Typography>
          Each £{item.monthly} a month{item.setup != null ? ` and £${item.setup} to set up` : ''}. {M.exVat}
        </Typography>
      )}
      <Alert severity="info">International numbers have a {INTERNATIONAL_CONTRACT_MONTHS} month contract.</Alert>
      <TextField
        label="Customer reference"
        value={choice.reference}
        onChange={(e) => set({ reference: e.target.value })}
        slotProps={{ htmlInput: { maxLength: 50 } }}
      />
    </Stack>
  );
}
