/**
 * A form's field of one value chosen from a server-searched source (ServerPicker), '' for none (its
 * meaning, `none`, said below it while empty); with `multiple`, a list of values.
 */
import { Controller, type FieldValues, type Path } from 'react-hook-form';
import type { FieldsControl } from './form-schema.ts';
import { type PickerOption, type PickerSource, ServerPicker } from './server-picker.tsx';

export interface PickerFieldProps<V extends FieldValues> {
  control: FieldsControl<V>;
  name: Path<V>;
  label: string;
  source: PickerSource;
  disabled?: boolean;
  required?: boolean;
  helper?: string | undefined;
  /** Values that may not be chosen here (e.g. the record itself). */
  exclude?: readonly string[];
  /** Choices beyond the source's. */
  extra?: readonly PickerOption[];
  /** What no value means ('Account default'), said below the empty field. */
  none?: string;
  multiple?: boolean;
}

/** The values a field holds: its list (`multiple`), or its one value, none when ''. */
const valuesOf = (value: unknown, multiple: boolean): string[] => {
  if (multiple) return Array.isArray(value) ? value.map(String) : [];
  return value ? [String(value)] : [];
};

export function FormPickerField<V extends FieldValues>(props: PickerFieldProps<V>) {
  const { control, name, exclude, extra, none, multiple = false, helper, ...rest } = props;
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <ServerPicker
          {...rest}
          multiple={multiple}
          value={valuesOf(field.value, multiple)}
          helper={helper ?? (none !== undefined && valuesOf(field.value, multiple).length === 0 ? none : undefined)}
          onChange={(values) => field.onChange(multiple ? values : (values[0] ?? ''))}
          onBlur={field.onBlur}
          inputRef={field.ref}
          name={field.name}
          error={fieldState.error?.message}
          {...(exclude ? { exclude } : {})}
          {...(extra ? { extra } : {})}
        />
      )}
    />
  );
}
