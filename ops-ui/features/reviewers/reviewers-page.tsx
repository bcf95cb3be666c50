import { UserCog, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '../../components/ui/alert';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { createDataTableColumnHelper, DataTable, useDataTableState } from '../../components/ui/data-table';
import { Notice } from '../../components/ui/notice';
import { PageHeader } from '../../components/ui/page-header';
import { describeApiError } from '../../lib/api-client';
import { areaById } from '../../lib/areas';
import { formatDate } from '../../lib/format';
import { useClientPage } from '../../lib/use-client-page';
import { type Reviewer, useReviewers } from './api/reviewers';
import { CreateReviewerDialog } from './components/create-reviewer-dialog';

const area = areaById('reviewers');

const column = createDataTableColumnHelper<Reviewer>();
const reviewerColumns = column.columns([
  column.accessor('fullName', { header: 'Name', cell: (info) => <span className="ops-cell-strong">{info.getValue()}</span> }),
  column.accessor('username', { header: 'Username' }),
  column.accessor('email', { header: 'Email' }),
  column.accessor('role', {
    header: 'Role',
    cell: (info) => (info.getValue() === 'admin' ? <Badge tone="accent">Admin</Badge> : <Badge>Reviewer</Badge>),
  }),
  column.accessor('status', {
    header: 'Status',
    cell: (info) => (info.getValue() === 'active' ? <Badge tone="success">Active</Badge> : <Badge tone="danger">Suspended</Badge>),
  }),
  column.accessor('createdAt', { header: 'Added', cell: (info) => formatDate(info.getValue()) }),
]);
const reviewerRowId = (reviewer: Reviewer) => String(reviewer.id);

export function ReviewersPage() {
  const reviewers = useReviewers();
  const table = useDataTableState();
  const rows = useClientPage(reviewers.data, table.pagination);
  const [creating, setCreating] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  return (
    <>
      <PageHeader
        title={area.title}
        description={area.description}
        actions={
          <Button variant="primary" onClick={() => setCreating(true)}>
            <UserPlus aria-hidden="true" size={16} />
            Add reviewer
          </Button>
        }
      />
      <Notice message={notice} onDismiss={() => setNotice(null)} />
      {reviewers.isError ? (
        <Alert tone="danger" title="Reviewers could not be loaded">
          <p>{describeApiError(reviewers.error, 'Please try again.')}</p>
        </Alert>
      ) : null}
      <DataTable
        label="Reviewers"
        columns={reviewerColumns}
        data={rows}
        rowCount={reviewers.data?.length ?? 0}
        getRowId={reviewerRowId}
        pagination={table.pagination}
        onPaginationChange={table.setPagination}
        isLoading={reviewers.isPending}
        emptyIcon={UserCog}
        emptyTitle="No reviewer accounts"
      />
      <CreateReviewerDialog open={creating} onOpenChange={setCreating} onCreated={setNotice} />
    </>
  );
}
