import { Flag } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link } from '../../app/routing/router';
import { MemberLink } from '../../components/member-link';
import { StatusQueue } from '../../components/status-queue';
import { Badge } from '../../components/ui/badge';
import { createDataTableColumnHelper } from '../../components/ui/data-table';
import { areaById } from '../../lib/areas';
import { formatDateTime, humanize } from '../../lib/format';
import { reasonLabel, reportSourceLabel, reporterFallback } from '../../lib/labels';
import { detailPaths } from '../../lib/paths';
import { useUrlParam, useUrlTableState } from '../../lib/use-url-state';
import { REPORT_STATUSES, type Report, useReportAction, useReports } from './api/reports';
import { type PendingReportAction, ReportActionButtons, ReportActionDialog } from './report-action-dialog';

const area = areaById('reports');

const STATUS_SEGMENTS = [
  { value: 'open', label: 'Open' },
  { value: 'dismissed', label: 'Dismissed' },
  { value: 'warned', label: 'Warned' },
  { value: 'suspended', label: 'Suspended' },
] as const;

const column = createDataTableColumnHelper<Report>();
const _noReports: Report[] = [];
const reportRowId = (report: Report) => String(report.id);

export function ReportsPage() {
  const [statusParam, setStatusParam] = useUrlParam('status', REPORT_STATUSES);
  const status = statusParam || 'open';
  const [pending, setPending] = useState<PendingReportAction | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const table = useUrlTableState();
  const reports = useReports({ status, page: table.pagination.pageIndex + 1, pageSize: table.pagination.pageSize });
  const act = useReportAction();

  const columns = useMemo(() => {
    const open = (report: Report, action: PendingReportAction['action']) => {
      act.reset();
      setPending({ report, action });
    };
    return column.columns([
      column.accessor('id', {
        header: 'Report',
        cell: (info) => (
          <Link to={detailPaths.report(info.getValue())} className="ops-link" aria-label={`Open report #${info.getValue()}`}>
            #{info.getValue()}
          </Link>
        ),
      }),
      column.accessor((report) => report.reported.fullName, {
        id: 'reported',
        header: 'Reported member',
        meta: { className: 'ops-col--names' },
        cell: (info) => {
          const { reported } = info.row.original;
          return (
            <div className="ops-cell-stack">
              <MemberLink member={reported} className="ops-cell-strong" />
              <span className="ops-cell-muted">
                {reported.profileId ? `Profile #${reported.profileId}` : 'No profile'}
                {reported.status === 'suspended' ? ' · suspended' : ''}
              </span>
            </div>
          );
        },
      }),
      column.accessor('reason', {
        header: 'Reason',
        cell: (info) => (
          <div className="ops-cell-stack">
            <Badge tone="warning">{reasonLabel(info.getValue())}</Badge>
            {info.row.original.priority ? <Badge tone="danger">Priority</Badge> : null}
            <span className="ops-cell-muted">{reportSourceLabel(info.row.original.source)}</span>
          </div>
        ),
      }),
      column.accessor('details', {
        header: 'Details',
        meta: { className: 'ops-col--wrap' },
        cell: (info) => {
          const details = info.getValue();
          return details ? (
            <div className="ops-cell-stack">
              <span className="ops-clamp">{details}</span>
              <Link to={detailPaths.report(info.row.original.id)} className="ops-link ops-cell-small">
                Read the whole report
              </Link>
            </div>
          ) : (
            <span className="ops-cell-muted">No details given</span>
          );
        },
      }),
      column.accessor((report) => report.reporter?.fullName ?? reporterFallback(report.source), {
        id: 'reporter',
        header: 'Reported by',
        meta: { className: 'ops-col--names' },
        cell: (info) => <MemberLink member={info.row.original.reporter} fallback={reporterFallback(info.row.original.source)} />,
      }),
      column.accessor(status === 'open' ? 'createdAt' : 'handledAt', {
        id: 'when',
        header: status === 'open' ? 'Received' : 'Handled',
        meta: { className: 'ops-col--names' },
        cell: (info) => formatDateTime(info.getValue()),
      }),
      column.display({
        id: 'actions',
        header: () => <span className="ops-visually-hidden">Actions</span>,
        meta: { className: 'ops-col--actions' },
        cell: (info) => {
          const report = info.row.original;
          if (report.status !== 'open') {
            return (
              <div className="ops-cell-stack ops-cell-end">
                <Badge>{humanize(report.status)}</Badge>
                {report.handledBy ? <span className="ops-cell-muted">by {report.handledBy.fullName}</span> : null}
              </div>
            );
          }
          return <ReportActionButtons report={report} onAction={(action) => open(report, action)} />;
        },
      }),
    ]);
  }, [status, act.reset]);

  return (
    <StatusQueue
      area={area}
      noun="Reports"
      status={status}
      segments={STATUS_SEGMENTS}
      onStatusChange={(next) => setStatusParam(next === 'open' ? '' : next)}
      query={reports}
      table={table}
      columns={columns}
      getRowId={reportRowId}
      notice={notice}
      onDismissNotice={() => setNotice(null)}
      emptyIcon={Flag}
      emptyOpen="Reports members send about other members appear here, oldest first."
    >
      <ReportActionDialog
        pending={pending}
        mutation={act}
        onClose={() => setPending(null)}
        onDone={(message) => {
          setPending(null);
          setNotice(message);
        }}
      />
    </StatusQueue>
  );
}
