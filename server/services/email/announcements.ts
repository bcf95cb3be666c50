import crypto from 'node:crypto';
import * as z from 'zod';
import type { Config } from '../../config';
import type { Db } from '../../db';
import { conflict, uniqueViolation } from '../../errors';
import { loadSessionKeys } from '../../keys';
import { Announcement as AnnouncementRow } from '../../models/ops';
import { audit } from '../audit';
import { sendNotificationEmail } from '../mail';
import { announcementEmail } from './templates';
import { unsubscribeUrl } from './unsubscribe';

/**
 * Product news ("App updates" in Settings → Notifications: news about Saathi features and offers), written by the
 * team and sent from the command line (`saathi announce`). It goes through the outbox like every email, only to
 * members who turned App updates on (off unless they do) and keep email notifications on, with a one-click
 * unsubscribe that turns App updates off.
 */
export const announcementSchema = z
  .object({
    subject: z.string().trim().min(1, 'The subject is empty').max(150, 'The subject is longer than 150 characters'),
    message: z.string().trim().min(1, 'The message is empty').max(5000, 'The message is longer than 5000 characters'),
    link: z
      .string()
      .regex(/^\/(?!\/)[^\s]*$/, 'The link must be a path on Saathi, like /subscription')
      .default('/'),
    button: z.string().trim().min(1, 'The button text is empty').max(40, 'The button text is longer than 40 characters').default('Open Saathi'),
  })
  .strict();
export type Announcement = z.input<typeof announcementSchema>;

/** Members written to in one transaction: a batch is queued whole or not at all. */
const BATCH = 200;

/** Who receives product news: active members with a confirmed address, App updates on and email on. */
function recipients(db: Db) {
  // Raw knex: a two-table join, counted and read in batches (id, address, name), over what may be every member.
  return db('users')
    .join('notification_settings as ns', 'ns.userId', 'users.id')
    .where('users.role', 'member')
    .where('users.isDeleted', false)
    .where('users.status', 'active')
    .whereNotNull('users.emailConfirmedAt')
    .where('ns.appUpdates', true)
    .where('ns.emailNotifications', true);
}

/** How many members the news reaches (after `afterRecipientId`, for a run that resumes). */
export async function countAnnouncementRecipients(db: Db, afterRecipientId = 0): Promise<number> {
  const row = await recipients(db).where('users.id', '>', afterRecipientId).count({ n: 'users.id' }).first();
  return Number(row?.n ?? 0);
}

/** The subject and the paragraphs as members read them: two announcements with the same are the same news. */
function readAs(news: { subject: string; message: string }): { subject: string; paragraphs: string[] } {
  const paragraphs = news.message.split(/\n\s*\n/).map((p) => p.replace(/\s+/g, ' ').trim()).filter(Boolean);
  return { subject: news.subject.trim().replace(/\s+/g, ' '), paragraphs };
}

export function announcementDigest(news: { subject: string; message: string }): string {
  const { subject, paragraphs } = readAs(news);
  return crypto.createHash('sha256').update(JSON.stringify([subject, ...paragraphs])).digest('hex');
}

const members = (n: number) => `${n} member${n === 1 ? '' : 's'}`;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 16).replace('T', ' ');

/** Why this text cannot be queued (again), or null when it can. `resume` finishes a run that was interrupted. */
function refusal(row: AnnouncementRow | undefined, resume: boolean): string | null {
  if (!row) return resume ? 'No announcement with this text was started, so there is nothing to resume.' : null;
  if (row.finishedAt !== null) {
    return `"${row.subject}" was already queued for ${members(row.queued)} on ${day(row.finishedAt)} UTC; an announcement is sent once, so change its text to send new news.`;
  }
  if (resume) return null;
  return `"${row.subject}" was started on ${day(row.startedAt)} UTC and stopped after ${members(row.queued)}; run the same command with --resume to queue it for the rest (members already queued are skipped).`;
}

/**
 * Before anything is asked or queued: refuses (a 409 with one sentence) an announcement whose text was already queued,
 * or, with `resume`, one that was never started; else says after which member it starts (0: from the first).
 */
export async function checkAnnouncement(db: Db, input: Announcement, options: { resume?: boolean } = {}): Promise<{ afterRecipientId: number }> {
  const row = await AnnouncementRow.query(db).findOne({ digest: announcementDigest(announcementSchema.parse(input)) });
  const problem = refusal(row, options.resume ?? false);
  if (problem) throw conflict(problem);
  return { afterRecipientId: row?.lastRecipientId ?? 0 };
}

/**
 * Queues the announcement for every recipient (the email-delivery job sends them, so a large list does not hold up
 * the command and is retried like any mail) and records it in the audit log. The same text is queued once: its row
 * in `announcements` is unique, and each batch moves that row's progress on in the batch's own transaction, only
 * from where this run left it, so two runs at once cannot both write to a member. Returns how many this run queued
 * and how many in all.
 */
export async function sendAnnouncement(config: Config, db: Db, input: Announcement, options: { resume?: boolean } = {}): Promise<{ queued: number; total: number }> {
  const news = announcementSchema.parse(input);
  const digest = announcementDigest(news);
  let row = await AnnouncementRow.query(db).findOne({ digest });
  const problem = refusal(row, options.resume ?? false);
  if (problem) throw conflict(problem);
  if (!row) {
    // Nobody to write to: nothing is recorded, so the news can go out once members turn App updates on.
    if ((await countAnnouncementRecipients(db)) === 0) return { queued: 0, total: 0 };
    try {
      row = await AnnouncementRow.query(db).insert({ digest, subject: news.subject, queued: 0, lastRecipientId: 0, startedAt: Date.now(), finishedAt: null });
    } catch (error) {
      if (!uniqueViolation(error)) throw error;
      // Another run inserted it a moment ago: finished already, or still queuing.
      const other = await AnnouncementRow.query(db).findOne({ digest });
      if (other?.finishedAt) throw conflict(refusal(other, false) as string);
      throw conflict(`"${news.subject}" is being queued by another saathi announce at this moment; this one queued nothing.`);
    }
  }
  const keys = loadSessionKeys(config);
  const origin = (config.publicUrl ?? `http://localhost:${config.port}`).replace(/\/$/, '');
  const { paragraphs } = readAs(news);
  const id = row.id;
  let total = row.queued;
  let afterId = row.lastRecipientId;
  let queued = 0;
  for (;;) {
    const batch = await recipients(db).where('users.id', '>', afterId).orderBy('users.id').limit(BATCH).select('users.id', 'users.email', 'users.fullName');
    if (batch.length === 0) break;
    const mails = await Promise.all(
      batch.map(async (r) => {
        const unsubscribe = unsubscribeUrl(origin, keys, Number(r.id), 'appUpdates');
        const name = String(r.fullName).trim().split(/\s+/)[0] || String(r.fullName);
        const email = await announcementEmail({ name, subject: news.subject, paragraphs, action: { label: news.button, href: `${origin}${news.link}` }, unsubscribeUrl: unsubscribe });
        return { to: String(r.email), email, unsubscribe };
      }),
    );
    const lastId = Number(batch[batch.length - 1].id);
    await db.transaction(async (trx) => {
      for (const { to, email, unsubscribe } of mails) {
        await sendNotificationEmail(config, trx, to, email, unsubscribe, { attemptNow: false });
      }
      const moved = await AnnouncementRow.query(trx).where({ id, lastRecipientId: afterId }).patch({ lastRecipientId: lastId, queued: total + batch.length });
      if (moved !== 1) throw conflict(`Another saathi announce is queuing "${news.subject}" at the same time; this one stopped after ${members(queued)}, none of them written to twice.`);
    });
    queued += batch.length;
    total += batch.length;
    afterId = lastId;
  }
  await AnnouncementRow.query(db).findById(id).patch({ finishedAt: Date.now() });
  await audit(db, { actorUserId: null, actorRole: 'cli', action: 'announcement.sent', details: { subject: news.subject, link: news.link, recipients: total } });
  return { queued, total };
}
