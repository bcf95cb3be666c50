import type { PaginationState } from '@tanstack/react-table';
import { useMemo } from 'react';

/**
 * The rows of the current page for lists the API returns whole (stories, reviewers): those lists are short, so
 * the table pages them in the browser with the same controls as the server-paged ones.
 */
export function useClientPage<T>(rows: ReadonlyArray<T> | undefined, pagination: PaginationState): ReadonlyArray<T> {
  return useMemo(() => {
    if (!rows) return [];
    const start = pagination.pageIndex * pagination.pageSize;
    return rows.slice(start, start + pagination.pageSize);
  }, [rows, pagination.pageIndex, pagination.pageSize]);
}
