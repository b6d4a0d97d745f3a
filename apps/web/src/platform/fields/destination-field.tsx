/**
 * A destination picker: every routable object of the account (seats, trunks, time profiles...),
 * grouped by type, stored as the '{type}:{key}' value ('' for none).
 */
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { type DestinationOption, type DestinationType, MESSAGES } from '@switchboard/domain';
import { Controller, type FieldValues, type Path } from 'react-hook-form';
import type { FieldsControl } from './form-schema.ts';
import { useDestinationOptions } from './option-sources.ts';

export interface DestinationFieldProps<V extends FieldValues> {
  control: FieldsControl<V>;
  name: Path<V>;
  label: string;
  disabled?: boolean;
  required?: boolean;
  /** Values that may not be chosen here (e.g. the record itself). */
  exclude?: string[];
  /** The only kinds offered (a call group's members: seats); every kind unless told. */
  types?: readonly DestinationType[];
  /** Choices beyond the account's objects that this field may route to (e.g. an IVR's CONFERENCING). */
  extra?: DestinationOption[];
}

export function DestinationField<V extends FieldValues>(props: DestinationFieldProps<V>) {
  const { control, name, label, disabled, required, exclude = [], extra = [], types } = props;
  const destinations = useDestinationOptions();
  const listed = (destinations.data ?? []).filter((o) => types === undefined || types.includes(o.type));
  const options = [...listed, ...extra.filter((e) => !listed.some((o) => o.value === e.value))].filter(
    (o) => !exclude.includes(o.value),
  );
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const value: string = field.value ?? '';
        const selected =
          options.find((o) => o.value === value) ??
          (value
            ? // A value the list does not hold (yet): shown as it is rather than lost.
              ({ value, label: value, type: 'seat', typeLabel: '' } as DestinationOption)
            : null);
        return (
          <Autocomplete<DestinationOption>
            options={options}
            groupBy={(o) => o.typeLabel}
            getOptionLabel={(o) => o.label}
            isOptionEqualToValue={(a, b) => a.value === b.value}
            value={selected}
            onChange={(_, o) => field.onChange(o?.value ?? '')}
            onBlur={field.onBlur}
            loading={destinations.isPending}
            disabled={disabled}
            noOptionsText={MESSAGES.noItems}
            size="small"
            fullWidth
            renderInput={(params) => (
              <TextField
                {...params}
                inputRef={field.ref}
                name={field.name}
                label={label}
                required={required}
                error={fieldState.error !== undefined}
                helperText={fieldState.error?.message}
              />
            )}
          />
        );
      }}
    />
  );
}
