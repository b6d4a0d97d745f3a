/**
 * The invoice list's date range (the invoice date, inclusive): From and To, each typed DD/MM/YYYY or
 * picked from a calendar (the platform's date picker, loaded with the first page that has one), and
 * Clear dates. The range is 'YYYY-MM-DD' both ends, as the URL and the API carry it.
 */
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { lazy, Suspense } from 'react';
import type { DatePickerFieldProps } from '../../platform/fields/date-time-field.tsx';
import type { DateRange } from './api.ts';

const DatePickerField = lazy(() =>
  import('../../platform/fields/date-time-field.tsx').then((m) => ({ default: m.DatePickerField })),
);

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
  range,
  onChange,
}: {
  range: DateRange;
  /** The ends that changed (both at once when cleared). */
  onChange: (patch: Partial<DateRange>) => void;
}) {
  return (
    <Stack
      direction="row"
      spacing={1.5}
      sx={{ alignItems: 'center', flexWrap: 'wrap' }}
      useFlexGap
      role="group"
      aria-label="Invoice date"
    >
      <Typography variant="body2" color="text.secondary">
        Invoice date
      </Typography>
      <RangeEnd label="From" name="from" value={range.from} max={range.to} onChange={(from) => onChange({ from })} />
      <RangeEnd label="To" name="to" value={range.to} min={range.from} onChange={(to) => onChange({ to })} />
      {(range.from || range.to) && (
        <Button size="small" onClick={() => onChange({ from: '', to: '' })}>
          Clear dates
        </Button>
      )}
    </Stack>
  );
}
