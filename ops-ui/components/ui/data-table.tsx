import {
  type ColumnDef,
  createColumnHelper,
  metaHelper,
  type OnChangeFn,
  type PaginationState,
  type RowData,
  rowPaginationFeature,
  rowSortingFeature,
  type SortingState,
  tableFeatures,
  useTable,
} from '@tanstack/react-table';
import { ArrowDown, ArrowUp, ChevronLeft, ChevronRight, ChevronsUpDown, type LucideIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from './button';
import { EmptyState } from './empty-state';

/**
 * Every console table is server-driven: the API sorts and pages, the table only holds that state and renders
 * the page it is given. Registering just these two features keeps the bundle small.
 */
export interface DataTableColumnMeta {
  /** Class on the column's header and cells, e.g. `ops-col--wrap` for text that may run over several lines. */
  className?: string;
}

export const dataTableFeatures = tableFeatures({
  rowSortingFeature,
  rowPaginationFeature,
  columnMeta: metaHelper<DataTableColumnMeta>(),
});
export type DataTableFeatures = typeof dataTableFeatures;
export type DataTableColumn<TData extends RowData> = ColumnDef<DataTableFeatures, TData>;

/** Column helper bound to the table's features: `const columns = columnHelper.columns([...])`. */
export function createDataTableColumnHelper<TData extends RowData>() {
  return createColumnHelper<DataTableFeatures, TData>();
}

export const DEFAULT_PAGE_SIZE = 25;
export const PAGE_SIZE_OPTIONS = [25, 50, 100] as const;

export interface DataTableState {
  sorting: SortingState;
  setSorting: OnChangeFn<SortingState>;
  pagination: PaginationState;
  setPagination: OnChangeFn<PaginationState>;
}

/** Sorting and paging state for one table; put both in the query key of the request that fills it. */
export function useDataTableState(initial: { sorting?: SortingState; pageSize?: number } = {}): DataTableState {
  const [sorting, setSorting] = useState<SortingState>(initial.sorting ?? []);
  const [pagination, setPagination] = useState<PaginationState>({
    pageIndex: 0,
    pageSize: initial.pageSize ?? DEFAULT_PAGE_SIZE,
  });
  return { sorting, setSorting, pagination, setPagination };
}

export interface DataTableProps<TData extends RowData> {
  /** Accessible name of the table, e.g. "Members". */
  label: string;
  /** Keep this reference stable (module scope or useMemo). */
  columns: ReadonlyArray<DataTableColumn<TData>>;
  /** The current page of rows, already sorted and paged by the server. */
  data: ReadonlyArray<TData>;
  /** Total rows on the server across all pages. */
  rowCount: number;
  /** Leave both out for a list the server does not sort. */
  sorting?: SortingState;
  onSortingChange?: OnChangeFn<SortingState>;
  pagination: PaginationState;
  onPaginationChange: OnChangeFn<PaginationState>;
  getRowId?: (row: TData, index: number) => string;
  isLoading?: boolean;
  emptyIcon?: LucideIcon;
  emptyTitle: string;
  emptyDescription?: string;
  /** Narrow tables (a queue beside its detail view) leave out the rows-per-page control. */
  compact?: boolean;
  /** The row whose details are open elsewhere on the page, highlighted. */
  selectedRowId?: string;
}

const NO_SORTING: SortingState = [];

export function DataTable<TData extends RowData>({
  label,
  columns,
  data,
  rowCount,
  sorting,
  onSortingChange,
  pagination,
  onPaginationChange,
  getRowId,
  isLoading = false,
  emptyIcon,
  emptyTitle,
  emptyDescription,
  compact = false,
  selectedRowId,
}: DataTableProps<TData>) {
  const table = useTable({
    features: dataTableFeatures,
    columns,
    data,
    getRowId,
    rowCount,
    manualSorting: true,
    manualPagination: true,
    // With only one page loaded the table cannot infer a first direction from the values; columns whose
    // natural first order is descending (dates, counts) set `sortDescFirst: true`.
    sortDescFirst: false,
    enableSorting: onSortingChange !== undefined,
    // The server always sorts by something: a header toggles between ascending and descending only.
    enableSortingRemoval: false,
    state: { sorting: sorting ?? NO_SORTING, pagination },
    onSortingChange: (updater) => {
      onSortingChange?.(updater);
      // A new order makes the current page meaningless: go back to the first one.
      onPaginationChange((current) => ({ ...current, pageIndex: 0 }));
    },
    onPaginationChange,
  });

  const rows = table.getRowModel().rows;
  const columnCount = Math.max(table.getAllLeafColumns().length, 1);
  const firstRow = rowCount === 0 ? 0 : pagination.pageIndex * pagination.pageSize + 1;
  const lastRow = Math.min(rowCount, (pagination.pageIndex + 1) * pagination.pageSize);
  const pageCount = Math.max(table.getPageCount(), 1);

  // A page past the end (an old link, a list that shrank, a typed address) moves to the last page, as the server
  // answered it, so the address and the pager say the page that is shown.
  const pastTheEnd = !isLoading && pagination.pageIndex > 0 && pagination.pageIndex >= pageCount;
  useEffect(() => {
    if (pastTheEnd) onPaginationChange((current) => ({ ...current, pageIndex: pageCount - 1 }));
  }, [pastTheEnd, pageCount, onPaginationChange]);

  return (
    <div className="ops-table">
      <div className="ops-table__scroll">
        <table aria-label={label} aria-busy={isLoading || undefined}>
          <thead>
            {table.getHeaderGroups().map((headerGroup) => (
              <tr key={headerGroup.id}>
                {headerGroup.headers.map((header) => {
                  const sortDirection = header.column.getIsSorted();
                  const canSort = header.column.getCanSort();
                  const SortIcon = sortDirection === 'asc' ? ArrowUp : sortDirection === 'desc' ? ArrowDown : ChevronsUpDown;
                  return (
                    <th
                      key={header.id}
                      className={header.column.columnDef.meta?.className}
                      colSpan={header.colSpan}
                      scope="col"
                      aria-sort={
                        sortDirection === 'asc' ? 'ascending' : sortDirection === 'desc' ? 'descending' : undefined
                      }
                    >
                      {header.isPlaceholder ? null : canSort ? (
                        <button
                          type="button"
                          className="ops-table__sort"
                          onClick={header.column.getToggleSortingHandler()}
                        >
                          <table.FlexRender header={header} />
                          <SortIcon
                            aria-hidden="true"
                            size={14}
                            className={sortDirection ? 'ops-table__sort-icon is-active' : 'ops-table__sort-icon'}
                          />
                        </button>
                      ) : (
                        <table.FlexRender header={header} />
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody>
            {isLoading && rows.length === 0 ? (
              <tr>
                <td colSpan={columnCount} className="ops-table__status">
                  Loading…
                </td>
              </tr>
            ) : rows.length === 0 ? (
              <tr>
                <td colSpan={columnCount} className="ops-table__status">
                  <EmptyState icon={emptyIcon} title={emptyTitle} description={emptyDescription} />
                </td>
              </tr>
            ) : (
              rows.map((row) => (
                <tr
                  key={row.id}
                  className={row.id === selectedRowId ? 'is-selected' : undefined}
                  aria-selected={selectedRowId === undefined ? undefined : row.id === selectedRowId}
                >
                  {row.getAllCells().map((cell) => (
                    <td key={cell.id} className={cell.column.columnDef.meta?.className}>
                      <table.FlexRender cell={cell} />
                    </td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      <div className="ops-table__footer">
        <p className="ops-table__range">
          {rowCount === 0 ? 'No rows' : `Showing ${firstRow}–${lastRow} of ${rowCount.toLocaleString('en')}`}
        </p>
        <div className="ops-table__pager">
          {compact ? null : (
          <label className="ops-table__page-size">
            Rows per page
            <select
              value={pagination.pageSize}
              onChange={(event) =>
                onPaginationChange({ pageIndex: 0, pageSize: Number(event.currentTarget.value) })
              }
            >
              {PAGE_SIZE_OPTIONS.map((size) => (
                <option key={size} value={size}>
                  {size}
                </option>
              ))}
            </select>
          </label>
          )}
          <span className="ops-table__page">
            Page {pagination.pageIndex + 1} of {pageCount}
          </span>
          <Button
            size="sm"
            variant="ghost"
            aria-label="Previous page"
            disabled={!table.getCanPreviousPage()}
            onClick={() => table.previousPage()}
          >
            <ChevronLeft aria-hidden="true" size={16} />
          </Button>
          <Button
            size="sm"
            variant="ghost"
            aria-label="Next page"
            disabled={!table.getCanNextPage()}
            onClick={() => table.nextPage()}
          >
            <ChevronRight aria-hidden="true" size={16} />
          </Button>
        </div>
      </div>
    </div>
  );
}
