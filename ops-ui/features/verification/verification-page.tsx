import { BadgeCheck } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Alert } from '../../components/ui/alert';
import { createDataTableColumnHelper, DataTable } from '../../components/ui/data-table';
import { EmptyState } from '../../components/ui/empty-state';
import { Notice } from '../../components/ui/notice';
import { PageHeader } from '../../components/ui/page-header';
import { Panel } from '../../components/ui/panel';
import { SegmentedControl } from '../../components/ui/segmented-control';
import { Toolbar } from '../../components/ui/toolbar';
import { describeApiError } from '../../lib/api-client';
import { areaById } from '../../lib/areas';
import { formatDateTime } from '../../lib/format';
import { documentTypeLabel } from '../../lib/labels';
import { useUrlParam, useUrlTableState } from '../../lib/use-url-state';
import { useVerifications, type VerificationRequest, type VerificationStatus } from './api/verifications';
import { VerificationDetail } from './components/verification-detail';

const area = areaById('verification');

const STATUS_SEGMENTS = [
  { value: 'pending', label: 'Pending' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
] as const;

const EMPTY_TEXT: Record<VerificationStatus, { title: string; description: string }> = {
  pending: {
    title: 'The verification queue is empty',
    description: 'New identity checks appear here, oldest first, as soon as members submit their documents.',
  },
  approved: { title: 'No approved requests yet', description: 'Requests you approve are listed here, newest first.' },
  rejected: { title: 'No rejected requests', description: 'Requests you reject are listed here with the reason given.' },
};

const column = createDataTableColumnHelper<VerificationRequest>();
const noRequests: VerificationRequest[] = [];
const requestRowId = (request: VerificationRequest) => String(request.id);

export function VerificationPage() {
  const [statusParam, setStatusParam] = useUrlParam('status', ['approved', 'rejected'] as const);
  const status: VerificationStatus = statusParam || 'pending';
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const table = useUrlTableState();
  const query = useVerifications({
    status,
    page: table.pagination.pageIndex + 1,
    pageSize: table.pagination.pageSize,
  });
  const items = query.data?.items ?? noRequests;
  // The oldest pending request is open until the reviewer picks another; after a decision the next one opens.
  const selected = items.find((item) => item.id === selectedId) ?? items[0] ?? null;

  const selectedRequestId = selected?.id ?? null;
  const columns = useMemo(
    () =>
      column.columns([
    column.accessor((row) => row.user.fullName, {
      id: 'member',
      header: 'Member',
      cell: (info) => {
        const request = info.row.original;
        const isOpen = selectedRequestId === request.id;
        return (
          <div className="ops-cell-stack">
            <button
              type="button"
              className="ops-link-button ops-cell-strong"
              aria-pressed={isOpen}
              aria-label={`${status === 'pending' ? 'Review' : 'View'} ${request.user.fullName}`}
              onClick={() => setSelectedId(request.id)}
            >
              {info.getValue()}
            </button>
            <span className="ops-cell-muted">@{request.user.username}</span>
          </div>
        );
      },
    }),
    column.accessor('documentType', { header: 'Document', cell: (info) => documentTypeLabel(info.getValue()) }),
    column.accessor(status === 'pending' ? 'createdAt' : 'decidedAt', {
      id: 'when',
      header: status === 'pending' ? 'Submitted' : 'Decided',
      cell: (info) => (
        <div className="ops-cell-stack">
          <span>{formatDateTime(info.getValue())}</span>
          {info.row.original.decidedBy ? <span className="ops-cell-muted">by {info.row.original.decidedBy.fullName}</span> : null}
        </div>
      ),
    }),
      ]),
    [status, selectedRequestId],
  );

  return (
    <>
      <PageHeader title={area.title} description={area.description} />
      <Toolbar label="Verification requests">
        <SegmentedControl
          label="Show requests"
          value={status}
          segments={STATUS_SEGMENTS}
          onValueChange={(next) => {
            setStatusParam(next === 'pending' ? '' : next);
            setSelectedId(null);
          }}
        />
        {query.data ? (
          <p className="ops-toolbar__count">
            {query.data.total.toLocaleString('en')} {status === 'pending' ? 'waiting' : status}
          </p>
        ) : null}
      </Toolbar>
      <Notice message={notice} onDismiss={() => setNotice(null)} />
      {query.isError ? (
        <Alert tone="danger" title="The verification queue could not be loaded">
          <p>{describeApiError(query.error, 'Please try again.')}</p>
        </Alert>
      ) : null}
      <div className="ops-master-detail">
        <DataTable
          label="Verification requests"
          columns={columns}
          data={items}
          rowCount={query.data?.total ?? 0}
          getRowId={requestRowId}
          pagination={table.pagination}
          onPaginationChange={table.setPagination}
          isLoading={query.isPending}
          compact
          selectedRowId={selected ? String(selected.id) : undefined}
          emptyIcon={BadgeCheck}
          emptyTitle={EMPTY_TEXT[status].title}
          emptyDescription={EMPTY_TEXT[status].description}
        />
        {selected ? (
          <VerificationDetail
            key={selected.id}
            request={selected}
            onDecided={(message) => {
              setNotice(message);
              setSelectedId(null);
            }}
          />
        ) : (
          <Panel label="Request details">
            <EmptyState
              icon={BadgeCheck}
              title={query.isPending ? 'Loading requests…' : 'Nothing to review'}
              description={query.isPending ? undefined : 'Pick a request from the list to see its documents.'}
            />
          </Panel>
        )}
      </div>
    </>
  );
}
