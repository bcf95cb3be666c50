import { UserCog, UserPlus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { MemberLink } from '../../components/member-link';
import { ActionDialog } from '../../components/ui/action-dialog';
import { Alert } from '../../components/ui/alert';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { createDataTableColumnHelper, DataTable } from '../../components/ui/data-table';
import { useUrlTableState } from '../../lib/use-url-state';
import { Notice } from '../../components/ui/notice';
import { PageHeader } from '../../components/ui/page-header';
import { describeApiError } from '../../lib/api-client';
import { areaById } from '../../lib/areas';
import { formatDate } from '../../lib/format';
import { useClientPage } from '../../lib/use-client-page';
import { type Reviewer, type StaffAction, useReviewers, useStaffAction } from './api/reviewers';
import { CreateReviewerDialog } from './components/create-reviewer-dialog';

const area = areaById('reviewers');

type Pending = { reviewer: Reviewer; action: StaffAction };

/** What each action's confirmation says; `done` is replaced by the server's own sentence when it answers. */
function dialogCopy({ reviewer, action }: Pending) {
  const name = reviewer.fullName;
  switch (action.kind) {
    case 'deactivate':
      return {
        title: `Deactivate ${name}?`,
        description: 'They are signed out everywhere at once and cannot sign in, so they lose access to ID documents and member data. You can reactivate them later.',
        confirm: 'Deactivate',
        tone: 'danger' as const,
        note: true,
      };
    case 'reactivate':
      return { title: `Reactivate ${name}?`, description: 'They can sign in to the console again with their password.', confirm: 'Reactivate', tone: 'primary' as const, note: false };
    case 'role':
      return {
        title: action.role === 'admin' ? `Make ${name} an admin?` : `Make ${name} a reviewer?`,
        description:
          action.role === 'admin'
            ? 'Admins also manage staff accounts and read the email outbox. They are signed out once so the new role applies.'
            : 'They keep reviewing but can no longer manage staff accounts. They are signed out once so the new role applies.',
        confirm: action.role === 'admin' ? 'Make admin' : 'Make reviewer',
        tone: 'primary' as const,
        note: false,
      };
    case 'reset':
      return {
        title: `Send ${name} a password reset?`,
        description: `A link to choose a new password, valid for one hour, is emailed to ${reviewer.email}. Their current password works until they use it.`,
        confirm: 'Send reset link',
        tone: 'primary' as const,
        note: false,
      };
  }
}

const column = createDataTableColumnHelper<Reviewer>();
const reviewerRowId = (reviewer: Reviewer) => String(reviewer.id);

/** `user` is the signed-in admin, whose own row offers no actions (the server refuses them too). */
export function ReviewersPage({ user }: { user?: { id: number } }) {
  const reviewers = useReviewers();
  const table = useUrlTableState();
  const rows = useClientPage(reviewers.data, table.pagination);
  const [creating, setCreating] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const act = useStaffAction();

  const columns = useMemo(() => {
    const open = (reviewer: Reviewer, action: StaffAction) => {
      act.reset();
      setPending({ reviewer, action });
    };
    return column.columns([
      column.accessor('fullName', { header: 'Name', meta: { className: 'ops-col--names' }, cell: (info) => <MemberLink member={info.row.original} className="ops-cell-strong" /> }),
      column.accessor('username', { header: 'Username', meta: { className: 'ops-col--names' } }),
      column.accessor('email', { header: 'Email', meta: { className: 'ops-col--names' } }),
      column.accessor('role', {
        header: 'Access',
        cell: (info) => (
          <div className="ops-badges ops-badges--tight">
            {info.getValue() === 'admin' ? <Badge tone="accent">Admin</Badge> : <Badge>Reviewer</Badge>}
            {info.row.original.status === 'active' ? <Badge tone="success">Active</Badge> : <Badge tone="danger">Deactivated</Badge>}
          </div>
        ),
      }),
      column.accessor('createdAt', { header: 'Added', cell: (info) => formatDate(info.getValue()) }),
      column.display({
        id: 'actions',
        header: () => <span className="ops-visually-hidden">Actions</span>,
        meta: { className: 'ops-col--actions' },
        cell: (info) => {
          const reviewer = info.row.original;
          if (user && reviewer.id === user.id) return <span className="ops-cell-muted">You</span>;
          const name = reviewer.fullName;
          return (
            <div className="ops-cell-actions">
              <Button size="sm" variant="ghost" aria-label={`Send ${name} a password reset`} disabled={reviewer.status !== 'active'} onClick={() => open(reviewer, { kind: 'reset' })}>
                Reset password
              </Button>
              <Button
                size="sm"
                variant="secondary"
                aria-label={reviewer.role === 'admin' ? `Make ${name} a reviewer` : `Make ${name} an admin`}
                onClick={() => open(reviewer, { kind: 'role', role: reviewer.role === 'admin' ? 'reviewer' : 'admin' })}
              >
                {reviewer.role === 'admin' ? 'Make reviewer' : 'Make admin'}
              </Button>
              {reviewer.status === 'active' ? (
                <Button size="sm" variant="danger-outline" aria-label={`Deactivate ${name}`} onClick={() => open(reviewer, { kind: 'deactivate' })}>
                  Deactivate
                </Button>
              ) : (
                <Button size="sm" variant="secondary" aria-label={`Reactivate ${name}`} onClick={() => open(reviewer, { kind: 'reactivate' })}>
                  Reactivate
                </Button>
              )}
            </div>
          );
        },
      }),
    ]);
  }, [act.reset, user]);

  const copy = pending ? dialogCopy(pending) : null;

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
        columns={columns}
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
      <ActionDialog
        open={pending !== null}
        onOpenChange={(open) => (open ? undefined : setPending(null))}
        title={copy?.title ?? ''}
        description={copy?.description ?? ''}
        confirmLabel={copy?.confirm ?? ''}
        tone={copy?.tone}
        note={copy?.note ? { label: 'Note for the audit log (optional)' } : undefined}
        isPending={act.isPending}
        error={act.isError ? describeApiError(act.error, 'That did not work. Please try again.') : null}
        onConfirm={(note) => {
          if (!pending) return;
          const action: StaffAction = pending.action.kind === 'deactivate' ? { kind: 'deactivate', note } : pending.action;
          act.mutate(
            { id: pending.reviewer.id, action },
            {
              onSuccess: (answer) => {
                setPending(null);
                setNotice(`${answer.message}.`);
              },
            },
          );
        }}
      />
    </>
  );
}
