import type { Config } from '../config';
import type { Db } from '../db';
import { lookupPlace } from '../services/kundali/astro';
import { digestEmail } from '../services/email/templates';
import { unsubscribeUrl } from '../services/email/unsubscribe';
import { sendNotificationEmail } from '../services/mail';
import { defineJob } from './scheduler';

const HOUR_MS = 3_600_000;
/** The local hour the digest goes out in. */
export const DIGEST_HOUR = 9;
/** A daily digest at most every 20 hours, a weekly one every 6.5 days (so a run at 9:05 or 9:50 both count). */
const GAP_MS = { daily: 20 * HOUR_MS, weekly: 6.5 * 24 * HOUR_MS } as const;

const truthy = (v: unknown) => v === true || Number(v) === 1;
const zones = new Map<string, string>();

/** The member's time zone from where they live (city and country), UTC when the place is unknown. */
export function timeZoneOf(city: string | null, country: string | null): string {
  const key = `${city ?? ''}, ${country ?? ''}`;
  let zone = zones.get(key);
  if (zone === undefined) {
    zone = lookupPlace(city ? `${city}, ${country ?? ''}` : null)?.timeZone ?? 'UTC';
    if (zones.size > 5000) zones.clear();
    zones.set(key, zone);
  }
  return zone;
}

function localHourAndDay(now: number, zone: string): { hour: number; weekday: string } {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: 'numeric', hourCycle: 'h23', weekday: 'short' }).formatToParts(new Date(now));
  return { hour: Number(parts.find((p) => p.type === 'hour')?.value ?? -1), weekday: parts.find((p) => p.type === 'weekday')?.value ?? '' };
}

/**
 * The digest of new likes and profile views: at about 9:00 in each member's own time zone (from their city),
 * daily or on Mondays for weekly, only when something happened since the last one, and never when the member
 * turned email notifications or the digest off. Profile views are counted only for members who keep profile
 * views on. Checked every 15 minutes; a member's hour comes round once a day.
 */
export async function sendDigests(db: Db, config: Config, keys: string[], origin: string, now: number): Promise<number> {
  const candidates = await db('notification_settings as ns')
    .join('users as u', 'u.id', 'ns.userId')
    .join('profiles as p', (j) => j.on('p.userId', 'u.id').andOn('p.isDeleted', db.raw('?', [false])))
    .whereNot('ns.digestFrequency', 'off')
    .where('ns.emailNotifications', true)
    .where('u.isDeleted', false)
    .where('u.status', 'active')
    .whereNotNull('u.emailConfirmedAt')
    .where((w) => w.whereNull('ns.lastDigestAt').orWhere('ns.lastDigestAt', '<', now - GAP_MS.daily))
    .select('u.id', 'u.email', 'u.fullName', 'u.createdAt', 'p.id as profileId', 'p.city', 'p.country', 'ns.digestFrequency', 'ns.lastDigestAt', 'ns.profileViews');
  let sent = 0;
  for (const c of candidates) {
    const frequency = c.digestFrequency === 'weekly' ? 'weekly' : 'daily';
    const last = c.lastDigestAt === null || c.lastDigestAt === undefined ? null : Number(c.lastDigestAt);
    if (last !== null && last > now - GAP_MS[frequency]) continue;
    const { hour, weekday } = localHourAndDay(now, timeZoneOf(c.city, c.country));
    if (hour !== DIGEST_HOUR || (frequency === 'weekly' && weekday !== 'Mon')) continue;
    const since = Math.max(last ?? 0, now - (frequency === 'weekly' ? 7 : 1) * 24 * HOUR_MS);
    const likes = Number((await db('profile_likes').where('likedProfileId', c.profileId).where('createdAt', '>', since).count({ n: '*' }).first())?.n ?? 0);
    const views = truthy(c.profileViews) ? Number((await db('profile_views').where('profileId', c.profileId).where('createdAt', '>', since).count({ n: '*' }).first())?.n ?? 0) : 0;
    // Marked as considered either way, so a quiet day does not make the member's hour query twice.
    await db('notification_settings').where({ userId: c.id }).update({ lastDigestAt: now });
    if (likes === 0 && views === 0) continue;
    const unsubscribe = unsubscribeUrl(origin, keys, Number(c.id), 'digest');
    const email = await digestEmail({
      name: String(c.fullName).split(/\s+/)[0],
      likes,
      views,
      period: frequency === 'weekly' ? 'this week' : 'today',
      url: `${origin}/notifications`,
      unsubscribeUrl: unsubscribe,
    });
    await sendNotificationEmail(config, db, String(c.email), email, unsubscribe);
    sent++;
  }
  return sent;
}

export function emailDigestsJob(config: Config, keys: string[]) {
  const origin = (config.publicUrl ?? `http://localhost:${config.port}`).replace(/\/$/, '');
  return defineJob({
    name: 'email-digests',
    everyMs: 15 * 60_000,
    description: 'emails the digest of new likes and profile views at about 9:00 in each member\'s time zone (daily or weekly)',
    async run({ db, now }) {
      return `digests ${await sendDigests(db, config, keys, origin, now)}`;
    },
  });
}
