/**
 * A list's date range (inclusive: the invoices' invoice date, the call recordings' day): From and
 * To, each typed DD/MM/YYYY or picked from a calendar (the platform's date picker, loaded with the
 * first page that has one), and a button that clears it ('Clear dates') or puts the default back.
 * The range is 'YYYY-MM-DD' both ends, as the URL and the API carry it (url-date-range.ts).
 */
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { lazy, Suspense } from 'react';
import type { DatePickerFieldProps } from './date-time-field.tsx';
import type { DateRange } from './url-date-range.ts';

const DatePickerField = lazy(() => import('./date-time-field.tsx').then((m) => ({ default: m.DatePickerField })));

const FIELD_WIDTH = 170;

/** One end of the range: the lazily loaded picker, with a placeholder of its size meanwhile. */
function RangeEnd(props: Omit<DatePickerFieldProps, 'width'>) {
  return (
    <Suspense fallback={<Skeleton variant="rounded" width={FIELD_WIDTH} height={40} />}>
      <DatePickerField {...props} width={FIELD_WIDTH} />
    </Suspense>
  );
}

export function DateRangeFilter({
  label,
  range,
  onChange,
  clear = { label: 'Clear dates', shown: Boolean(range.from || range.to) },
}: {
  /** What the dates are of ('Invoice date'): the group's name and its caption. */
  label: string;
  range: DateRange;
  /** The ends that changed (both at once when cleared). */
  onChange: (patch: Partial<DateRange>) => void;
  /** The clearing button's text, and whether it shows (by default: 'Clear dates' while a date is set). */
  clear?: { label: string; shown: boolean };
}) {
  return (
    <Stack
      direction="row"
      spacing={1.5}
      sx={{ alignItems: 'center', flexWrap: 'wrap' }}
      useFlexGap
      role="group"
      aria-label={label}
    >
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <RangeEnd label="From" name="from" value={range.from} max={range.to} onChange={(from) => onChange({ from })} />
      <RangeEnd label="To" name="to" value={range.to} min={range.from} onChange={(to) => onChange({ to })} />
      {clear.shown && (
        <Button size="small" onClick={() => onChange({ from: '', to: '' })}>
          {clear.label}
        </Button>
      )}
    </Stack>
  );
}
