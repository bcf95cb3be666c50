import { localeOf } from '../../contracts/i18n/languages';
import crypto from 'node:crypto';
import { deviceName } from '../../contracts/device-name';
import type { AppContext } from '../context';
import { KnownDevice } from '../models/account';
import type { User } from '../models/user';
import { newDeviceSignInEmail } from './email/account-emails';
import { sendMail } from './mail';
import { sha256 } from './passwords';

/** A random id per browser, kept about as long as browsers allow a cookie (400 days). */
const COOKIE = 'saathi_device';
const COOKIE_MAX_AGE_MS = 400 * 24 * 3600_000;

/**
 * Records the browser a member signed in from; when it is one they never signed in from before and they have
 * signed in elsewhere earlier (so not their first sign-in after registering), emails them about it in case it
 * was not them.
 */
export async function noticeSignInDevice(ctx: AppContext, user: User): Promise<void> {
  const { db, config } = ctx.services;
  const raw = ctx.cookies.get(COOKIE);
  const id = raw && /^[A-Za-z0-9_-]{22,64}$/.test(raw) ? raw : crypto.randomBytes(16).toString('base64url');
  if (id !== raw) ctx.cookies.set(COOKIE, id, { httpOnly: true, sameSite: 'lax', secure: ctx.cookies.secure, maxAge: COOKIE_MAX_AGE_MS, overwrite: true });
  const deviceHash = sha256(id);
  const now = Date.now();
  const userAgent = (ctx.get('user-agent') || '').slice(0, 400) || null;
  const known = await KnownDevice.query(db).findOne({ userId: user.id, deviceHash }).select('id');
  if (known) {
    await KnownDevice.query(db).findById(known.id).patch({ lastSeenAt: now, userAgent });
    return;
  }
  const earlier = await KnownDevice.query(db).findOne({ userId: user.id }).select('id');
  await KnownDevice.query(db).insert({ userId: user.id, deviceHash, userAgent, firstSeenAt: now, lastSeenAt: now }).onConflict(['userId', 'deviceHash']).ignore();
  if (!earlier) return;
  const origin = config.publicUrl ?? `http://localhost:${config.port}`;
  const when = new Intl.DateTimeFormat(localeOf(user.language), { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(new Date(now));
  const mail = await newDeviceSignInEmail({ name: user.fullName, device: deviceName(userAgent), when: `${when} UTC`, settingsUrl: `${origin}/settings`, language: user.language });
  await sendMail(config, db, { to: user.email, subject: mail.subject, kind: 'other', text: mail.text, html: mail.html });
}
