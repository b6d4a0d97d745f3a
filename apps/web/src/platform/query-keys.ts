/**
 * Query keys of the API's resources, and the record count of a list by its path. Kept apart from
 * resource.ts (contracts, schemas) so the shell can count (the sidebar, the dashboard) without
 * loading any area's contract: this module is in the first load, resource.ts is not.
 */
import type { ListReply } from '@switchboard/domain';
import { type QueryKey, queryOptions } from '@tanstack/react-query';
import { request } from './api.ts';

export function resourceKeys<const Root extends string>(root: Root) {
  return {
    /** Everything of the resource: invalidated after any change. */
    all: [root] as const,
    lists: () => [root, 'list'] as const,
    list: (request: object) => [root, 'list', request] as const,
    count: () => [root, 'list', 'count'] as const,
    details: () => [root, 'detail'] as const,
    detail: (id: number | string) => [root, 'detail', String(id)] as const,
  };
}
export type ResourceKeys = ReturnType<typeof resourceKeys>;

/**
 * A list's record count by its API path (POST {path}/0/1, its totalRecords), under the path's
 * count key: the dashboard's widgets count areas it does not import, and a change made in the
 * area (which invalidates its `all`) recounts them.
 */
export function countQuery(path: string) {
  return queryOptions({
    queryKey: resourceKeys(path).count(),
    queryFn: async () => (await request<ListReply<unknown>>('POST', `${path}/0/1`, {})).totalRecords,
  });
}

/** Queries that read across the account's areas: every settled change invalidates them (mutation.ts). */
const acrossAreas: QueryKey[] = [];

/**
 * Registers `key` as read across areas (routing health: a save anywhere in the routing may add or
 * clear a finding), so that its count and list are never shown as they were before a change.
 */
export function invalidatedByEveryChange(key: QueryKey): void {
  acrossAreas.push(key);
}

/** The keys registered by invalidatedByEveryChange. */
export const keysAcrossAreas = (): readonly QueryKey[] => acrossAreas;
