import type { QueryBuilder } from 'objection';
import type { AuditLog } from '../../../models/ops';
import { isoOrNull } from '../../../presenters/user';

/** What each kind of target is called in the log. */
const TARGET_NOUNS: Record<string, string> = {
  user: 'Member',
  report: 'Report',
  verification_request: 'Verification request',
  success_story: 'Success story',
  profile_share: 'Share link',
  contact_messages: 'Contact message',
  email_outbox: 'Email',
};

/** Joins the actor's and the concerned member's names onto audit rows. */
export function withNames(query: QueryBuilder<AuditLog, AuditLog[]>): QueryBuilder<AuditLog, AuditLog[]> {
  return query
    .leftJoin('users as actor', 'actor.id', 'audit_log.actorUserId')
    .leftJoin('users as subject', 'subject.id', 'audit_log.subjectUserId')
    .select('audit_log.*', 'actor.fullName as actorName', 'subject.fullName as subjectName', 'subject.role as subjectRole');
}

export function presentAuditRows(rows: AuditLog[]) {
  return rows.map((r) => {
    const details = r.details && typeof r.details === 'object' ? r.details : null;
    const note = details?.note ?? details?.reason ?? null;
    const noun = r.targetType ? (TARGET_NOUNS[r.targetType] ?? r.targetType) : null;
    return {
      id: r.id,
      actor: r.actorUserId
        ? { id: r.actorUserId, fullName: r.actorName, role: r.actorRole }
        : { id: null, fullName: r.actorRole === 'cli' ? 'Command line' : r.action.startsWith('ops.sign_in') ? 'Not signed in' : 'System', role: r.actorRole },
      action: r.action,
      targetType: r.targetType,
      targetId: r.targetId,
      /** "Report #12", "Member #4" — the target as a reviewer reads it; the member's name comes with `member`. */
      targetLabel: noun ? (r.targetId ? `${noun} #${r.targetId}` : noun) : null,
      member: r.subjectUserId ? { id: r.subjectUserId, fullName: r.subjectName ?? null, isStaff: r.subjectRole === 'reviewer' || r.subjectRole === 'admin' } : null,
      note: typeof note === 'string' ? note : null,
      details,
      requestId: r.requestId ?? null,
      ip: r.ip ?? null,
      createdAt: isoOrNull(r.createdAt),
    };
  });
}
