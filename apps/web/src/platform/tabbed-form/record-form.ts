/**
 * A record page's form and the version of the record its values are based on (the save's If-Match).
 *
 * A record (re)loaded fills the form, unless the person is editing it: their values are kept, and
 * their save, based on the older version, is refused rather than overwriting the newer one. When
 * what changed is none of the form's values (a part of the record saved on its own, e.g. a seat's
 * softphone settings), nothing the save writes was changed: it is based on the new version.
 */
import { useCallback, useEffect, useState } from 'react';
import type { DefaultValues, FieldValues } from 'react-hook-form';
import { z } from 'zod';
import type { FormSchema, SchemaForm } from '../fields/form-schema.ts';
import { type RecordSource, versionOf } from '../resource.ts';

export interface RecordFormOptions<R, V extends FieldValues, O extends FieldValues> {
  form: SchemaForm<V, O>;
  source: RecordSource<R, O>;
  schema: FormSchema<V, O>;
  toValues: (record: R) => DefaultValues<V>;
  /** The record as loaded (undefined until it is). */
  data: R | undefined;
  /** Called whenever the form is filled from a record. */
  onFill: () => void;
}

export function useRecordForm<R, V extends FieldValues, O extends FieldValues>(options: RecordFormOptions<R, V, O>) {
  const { form, source, schema, toValues, data, onFill } = options;
  const dirty = form.formState.isDirty;
  // The version the form's values are based on: the record's when the form was filled from it.
  // `values`: what a save based on that record writes over (`written`).
  const [base, setBase] = useState<{ key: string; version: number | undefined; values: string } | null>(null);
  const keyText = JSON.stringify(source.key);
  /** What a save writes over: the form's values of a record and the record's fields the schema names. */
  const written = useCallback(
    (record: R, values = toValues(record)) => {
      const names = schema instanceof z.ZodObject ? Object.keys(schema.shape) : [];
      const fields = Object.fromEntries(names.map((k) => [k, (record as Record<string, unknown>)[k]]));
      return JSON.stringify([values, fields]);
    },
    [schema, toValues],
  );
  /** Fills the form from a record, its version becoming the one a save is based on. */
  const fill = useCallback(
    (record: R) => {
      const values = toValues(record);
      form.reset(values);
      setBase({ key: keyText, version: versionOf(record), values: written(record, values) });
      onFill();
    },
    [form, toValues, keyText, written, onFill],
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a newly loaded record fills the form.
  useEffect(() => {
    if (!data) return;
    if (base?.key !== keyText || !dirty) fill(data);
    else if (written(data) === base.values) {
      setBase({ ...base, version: versionOf(data) });
    }
  }, [data, keyText]);
  return { version: base?.version, fill };
}
