/** A form's field of one value chosen from a server-searched source (ServerPicker), '' for none. */
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
}

export function FormPickerField<V extends FieldValues>(props: PickerFieldProps<V>) {
  const { control, name, exclude, extra, ...rest } = props;
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <ServerPicker
          {...rest}
          value={field.value ? [String(field.value)] : []}
          onChange={(values) => field.onChange(values[0] ?? '')}
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
