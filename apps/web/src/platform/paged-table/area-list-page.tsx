/**
 * The list page of an area's resource: headed with the area's label, its buttons decided by the
 * area's records' permission, each row linking to {area path}/{id}, Delete through the resource, and
 * a bulk edit ('Edit {label}') saving each row through the resource's patch.
 *
 *   <AreaListPage area={ntsArea} api={nts} label={(n) => n.name} columns={[...]} add={{...}} />
 */
import type { SaveReply } from '@switchboard/domain';
import type { FieldValues } from 'react-hook-form';
import { type AreaDefinition, recordResource } from '../areas.ts';
import type { ListSource } from '../resource.ts';
import type { BulkEditConfig } from './bulk-edit-dialog.tsx';
import { ListPage, type ListPageProps } from './list-page.tsx';

/** What an area's list page needs of its resource (its `resourceApi`). */
export interface AreaListApi<T, U extends Record<string, unknown> = Record<string, unknown>> {
  list: ListSource<T>;
  remove: (id: number) => Promise<SaveReply>;
  /** A row's partial update: the bulk edit's save (a list with a bulk edit needs it). */
  patch?: (id: number, changes: Partial<U>, version?: number) => Promise<SaveReply>;
}

/** A bulk edit of an area's list: its schema, fields and rows' values (the area gives title and save). */
export type AreaBulkEdit<T, V extends FieldValues, U extends Record<string, unknown>> = Omit<
  BulkEditConfig<T, V, U>,
  'title' | 'patch'
>;

/** The ListPage props an area and its resource decide. */
export function areaListProps<T extends { id: number }>(area: AreaDefinition, api: Omit<AreaListApi<T>, 'patch'>) {
  return {
    title: area.label,
    source: api.list,
    resource: recordResource(area),
    rowLink: (row: T) => `${area.path}/${row.id}`,
    remove: (row: T) => api.remove(row.id),
  };
}

/** The bulk edit of an area's list, titled 'Edit {label}' and saving through the resource's patch. */
export function areaBulkEdit<T, V extends FieldValues, U extends Record<string, unknown>>(
  area: AreaDefinition,
  api: AreaListApi<T, U>,
  edit: AreaBulkEdit<T, V, U> | undefined,
): BulkEditConfig<T, V, U> | undefined {
  if (!edit) return undefined;
  const { patch } = api;
  if (!patch) throw new Error(`The list of ${area.label} has a bulk edit but its resource no patch`);
  return { ...edit, title: `Edit ${area.label}`, patch };
}

type AreaDecided = 'title' | 'source' | 'resource' | 'rowLink' | 'remove' | 'bulkEdit';

export type AreaListPageProps<
  T extends { id: number },
  AV extends FieldValues,
  AO extends FieldValues,
  EV extends FieldValues,
  EU extends Record<string, unknown>,
> = Omit<ListPageProps<T, AV, AO, EV, EU>, AreaDecided> & {
  area: AreaDefinition;
  api: AreaListApi<T, EU>;
  bulkEdit?: AreaBulkEdit<T, EV, EU>;
};

export function AreaListPage<
  T extends { id: number },
  AV extends FieldValues = FieldValues,
  AO extends FieldValues = FieldValues,
  EV extends FieldValues = FieldValues,
  EU extends Record<string, unknown> = Record<string, unknown>,
>({ area, api, bulkEdit, ...page }: AreaListPageProps<T, AV, AO, EV, EU>) {
  return (
    <ListPage<T, AV, AO, EV, EU> {...page} {...areaListProps(area, api)} bulkEdit={areaBulkEdit(area, api, bulkEdit)} />
  );
}
