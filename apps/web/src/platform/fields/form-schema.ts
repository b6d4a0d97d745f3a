/**
 * Forms over the domain's zod schemas: the form holds the schema's input V (what a person types,
 * before coercion and defaults) and a valid submit hands over its output O (what is saved). Typed
 * by the schema itself, so no form needs a cast between schema and values.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { type Control, type DefaultValues, type FieldValues, type UseFormReturn, useForm } from 'react-hook-form';
import type { z } from 'zod';

/** A schema a form can be built from: values V in, O out (both objects). */
export type FormSchema<V extends FieldValues = FieldValues, O extends FieldValues = FieldValues> = z.ZodType<O, V>;

/** The form of a schema: values as typed (its input V), submitted as parsed (its output O). */
export type SchemaForm<V extends FieldValues, O extends FieldValues> = UseFormReturn<V, unknown, O>;

export function useSchemaForm<V extends FieldValues, O extends FieldValues>(
  schema: FormSchema<V, O>,
  defaultValues?: DefaultValues<V>,
): SchemaForm<V, O> {
  return useForm<V, unknown, O>({ resolver: zodResolver(schema), defaultValues });
}

/** The control of any form whose values are V, whatever its submit gives (what fields bind to). */
export type FieldsControl<V extends FieldValues> = Control<V, unknown, FieldValues>;
/** Any form whose values are V (what a tab's or a field group's component takes). */
export type FieldsForm<V extends FieldValues> = UseFormReturn<V, unknown, FieldValues>;

/** A record's values for a form over an object schema: the domain's `inputValuesOf`, by the forms' name. */
export { inputValuesOf as formValuesOf } from '@switchboard/domain';
