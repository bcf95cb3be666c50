import type { Knex } from 'knex';
import { Session } from '../../../models/account';
import { AuditLog, VerificationRequest } from '../../../models/ops';
import { Block, Report, Suspension } from '../../../models/social';
import { User } from '../../../models/user';
import { effectiveTier } from '../../../policies/tier';
import { isoOrNull } from '../../../presenters/user';
import { presentAuditRows, withNames } from '../audit/present';
import { namesOf, personOrNull, profilesOf } from '../lib/members';
import { presentReports } from '../reports/present';
import { familyOfMember } from '../../../services/family/people';
import { emailDeliveryOf } from '../../../services/email/bounces';
import { signInHistory } from '../../../services/sign-in-history';
import { deviceName } from '../../../../contracts/device-name';

/** How many of each list the member page shows; the audit trail links on to the filtered log for the rest. */
const LIST_LIMIT = 50;

/**
 * Everything the console knows about one member, for their page: account, profile, verification history,
 * suspensions and bans, reports by and about them, blocks either way, open sessions, email delivery, and the audit trail (subscriptions and invoices
 * have their own endpoint, GET /api/ops/members/:id/billing). Null when there is no such account.
 */
export async function memberDetail(db: Knex, id: number) {
  const user = await User.query(db).findById(id);
  if (!user) return null;
  const profile = (await profilesOf(db, [id])).get(id) ?? null;
  const requests = await VerificationRequest.query(db).where({ userId: id }).orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(LIST_LIMIT);
  const blocks = await Block.query(db).where({ blockerId: id }).orWhere({ blockedId: id }).orderBy('createdAt', 'desc').limit(LIST_LIMIT * 2);
  const suspensions = await Suspension.query(db).where({ userId: id }).orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(LIST_LIMIT);
  const names = await namesOf(db, [
    ...requests.map((r) => r.reviewerId), ...blocks.flatMap((b) => [b.blockerId, b.blockedId]), ...suspensions.flatMap((s) => [s.suspendedBy, s.endedBy]),
  ]);
  const reportsAbout = await Report.query(db).where({ reportedUserId: id }).orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(LIST_LIMIT);
  const reportsBy = await Report.query(db).where({ reporterId: id }).orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(LIST_LIMIT);
  const now = Date.now();
  const sessions = await Session.query(db).where({ userId: id }).where('expiresAt', '>', now).orderBy('lastSeenAt', 'desc').limit(LIST_LIMIT);
  const auditRows = await withNames(AuditLog.query(db).where('audit_log.subjectUserId', id)).orderBy('audit_log.createdAt', 'desc').orderBy('audit_log.id', 'desc').limit(LIST_LIMIT);
  const auditTotal = await AuditLog.query(db).where({ subjectUserId: id }).resultSize();
  const { subscriptionEnds } = user;
  return {
    member: {
      id: user.id,
      fullName: user.fullName,
      username: user.username,
      email: user.email,
      role: user.role,
      status: user.status,
      /** while suspended: when it ends by itself (null: until restored) */
      suspendedUntil: isoOrNull(user.suspendedUntil),
      isDeleted: user.isDeleted,
      isVerified: user.isVerified,
      tier: effectiveTier({ subscriptionTier: user.subscriptionTier, subscriptionEnds }),
      subscriptionTier: user.subscriptionTier,
      subscriptionEnds: isoOrNull(subscriptionEnds),
      registeredAt: isoOrNull(user.createdAt),
      emailConfirmedAt: isoOrNull(user.emailConfirmedAt),
      lastActiveAt: isoOrNull(user.lastActiveAt),
      twoFactor: user.totpEnabled,
      /** the member's app, emails and pushes are in it */
      language: user.language,
    },
    profile,
    verification: requests.map((r) => ({
      id: r.id, status: r.status, documentType: r.documentType, createdAt: isoOrNull(r.createdAt), decidedAt: isoOrNull(r.decidedAt),
      rejectionReason: r.rejectionReason ?? null, decidedBy: personOrNull(r.reviewerId, names),
    })),
    /** Suspensions and bans, newest first: who decided, why, for how long, and how each ended. */
    suspensions: suspensions.map((s) => ({
      id: s.id, kind: s.kind, until: isoOrNull(s.until), note: s.note, reportId: s.reportId, createdAt: isoOrNull(s.createdAt),
      suspendedBy: personOrNull(s.suspendedBy, names), endedAt: isoOrNull(s.endedAt), endedBy: personOrNull(s.endedBy, names), endNote: s.endNote ?? null,
    })),
    reportsAbout: await presentReports(db, reportsAbout),
    reportsBy: await presentReports(db, reportsBy),
    blocks: blocks.map((b) => ({
      id: b.id,
      direction: b.blockerId === id ? ('blocked' as const) : ('blocked_by' as const),
      other: personOrNull(b.blockerId === id ? b.blockedId : b.blockerId, names),
      createdAt: isoOrNull(b.createdAt),
    })),
    sessions: sessions.map((s) => ({ createdAt: isoOrNull(s.createdAt), lastSeenAt: isoOrNull(s.lastSeenAt), expiresAt: isoOrNull(s.expiresAt), userAgent: s.userAgent ?? null, ip: s.ip ?? null })),
    /** Sign-in attempts of the last 90 days, newest first, failures included. */
    signIns: (await signInHistory(db, id, LIST_LIMIT)).map((a) => ({
      id: a.id, at: isoOrNull(a.createdAt), outcome: a.outcome, reason: a.reason, form: a.form, device: deviceName(a.userAgent), userAgent: a.userAgent, ip: a.ip,
    })),
    emailDelivery: await emailDeliveryOf(db, user),
    audit: { items: presentAuditRows(auditRows), total: auditTotal },
    family: await familyOfMember(db, id),
  };
}
