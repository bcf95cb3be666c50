import type { Knex } from 'knex';
import { PRIORITY_REPORT_REASONS, type REPORT_REASONS } from '../../contracts/enums';
import type { Db } from '../db';
import { Report } from '../models/social';

export interface NewReport {
  /** null: filed by someone without an account here (the person a profile was made for, declining it) */
  reporterId: number | null;
  reportedUserId: number;
  reportedProfileId: number | null;
  reason: (typeof REPORT_REASONS)[number];
  details: string | null;
  /**
   * 'family_decline': filed by the person a profile was made for, on declining it (they have no account);
   * 'video_call': filed from the call screen (the details open with the call's time and length)
   */
  filedFrom?: 'family_decline' | 'video_call' | null;
  /** 'auto': filed by the chat's scam rules (no reporter) */
  source?: 'member' | 'auto';
  /** the message an automatic report highlights */
  messageId?: number | null;
}

/** Files a report into the ops queue; reasons that put someone at risk ("made without my consent") go first. */
export async function fileReport(db: Db | Knex.Transaction, report: NewReport): Promise<number> {
  const row = await Report.query(db).insert({
    ...report,
    filedFrom: report.filedFrom ?? null,
    source: report.source ?? 'member',
    messageId: report.messageId ?? null,
    priority: PRIORITY_REPORT_REASONS.includes(report.reason) ? 1 : 0,
    status: 'open',
    createdAt: Date.now(),
  });
  return row.id;
}
