import type { Config } from '../config';
import type { Db } from '../db';
import { ProfileView } from '../models/activity';
import { NotificationSettings } from '../models/settings';
import { ProfileLike } from '../models/social';
import { User } from '../models/user';
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

/** A boolean column read by raw knex: true/false on PostgreSQL, 1/0 on SQLite. */
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

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The hour and weekday in `zone` at `now` (one formatter per zone: making one costs more than using it). */
function localHourAndDay(now: number, zone: string): { hour: number; weekday: string } {
  let format = formatters.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: 'numeric', hourCycle: 'h23', weekday: 'short' });
    formatters.set(zone, format);
  }
  const parts = format.formatToParts(new Date(now));
  return { hour: Number(parts.find((p) => p.type === 'hour')?.value ?? -1), weekday: parts.find((p) => p.type === 'weekday')?.value ?? '' };
}

/** Candidates are read in pages of this many, the event loop given back between pages. */
const PAGE = 2000;
const yieldToRequests = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The digest of new likes and profile views: at about 9:00 in each member's own time zone (from their city),
 * daily or on Mondays for weekly, only when something happened since the last one, and never when the member
 * turned email notifications or the digest off. Profile views are counted only for members who keep profile
 * views on. Checked every 15 minutes; a member's hour comes round once a day.
 *
 * Every member with digests on is looked at each run, so the run must not hold the process: candidates are read
 * in pages by id with the event loop given back in between (on SQLite a query holds it while it runs), each time
 * zone's local hour is worked out once per run, and the members whose hour it is not cost a comparison.
 */
export async function sendDigests(db: Db, config: Config, keys: string[], origin: string, now: number): Promise<number> {
  const local = new Map<string, { hour: number; weekday: string }>();
  const localOf = (zone: string) => {
    let at = local.get(zone);
    if (!at) {
      at = localHourAndDay(now, zone);
      local.set(zone, at);
    }
    return at;
  };
  let sent = 0;
  let after = 0;
  for (;;) {
    // Raw knex: a three-table join read as plain rows, page after page over every member with digests on (a model
    // instance per row would cost more than the check it feeds); the columns are converted just below.
    const candidates = await db('notification_settings as ns')
      .join('users as u', 'u.id', 'ns.userId')
      .join('profiles as p', (j) => j.on('p.userId', 'u.id').andOn('p.isDeleted', db.raw('?', [false])))
      .whereNot('ns.digestFrequency', 'off')
      .where('ns.emailNotifications', true)
      .where('u.isDeleted', false)
      .where('u.status', 'active')
      .whereNotNull('u.emailConfirmedAt')
      .where((w) => w.whereNull('ns.lastDigestAt').orWhere('ns.lastDigestAt', '<', now - GAP_MS.daily))
      .where('u.id', '>', after)
      .orderBy('u.id')
      .limit(PAGE)
      .select('u.id', 'p.id as profileId', 'p.city', 'p.country', 'ns.digestFrequency', 'ns.lastDigestAt', 'ns.profileViews');
    if (candidates.length === 0) break;
    after = Number(candidates[candidates.length - 1].id);
    for (const c of candidates) {
      const frequency = c.digestFrequency === 'weekly' ? 'weekly' : 'daily';
      const last = c.lastDigestAt === null || c.lastDigestAt === undefined ? null : Number(c.lastDigestAt);
      if (last !== null && last > now - GAP_MS[frequency]) continue;
      const { hour, weekday } = localOf(timeZoneOf(c.city, c.country));
      if (hour !== DIGEST_HOUR || (frequency === 'weekly' && weekday !== 'Mon')) continue;
      if (await digestOne(db, config, keys, origin, now, { id: Number(c.id), profileId: Number(c.profileId), frequency, last, profileViews: truthy(c.profileViews) })) sent++;
    }
    await yieldToRequests();
  }
  return sent;
}

/** One member whose hour it is: counted, marked as considered, and emailed when something happened. */
async function digestOne(
  db: Db,
  config: Config,
  keys: string[],
  origin: string,
  now: number,
  c: { id: number; profileId: number; frequency: 'daily' | 'weekly'; last: number | null; profileViews: boolean },
): Promise<boolean> {
  const since = Math.max(c.last ?? 0, now - (c.frequency === 'weekly' ? 7 : 1) * 24 * HOUR_MS);
  const likes = await ProfileLike.query(db).where('likedProfileId', c.profileId).where('createdAt', '>', since).resultSize();
  const views = c.profileViews ? await ProfileView.query(db).where('profileId', c.profileId).where('createdAt', '>', since).resultSize() : 0;
  // Marked as considered either way, so a quiet day does not make the member's hour query twice.
  await NotificationSettings.query(db).findById(c.id).patch({ lastDigestAt: now });
  if (likes === 0 && views === 0) return false;
  const member = await User.query(db).findById(c.id).select('email', 'fullName');
  if (!member) return false;
  const unsubscribe = unsubscribeUrl(origin, keys, c.id, 'digest');
  const email = await digestEmail({
    name: member.fullName.split(/\s+/)[0],
    likes,
    views,
    period: c.frequency === 'weekly' ? 'this week' : 'today',
    url: `${origin}/notifications`,
    unsubscribeUrl: unsubscribe,
  });
  await sendNotificationEmail(config, db, member.email, email, unsubscribe);
  return true;
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
