/**
 * The list page of a numbered area (call groups, call queues, IVRs, time profiles, and those to
 * come): a ListPage over the area's resource whose Add is the bulk add by number range (From
 * defaulting to the next free number, up to 10 at once, one name for all) and whose Delete is the
 * resource's delete.
 *
 *   <NumberedListPage title="IVRs" api={ivrs} resource="IVR"
 *     range={{ title: 'Add IVRs', schema: ivrRange, name: { field: 'description', label: 'Description', required: true } }}
 *     label={(m) => `${m.name} - ${m.description}`} rowLink={(m) => `/ivrs/${m.id}`} columns={[...]} />
 */
import type { SaveReply } from '@switchboard/domain';
import type { FieldValues } from 'react-hook-form';
import { ListPage, type ListPageProps } from '../paged-table/list-page.tsx';
import type { ListSource, ResourceKeys } from '../resource.ts';
import {
  type NextRoute,
  type RangeAddConfig,
  type RangeFormValues,
  type RangeRoute,
  useRangeAdd,
} from './range-add.ts';

/** What the page needs of a numbered area's resource (its `resourceApi`). */
export interface NumberedApi<T> {
  routes: { next: NextRoute; range: RangeRoute };
  keys: ResourceKeys;
  list: ListSource<T>;
  remove: (id: number) => Promise<SaveReply>;
}

export type NumberedListPageProps<
  T extends { id: number },
  AO extends FieldValues,
  EV extends FieldValues,
  EU extends Record<string, unknown>,
> = Omit<ListPageProps<T, RangeFormValues, AO, EV, EU>, 'source' | 'add' | 'remove'> & {
  api: NumberedApi<T>;
  /** The range add's title, schema and name field. */
  range: Pick<RangeAddConfig<AO>, 'title' | 'schema' | 'name'>;
};

export function NumberedListPage<
  T extends { id: number },
  AO extends FieldValues,
  EV extends FieldValues = FieldValues,
  EU extends Record<string, unknown> = Record<string, unknown>,
>({ api, range, ...page }: NumberedListPageProps<T, AO, EV, EU>) {
  const add = useRangeAdd({
    ...range,
    next: api.routes.next,
    range: api.routes.range,
    keys: api.keys,
    toHelper: 'Optional: add up to 10 at once',
  });
  return (
    <ListPage<T, RangeFormValues, AO, EV, EU>
      {...page}
      source={api.list}
      add={add}
      remove={(row) => api.remove(row.id)}
    />
  );
}
