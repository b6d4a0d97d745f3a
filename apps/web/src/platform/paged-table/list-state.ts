/**
 * A list's place in the URL (spec 1 §4 "Tables"), so Back and a shared link keep it: page (from 1,
 * left out on the first), page size, sort ('name' ascending, '-name' descending), search and each
 * filter ('filter.status'). A page with nested tables namespaces them by table key
 * ('entries.page=2'); a top-level table uses the bare names.
 */
import { PAGE_SIZES, type SortDirection } from '@switchboard/domain';

export type FilterValue = string | number | boolean;

export interface SortState {
  field: string;
  direction: SortDirection;
}

export interface ListState {
  /** From 0. */
  page: number;
  /** The size the URL asks for (null: the remembered or default size). */
  size: number | null;
  sort: SortState | null;
  search: string;
  filters: Record<string, FilterValue>;
}

/** How the URL's text of a filter maps back to the option's own value ('true' → true). */
export type FilterDecoders = Record<string, (raw: string) => FilterValue | undefined>;

/** Sorting cycles ascending → descending → none. */
export function nextSort(current: SortState | null, field: string): SortState | null {
  if (!current || current.field !== field) return { field, direction: 'asc' };
  if (current.direction === 'asc') return { field, direction: 'desc' };
  return null;
}

const FILTER = 'filter.';

export function readListState(params: URLSearchParams, prefix: string, decoders: FilterDecoders): ListState {
  const get = (name: string) => params.get(`${prefix}${name}`);
  const page = Number(get('page'));
  const size = Number(get('size'));
  const sort = get('sort');
  const filters: Record<string, FilterValue> = {};
  for (const [key, raw] of params) {
    if (!key.startsWith(`${prefix}${FILTER}`)) continue;
    const field = key.slice(prefix.length + FILTER.length);
    const value = decoders[field]?.(raw);
    if (value !== undefined) filters[field] = value;
  }
  return {
    page: Number.isInteger(page) && page > 1 ? page - 1 : 0,
    size: (PAGE_SIZES as readonly number[]).includes(size) ? size : null,
    sort: sort
      ? sort.startsWith('-')
        ? { field: sort.slice(1), direction: 'desc' }
        : { field: sort, direction: 'asc' }
      : null,
    search: get('search') ?? '',
    filters,
  };
}

/** The URL's params with the list state changed as `patch` says (the rest of the URL kept). */
export function writeListState(params: URLSearchParams, prefix: string, patch: Partial<ListState>): URLSearchParams {
  const next = new URLSearchParams(params);
  const set = (name: string, value: string | null) => {
    if (value === null || value === '') next.delete(`${prefix}${name}`);
    else next.set(`${prefix}${name}`, value);
  };
  if (patch.page !== undefined) set('page', patch.page > 0 ? String(patch.page + 1) : null);
  if (patch.size !== undefined) set('size', patch.size === null ? null : String(patch.size));
  if (patch.sort !== undefined) {
    set('sort', patch.sort ? `${patch.sort.direction === 'desc' ? '-' : ''}${patch.sort.field}` : null);
  }
  if (patch.search !== undefined) set('search', patch.search);
  if (patch.filters !== undefined) {
    for (const key of [...next.keys()]) if (key.startsWith(`${prefix}${FILTER}`)) next.delete(key);
    for (const [field, value] of Object.entries(patch.filters)) set(`${FILTER}${field}`, String(value));
  }
  return next;
}

/** Decodes a filter's URL text to the value of the option it names (unknown text: no filter). */
export function optionDecoder(
  options: ReadonlyArray<{ value: FilterValue }>,
): (raw: string) => FilterValue | undefined {
  return (raw) => options.find((o) => String(o.value) === raw)?.value;
}
