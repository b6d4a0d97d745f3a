/**
 * Weekday / weekend call times (spec 2 §4): off, on (all day 00:00-23:59) or a from-to range.
 * Bound to a `{ mode, from, to }` value (callTimesSchema); the from / to messages show on a line of
 * their own under the row (the time inputs are too narrow to hold a sentence), each input marked
 * and described by it.
 */
import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { CALL_TIMES_MODES } from '@switchboard/domain';
import { useId } from 'react';
import { Controller, type FieldValues, type Path, useFormState, useWatch } from 'react-hook-form';
import type { BaseProps } from '../fields/field-props.ts';
import { FormSelectField } from '../fields/form-fields.tsx';

function TimeInput<V extends FieldValues>({
  control,
  name,
  label,
  disabled,
  describedBy,
}: BaseProps<V> & { describedBy: string }) {
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
          slotProps={{
            inputLabel: { shrink: true },
            htmlInput: { step: 60, 'aria-describedby': fieldState.error ? describedBy : undefined },
          }}
          sx={{ width: 150 }}
        />
      )}
    />
  );
}

/** `name` is the `{ mode, from, to }` field, e.g. 'weekdayTimes'. */
export function CallTimesField<V extends FieldValues>({ control, name, label, disabled }: BaseProps<V>) {
  const mode = useWatch({ control, name: `${name}.mode` as Path<V> }) as string | undefined;
  const [from, to] = [`${name}.from` as Path<V>, `${name}.to` as Path<V>];
  const state = useFormState({ control, name: [from, to] });
  const messages = [...new Set([from, to].map((path) => control.getFieldState(path, state).error?.message))].filter(
    Boolean,
  );
  const messageId = useId();
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
            <TimeInput control={control} name={from} label="From" disabled={disabled} describedBy={messageId} />
            <TimeInput control={control} name={to} label="To" disabled={disabled} describedBy={messageId} />
          </>
        )}
      </Box>
      {mode === 'range' && messages.length > 0 && (
        <FormHelperText error id={messageId} sx={{ mt: -1 }}>
          {messages.join(' ')}
        </FormHelperText>
      )}
    </Box>
  );
}
