import { Link } from '../app/routing/router';
import { formatDateTime, humanize } from '../lib/format';
import { reasonLabel, reporterFallback } from '../lib/labels';
import { detailPaths } from '../lib/paths';
import type { ReportSummary } from '../lib/records';
import { MemberLink } from './member-link';
import { Badge } from './ui/badge';

/** A short list of reports, each linking to its page; `show` picks which member of each report is named. */
export function ReportList({ reports, show, empty }: { reports: ReportSummary[]; show: 'reporter' | 'reported'; empty: string }) {
  if (reports.length === 0) return <p className="ops-cell-muted">{empty}</p>;
  return (
    <table className="ops-mini-table">
      <thead>
        <tr>
          <th scope="col">Report</th>
          <th scope="col">{show === 'reporter' ? 'Reported by' : 'About'}</th>
          <th scope="col">Filed</th>
          <th scope="col">Outcome</th>
        </tr>
      </thead>
      <tbody>
        {reports.map((report) => (
          <tr key={report.id}>
            <td>
              <Link to={detailPaths.report(report.id)} className="ops-link">
                #{report.id} · {reasonLabel(report.reason)}
              </Link>
            </td>
            <td>{show === 'reporter' ? <MemberLink member={report.reporter} fallback={reporterFallback(report.source)} /> : <MemberLink member={report.reported} />}</td>
            <td>{formatDateTime(report.createdAt)}</td>
            <td>
              {report.status === 'open' ? <Badge tone="warning">Open</Badge> : <Badge>{humanize(report.status)}</Badge>}
              {report.handledBy ? <span className="ops-cell-muted"> by {report.handledBy.fullName}</span> : null}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
