/**
 * Weekday / weekend call times (spec 2 §4): off, on (all day 00:00-23:59) or a from-to range.
 * Bound to a `{ mode, from, to }` value (callTimesSchema); messages show under from / to.
 */
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { CALL_TIMES_MODES } from '@switchboard/domain';
import { Controller, type FieldValues, type Path, useWatch } from 'react-hook-form';
import { type BaseProps, FormSelectField } from '../fields/form-fields.tsx';

function TimeInput<V extends FieldValues>({ control, name, label, disabled }: BaseProps<V>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          {...field}
          value={field.value ?? ''}
          type="time"
          label={label}
          size="small"
          disabled={disabled}
          error={fieldState.error !== undefined}
          helperText={fieldState.error?.message}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 60 } }}
          sx={{ width: 150 }}
        />
      )}
    />
  );
}

/** `name` is the `{ mode, from, to }` field, e.g. 'weekdayTimes'. */
export function CallTimesField<V extends FieldValues>({ control, name, label, disabled }: BaseProps<V>) {
  const mode = useWatch({ control, name: `${name}.mode` as Path<V> }) as string | undefined;
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <Typography variant="subtitle2" component="h3">
        {label}
      </Typography>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}>
        <Box sx={{ width: 260 }}>
          <FormSelectField
            control={control}
            name={`${name}.mode` as Path<V>}
            label={`${label} outbound calls`}
            options={CALL_TIMES_MODES}
            disabled={disabled}
          />
        </Box>
        {mode === 'range' && (
          <>
            <TimeInput control={control} name={`${name}.from` as Path<V>} label="From" disabled={disabled} />
            <TimeInput control={control} name={`${name}.to` as Path<V>} label="To" disabled={disabled} />
          </>
        )}
      </Box>
    </Box>
  );
}
