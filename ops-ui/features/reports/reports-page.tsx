import { Flag } from 'lucide-react';
import { useMemo, useState } from 'react';
import { REPORT_REASONS } from '../../../contracts/enums';
import { reportActionSchema } from '../../../contracts/ops';
import { ActionDialog, type ActionDialogProps } from '../../components/ui/action-dialog';
import { Alert } from '../../components/ui/alert';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { createDataTableColumnHelper, DataTable, useDataTableState } from '../../components/ui/data-table';
import { Notice } from '../../components/ui/notice';
import { PageHeader } from '../../components/ui/page-header';
import { SegmentedControl } from '../../components/ui/segmented-control';
import { Toolbar } from '../../components/ui/toolbar';
import { describeApiError } from '../../lib/api-client';
import { areaById } from '../../lib/areas';
import { formatDateTime, humanize } from '../../lib/format';
import { type Report, type ReportAction, type ReportStatus, useReportAction, useReports } from './api/reports';

const area = areaById('reports');

const STATUS_SEGMENTS = [
  { value: 'open', label: 'Open' },
  { value: 'dismissed', label: 'Dismissed' },
  { value: 'warned', label: 'Warned' },
  { value: 'suspended', label: 'Suspended' },
] as const;

const REASON_LABELS: Record<(typeof REPORT_REASONS)[number], string> = {
  fake_profile: 'Fake profile',
  inappropriate_content: 'Inappropriate content',
  harassment: 'Harassment',
  scam_or_money_request: 'Scam or money request',
  underage: 'Underage',
  other: 'Other',
};

function reasonLabel(reason: string): string {
  return (REASON_LABELS as Record<string, string>)[reason] ?? humanize(reason);
}

type ActionCopy = Pick<ActionDialogProps, 'confirmLabel' | 'pendingLabel' | 'tone' | 'description'> & {
  title: (name: string) => string;
  noteLabel: string;
  done: (name: string) => string;
};

const ACTIONS: Record<ReportAction, ActionCopy> = {
  dismiss: {
    title: () => 'Dismiss this report?',
    description: 'No action is taken against the member. The report moves to Dismissed.',
    confirmLabel: 'Dismiss report',
    pendingLabel: 'Dismissing…',
    tone: 'primary',
    noteLabel: 'Note for the audit log (optional)',
    done: (name) => `The report about ${name} is dismissed.`,
  },
  warn: {
    title: (name) => `Warn ${name}?`,
    description: 'The member receives a warning notification. If you write a message, it is sent instead of the standard warning.',
    confirmLabel: 'Send warning',
    pendingLabel: 'Warning…',
    tone: 'primary',
    noteLabel: 'Message to the member (optional)',
    done: (name) => `${name} has been warned.`,
  },
  suspend: {
    title: (name) => `Suspend ${name}?`,
    description: 'They are signed out everywhere at once and cannot sign in until a reviewer restores them from Members.',
    confirmLabel: 'Suspend member',
    pendingLabel: 'Suspending…',
    tone: 'danger',
    noteLabel: 'Note for the audit log (optional)',
    done: (name) => `${name} is suspended and has been signed out.`,
  },
};

const column = createDataTableColumnHelper<Report>();
const noReports: Report[] = [];
const reportRowId = (report: Report) => String(report.id);

export function ReportsPage() {
  const [status, setStatus] = useState<ReportStatus>('open');
  const [pending, setPending] = useState<{ report: Report; action: ReportAction } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const table = useDataTableState();
  const reports = useReports({ status, page: table.pagination.pageIndex + 1, pageSize: table.pagination.pageSize });
  const act = useReportAction();

  const columns = useMemo(() => {
    const open = (report: Report, action: ReportAction) => {
      act.reset();
      setPending({ report, action });
    };
    return column.columns([
      column.accessor((report) => report.reported.fullName, {
        id: 'reported',
        header: 'Reported member',
        cell: (info) => {
          const { reported } = info.row.original;
          return (
            <div className="ops-cell-stack">
              <span className="ops-cell-strong">{reported.fullName}</span>
              <span className="ops-cell-muted">
                {reported.profileId ? `Profile #${reported.profileId}` : 'No profile'}
                {reported.status === 'suspended' ? ' · suspended' : ''}
              </span>
            </div>
          );
        },
      }),
      column.accessor('reason', { header: 'Reason', cell: (info) => <Badge tone="warning">{reasonLabel(info.getValue())}</Badge> }),
      column.accessor('details', {
        header: 'Details',
        meta: { className: 'ops-col--wrap' },
        cell: (info) => {
          const details = info.getValue();
          return details ? (
            <span className="ops-clamp" title={details}>
              {details}
            </span>
          ) : (
            <span className="ops-cell-muted">No details given</span>
          );
        },
      }),
      column.accessor((report) => report.reporter?.fullName ?? 'Deleted account', { id: 'reporter', header: 'Reported by' }),
      column.accessor(status === 'open' ? 'createdAt' : 'handledAt', {
        id: 'when',
        header: status === 'open' ? 'Received' : 'Handled',
        cell: (info) => formatDateTime(info.getValue()),
      }),
      column.display({
        id: 'actions',
        header: () => <span className="ops-visually-hidden">Actions</span>,
        meta: { className: 'ops-col--actions' },
        cell: (info) => {
          const report = info.row.original;
          if (report.status !== 'open') return <Badge>{humanize(report.status)}</Badge>;
          const name = report.reported.fullName;
          return (
            <div className="ops-cell-actions">
              <Button size="sm" variant="ghost" aria-label={`Dismiss report about ${name}`} onClick={() => open(report, 'dismiss')}>
                Dismiss
              </Button>
              <Button size="sm" variant="secondary" aria-label={`Warn ${name}`} onClick={() => open(report, 'warn')}>
                Warn
              </Button>
              <Button size="sm" variant="danger-outline" aria-label={`Suspend ${name}`} onClick={() => open(report, 'suspend')}>
                Suspend
              </Button>
            </div>
          );
        },
      }),
    ]);
  }, [status, act.reset]);

  const copy = pending ? ACTIONS[pending.action] : null;
  const name = pending?.report.reported.fullName ?? '';

  return (
    <>
      <PageHeader title={area.title} description={area.description} />
      <Toolbar label="Reports">
        <SegmentedControl
          label="Show reports"
          value={status}
          segments={STATUS_SEGMENTS}
          onValueChange={(next) => {
            setStatus(next);
            table.setPagination((current) => ({ ...current, pageIndex: 0 }));
          }}
        />
        {reports.data ? (
          <p className="ops-toolbar__count">
            {reports.data.total.toLocaleString('en')} {status}
          </p>
        ) : null}
      </Toolbar>
      <Notice message={notice} onDismiss={() => setNotice(null)} />
      {reports.isError ? (
        <Alert tone="danger" title="Reports could not be loaded">
          <p>{describeApiError(reports.error, 'Please try again.')}</p>
        </Alert>
      ) : null}
      <DataTable
        label="Reports"
        columns={columns}
        data={reports.data?.items ?? noReports}
        rowCount={reports.data?.total ?? 0}
        getRowId={reportRowId}
        pagination={table.pagination}
        onPaginationChange={table.setPagination}
        isLoading={reports.isPending}
        emptyIcon={Flag}
        emptyTitle={status === 'open' ? 'No open reports' : `No ${status} reports`}
        emptyDescription={status === 'open' ? 'Reports members send about other members appear here, oldest first.' : undefined}
      />
      <ActionDialog
        open={pending !== null}
        onOpenChange={(open) => (open ? undefined : setPending(null))}
        title={copy ? copy.title(name) : ''}
        description={copy?.description ?? ''}
        confirmLabel={copy?.confirmLabel ?? ''}
        pendingLabel={copy?.pendingLabel}
        tone={copy?.tone}
        note={copy ? { label: copy.noteLabel, schema: reportActionSchema.shape.note } : undefined}
        isPending={act.isPending}
        error={act.isError ? describeApiError(act.error, 'That did not work. Please try again.') : null}
        onConfirm={(note) => {
          if (!pending || !copy) return;
          const target = pending;
          act.mutate(
            { id: target.report.id, action: target.action, note },
            {
              onSuccess: () => {
                setPending(null);
                setNotice(copy.done(target.report.reported.fullName));
              },
            },
          );
        }}
      >
        {pending ? (
          <div className="ops-report-summary">
            <p className="ops-report-summary__meta">
              {reasonLabel(pending.report.reason)} · reported by {pending.report.reporter?.fullName ?? 'a deleted account'} on{' '}
              {formatDateTime(pending.report.createdAt)}
            </p>
            <p className="ops-message">{pending.report.details || 'No details given.'}</p>
          </div>
        ) : null}
      </ActionDialog>
    </>
  );
}
