import crypto from 'node:crypto';
import type { PartialModelObject } from 'objection';
import type { Db } from '../../db';
import { NotificationSettings } from '../../models/settings';

/**
 * One-click unsubscribe links (RFC 8058): a token names the member and the kind of email, signed with the
 * session keys (any of them verifies, so rotating keys keeps older emails' links working). Whoever holds the
 * email may turn that one kind off, without signing in, and nothing else.
 */
export const EMAIL_KINDS = {
  newMatches: { column: 'newMatches', off: false, label: 'new matches', alsoInApp: true },
  newMessages: { column: 'newMessages', off: false, label: 'new messages', alsoInApp: true },
  digest: { column: 'digestFrequency', off: 'off', label: 'your likes and profile views (the digest)', alsoInApp: true },
  appUpdates: { column: 'appUpdates', off: false, label: 'news about Saathi features and offers', alsoInApp: false },
  savedSearches: { column: 'savedSearchEmails', off: false, label: 'new members for your saved searches', alsoInApp: true },
} as const;
export type EmailKind = keyof typeof EMAIL_KINDS;

const sign = (key: string, body: string) => crypto.createHmac('sha256', `saathi unsubscribe\u0000${key}`).update(body).digest('base64url').slice(0, 32);

export function unsubscribeToken(keys: string[], userId: number, kind: EmailKind): string {
  const body = `${userId}.${kind}`;
  return `${body}.${sign(keys[0], body)}`;
}

/** Turns one kind of email off for the member (the in-app setting it maps to, or the digest frequency). */
export async function turnOffEmails(db: Db, userId: number, kind: EmailKind): Promise<void> {
  const { column, off } = EMAIL_KINDS[kind];
  const change: PartialModelObject<NotificationSettings> = { [column]: off, updatedAt: Date.now() };
  await NotificationSettings.query(db).findById(userId).patch(change);
}

/** The member and kind a token names, or null when it is not one of ours. */
export function readUnsubscribeToken(keys: string[], token: string): { userId: number; kind: EmailKind } | null {
  const match = /^(\d{1,12})\.([A-Za-z]{1,32})\.([A-Za-z0-9_-]{32})$/.exec(token);
  if (!match) return null;
  const [, id, kind, signature] = match;
  if (!(kind in EMAIL_KINDS)) return null;
  const body = `${id}.${kind}`;
  const valid = keys.some((key) => {
    const expected = Buffer.from(sign(key, body));
    return crypto.timingSafeEqual(expected, Buffer.from(signature));
  });
  return valid ? { userId: Number(id), kind: kind as EmailKind } : null;
}

export const UNSUBSCRIBE_PATH = '/api/email/unsubscribe';

export function unsubscribeUrl(origin: string, keys: string[], userId: number, kind: EmailKind): string {
  return `${origin}${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(unsubscribeToken(keys, userId, kind))}`;
}
