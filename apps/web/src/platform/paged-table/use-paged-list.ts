/** Paging, sorting, search and filter state of a list, and its query against {path}/{offset}/{limit}. */
import {
  DEFAULT_PAGE_SIZE,
  type ListReply,
  NESTED_PAGE_SIZE,
  PAGE_SIZES,
  type SortDirection,
} from '@switchboard/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { api } from '../api.ts';

export interface SortState {
  field: string;
  direction: SortDirection;
}

/** Sorting cycles ascending → descending → none. */
export function nextSort(current: SortState | null, field: string): SortState | null {
  if (!current || current.field !== field) return { field, direction: 'asc' };
  if (current.direction === 'asc') return { field, direction: 'desc' };
  return null;
}

function storedPageSize(key: string, fallback: number): number {
  const raw = Number(window.localStorage.getItem(key));
  return (PAGE_SIZES as readonly number[]).includes(raw) ? raw : fallback;
}

export function usePagedList<T>(
  path: string,
  nested: boolean,
  tableKey?: string,
  fixedFilters?: Record<string, string | number | boolean>,
) {
  const { pathname } = useLocation();
  // Page size is remembered per page path (and per nested table on that page).
  const storageKey = `pageSize:${pathname}${tableKey ? `#${tableKey}` : ''}`;
  const [pageSize, setPageSizeState] = useState(() =>
    storedPageSize(storageKey, nested ? NESTED_PAGE_SIZE : DEFAULT_PAGE_SIZE),
  );
  const [page, setPage] = useState(0);
  const [sort, setSort] = useState<SortState | null>(null);
  const [searchInput, setSearchInput] = useState('');
  const [search, setSearch] = useState('');
  const [filters, setFilters] = useState<Record<string, string | number | boolean>>({});

  useEffect(() => {
    const t = window.setTimeout(() => {
      setSearch(searchInput.trim());
      setPage(0);
    }, 300);
    return () => window.clearTimeout(t);
  }, [searchInput]);

  const setPageSize = (size: number) => {
    window.localStorage.setItem(storageKey, String(size));
    setPageSizeState(size);
    setPage(0);
  };

  const body = {
    ...(sort ? { sortBy: sort.field, direction: sort.direction } : {}),
    ...(search ? { search } : {}),
    ...(Object.keys(filters).length || fixedFilters ? { filters: { ...filters, ...fixedFilters } } : {}),
  };
  const query = useQuery({
    queryKey: ['list', path, page, pageSize, body],
    queryFn: () => api.post<ListReply<T>>(`${path}/${page * pageSize}/${pageSize}`, body),
    placeholderData: keepPreviousData,
  });

  return {
    query,
    page,
    setPage,
    pageSize,
    setPageSize,
    sort,
    toggleSort: (field: string) => {
      setSort((s) => nextSort(s, field));
      setPage(0);
    },
    searchInput,
    setSearchInput,
    searching: search !== '' || Object.keys(filters).length > 0,
    filters,
    setFilter: (field: string, value: string | number | boolean | null) => {
      setFilters((f) => {
        const next = { ...f };
        if (value === null || value === '') delete next[field];
        else next[field] = value;
        return next;
      });
      setPage(0);
    },
  };
}

/**
 * A list's record count (POST {path}/0/1, its totalRecords): the dashboard's widgets and the limits
 * lists enforce (a retail trunk cap). Under ['list', path], so a table's refresh after a change
 * recounts.
 */
export const listCountQuery = (path: string) => ({
  queryKey: ['list', path, 'count'],
  queryFn: async () => (await api.post<ListReply<unknown>>(`${path}/0/1`, {})).totalRecords,
});
