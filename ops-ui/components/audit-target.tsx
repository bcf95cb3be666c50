import { Link } from '../app/routing/router';
import { detailPaths } from '../lib/paths';
import type { AuditItem } from '../lib/records';

/** An audit entry's target by name, with a link to its page where there is one. */
export function AuditTarget({ entry }: { entry: AuditItem }) {
  const member = entry.member;
  const record =
    entry.targetType === 'report' && entry.targetId ? (
      <Link to={detailPaths.report(entry.targetId)} className="ops-link">
        {entry.targetLabel}
      </Link>
    ) : entry.targetType && entry.targetType !== 'user' ? (
      <span>{entry.targetLabel}</span>
    ) : null;
  return (
    <span className="ops-cell-stack">
      {member ? (
        <Link to={detailPaths.member(member.id)} className="ops-link">
          {member.fullName ?? `Member #${member.id}`}
          {member.isStaff ? ' (staff)' : ''}
        </Link>
      ) : null}
      {record ? <span className="ops-cell-muted">{record}</span> : null}
      {!member && !record ? <span className="ops-cell-muted">{entry.targetLabel ?? '—'}</span> : null}
    </span>
  );
}
