/**
 * Paging, sorting, search and filter state of a list, kept in the URL (list-state.ts), and its page
 * query. The page size comes from the URL, else the size remembered for this page path (and nested
 * table) in local storage, else the default. Search is debounced; a new search, filter, sort or
 * page size goes back to the first page.
 */
import { DEFAULT_PAGE_SIZE, type ListRequest, NESTED_PAGE_SIZE, PAGE_SIZES } from '@switchboard/domain';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { type ListSource, listQuery } from '../resource.ts';
import {
  type FilterDecoders,
  type FilterValue,
  type ListState,
  nextSort,
  readListState,
  writeListState,
} from './list-state.ts';

export const SEARCH_DEBOUNCE_MS = 300;

function storedPageSize(key: string, fallback: number): number {
  const raw = Number(window.localStorage.getItem(key));
  return (PAGE_SIZES as readonly number[]).includes(raw) ? raw : fallback;
}

export interface PagedListOptions {
  /** Nested tables default to 5 rows. */
  nested?: boolean;
  /** Names the table's URL params ('entries.page') and its remembered page size. */
  tableKey?: string;
  /** Maps each filter's URL text back to its value. */
  decoders?: FilterDecoders;
  /** Filters always sent (a nested table of one parent's children); not in the URL. */
  fixedFilters?: Record<string, FilterValue>;
}

export function usePagedList<T>(source: ListSource<T>, options: PagedListOptions = {}) {
  const { nested = false, tableKey, decoders = {}, fixedFilters } = options;
  const { pathname } = useLocation();
  const [params, setParams] = useSearchParams();
  const prefix = tableKey ? `${tableKey}.` : '';
  const state = readListState(params, prefix, decoders);
  const storageKey = `pageSize:${pathname}${tableKey ? `#${tableKey}` : ''}`;
  const pageSize = state.size ?? storedPageSize(storageKey, nested ? NESTED_PAGE_SIZE : DEFAULT_PAGE_SIZE);

  /** Discrete choices (page, sort, filter) are history entries; typing a search replaces the entry. */
  const update = (patch: Partial<ListState>, replace = false) =>
    setParams((current) => writeListState(current, prefix, patch), { replace });

  const [searchInput, setSearchInput] = useState(state.search);
  // The URL changed by itself (Back, a link): the box shows its search. Only on a change: on the
  // first render's effect it would wipe what was typed between the first paint and the effect.
  const shownSearch = useRef(state.search);
  useEffect(() => {
    if (shownSearch.current === state.search) return;
    shownSearch.current = state.search;
    setSearchInput((input) => (input.trim() === state.search ? input : state.search));
  }, [state.search]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: update is rebuilt each render; the input drives this.
  useEffect(() => {
    const term = searchInput.trim();
    if (term === state.search) return;
    const timer = window.setTimeout(() => update({ search: term, page: 0 }, true), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [searchInput, state.search]);

  const filters = state.filters;
  const sent = { ...filters, ...fixedFilters };
  const request: ListRequest = {
    offset: state.page * pageSize,
    limit: pageSize,
    ...(state.sort ? { sortBy: state.sort.field, direction: state.sort.direction } : {}),
    ...(state.search ? { search: state.search } : {}),
    ...(Object.keys(sent).length ? { filters: sent } : {}),
  };
  const query = useQuery(listQuery(source, request));

  return {
    query,
    page: state.page,
    setPage: (page: number) => update({ page }),
    pageSize,
    setPageSize: (size: number) => {
      window.localStorage.setItem(storageKey, String(size));
      update({ size, page: 0 });
    },
    sort: state.sort,
    toggleSort: (field: string) => update({ sort: nextSort(state.sort, field), page: 0 }),
    searchInput,
    setSearchInput,
    searching: state.search !== '' || Object.keys(filters).length > 0,
    filters,
    setFilter: (field: string, value: FilterValue | null) => {
      const next = { ...filters };
      if (value === null || value === '') delete next[field];
      else next[field] = value;
      update({ filters: next, page: 0 });
    },
  };
}
export type PagedList<T> = ReturnType<typeof usePagedList<T>>;
