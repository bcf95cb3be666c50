import * as z from 'zod';
import type { Config } from '../../config';
import type { Db } from '../../db';
import { loadSessionKeys } from '../../keys';
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

export async function countAnnouncementRecipients(db: Db): Promise<number> {
  const row = await recipients(db).count({ n: 'users.id' }).first();
  return Number(row?.n ?? 0);
}

/**
 * Queues the announcement for every recipient (the email-delivery job sends them, so a large list does not
 * hold up the command and is retried like any mail) and records it in the audit log. Returns how many.
 */
export async function sendAnnouncement(config: Config, db: Db, input: Announcement): Promise<number> {
  const news = announcementSchema.parse(input);
  const keys = loadSessionKeys(config);
  const origin = (config.publicUrl ?? `http://localhost:${config.port}`).replace(/\/$/, '');
  const paragraphs = news.message.split(/\n\s*\n/).map((p) => p.replace(/\s*\n\s*/g, ' ').trim()).filter(Boolean);
  let queued = 0;
  let afterId = 0;
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
    await db.transaction(async (trx) => {
      for (const { to, email, unsubscribe } of mails) {
        await sendNotificationEmail(config, trx, to, email, unsubscribe, { attemptNow: false });
      }
    });
    queued += batch.length;
    afterId = Number(batch[batch.length - 1].id);
  }
  await audit(db, { actorUserId: null, actorRole: 'cli', action: 'announcement.sent', details: { subject: news.subject, link: news.link, recipients: queued } });
  return queued;
}
