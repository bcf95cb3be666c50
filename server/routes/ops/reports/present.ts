import type { Knex } from 'knex';
import { Message } from '../../../models/engagement';
import { Report } from '../../../models/social';
import { User } from '../../../models/user';
import { isoOrNull } from '../../../presenters/user';
import { namesOf, personOrNull, profilesOf } from '../lib/members';

/** How many messages of the two members' conversation a report shows, up to the moment it was filed. */
export const CONVERSATION_EXCERPT = 40;

/** Reports with both members, the reported member's profile (found by member, as chat reports name none) and who handled them. */
export async function presentReports(db: Knex, rows: Report[]) {
  const profiles = await profilesOf(db, rows.flatMap((r) => [r.reportedUserId, r.reporterId]));
  const names = await namesOf(db, rows.flatMap((r) => [r.reportedUserId, r.reporterId, r.handledBy]));
  const statuses = new Map<number, string>(
    rows.length ? (await User.query(db).whereIn('id', rows.map((r) => r.reportedUserId)).select('id', 'status')).map((u) => [u.id, u.status]) : [],
  );
  return rows.map((r) => ({
    id: r.id,
    reason: r.reason,
    priority: (r.priority ?? 0) > 0,
    details: r.details,
    status: r.status,
    createdAt: isoOrNull(r.createdAt),
    handledAt: isoOrNull(r.handledAt),
    handledBy: personOrNull(r.handledBy, names),
    resolutionNote: r.resolutionNote ?? null,
    /**
     * Where the reporter filed it: from the member's profile, from chat (no profile named), or on declining a profile
     * made for them (family_decline: no account, so no reporter).
     */
    source: r.filedFrom === 'family_decline' ? ('family_decline' as const) : r.reportedProfileId ? ('profile' as const) : ('chat' as const),
    reporter: r.reporterId ? { id: r.reporterId, fullName: names.get(r.reporterId) ?? null, profileId: profiles.get(r.reporterId)?.id ?? null } : null,
    reported: {
      id: r.reportedUserId,
      fullName: names.get(r.reportedUserId) ?? null,
      status: statuses.get(r.reportedUserId) ?? null,
      profileId: r.reportedProfileId ?? profiles.get(r.reportedUserId)?.id ?? null,
    },
  }));
}

/** One report with what a reviewer needs to decide it: both members' profiles, the conversation, earlier reports. */
export async function reportDetail(db: Knex, report: Report) {
  const [presented] = await presentReports(db, [report]);
  const profiles = await profilesOf(db, [report.reportedUserId, report.reporterId]);
  const conversation = report.reporterId
    ? (
        await Message.query(db)
          .where((w) => w.where({ senderId: report.reporterId, receiverId: report.reportedUserId }).orWhere({ senderId: report.reportedUserId, receiverId: report.reporterId }))
          .where('createdAt', '<=', report.createdAt)
          .orderBy('createdAt', 'desc')
          .orderBy('id', 'desc')
          .limit(CONVERSATION_EXCERPT)
          .select('id', 'senderId', 'content', 'createdAt')
      ).reverse()
    : [];
  const messageCount = report.reporterId
    ? await Message.query(db)
        .where((w) => w.where({ senderId: report.reporterId, receiverId: report.reportedUserId }).orWhere({ senderId: report.reportedUserId, receiverId: report.reporterId }))
        .resultSize()
    : 0;
  const earlier = await Report.query(db).where({ reportedUserId: report.reportedUserId }).whereNot({ id: report.id }).orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(50);
  return {
    ...presented,
    reportedProfile: profiles.get(report.reportedUserId) ?? null,
    reporterProfile: report.reporterId ? (profiles.get(report.reporterId) ?? null) : null,
    conversation: {
      /** Messages between the two, oldest first, ending at the report; `total` counts the whole conversation. */
      messages: conversation.map((m) => ({ id: m.id, fromReported: m.senderId === report.reportedUserId, content: m.content, createdAt: isoOrNull(m.createdAt) })),
      total: messageCount,
    },
    otherReports: await presentReports(db, earlier),
  };
}
