import { Download, Link2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { ActionDialog } from '../../components/ui/action-dialog';
import { Alert } from '../../components/ui/alert';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { createDataTableColumnHelper, DataTable, useDataTableState } from '../../components/ui/data-table';
import { Notice } from '../../components/ui/notice';
import { PageHeader } from '../../components/ui/page-header';
import { SegmentedControl } from '../../components/ui/segmented-control';
import { TextField } from '../../components/ui/text-field';
import { Toolbar } from '../../components/ui/toolbar';
import { describeApiError } from '../../lib/api-client';
import { areaById } from '../../lib/areas';
import { formatDateTime, formatCount } from '../../lib/format';
import { serverSort } from '../../lib/server-sorting';
import { useDebouncedValue } from '../../lib/use-debounced-value';
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

const SORT_BY_COLUMN: Record<string, ShareSort> = { createdAt: 'created', expiresAt: 'expires', accessCount: 'views' };

const column = createDataTableColumnHelper<ShareLink>();
const noShares: ShareLink[] = [];
const shareRowId = (share: ShareLink) => String(share.id);

export function SharesPage() {
  const [stateFilter, setStateFilter] = useState<StateFilter>('all');
  const [ownerInput, setOwnerInput] = useState('');
  const owner = useDebouncedValue(ownerInput.trim());
  const [toDeactivate, setToDeactivate] = useState<ShareLink | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const table = useDataTableState({ sorting: [{ id: 'createdAt', desc: true }] });
  const deactivate = useDeactivateShare();

  const filters = {
    state: stateFilter === 'all' ? undefined : stateFilter,
    owner: owner || undefined,
    ...serverSort(table.sorting, SORT_BY_COLUMN, { sort: 'created', dir: 'desc' }),
  };
  const query = useShares({ ...filters, page: table.pagination.pageIndex + 1, pageSize: table.pagination.pageSize });
  const firstPage = () => table.setPagination((current) => ({ ...current, pageIndex: 0 }));

  const columns = useMemo(
    () =>
      column.columns([
        column.accessor('profileId', {
          header: 'Profile',
          enableSorting: false,
          cell: (info) => <span className="ops-cell-mono">#{info.getValue()}</span>,
        }),
        column.accessor((share) => share.owner.fullName, {
          id: 'owner',
          header: 'Owner',
          enableSorting: false,
          cell: (info) => (
            <div className="ops-cell-stack">
              <span className="ops-cell-strong">{info.getValue()}</span>
              <span className="ops-cell-muted">@{info.row.original.owner.username}</span>
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
        column.accessor('state', {
          header: 'State',
          enableSorting: false,
          cell: (info) => {
            const badge = STATE_BADGES[info.getValue()];
            return <Badge tone={badge.tone}>{badge.label}</Badge>;
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
        <SegmentedControl
          label="State"
          value={stateFilter}
          segments={STATE_SEGMENTS}
          onValueChange={(next) => {
            setStateFilter(next);
            firstPage();
          }}
        />
        <TextField
          label="Owner"
          className="ops-field--inline"
          type="search"
          placeholder="Name or username"
          value={ownerInput}
          onChange={(event) => {
            setOwnerInput(event.currentTarget.value);
            firstPage();
          }}
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
            ? `Anyone opening link #${toDeactivate.id} of ${toDeactivate.owner.fullName} (profile #${toDeactivate.profileId}) will be told it is no longer available. This cannot be undone; the member can create a new link.`
            : ''
        }
        confirmLabel="Deactivate link"
        pendingLabel="Deactivating…"
        isPending={deactivate.isPending}
        error={deactivate.isError ? describeApiError(deactivate.error, 'Deactivating failed. Please try again.') : null}
        onConfirm={() => {
          if (!toDeactivate) return;
          const target = toDeactivate;
          deactivate.mutate(target.id, {
            onSuccess: () => {
              setToDeactivate(null);
              setNotice(`Link #${target.id} of ${target.owner.fullName} is deactivated.`);
            },
          });
        }}
      />
    </>
  );
}
