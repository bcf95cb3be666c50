import { Link } from '../app/routing/router';
import { detailPaths } from '../lib/paths';

/** A member's name as a link to their page in the console; plain text when the account is gone. */
export function MemberLink({ member, fallback = 'Deleted account', className }: { member: { id: number; fullName: string | null } | null; fallback?: string; className?: string }) {
  if (!member) return <span className="ops-cell-muted">{fallback}</span>;
  return (
    <Link to={detailPaths.member(member.id)} className={`ops-link ${className ?? ''}`.trim()}>
      {member.fullName ?? `Member #${member.id}`}
    </Link>
  );
}
