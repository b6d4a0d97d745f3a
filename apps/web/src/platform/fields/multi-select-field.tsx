/**
 * Several of a select's options (e.g. the numbers a softphone user may present): the field holds
 * the chosen values as an array of text, shown as chips with their options' labels (a value that is
 * none of the options as itself); with no option left its list says `empty`.
 */
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { MESSAGES } from '@switchboard/domain';
import { Controller, type FieldValues } from 'react-hook-form';
import type { BaseProps, SelectProps } from './field-props.ts';

export function FormMultiSelectField<V extends FieldValues>(props: BaseProps<V> & SelectProps) {
  const { options, empty = MESSAGES.noItems } = props;
  return (
    <Controller
      control={props.control}
      name={props.name}
      render={({ field, fieldState }) => (
        <Autocomplete
          multiple
          size="small"
          options={options.map((o) => String(o.value))}
          getOptionLabel={(v) => options.find((o) => String(o.value) === v)?.label ?? v}
          value={field.value ?? []}
          onChange={(_, v) => field.onChange(v)}
          disabled={props.disabled}
          noOptionsText={empty}
          renderInput={(params) => (
            <TextField
              {...params}
              label={props.label}
              required={props.required}
              error={fieldState.error !== undefined}
              helperText={fieldState.error?.message ?? props.helper}
            />
          )}
        />
      )}
    />
  );
}
