import type { Knex } from 'knex';
import { Report, Suspension } from '../../../models/social';
import { User } from '../../../models/user';
import { isoOrNull } from '../../../presenters/user';
import { namesOf, personOrNull, profilesOf } from '../lib/members';
import { reportDetail } from '../reports/present';

/** Appeals with the member, what they wrote, and the suspension they contest (who decided it and why). */
export async function presentAppeals(db: Knex, rows: Report[]) {
  const suspensions = new Map(
    (rows.some((r) => r.suspensionId) ? await Suspension.query(db).whereIn('id', rows.flatMap((r) => (r.suspensionId ? [r.suspensionId] : []))) : []).map((s) => [s.id, s]),
  );
  const names = await namesOf(db, rows.flatMap((r) => [r.reportedUserId, r.handledBy, suspensions.get(r.suspensionId ?? 0)?.suspendedBy]));
  const statuses = new Map<number, Pick<User, 'status' | 'suspendedUntil'>>(
    rows.length ? (await User.query(db).whereIn('id', rows.map((r) => r.reportedUserId)).select('id', 'status', 'suspendedUntil')).map((u) => [u.id, u]) : [],
  );
  const profiles = await profilesOf(db, rows.map((r) => r.reportedUserId));
  return rows.map((r) => {
    const s = r.suspensionId ? suspensions.get(r.suspensionId) : undefined;
    const member = statuses.get(r.reportedUserId);
    return {
      id: r.id,
      status: r.status,
      message: r.details,
      createdAt: isoOrNull(r.createdAt),
      decidedAt: isoOrNull(r.handledAt),
      decidedBy: personOrNull(r.handledBy, names),
      decisionReason: r.resolutionNote ?? null,
      member: {
        id: r.reportedUserId,
        fullName: names.get(r.reportedUserId) ?? null,
        status: member?.status ?? null,
        suspendedUntil: isoOrNull(member?.suspendedUntil ?? null),
        profileId: profiles.get(r.reportedUserId)?.id ?? null,
      },
      suspension: s
        ? {
            id: s.id, kind: s.kind, until: isoOrNull(s.until), note: s.note, createdAt: isoOrNull(s.createdAt),
            suspendedBy: personOrNull(s.suspendedBy, names), reportId: s.reportId, endedAt: isoOrNull(s.endedAt),
          }
        : null,
    };
  });
}

/** One appeal with the report behind the suspension and its evidence (the conversation), when there was one. */
export async function appealDetail(db: Knex, appeal: Report) {
  const [presented] = await presentAppeals(db, [appeal]);
  const reportId = presented.suspension?.reportId;
  const report = reportId ? await Report.query(db).findById(reportId) : undefined;
  return { ...presented, originalReport: report ? await reportDetail(db, report) : null };
}
