import { Scale } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link } from '../../app/routing/router';
import { MemberLink } from '../../components/member-link';
import { StatusQueue } from '../../components/status-queue';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { createDataTableColumnHelper } from '../../components/ui/data-table';
import { areaById } from '../../lib/areas';
import { formatDateTime, humanize } from '../../lib/format';
import { detailPaths } from '../../lib/paths';
import { useUrlParam, useUrlTableState } from '../../lib/use-url-state';
import { AppealDecisionDialog, type PendingDecision } from './appeal-decision-dialog';
import { APPEAL_STATUSES, type Appeal, type AppealDecision, useAppealDecision, useAppeals } from './api/appeals';
import { restrictionLabel } from './restriction-label';

const area = areaById('appeals');

const STATUS_SEGMENTS = [
  { value: 'open', label: 'Open' },
  { value: 'upheld', label: 'Upheld' },
  { value: 'overturned', label: 'Overturned' },
] as const;

const column = createDataTableColumnHelper<Appeal>();
const _noAppeals: Appeal[] = [];
const appealRowId = (appeal: Appeal) => String(appeal.id);

export function AppealsPage() {
  const [statusParam, setStatusParam] = useUrlParam('status', APPEAL_STATUSES);
  const status = statusParam || 'open';
  const [pending, setPending] = useState<PendingDecision | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const table = useUrlTableState();
  const appeals = useAppeals({ status, page: table.pagination.pageIndex + 1, pageSize: table.pagination.pageSize });
  const decide = useAppealDecision();

  const columns = useMemo(() => {
    const open = (appeal: Appeal, decision: AppealDecision) => {
      decide.reset();
      setPending({ id: appeal.id, decision, name: appeal.member.fullName ?? 'the member', kind: appeal.suspension?.kind ?? 'suspension' });
    };
    return column.columns([
      column.accessor('id', {
        header: 'Appeal',
        cell: (info) => (
          <Link to={detailPaths.appeal(info.getValue())} className="ops-link" aria-label={`Open appeal #${info.getValue()}`}>
            #{info.getValue()}
          </Link>
        ),
      }),
      column.accessor((appeal) => appeal.member.fullName, {
        id: 'member',
        header: 'Member',
        meta: { className: 'ops-col--names' },
        cell: (info) => {
          const { member, suspension } = info.row.original;
          return (
            <div className="ops-cell-stack">
              <MemberLink member={member} className="ops-cell-strong" />
              <span className="ops-cell-muted">{suspension ? restrictionLabel(suspension.kind, suspension.until) : humanize(member.status ?? '')}</span>
            </div>
          );
        },
      }),
      column.accessor((appeal) => appeal.suspension?.note ?? '', {
        id: 'note',
        header: 'Suspending note',
        meta: { className: 'ops-col--wrap' },
        cell: (info) => {
          const { suspension } = info.row.original;
          if (!suspension) return <span className="ops-cell-muted">No suspension recorded</span>;
          return (
            <div className="ops-cell-stack">
              <span className="ops-clamp">{suspension.note}</span>
              <span className="ops-cell-muted">
                by <MemberLink member={suspension.suspendedBy} fallback="a former reviewer" />
              </span>
            </div>
          );
        },
      }),
      column.accessor('message', {
        header: 'Appeal',
        meta: { className: 'ops-col--wrap' },
        cell: (info) => (
          <div className="ops-cell-stack">
            <span className="ops-clamp">{info.getValue()}</span>
            <Link to={detailPaths.appeal(info.row.original.id)} className="ops-link ops-cell-small">
              Read the appeal and the evidence
            </Link>
          </div>
        ),
      }),
      column.accessor(status === 'open' ? 'createdAt' : 'decidedAt', {
        id: 'when',
        header: status === 'open' ? 'Received' : 'Decided',
        meta: { className: 'ops-col--names' },
        cell: (info) => formatDateTime(info.getValue()),
      }),
      column.display({
        id: 'actions',
        header: () => <span className="ops-visually-hidden">Actions</span>,
        meta: { className: 'ops-col--actions' },
        cell: (info) => {
          const appeal = info.row.original;
          const name = appeal.member.fullName ?? 'the member';
          if (appeal.status !== 'open') {
            return (
              <div className="ops-cell-stack ops-cell-end">
                <Badge>{humanize(appeal.status)}</Badge>
                {appeal.decidedBy ? <span className="ops-cell-muted">by {appeal.decidedBy.fullName}</span> : null}
              </div>
            );
          }
          return (
            <div className="ops-cell-actions">
              <Button size="sm" variant="danger-outline" aria-label={`Uphold the appeal of ${name}`} onClick={() => open(appeal, 'uphold')}>
                Uphold
              </Button>
              <Button size="sm" variant="secondary" aria-label={`Overturn and restore ${name}`} onClick={() => open(appeal, 'overturn')}>
                Overturn
              </Button>
            </div>
          );
        },
      }),
    ]);
  }, [status, decide.reset]);

  return (
    <StatusQueue
      area={area}
      noun="Appeals"
      status={status}
      segments={STATUS_SEGMENTS}
      onStatusChange={(next) => setStatusParam(next === 'open' ? '' : next)}
      query={appeals}
      table={table}
      columns={columns}
      getRowId={appealRowId}
      notice={notice}
      onDismissNotice={() => setNotice(null)}
      emptyIcon={Scale}
      emptyOpen="Suspended and banned members appeal through the link in their email; appeals appear here, oldest first."
    >
      <AppealDecisionDialog
        pending={pending}
        mutation={decide}
        onClose={() => setPending(null)}
        onDone={(message) => {
          setPending(null);
          setNotice(message);
        }}
      />
    </StatusQueue>
  );
}
