/**
 * An area's resource on the web: its query keys, the `queryOptions` of its list pages, record and
 * count, and its create / update / delete calls, all from the contract routes of spec 1 §7
 * (`resourceRoutes` in the domain). Each area keeps one of these in its api.ts:
 *
 *   export const accessLists = resourceApi('/accesscontrol', accessListRoutes);
 *   useQuery(accessLists.detail(id)); // accessLists.keys: .all, .lists(), .list(request), .detail(id)
 *
 * Keys start with the resource's API path, so whatever counts or lists that path (the dashboard's
 * widgets, a limit) is refreshed by the area's own invalidation of `keys.all`.
 */
import type { ListReply, ListRequest, RouteContract, RouteReply, SaveReply } from '@switchboard/domain';
import { keepPreviousData, type QueryKey, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { ifMatch } from './api.ts';
import { send } from './client.ts';
import { type ResourceKeys, resourceKeys } from './query-keys.ts';

export { countQuery, type ResourceKeys, resourceKeys } from './query-keys.ts';

/** A route answering a page of records (POST {path}/:offset/:limit with the list body). */
export type ListRoute = RouteContract & { reply: z.ZodType<ListReply<{ id: number }>> };
export type RowOf<R extends ListRoute> = RouteReply<R>['records'][number];

/** How a paged table loads its pages: the cache key prefix and one page of a request. */
export interface ListSource<T> {
  /** The pages are cached under [...key, request]; a change to the table invalidates `invalidates`. */
  key: QueryKey;
  /** What a change made through the table invalidates (the resource's `all`, and its parent's). */
  invalidates: QueryKey[];
  fetch: (request: ListRequest) => Promise<ListReply<T>>;
}

/** The list body of a request (offset and limit go in the path). */
function listBody({ offset: _o, limit: _l, ...body }: ListRequest) {
  return body;
}

/**
 * A list source from a list route: `params` are the route's own (a parent id), besides offset and
 * limit. `invalidates` defaults to the key itself.
 */
export function listSource<R extends ListRoute>(
  route: R,
  options: { key: QueryKey; params?: Record<string, unknown>; invalidates?: QueryKey[] },
): ListSource<RowOf<R>> {
  return {
    key: options.key,
    invalidates: options.invalidates ?? [options.key],
    fetch: (request) =>
      send(route, {
        params: { ...options.params, offset: request.offset, limit: request.limit },
        body: listBody(request),
      }),
  };
}

/**
 * The source options of a parent's children (an access list's numbers, a dial-through's caller
 * IDs, a group's members): cached under the parent's record, and a change to them refreshes the
 * parent's resource too (its counts).
 *
 *   listSource(accessListRoutes.entriesPage, childrenOf(accessLists.keys, id, 'entries'))
 */
export function childrenOf(keys: ResourceKeys, id: number, name: string) {
  return { key: [...keys.detail(id), name], params: { id }, invalidates: [keys.all] };
}

/**
 * The query of something a record has besides its fields (a number's emergency address, its Teams
 * information: GET {path}/:id/...): cached under the record, so what refreshes the record refreshes
 * it; a refused or missing one is not retried.
 *
 *   useQuery(recordPart(numbers.keys, telephoneNumberRoutes.teams, id, 'msteams'))
 */
export function recordPart<R extends RouteContract>(keys: ResourceKeys, route: R, id: number, name: string) {
  return queryOptions({
    queryKey: [...keys.detail(id), name],
    queryFn: () => send<RouteReply<R>>(route, { params: { id } }),
    retry: false,
  });
}

/** A route answering every record at once (e.g. GET /callgroup/member/all/:id, a parent's children). */
export type AllRoute = RouteContract & { reply: z.ZodType<{ records: Array<{ id: number }> }> };
export type RecordOf<R extends AllRoute> = RouteReply<R>['records'][number];

const sortKey = (v: unknown) => (typeof v === 'number' || typeof v === 'boolean' ? Number(v) : String(v ?? ''));

/**
 * A list source from a route answering every record (a parent's few children): the table's
 * search (any text or number of a row), filters (equal values), sort and page are applied here,
 * in the browser, so the table behaves as over a paged list.
 */
export function allSource<R extends AllRoute>(
  route: R,
  options: { key: QueryKey; params?: Record<string, unknown>; invalidates?: QueryKey[] },
): ListSource<RecordOf<R>> {
  return {
    key: options.key,
    invalidates: options.invalidates ?? [options.key],
    fetch: async (request) => {
      const reply = await send<{ records: RecordOf<R>[] }>(route, { params: options.params });
      let rows: RecordOf<R>[] = reply.records;
      const search = request.search?.trim().toLowerCase() ?? '';
      if (search) {
        rows = rows.filter((row) =>
          Object.values(row).some(
            (v) => (typeof v === 'string' || typeof v === 'number') && String(v).toLowerCase().includes(search),
          ),
        );
      }
      for (const [field, value] of Object.entries(request.filters ?? {})) {
        rows = rows.filter((row) => (row as Record<string, unknown>)[field] === value);
      }
      const sortBy = request.sortBy;
      if (sortBy) {
        const sign = request.direction === 'desc' ? -1 : 1;
        const at = (row: RecordOf<R>) => sortKey((row as Record<string, unknown>)[sortBy]);
        rows = [...rows].sort((a, b) => {
          const [x, y] = [at(a), at(b)];
          return x < y ? -sign : x > y ? sign : 0;
        });
      }
      const all = request.offset < 0 || request.limit < 0;
      const records = all ? rows : rows.slice(request.offset, request.offset + request.limit);
      const lastPage = all || request.offset + request.limit >= rows.length;
      return { records, totalRecords: rows.length, lastPage };
    },
  };
}

/** The query of one page of a list source. */
export function listQuery<T>(source: ListSource<T>, request: ListRequest) {
  return queryOptions({
    queryKey: [...source.key, request],
    queryFn: () => source.fetch(request),
    placeholderData: keepPreviousData,
  });
}

/** What a detail page (TabbedForm) loads and saves: the record's query and its update. */
export interface RecordSource<R, B> {
  key: QueryKey;
  load: () => Promise<R>;
  /**
   * Saves the form's values, based on the record's `version` as loaded (sent as If-Match: a record
   * changed since is refused with 409 and nothing is written).
   */
  save: (body: B, version?: number) => Promise<SaveReply>;
  /** What a save invalidates (the resource's `all`: the record, its lists and counts). */
  invalidates: QueryKey[];
}

/** The routes of spec 1 §7 an area's resource has (the shape `resourceRoutes` returns). */
export interface CrudRoutes {
  list: ListRoute;
  read: RouteContract;
  /** Absent where records are not created by a JSON POST (numbers come from the store). */
  create?: RouteContract;
  update: RouteContract;
  patch: RouteContract;
  remove: RouteContract;
}

/** A record's version (resources whose records carry one), or undefined. */
export function versionOf(record: unknown): number | undefined {
  if (typeof record !== 'object' || record === null || !('version' in record)) return undefined;
  return typeof record.version === 'number' ? record.version : undefined;
}

export function resourceApi<const Root extends string, R extends CrudRoutes>(root: Root, routes: R) {
  const keys = resourceKeys(root);
  type Body<K extends 'create' | 'update'> = R[K] extends { body: z.ZodType } ? z.input<R[K]['body']> : never;
  const headers = (version: number | undefined) => ({ headers: ifMatch(version) });
  return {
    root,
    routes,
    keys,
    /** The list's pages, for a PagedTable. */
    list: listSource<R['list']>(routes.list, { key: keys.lists(), invalidates: [keys.all] }),
    /** One record (GET {path}/:id); a refused or missing one is not retried. */
    detail: (id: number | string) =>
      queryOptions({
        queryKey: keys.detail(id),
        queryFn: () => send<RouteReply<R['read']>>(routes.read, { params: { id } }),
        retry: false,
      }),
    /** The record count (POST {path}/0/1, its totalRecords): dashboard widgets and limits. */
    count: () =>
      queryOptions({
        queryKey: keys.count(),
        queryFn: async () =>
          (await send<ListReply<unknown>>(routes.list, { params: { offset: 0, limit: 1 } })).totalRecords,
      }),
    /** The record and its update, for a TabbedForm. */
    record: (id: number | string): RecordSource<RouteReply<R['read']>, Body<'update'>> => ({
      key: keys.detail(id),
      load: () => send(routes.read, { params: { id } }),
      save: (body, version) => send(routes.update, { params: { id }, body, ...headers(version) }),
      invalidates: [keys.all],
    }),
    /** POST {path}; a resource without a create has none to call (its body type is never). */
    create: (body: Body<'create'>) => {
      if (!routes.create) throw new Error(`${root} has no create`);
      return send<SaveReply>(routes.create, { body });
    },
    /** A complete update (PUT), based on `version` when given (If-Match). */
    update: (id: number, body: Body<'update'>, version?: number) =>
      send<SaveReply>(routes.update, { params: { id }, body, ...headers(version) }),
    /** Only the fields given change (PATCH), based on `version` when given (If-Match). */
    patch: (id: number, body: Partial<Body<'update'>>, version?: number) =>
      send<SaveReply>(routes.patch, { params: { id }, body, ...headers(version) }),
    remove: (id: number) => send<SaveReply>(routes.remove, { params: { id } }),
  };
}
export type ResourceApi = ReturnType<typeof resourceApi<string, CrudRoutes>>;
