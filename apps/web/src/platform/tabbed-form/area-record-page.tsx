/**
 * The record page of an area's resource: the TabbedForm of the record the route's :id names, over
 * the schema of the resource's update (PUT {path}/{id}), saved under the area's records'
 * permission, headed 'Name (number)' from two of its fields (and saved as '{name} has been updated').
 * The form's values are the record's fields the update names, unless `toValues` says otherwise.
 *
 *   <AreaRecordPage area={ivrsArea} api={ivrs} heading={{ name: 'description', number: 'name' }} tabs={[...]} />
 */
import type { DefaultValues, FieldValues } from 'react-hook-form';
import { useParams } from 'react-router';
import { z } from 'zod';
import { type AreaDefinition, recordResource } from '../areas.ts';
import { type FormSchema, formValuesOf } from '../fields/form-schema.ts';
import type { RecordSource } from '../resource.ts';
import { TabbedForm, type TabbedFormProps } from './tabbed-form.tsx';

export type AreaRecordPageProps<R, V extends FieldValues, O extends FieldValues> = Omit<
  TabbedFormProps<R, V, O>,
  'source' | 'resource' | 'schema' | 'name' | 'title' | 'toValues'
> & {
  /** The form's values of the record: by default its fields the update's (object) schema names. */
  toValues?: TabbedFormProps<R, V, O>['toValues'];
  area: AreaDefinition;
  api: { record: (id: string) => RecordSource<R, O>; routes: { update: { body: FormSchema<V, O> } } };
  /**
   * The record's name (a field of the record and the form, or a function of either) and number
   * (e.g. its extension, or its id).
   */
  heading: { name: (keyof R & keyof O & string) | ((named: R | O) => string); number: keyof R & string };
};

export function AreaRecordPage<R, V extends FieldValues, O extends FieldValues>({
  area,
  api,
  heading,
  toValues,
  ...form
}: AreaRecordPageProps<R, V, O>) {
  const { id = '' } = useParams();
  const schema = api.routes.update.body;
  const { name } = heading;
  const nameOf = (named: R | O) => (typeof name === 'function' ? name(named) : String(named[name]));
  return (
    <TabbedForm<R, V, O>
      {...form}
      source={api.record(id)}
      schema={schema}
      toValues={toValues ?? ((record) => fieldsOf(schema, record) as DefaultValues<V>)}
      resource={recordResource(area)}
      name={nameOf}
      title={(record) => `${nameOf(record)} (${String(record[heading.number])})`}
    />
  );
}

/** The record's fields an object schema names (formValuesOf, for a schema known only as a form's). */
function fieldsOf<R>(schema: z.ZodType, record: R): Record<string, unknown> {
  if (!(schema instanceof z.ZodObject))
    throw new Error('AreaRecordPage: toValues is needed for a schema not an object');
  return formValuesOf(schema, record as Record<string, unknown>);
}
