import { Download, Link2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { shareDeactivateSchema } from '../../../contracts/ops';
import { ActionDialog } from '../../components/ui/action-dialog';
import { Alert } from '../../components/ui/alert';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { MemberLink } from '../../components/member-link';
import { createDataTableColumnHelper, DataTable } from '../../components/ui/data-table';
import { Notice } from '../../components/ui/notice';
import { PageHeader } from '../../components/ui/page-header';
import { SegmentedControl } from '../../components/ui/segmented-control';
import { TextField } from '../../components/ui/text-field';
import { Toolbar } from '../../components/ui/toolbar';
import { describeApiError } from '../../lib/api-client';
import { areaById } from '../../lib/areas';
import { formatDateTime, formatCount } from '../../lib/format';
import { serverSort } from '../../lib/server-sorting';
import { useUrlParam, useUrlSearch, useUrlTableState } from '../../lib/use-url-state';
import { type ShareLink, type ShareSort, type ShareState, sharesCsvUrl, useDeactivateShare, useShares } from './api/shares';

const area = areaById('shares');

const STATE_SEGMENTS = [
  { value: 'all', label: 'All' },
  { value: 'active', label: 'Active' },
  { value: 'expired', label: 'Expired' },
  { value: 'deactivated', label: 'Deactivated' },
] as const;
type StateFilter = (typeof STATE_SEGMENTS)[number]['value'];

const STATE_BADGES: Record<ShareState, { tone: 'success' | 'neutral' | 'danger'; label: string }> = {
  active: { tone: 'success', label: 'Active' },
  expired: { tone: 'neutral', label: 'Expired' },
  deactivated: { tone: 'danger', label: 'Deactivated' },
};

const SORT_BY_COLUMN: Record<string, ShareSort> = { createdAt: 'created', expiresAt: 'expires', accessCount: 'views', owner: 'owner' };
const STATE_VALUES = ['active', 'expired', 'deactivated'] as const;

const column = createDataTableColumnHelper<ShareLink>();
const noShares: ShareLink[] = [];
const shareRowId = (share: ShareLink) => String(share.id);

export function SharesPage() {
  const [stateParam, setStateParam] = useUrlParam('state', STATE_VALUES);
  const stateFilter: StateFilter = stateParam || 'all';
  const search = useUrlSearch('q');
  const [toDeactivate, setToDeactivate] = useState<ShareLink | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const table = useUrlTableState({ sorting: [{ id: 'createdAt', desc: true }], sortable: Object.keys(SORT_BY_COLUMN) });
  const deactivate = useDeactivateShare();

  const filters = {
    state: stateParam || undefined,
    q: search.value || undefined,
    ...serverSort(table.sorting, SORT_BY_COLUMN, { sort: 'created', dir: 'desc' }),
  };
  const query = useShares({ ...filters, page: table.pagination.pageIndex + 1, pageSize: table.pagination.pageSize });

  const columns = useMemo(
    () =>
      column.columns([
        column.accessor('id', {
          header: 'Link',
          enableSorting: false,
          cell: (info) => (
            <div className="ops-cell-stack">
              <span className="ops-cell-mono">#{info.getValue()}</span>
              <span className="ops-cell-mono ops-cell-muted" title="The first characters of the link's code">
                {info.row.original.codePrefix}…
              </span>
            </div>
          ),
        }),
        column.accessor((share) => share.owner.fullName, {
          id: 'owner',
          header: 'Owner',
          meta: { className: 'ops-col--names' },
          cell: (info) => (
            <div className="ops-cell-stack">
              <MemberLink member={info.row.original.owner} className="ops-cell-strong" />
              <span className="ops-cell-muted">
                @{info.row.original.owner.username} · profile #{info.row.original.profileId}
              </span>
            </div>
          ),
        }),
        column.accessor('createdAt', { header: 'Created', sortDescFirst: true, cell: (info) => formatDateTime(info.getValue()) }),
        column.accessor('expiresAt', { header: 'Expires', sortDescFirst: true, cell: (info) => formatDateTime(info.getValue()) }),
        column.accessor('accessCount', {
          header: 'Views',
          sortDescFirst: true,
          meta: { className: 'ops-col--number' },
          cell: (info) => formatCount(info.getValue()),
        }),
        column.accessor('recentViews', {
          header: 'Recent views',
          enableSorting: false,
          cell: (info) => {
            const views = info.getValue();
            if (views.length === 0) return <span className="ops-cell-muted">None recorded</span>;
            return (
              <ul className="ops-view-list" aria-label={`Recent views of link #${info.row.original.id}`}>
                {views.slice(0, 3).map((at) => (
                  <li key={at}>{formatDateTime(at)}</li>
                ))}
                {info.row.original.recordedViews > 3 ? <li className="ops-cell-muted">{formatCount(info.row.original.recordedViews - 3)} earlier</li> : null}
              </ul>
            );
          },
        }),
        column.accessor('state', {
          header: 'State',
          enableSorting: false,
          cell: (info) => {
            const badge = STATE_BADGES[info.getValue()];
            const reason = info.row.original.deactivationReason;
            return (
              <div className="ops-cell-stack">
                <Badge tone={badge.tone}>{badge.label}</Badge>
                {reason ? (
                  <span className="ops-cell-muted ops-clamp ops-share-reason" title={reason}>
                    {reason}
                  </span>
                ) : null}
              </div>
            );
          },
        }),
        column.display({
          id: 'actions',
          header: () => <span className="ops-visually-hidden">Actions</span>,
          meta: { className: 'ops-col--actions' },
          cell: (info) =>
            info.row.original.state === 'deactivated' ? null : (
              <Button
                size="sm"
                variant="danger-outline"
                aria-label={`Deactivate link #${info.row.original.id} of ${info.row.original.owner.fullName}`}
                onClick={() => {
                  deactivate.reset();
                  setToDeactivate(info.row.original);
                }}
              >
                Deactivate
              </Button>
            ),
        }),
      ]),
    [deactivate.reset],
  );

  return (
    <>
      <PageHeader
        title={area.title}
        description={area.description}
        actions={
          <a className="ops-button ops-button--secondary ops-button--md" href={sharesCsvUrl(filters)} download>
            <Download aria-hidden="true" size={16} />
            Export CSV
          </a>
        }
      />
      <Toolbar label="Filter share links">
        <SegmentedControl label="State" value={stateFilter} segments={STATE_SEGMENTS} onValueChange={(next) => setStateParam(next === 'all' ? '' : next)} />
        <TextField
          label="Find a link"
          className="ops-field--inline ops-search ops-search--wide"
          type="search"
          placeholder="Paste a link, or #id, code, owner"
          value={search.input}
          onChange={(event) => search.setInput(event.currentTarget.value)}
        />
      </Toolbar>
      <Notice message={notice} onDismiss={() => setNotice(null)} />
      {query.isError ? (
        <Alert tone="danger" title="Share links could not be loaded">
          <p>{describeApiError(query.error, 'Please try again.')}</p>
        </Alert>
      ) : null}
      <DataTable
        label="Share links"
        columns={columns}
        data={query.data?.items ?? noShares}
        rowCount={query.data?.total ?? 0}
        getRowId={shareRowId}
        sorting={table.sorting}
        onSortingChange={table.setSorting}
        pagination={table.pagination}
        onPaginationChange={table.setPagination}
        isLoading={query.isPending}
        emptyIcon={Link2}
        emptyTitle="No share links match"
        emptyDescription="Links members create to share their profile with family appear here."
      />
      <ActionDialog
        open={toDeactivate !== null}
        onOpenChange={(open) => (open ? undefined : setToDeactivate(null))}
        title="Deactivate this share link?"
        description={
          toDeactivate
            ? `Anyone opening link #${toDeactivate.id} (code ${toDeactivate.codePrefix}…) of ${toDeactivate.owner.fullName}, profile #${toDeactivate.profileId}, will be told it is no longer available. ${toDeactivate.owner.fullName} is told your reason in the app and by email. This cannot be undone; the member can create a new link.`
            : ''
        }
        note={{ label: 'Reason for the owner', placeholder: 'e.g. The link was posted on a public forum', schema: shareDeactivateSchema.shape.reason }}
        confirmLabel="Deactivate link"
        pendingLabel="Deactivating…"
        isPending={deactivate.isPending}
        error={deactivate.isError ? describeApiError(deactivate.error, 'Deactivating failed. Please try again.') : null}
        onConfirm={(reason) => {
          if (!toDeactivate) return;
          const target = toDeactivate;
          deactivate.mutate({ id: target.id, reason }, {
            onSuccess: () => {
              setToDeactivate(null);
              setNotice(`Link #${target.id} of ${target.owner.fullName} is deactivated; they were told why.`);
            },
          });
        }}
      />
    </>
  );
}
