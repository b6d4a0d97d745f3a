/**
 * A destination picker: the account's routable objects (seats, trunks, time profiles...) searched
 * and paged on the server (GET /destinations/search), grouped by type, stored as the
 * '{type}:{key}' value ('' for none); an existing value is labelled by GET /destinations/labels.
 */
import type { DestinationOption, DestinationType } from '@switchboard/domain';
import { useMemo } from 'react';
import type { FieldValues, Path } from 'react-hook-form';
import { destinationSource, toPickerOption } from './destination-source.tsx';
import type { FieldsControl } from './form-schema.ts';
import { FormPickerField } from './picker-field.tsx';

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
  const { extra, types, ...rest } = props;
  // One source per kinds, whatever array names them.
  const source = destinationSource(types);
  const extras = useMemo(() => extra?.map(toPickerOption), [extra]);
  return <FormPickerField {...rest} source={source} {...(extras ? { extra: extras } : {})} />;
}
