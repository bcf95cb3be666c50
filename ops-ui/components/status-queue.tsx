import type { RowData } from '@tanstack/react-table';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { describeApiError } from '../lib/api-client';
import type { Area } from '../lib/areas';
import { Alert } from './ui/alert';
import { type DataTableColumn, type DataTableState, DataTable } from './ui/data-table';
import { Notice } from './ui/notice';
import { PageHeader } from './ui/page-header';
import { type Segment, SegmentedControl } from './ui/segmented-control';
import { Toolbar } from './ui/toolbar';

const NO_ROWS: never[] = [];

/** A page of the server's list, as React Query holds it. */
interface QueueQuery<T> {
  data?: { items: T[]; total: number };
  isError: boolean;
  error: unknown;
  isPending: boolean;
}

/**
 * A reviewers' queue shown by status (reports, appeals): the area's header, the status switch with the count, the
 * last action's notice, the table, and the page's own dialogs as children.
 */
export function StatusQueue<T extends RowData, S extends string>(props: {
  area: Area;
  /** plural, capitalised: "Reports" */
  noun: string;
  status: S;
  segments: ReadonlyArray<Segment<S>>;
  onStatusChange: (status: S) => void;
  query: QueueQuery<T>;
  table: DataTableState;
  columns: ReadonlyArray<DataTableColumn<T>>;
  getRowId: (row: T) => string;
  notice: string | null;
  onDismissNotice: () => void;
  emptyIcon: LucideIcon;
  /** what an empty open queue says */
  emptyOpen: string;
  children: ReactNode;
}) {
  const { area, noun, status, query, table } = props;
  const lower = noun.toLowerCase();
  return (
    <>
      <PageHeader title={area.title} description={area.description} />
      <Toolbar label={noun}>
        <SegmentedControl label={`Show ${lower}`} value={status} segments={props.segments} onValueChange={props.onStatusChange} />
        {query.data ? (
          <p className="ops-toolbar__count">
            {query.data.total.toLocaleString('en')} {status}
          </p>
        ) : null}
      </Toolbar>
      <Notice message={props.notice} onDismiss={props.onDismissNotice} />
      {query.isError ? (
        <Alert tone="danger" title={`${noun} could not be loaded`}>
          <p>{describeApiError(query.error, 'Please try again.')}</p>
        </Alert>
      ) : null}
      <DataTable
        label={noun}
        columns={props.columns}
        data={query.data?.items ?? NO_ROWS}
        rowCount={query.data?.total ?? 0}
        getRowId={props.getRowId}
        pagination={table.pagination}
        onPaginationChange={table.setPagination}
        isLoading={query.isPending}
        emptyIcon={props.emptyIcon}
        emptyTitle={status === 'open' ? `No open ${lower}` : `No ${status} ${lower}`}
        emptyDescription={status === 'open' ? props.emptyOpen : undefined}
      />
      {props.children}
    </>
  );
}
