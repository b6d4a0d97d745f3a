/**
 * The list page of an area's resource: headed with the area's label, its buttons decided by the
 * area's records' permission, each row linking to {area path}/{id}, Delete through the resource.
 *
 *   <AreaListPage area={ntsArea} api={nts} label={(n) => n.name} columns={[...]} add={{...}} />
 */
import type { SaveReply } from '@switchboard/domain';
import type { FieldValues } from 'react-hook-form';
import { type AreaDefinition, recordResource } from '../areas.ts';
import type { ListSource } from '../resource.ts';
import { ListPage, type ListPageProps } from './list-page.tsx';

/** What an area's list page needs of its resource (its `resourceApi`). */
export interface AreaListApi<T> {
  list: ListSource<T>;
  remove: (id: number) => Promise<SaveReply>;
}

/** The ListPage props an area and its resource decide. */
export function areaListProps<T extends { id: number }>(area: AreaDefinition, api: AreaListApi<T>) {
  return {
    title: area.label,
    source: api.list,
    resource: recordResource(area),
    rowLink: (row: T) => `${area.path}/${row.id}`,
    remove: (row: T) => api.remove(row.id),
  };
}

type AreaDecided = 'title' | 'source' | 'resource' | 'rowLink' | 'remove';

export type AreaListPageProps<
  T extends { id: number },
  AV extends FieldValues,
  AO extends FieldValues,
  EV extends FieldValues,
  EU extends Record<string, unknown>,
> = Omit<ListPageProps<T, AV, AO, EV, EU>, AreaDecided> & { area: AreaDefinition; api: AreaListApi<T> };

export function AreaListPage<
  T extends { id: number },
  AV extends FieldValues = FieldValues,
  AO extends FieldValues = FieldValues,
  EV extends FieldValues = FieldValues,
  EU extends Record<string, unknown> = Record<string, unknown>,
>({ area, api, ...page }: AreaListPageProps<T, AV, AO, EV, EU>) {
  return <ListPage<T, AV, AO, EV, EU> {...page} {...areaListProps(area, api)} />;
}
