/**
 * A list source over a call answering every record at once (e.g. GET /pickupgroups/{id}/members):
 * the paged table's search, sort and paging done in the browser on the whole list, so such a list
 * gets the same table (selection, delete with feedback, add) as a paged one.
 *
 *   const members = localListSource([...keys.detail(id), 'members'], () => call(routes.members, { params: { id } }),
 *     { search: (m) => [m.name, m.nickname] });
 */
import type { ListReply, ListRequest } from '@switchboard/domain';
import type { QueryKey } from '@tanstack/react-query';
import type { ListSource } from './resource.ts';

export interface LocalListOptions<T> {
  /** The texts a search looks in (case-insensitive); without it every field's text. */
  search?: (row: T) => Array<string | number>;
  /** What a change made through the table invalidates (default: the key). */
  invalidates?: QueryKey[];
}

function compare(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a ?? '').localeCompare(String(b ?? ''), undefined, { numeric: true, sensitivity: 'base' });
}

/** One page of `rows` as the request asks (offset, limit, sortBy, direction, search). */
export function pageOf<T extends object>(rows: T[], request: ListRequest, options: LocalListOptions<T> = {}) {
  const text = request.search?.trim().toLowerCase();
  const texts = options.search ?? ((row: T) => Object.values(row).map((v) => String(v)));
  let found = text ? rows.filter((r) => texts(r).some((v) => String(v).toLowerCase().includes(text))) : [...rows];
  const sortBy = request.sortBy;
  if (sortBy) {
    const sign = request.direction === 'desc' ? -1 : 1;
    found = found.sort(
      (a, b) => sign * compare((a as Record<string, unknown>)[sortBy], (b as Record<string, unknown>)[sortBy]),
    );
  }
  const all = request.limit < 0;
  const records = all ? found : found.slice(request.offset, request.offset + request.limit);
  return {
    records,
    totalRecords: found.length,
    lastPage: all || request.offset + request.limit >= found.length,
  } satisfies ListReply<T>;
}

export function localListSource<T extends { id: number }>(
  key: QueryKey,
  load: () => Promise<{ records: T[] }>,
  options: LocalListOptions<T> = {},
): ListSource<T> {
  return {
    key,
    invalidates: options.invalidates ?? [key],
    fetch: async (request) => pageOf((await load()).records, request, options),
  };
}
