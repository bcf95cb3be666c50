import type { Config } from '../config';
import type { Db } from '../db';
import { matchEmail, messageEmail } from '../services/email/templates';
import { unsubscribeUrl } from '../services/email/unsubscribe';
import { sendNotificationEmail } from '../services/mail';
import { defineJob } from './scheduler';

/** A message unread this long, with its reader away this long, is worth an email. */
export const MESSAGE_EMAIL_AFTER_MS = 15 * 60_000;
/** At most one email per conversation in this time. */
export const MESSAGE_EMAIL_EVERY_MS = 60 * 60_000;
/** Older unread messages and matches are not emailed any more (a member back after a week sees them in the app). */
const TOO_OLD_MS = 24 * 60 * 60_000;

const truthy = (v: unknown) => v === true || Number(v) === 1;

interface Recipient {
  id: number;
  email: string;
  fullName: string;
  lastActiveAt: number | null;
  newMatches: boolean;
  newMessages: boolean;
  emailNotifications: boolean;
}

async function recipients(db: Db, ids: number[]): Promise<Map<number, Recipient>> {
  if (ids.length === 0) return new Map();
  const rows = await db('users')
    .leftJoin('notification_settings as ns', 'ns.userId', 'users.id')
    .whereIn('users.id', ids)
    .where('users.isDeleted', false)
    .where('users.status', 'active')
    .whereNotNull('users.emailConfirmedAt')
    .select('users.id', 'users.email', 'users.fullName', 'users.lastActiveAt', 'ns.newMatches', 'ns.newMessages', 'ns.emailNotifications');
  return new Map(
    rows.map((r) => [
      Number(r.id),
      {
        id: Number(r.id), email: String(r.email), fullName: String(r.fullName), lastActiveAt: r.lastActiveAt === null ? null : Number(r.lastActiveAt),
        // A member without a settings row has the defaults: everything on.
        newMatches: r.newMatches === null || r.newMatches === undefined || truthy(r.newMatches),
        newMessages: r.newMessages === null || r.newMessages === undefined || truthy(r.newMessages),
        emailNotifications: r.emailNotifications === null || r.emailNotifications === undefined || truthy(r.emailNotifications),
      },
    ]),
  );
}

const firstName = (name: string) => name.trim().split(/\s+/)[0] || name;

/** Emails for new matches (each once, when the member keeps match emails on). */
async function matchEmails(db: Db, config: Config, keys: string[], origin: string, now: number): Promise<number> {
  const rows = await db('notifications').where('type', 'match').whereNull('emailedAt').where('createdAt', '>', now - TOO_OLD_MS).orderBy('id').limit(500).select('id', 'userId', 'actorUserId');
  if (rows.length === 0) return 0;
  await db('notifications').whereIn('id', rows.map((r) => r.id)).update({ emailedAt: now });
  const people = await recipients(db, [...new Set(rows.flatMap((r) => [Number(r.userId), Number(r.actorUserId)]))]);
  const names = new Map((await db('users').whereIn('id', rows.map((r) => Number(r.actorUserId))).select('id', 'fullName')).map((u) => [Number(u.id), String(u.fullName)]));
  let sent = 0;
  for (const row of rows) {
    const to = people.get(Number(row.userId));
    if (!to?.emailNotifications || !to.newMatches) continue;
    const otherName = firstName(names.get(Number(row.actorUserId)) ?? 'A member');
    const unsubscribe = unsubscribeUrl(origin, keys, to.id, 'newMatches');
    const email = await matchEmail({ name: firstName(to.fullName), otherName, chatUrl: `${origin}/chat/${row.actorUserId}`, unsubscribeUrl: unsubscribe });
    await sendNotificationEmail(config, db, to.email, email, unsubscribe);
    sent++;
  }
  return sent;
}

/**
 * Emails for messages left unread: one per conversation (sender → reader) once the oldest unread message is
 * 15 minutes old, the reader has not been active for 15 minutes (not online), and no email went out for that
 * conversation in the last hour.
 */
async function messageEmails(db: Db, config: Config, keys: string[], origin: string, now: number): Promise<number> {
  const pending = await db('messages')
    .where('isRead', false)
    .whereNull('emailedAt')
    .where('createdAt', '<=', now - MESSAGE_EMAIL_AFTER_MS)
    .where('createdAt', '>', now - TOO_OLD_MS)
    .orderBy('id')
    .limit(2000)
    .select('id', 'senderId', 'receiverId', 'content');
  if (pending.length === 0) return 0;
  const conversations = new Map<string, typeof pending>();
  for (const m of pending) {
    const key = `${m.senderId}:${m.receiverId}`;
    conversations.set(key, [...(conversations.get(key) ?? []), m]);
  }
  const people = await recipients(db, [...new Set(pending.map((m) => Number(m.receiverId)))]);
  const senders = new Map((await db('users').whereIn('id', [...new Set(pending.map((m) => Number(m.senderId)))]).select('id', 'fullName')).map((u) => [Number(u.id), String(u.fullName)]));
  let sent = 0;
  for (const messages of conversations.values()) {
    const { senderId, receiverId } = messages[0];
    const to = people.get(Number(receiverId));
    const online = to?.lastActiveAt !== null && to?.lastActiveAt !== undefined && to.lastActiveAt > now - MESSAGE_EMAIL_AFTER_MS;
    const recentEmail = await db('messages').where({ senderId, receiverId }).where('emailedAt', '>', now - MESSAGE_EMAIL_EVERY_MS).first('id');
    if (online || recentEmail) continue; // looked at again on a later run
    await db('messages').whereIn('id', messages.map((m) => m.id)).update({ emailedAt: now });
    if (!to?.emailNotifications || !to.newMessages) continue;
    const latest = String(messages[messages.length - 1].content);
    const unsubscribe = unsubscribeUrl(origin, keys, to.id, 'newMessages');
    const email = await messageEmail({
      name: firstName(to.fullName),
      senderName: firstName(senders.get(Number(senderId)) ?? 'A member'),
      count: messages.length,
      preview: latest.length > 140 ? `${latest.slice(0, 139)}…` : latest,
      chatUrl: `${origin}/chat/${senderId}`,
      unsubscribeUrl: unsubscribe,
    });
    await sendNotificationEmail(config, db, to.email, email, unsubscribe);
    sent++;
  }
  return sent;
}


/** The job, bound to the configuration (links need the public address, tokens the session keys). */
export function notificationEmailsJob(config: Config, keys: string[]) {
  const origin = (config.publicUrl ?? `http://localhost:${config.port}`).replace(/\/$/, '');
  return defineJob({
    name: 'notification-emails',
    everyMs: 60_000,
    leaseMs: 5 * 60_000,
    description: 'emails new matches, and messages unread for 15 minutes (one per conversation an hour), as each member\'s settings allow',
    async run({ db, now }) {
      const matches = await matchEmails(db, config, keys, origin, now);
      const messages = await messageEmails(db, config, keys, origin, now);
      return `match emails ${matches}, message emails ${messages}`;
    },
  });
}
