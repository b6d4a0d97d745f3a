/**
 * The list page of a numbered area (call groups, call queues, IVRs, time profiles, and those to
 * come): an area's list page whose first columns are the number and the name, whose Add is the bulk
 * add by number range (From defaulting to the next free number, up to 10 at once, one name for all)
 * and whose Delete is the resource's delete.
 *
 *   <NumberedListPage area={ivrsArea} api={ivrs}
 *     numbering={{ schema: ivrRange, number: 'name', name: 'description', nameLabel: 'Description' }}
 *     columns={[...the columns after Number and Description]} />
 */
import type { FieldValues } from 'react-hook-form';
import type { AreaDefinition } from '../areas.ts';
import { type AreaBulkEdit, type AreaListApi, areaBulkEdit, areaListProps } from '../paged-table/area-list-page.tsx';
import { ListPage, type ListPageProps } from '../paged-table/list-page.tsx';
import type { ResourceKeys } from '../resource.ts';
import {
  type NextRoute,
  type RangeAddConfig,
  type RangeFormValues,
  type RangeRoute,
  useRangeAdd,
} from './range-add.ts';

/** What the page needs of a numbered area's resource (its `resourceApi`). */
export interface NumberedApi<T, U extends Record<string, unknown> = Record<string, unknown>> extends AreaListApi<T, U> {
  routes: { next: NextRoute; range: RangeRoute };
  keys: ResourceKeys;
}

/** How a numbered area's records are numbered and named (the range add creates them so). */
export interface Numbering<T, AO extends FieldValues> {
  /** The area's range schema (from, to, and the name field). */
  schema: RangeAddConfig<AO>['schema'];
  /** The record's number (the first column, 'Number'). */
  number: keyof T & string;
  /** The name field, given to every record of a range (the second column). */
  name: RangeAddConfig<AO>['name']['field'] & keyof T;
  nameLabel: string;
}

export type NumberedListPageProps<
  T extends { id: number },
  AO extends FieldValues,
  EV extends FieldValues,
  EU extends Record<string, unknown>,
> = Omit<
  ListPageProps<T, RangeFormValues, AO, EV, EU>,
  'title' | 'source' | 'resource' | 'rowLink' | 'label' | 'add' | 'remove' | 'bulkEdit'
> & {
  area: AreaDefinition;
  api: NumberedApi<T, EU>;
  numbering: Numbering<T, AO>;
  bulkEdit?: AreaBulkEdit<T, EV, EU>;
};

export function NumberedListPage<
  T extends { id: number },
  AO extends FieldValues,
  EV extends FieldValues = FieldValues,
  EU extends Record<string, unknown> = Record<string, unknown>,
>({ area, api, numbering, columns, bulkEdit, ...page }: NumberedListPageProps<T, AO, EV, EU>) {
  const { number, name, nameLabel } = numbering;
  const add = useRangeAdd({
    title: `Add ${area.label}`,
    schema: numbering.schema,
    name: { field: name, label: nameLabel, required: true },
    next: api.routes.next,
    range: api.routes.range,
    keys: api.keys,
    toHelper: 'Optional: add up to 10 at once',
  });
  return (
    <ListPage<T, RangeFormValues, AO, EV, EU>
      {...page}
      {...areaListProps(area, api)}
      label={(row) => `${String(row[number])} - ${String(row[name])}`}
      columns={[
        { field: number, header: 'Number', sortable: true },
        { field: name, header: nameLabel, sortable: true },
        ...columns,
      ]}
      add={add}
      bulkEdit={areaBulkEdit(area, api, bulkEdit)}
    />
  );
}
