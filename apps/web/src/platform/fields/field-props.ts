/** The props every bound field shares (form-fields.tsx and the fields in files of their own). */
import type { FieldValues, Path } from 'react-hook-form';
import type { FieldsControl } from './form-schema.ts';

/** One choice of a select. */
export interface SelectOption {
  value: string | number | boolean;
  label: string;
}

/** What every bound field takes. */
export interface BaseProps<V extends FieldValues> {
  control: FieldsControl<V>;
  name: Path<V>;
  label: string;
  disabled?: boolean;
}

/** A select's own props: its options, and what its list says with none (`empty`). */
export interface SelectProps {
  options: readonly SelectOption[];
  required?: boolean;
  helper?: string;
  empty?: string;
}
