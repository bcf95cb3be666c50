import type { Config } from '../config';
import type { Db } from '../db';
import { Message, Notification } from '../models/engagement';
import { User } from '../models/user';
import { matchEmail, messageEmail } from '../services/email/templates';
import { unsubscribeUrl } from '../services/email/unsubscribe';
import { sendNotificationEmail } from '../services/mail';
import { defineJob } from './scheduler';

/** A message unread this long, with its reader away this long, is worth an email. */
export const MESSAGE_EMAIL_AFTER_MS = 15 * 60_000;
/** At most one email per conversation in this time. */
export const MESSAGE_EMAIL_EVERY_MS = 60 * 60_000;
/** Unread messages and matches older than this are not emailed (a member back after a week sees them in the app). */
const TOO_OLD_MS = 24 * 60 * 60_000;

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
  // The settings of all of them in one more query, not one per member.
  const users = await User.query(db)
    .whereIn('users.id', ids)
    .modify('live')
    .whereNotNull('users.emailConfirmedAt')
    .select('users.id', 'users.email', 'users.fullName', 'users.lastActiveAt')
    .withGraphFetched('notificationSettings');
  return new Map(
    users.map((u) => {
      const settings = u.notificationSettings;
      return [
        u.id,
        {
          id: u.id, email: u.email, fullName: u.fullName, lastActiveAt: u.lastActiveAt,
          // A member without a settings row has the defaults: everything on.
          newMatches: settings?.newMatches ?? true,
          newMessages: settings?.newMessages ?? true,
          emailNotifications: settings?.emailNotifications ?? true,
        },
      ];
    }),
  );
}

/** The full names of members, by id. */
async function namesOf(db: Db, ids: number[]): Promise<Map<number, string>> {
  return new Map((await User.query(db).whereIn('id', ids).select('id', 'fullName')).map((u) => [u.id, u.fullName]));
}

const firstName = (name: string) => name.trim().split(/\s+/)[0] || name;

/** Emails for new matches (each once, when the member keeps match emails on). */
async function matchEmails(db: Db, config: Config, keys: string[], origin: string, now: number): Promise<number> {
  // A family helper's copy of the candidate's match stays in their bell: the email says "you" matched.
  const rows = await Notification.query(db)
    .where('type', 'match')
    .whereNull('forProfileId')
    .whereNull('emailedAt')
    .where('createdAt', '>', now - TOO_OLD_MS)
    .orderBy('id')
    .limit(500)
    .select('id', 'userId', 'actorUserId');
  if (rows.length === 0) return 0;
  await Notification.query(db).whereIn('id', rows.map((r) => r.id)).patch({ emailedAt: now });
  const actorIds = rows.flatMap((r) => (r.actorUserId === null ? [] : [r.actorUserId]));
  const people = await recipients(db, [...new Set([...rows.map((r) => r.userId), ...actorIds])]);
  const names = await namesOf(db, actorIds);
  let sent = 0;
  for (const row of rows) {
    const to = people.get(row.userId);
    if (!to?.emailNotifications || !to.newMatches) continue;
    const otherName = firstName((row.actorUserId === null ? undefined : names.get(row.actorUserId)) ?? 'A member');
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
  const pending = await Message.query(db)
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
  const people = await recipients(db, [...new Set(pending.map((m) => m.receiverId))]);
  const senders = await namesOf(db, [...new Set(pending.map((m) => m.senderId))]);
  let sent = 0;
  for (const messages of conversations.values()) {
    const { senderId, receiverId } = messages[0];
    const to = people.get(receiverId);
    const online = to?.lastActiveAt !== null && to?.lastActiveAt !== undefined && to.lastActiveAt > now - MESSAGE_EMAIL_AFTER_MS;
    const recentEmail = await Message.query(db).where({ senderId, receiverId }).where('emailedAt', '>', now - MESSAGE_EMAIL_EVERY_MS).select('id').first();
    if (online || recentEmail) continue; // looked at again on a later run
    await Message.query(db).whereIn('id', messages.map((m) => m.id)).patch({ emailedAt: now });
    if (!to?.emailNotifications || !to.newMessages) continue;
    const latest = messages[messages.length - 1].content;
    const unsubscribe = unsubscribeUrl(origin, keys, to.id, 'newMessages');
    const email = await messageEmail({
      name: firstName(to.fullName),
      senderName: firstName(senders.get(senderId) ?? 'A member'),
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
