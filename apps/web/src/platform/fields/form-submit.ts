/**
 * The submit of a form that saves on its own (a tab's own form, e.g. a seat's softphone): `submit`
 * hands the valid values to `save`; a refused save puts the server's messages under their fields
 * and its form-level message in `banner` (applySaveFailure), cleared when the form is sent again.
 *
 *   const { submit, banner } = useFormSubmit(form, (values) => save.mutateAsync(values));
 *
 * `failure`, when given, is the banner of every refused save instead (e.g. a dialog's own words for
 * it); the server's field messages still go under their fields. While more than one field is
 * refused (by the schema before sending, or by the server) and no save failed, the banner is the
 * multiple-errors message, as on every form (spec 1 §5).
 */
import { MESSAGES } from '@switchboard/domain';
import { useState } from 'react';
import type { FieldValues } from 'react-hook-form';
import { applySaveFailure, errorLeaves } from './form-errors.ts';
import type { SchemaForm } from './form-schema.ts';

export function useFormSubmit<V extends FieldValues, O extends FieldValues>(
  form: SchemaForm<V, O>,
  save: (values: O) => Promise<unknown>,
  failure?: string,
) {
  const [banner, setBanner] = useState<string | null>(null);
  const submit = form.handleSubmit(async (values) => {
    setBanner(null);
    try {
      await save(values);
    } catch (error) {
      const message = applySaveFailure(error, form.setError);
      setBanner(failure ?? message);
    }
  });
  const multiple = errorLeaves(form.formState.errors).length > 1;
  return { submit, banner: banner ?? (multiple ? MESSAGES.multipleErrors : null) };
}
