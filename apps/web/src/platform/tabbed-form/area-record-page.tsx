/**
 * The record page of an area's resource: the TabbedForm of the record the route's :id names, over
 * the schema of the resource's update (PUT {path}/{id}), saved under the area's records'
 * permission, headed 'Name (number)' from two of its fields (and saved as '{name} has been updated').
 *
 *   <AreaRecordPage area={ivrsArea} api={ivrs} toValues={toIvrValues}
 *     heading={{ name: 'description', number: 'name' }} tabs={[...]} />
 */
import type { FieldValues } from 'react-hook-form';
import { useParams } from 'react-router';
import { type AreaDefinition, recordResource } from '../areas.ts';
import type { FormSchema } from '../fields/form-schema.ts';
import type { RecordSource } from '../resource.ts';
import { TabbedForm, type TabbedFormProps } from './tabbed-form.tsx';

export type AreaRecordPageProps<R, V extends FieldValues, O extends FieldValues> = Omit<
  TabbedFormProps<R, V, O>,
  'source' | 'resource' | 'schema' | 'name' | 'title'
> & {
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
  ...form
}: AreaRecordPageProps<R, V, O>) {
  const { id = '' } = useParams();
  const { name } = heading;
  const nameOf = (named: R | O) => (typeof name === 'function' ? name(named) : String(named[name]));
  return (
    <TabbedForm<R, V, O>
      {...form}
      source={api.record(id)}
      schema={api.routes.update.body}
      resource={recordResource(area)}
      name={nameOf}
      title={(record) => `${nameOf(record)} (${String(record[heading.number])})`}
    />
  );
}
