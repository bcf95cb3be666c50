import type { Knex } from 'knex';
import { Message } from '../../../models/engagement';
import { Report } from '../../../models/social';
import { User } from '../../../models/user';
import { isoOrNull } from '../../../presenters/user';
import { recentConversationsOf } from '../../../services/safety-reports';
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
     * Where the reporter filed it: from the member's profile, from chat (no profile named), on declining a profile
     * made for them (family_decline: no account, so no reporter), from a video call's screen (video_call), or by the
     * chat's scam rules (auto: no reporter).
     */
    source:
      r.source === 'auto'
        ? ('auto' as const)
        : r.filedFrom === 'family_decline'
          ? ('family_decline' as const)
          : r.filedFrom === 'video_call'
            ? ('video_call' as const)
            : r.reportedProfileId
            ? ('profile' as const)
            : ('chat' as const),
    /** the message an automatic report highlights */
    messageId: r.messageId ?? null,
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
  // The other side of the conversation: the reporter, or for an automatic report the highlighted message's recipient.
  const flagged = report.messageId ? await Message.query(db).findById(report.messageId).select('receiverId') : undefined;
  const counterpart = report.reporterId ?? flagged?.receiverId ?? null;
  const conversation = counterpart
    ? (
        await Message.query(db)
          .where((w) => w.where({ senderId: counterpart, receiverId: report.reportedUserId }).orWhere({ senderId: report.reportedUserId, receiverId: counterpart }))
          .where('createdAt', '<=', report.createdAt)
          .orderBy('createdAt', 'desc')
          .orderBy('id', 'desc')
          .limit(CONVERSATION_EXCERPT)
          .select('id', 'senderId', 'content', 'createdAt', 'safetySignal')
      ).reverse()
    : [];
  const messageCount = counterpart
    ? await Message.query(db)
        .where((w) => w.where({ senderId: counterpart, receiverId: report.reportedUserId }).orWhere({ senderId: report.reportedUserId, receiverId: counterpart }))
        .resultSize()
    : 0;
  const earlier = await Report.query(db).where({ reportedUserId: report.reportedUserId }).whereNot({ id: report.id }).orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(50);
  return {
    ...presented,
    reportedProfile: profiles.get(report.reportedUserId) ?? null,
    reporterProfile: report.reporterId ? (profiles.get(report.reporterId) ?? null) : null,
    conversation: {
      /** Messages between the two, oldest first, ending at the report; `total` counts the whole conversation. */
      messages: conversation.map((m) => ({
        id: m.id, fromReported: m.senderId === report.reportedUserId, content: m.content, createdAt: isoOrNull(m.createdAt),
        highlighted: m.id === report.messageId, safetySignal: m.safetySignal ?? null,
      })),
      total: messageCount,
      /** who the reported member was writing to (for an automatic report: the recipient of the highlighted message) */
      with: personOrNull(counterpart, await namesOf(db, [counterpart])),
    },
    /** For an automatic report: the sender's other conversations of the last 30 days, those with flagged messages first. */
    senderConversations: report.source === 'auto' ? await summaries(db, report.reportedUserId, counterpart) : [],
    otherReports: await presentReports(db, earlier),
  };
}

async function summaries(db: Knex, senderId: number, except: number | null) {
  const rows = await recentConversationsOf(db, senderId, except);
  const names = await namesOf(db, rows.map((r) => r.otherUserId));
  return rows.map((r) => ({
    with: { id: r.otherUserId, fullName: names.get(r.otherUserId) ?? null },
    sent: r.sent, received: r.received, flagged: r.flagged, firstAt: isoOrNull(r.firstAt), lastAt: isoOrNull(r.lastAt),
  }));
}
