/** The wizard's Type, Country and Region stages. */
import Alert from '@mui/material/Alert';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import {
  GEO_COUNTRIES,
  GEO_COUNTRY_LABELS,
  type GeoCountry,
  NUMBER_TYPE_LABELS,
  NUMBER_TYPES,
  type NumberType,
} from '@switchboard/domain';
import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '../../platform/api.ts';
import { regionsQuery } from './api.ts';
import type { Selection, SelectionChange } from './wizard-state.ts';

interface StageProps {
  selection: Selection;
  change: (c: SelectionChange) => void;
}

/** Spec 3 §6: international numbers for wholesale accounts and provider admins only. */
export function TypeStage({ selection, change, international }: StageProps & { international: boolean }) {
  const types = NUMBER_TYPES.filter((t) => t !== 'INT' || international);
  return (
    <FormControl>
      <FormLabel id="number-type">Type</FormLabel>
      <RadioGroup
        aria-labelledby="number-type"
        value={selection.type ?? ''}
        onChange={(e) => {
          const type = types.find((t) => t === e.target.value);
          if (type) change({ kind: 'type', type });
        }}
      >
        {types.map((t) => (
          <FormControlLabel key={t} value={t} control={<Radio />} label={NUMBER_TYPE_LABELS[t]} />
        ))}
      </RadioGroup>
    </FormControl>
  );
}

export function CountryStage({ selection, change }: StageProps) {
  return (
    <FormControl>
      <FormLabel id="number-country">Country</FormLabel>
      <RadioGroup
        aria-labelledby="number-country"
        value={selection.country ?? ''}
        onChange={(e) => {
          const country = GEO_COUNTRIES.find((c) => c === e.target.value);
          if (country) change({ kind: 'country', country });
        }}
      >
        {GEO_COUNTRIES.map((c) => (
          <FormControlLabel key={c} value={c} control={<Radio />} label={GEO_COUNTRY_LABELS[c]} />
        ))}
      </RadioGroup>
    </FormControl>
  );
}

export function RegionStage({ selection, change }: StageProps) {
  const type: NumberType = selection.type ?? 'GEONUM';
  const country: GeoCountry | null = type === 'GEONUM' ? selection.country : null;
  const regions = useQuery(regionsQuery(type, country));
  if (regions.isPending) return <LinearProgress aria-label="Loading regions" />;
  if (regions.isError) return <Alert severity="error">{errorMessage(regions.error)}</Alert>;
  const records = regions.data.records;
  if (records.length === 0) return <Alert severity="info">No numbers of this type are in stock at the moment.</Alert>;
  return (
    <TextField
      select
      fullWidth
      label="Region"
      value={selection.region ?? ''}
      onChange={(e) => change({ kind: 'region', region: Number(e.target.value) })}
    >
      {records.map((r) => (
        <MenuItem key={r.numberRangeId} value={r.numberRangeId}>
          {r.name} ({r.prefix})
        </MenuItem>
      ))}
    </TextField>
  );
}
