import type { SafetySignal } from '../../contracts/enums';
import type { Db } from '../db';
import { Message } from '../models/engagement';
import { Report } from '../models/social';
import { fileReport } from './reports';
import { SAFETY_SIGNAL_LABELS } from './safety-signals';

/**
 * A message the scam rules recognised goes to the reviewers' queue as an automatic report about its sender (reason
 * `scam_or_money_request`, source `auto`, the message highlighted). One open automatic report per sender: later
 * messages show in that report's summary of the sender's conversations instead of filling the queue.
 */
export async function fileAutomaticReport(db: Db, message: Message): Promise<number | null> {
  const open = await Report.query(db).findOne({ reportedUserId: message.senderId, source: 'auto', status: 'open' });
  if (open) return null;
  const label = SAFETY_SIGNAL_LABELS[message.safetySignal as SafetySignal] ?? 'Scam signal';
  return fileReport(db, {
    reporterId: null,
    reportedUserId: message.senderId,
    reportedProfileId: null,
    reason: 'scam_or_money_request',
    details: `${label} (recognised automatically in a message).`,
    source: 'auto',
    messageId: message.id,
  });
}

/** How far back a reviewer sees the sender's other conversations. */
export const SUMMARY_WINDOW_MS = 30 * 24 * 3600_000;

export interface ConversationSummary {
  otherUserId: number;
  /** messages the sender wrote to this member in the window */
  sent: number;
  /** messages the member answered in the window */
  received: number;
  /** the sender's messages the rules recognised */
  flagged: number;
  firstAt: number;
  lastAt: number;
}

/**
 * The sender's recent conversations other than `exceptUserId`: who, how many messages each way, how many carried a
 * scam signal (a scammer writes the same lines to many members).
 */
export async function recentConversationsOf(db: Db, senderId: number, exceptUserId: number | null, now = Date.now()): Promise<ConversationSummary[]> {
  const since = now - SUMMARY_WINDOW_MS;
  const rows = await Message.query(db)
    .where((q) => q.where({ senderId }).orWhere({ receiverId: senderId }))
    .where('createdAt', '>=', since)
    .select('senderId', 'receiverId', 'safetySignal', 'createdAt')
    .orderBy('createdAt', 'asc')
    .limit(5000);
  const byOther = new Map<number, ConversationSummary>();
  for (const m of rows) {
    const other = m.senderId === senderId ? m.receiverId : m.senderId;
    if (other === exceptUserId) continue;
    const s = byOther.get(other) ?? { otherUserId: other, sent: 0, received: 0, flagged: 0, firstAt: m.createdAt, lastAt: m.createdAt };
    if (m.senderId === senderId) {
      s.sent += 1;
      if (m.safetySignal) s.flagged += 1;
    } else s.received += 1;
    s.lastAt = m.createdAt;
    byOther.set(other, s);
  }
  return [...byOther.values()].sort((a, b) => b.flagged - a.flagged || b.lastAt - a.lastAt).slice(0, 20);
}
