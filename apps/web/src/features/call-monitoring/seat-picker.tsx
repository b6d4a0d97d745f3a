/** A multiple choice of the account's seats (by SIP name), shown by extension and nickname. */
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { MESSAGES, type MonitoringOverview } from '@switchboard/domain';
import { useQuery } from '@tanstack/react-query';
import { seatLabel, seatOptions } from './api.ts';

interface SeatPickerProps {
  label: string;
  /** The seats chosen, by SIP name ('30000*201'). */
  value: string[];
  onChange: (value: string[]) => void;
  error?: string | undefined;
  helper?: string;
  disabled?: boolean;
  /** Seats not offered (e.g. the seat being edited: a seat cannot monitor itself). */
  exclude?: string[];
}

export function SeatPicker({ label, value, onChange, error, helper, disabled, exclude = [] }: SeatPickerProps) {
  const seats = useQuery(seatOptions());
  const all = seats.data ?? [];
  const byName = new Map(all.map((s) => [s.source, s]));
  const options = all.filter((s) => !exclude.includes(s.source));
  const chosen = value.map((name) => byName.get(name)).filter((s): s is MonitoringOverview => s !== undefined);
  const loadHelper = seats.isError
    ? MESSAGES.fetchFailed
    : seats.isSuccess && all.length === 0
      ? MESSAGES.noItems
      : undefined;
  return (
    <Autocomplete
      multiple
      options={options}
      value={chosen}
      disabled={disabled}
      loading={seats.isPending}
      getOptionLabel={seatLabel}
      isOptionEqualToValue={(a, b) => a.source === b.source}
      onChange={(_event, next) => onChange(next.map((s) => s.source))}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          size="small"
          error={error !== undefined}
          helperText={error ?? loadHelper ?? helper}
        />
      )}
    />
  );
}
