import type { OnChangeFn, PaginationState, SortingState } from '@tanstack/react-table';
import { useEffect, useState } from 'react';
import { navigate, useSearch } from '../app/routing/router';
import { DEFAULT_PAGE_SIZE, type DataTableState, PAGE_SIZE_OPTIONS } from '../components/ui/data-table';
import { useDebouncedValue } from './use-debounced-value';

/**
 * Writes query parameters into the address, leaving out those equal to their default so a plain list has a
 * plain address. It replaces the history entry: typing a search is not twenty Back presses, and Back leaves the
 * list for the page before it. Each call reads the address afresh, so updates in one handler compose.
 */
export function setUrlParams(changes: Record<string, string | number | null | undefined>): void {
  const params = new URLSearchParams(window.location.search);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null || value === undefined || value === '') params.delete(key);
    else params.set(key, String(value));
  }
  const query = params.toString();
  const next = `${window.location.pathname}${query ? `?${query}` : ''}`;
  if (next !== `${window.location.pathname}${window.location.search}`) navigate(next, { replace: true });
}

/** One text parameter of the address, e.g. the search box or a filter; `''` when absent. */
export function useUrlParam<T extends string = string>(key: string, allowed?: readonly T[]): [T | '', (value: T | '') => void] {
  const search = useSearch();
  const raw = new URLSearchParams(search).get(key) ?? '';
  const value = (allowed && !allowed.includes(raw as T) ? '' : raw) as T | '';
  return [value, (next) => setUrlParams({ [key]: next, page: undefined })];
}

function resolve<T>(updater: T | ((old: T) => T), old: T): T {
  return typeof updater === 'function' ? (updater as (old: T) => T)(old) : updater;
}

/**
 * A table's sorting and paging kept in the address (`sort`, `dir`, `page`, `size`), so a reload, a shared link or
 * Back after opening a row shows the same page. `sortable` lists the column ids the server sorts by.
 */
export function useUrlTableState(options: { sorting?: SortingState; sortable?: readonly string[]; pageSize?: number } = {}): DataTableState {
  const search = useSearch();
  const params = new URLSearchParams(search);
  const defaultSort = options.sorting?.[0];
  const defaultSize = options.pageSize ?? DEFAULT_PAGE_SIZE;
  const sortParam = params.get('sort');
  const sortId = sortParam && options.sortable?.includes(sortParam) ? sortParam : undefined;
  const sorting: SortingState = sortId ? [{ id: sortId, desc: params.get('dir') === 'desc' }] : (options.sorting ?? []);
  const page = Math.max(1, Math.floor(Number(params.get('page')) || 1));
  const sizeParam = Number(params.get('size'));
  const pageSize = (PAGE_SIZE_OPTIONS as readonly number[]).includes(sizeParam) ? sizeParam : defaultSize;
  const pagination: PaginationState = { pageIndex: page - 1, pageSize };

  const setSorting: OnChangeFn<SortingState> = (updater) => {
    const next = resolve(updater, sorting)[0];
    const isDefault = !next || (defaultSort && next.id === defaultSort.id && next.desc === defaultSort.desc);
    setUrlParams({ sort: isDefault ? null : next.id, dir: isDefault ? null : next.desc ? 'desc' : 'asc' });
  };
  const setPagination: OnChangeFn<PaginationState> = (updater) => {
    const next = resolve(updater, pagination);
    setUrlParams({ page: next.pageIndex > 0 ? next.pageIndex + 1 : null, size: next.pageSize === defaultSize ? null : next.pageSize });
  };
  return { sorting, setSorting, pagination, setPagination };
}

/**
 * A search box kept in the address under `key`: the box answers every keystroke, the address (and so the query)
 * follows once typing pauses, and going to page 1 happens only when the search really changed.
 */
export function useUrlSearch(key: string): { input: string; setInput: (value: string) => void; value: string } {
  const [committed] = useUrlParam(key);
  const [input, setInput] = useState(committed);
  const debounced = useDebouncedValue(input.trim());
  useEffect(() => {
    const current = new URLSearchParams(window.location.search).get(key) ?? '';
    if (debounced !== current) setUrlParams({ [key]: debounced, page: null });
  }, [debounced, key]);
  // Back / Forward to an address with another search puts that search in the box.
  useEffect(() => {
    setInput((current) => (current.trim() === committed ? current : committed));
  }, [committed]);
  return { input, setInput, value: committed };
}
