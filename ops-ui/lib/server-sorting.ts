import type { SortingState } from '@tanstack/react-table';

/**
 * Translates the table's sorting (column ids) into the API's `sort`/`dir` parameters. Columns missing from
 * `columnToSort` are not sortable on the server; the fallback is the server's own default order.
 */
export function serverSort<TSort extends string>(
  sorting: SortingState,
  columnToSort: Record<string, TSort>,
  fallback: { sort: TSort; dir: 'asc' | 'desc' },
): { sort: TSort; dir: 'asc' | 'desc' } {
  const first = sorting[0];
  const sort = first ? columnToSort[first.id] : undefined;
  if (!first || !sort) return fallback;
  return { sort, dir: first.desc ? 'desc' : 'asc' };
}
