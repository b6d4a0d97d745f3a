/** The Schedule tab: per day enabled, and the open hours on a 0-1439 minute slider in steps of 5. */
import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import Slider from '@mui/material/Slider';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { DAY_LABELS, DAYS, minutesToTime, SLIDER, type TimeProfileInput, timeToMinutes } from '@switchboard/domain';
import { Controller, type UseFormReturn } from 'react-hook-form';

const MARKS = [0, 360, 720, 1080, 1439].map((value) => ({ value, label: minutesToTime(value) }));

export function ScheduleTab({ form, disabled }: { form: UseFormReturn<TimeProfileInput>; disabled: boolean }) {
  return (
    <Box sx={{ minWidth: { md: 600 } }}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Calls route to the open destination during these hours (UK time) and to the closed destination at other times,
        on bank holidays of the chosen region, and during calendar entries.
      </Typography>
      {DAYS.map((day) => (
        <Controller
          key={day}
          control={form.control}
          name={`days.${day}`}
          render={({ field: { value, onChange, name }, fieldState }) => {
            // The form is filled from the record just after the first render.
            if (!value) return <Box />;
            const error = fieldState.error?.message ?? form.getFieldState(`days.${day}.end`).error?.message;
            return (
              <Box
                sx={{
                  display: 'grid',
                  gridTemplateColumns: { xs: '1fr', sm: '150px 1fr 120px' },
                  alignItems: 'center',
                  columnGap: 3,
                  py: 1,
                  borderBottom: 1,
                  borderColor: 'divider',
                }}
              >
                <Box sx={{ display: 'flex', alignItems: 'center' }}>
                  <Switch
                    checked={value.enabled}
                    disabled={disabled}
                    onChange={(e) => onChange({ ...value, enabled: e.target.checked })}
                    name={name}
                    slotProps={{ input: { 'aria-label': `${DAY_LABELS[day]} open` } }}
                  />
                  <Typography>{DAY_LABELS[day]}</Typography>
                </Box>
                <Box sx={{ px: 1 }}>
                  <Slider
                    value={[timeToMinutes(value.start), timeToMinutes(value.end)]}
                    {...SLIDER}
                    marks={MARKS}
                    disabled={disabled || !value.enabled}
                    disableSwap
                    valueLabelDisplay="auto"
                    valueLabelFormat={minutesToTime}
                    getAriaLabel={(i) => `${DAY_LABELS[day]} ${i === 0 ? 'start' : 'end'}`}
                    getAriaValueText={minutesToTime}
                    onChange={(_, v) => {
                      const [start, end] = v as number[];
                      onChange({ ...value, start: minutesToTime(start ?? 0), end: minutesToTime(end ?? 0) });
                    }}
                  />
                </Box>
                <Typography
                  color={value.enabled ? 'text.primary' : 'text.secondary'}
                  sx={{ fontVariantNumeric: 'tabular-nums' }}
                  data-testid={`hours-${day}`}
                >
                  {value.enabled ? `${value.start} – ${value.end}` : 'Closed'}
                </Typography>
                {error && (
                  <FormHelperText error sx={{ gridColumn: '1 / -1' }}>
                    {error}
                  </FormHelperText>
                )}
              </Box>
            );
          }}
        />
      ))}
    </Box>
  );
}
