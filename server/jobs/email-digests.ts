import type { Config } from '../config';
import type { Knex } from 'knex';
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

/** The hour, minute and weekday in `zone` at `now` (one formatter per zone: making one costs more than using it). */
function localTime(now: number, zone: string): { hour: number; minute: number; weekday: string } {
  let format = formatters.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: 'numeric', minute: 'numeric', hourCycle: 'h23', weekday: 'short' });
    formatters.set(zone, format);
  }
  const parts = format.formatToParts(new Date(now));
  const part = (type: string) => parts.find((p) => p.type === type)?.value;
  return { hour: Number(part('hour') ?? -1), minute: Number(part('minute') ?? 0), weekday: part('weekday') ?? '' };
}

const MINUTE_MS = 60_000;
/** A digest turned off is never due (until the frequency changes, which clears it). */
export const NEVER = Number.MAX_SAFE_INTEGER;

/** Whether it is the member's digest hour at `now`: 9 o'clock local, on a Monday for weekly. */
function isDigestHour(at: { hour: number; weekday: string }, frequency: 'daily' | 'weekly'): boolean {
  return at.hour === DIGEST_HOUR && (frequency === 'daily' || at.weekday === 'Mon');
}

/**
 * The start of the member's next digest hour strictly after `now`'s: the next 9:00 in `zone` (a Monday's, for
 * weekly). Worked out from the local time now, then checked where a clock change moved it by an hour.
 */
export function nextDigestHour(now: number, zone: string, frequency: 'daily' | 'weekly'): number {
  const here = localTime(now, zone);
  const hoursAhead = (DIGEST_HOUR - here.hour + 24) % 24 || 24;
  let at = Math.floor(now / MINUTE_MS) * MINUTE_MS + hoursAhead * HOUR_MS - here.minute * MINUTE_MS;
  for (let day = 0; day < 8; day++) {
    let there = localTime(at, zone);
    // A day with a clock change puts the same local hour an hour off: move to it.
    if (there.hour !== DIGEST_HOUR) {
      at += (DIGEST_HOUR - there.hour) * HOUR_MS;
      there = localTime(at, zone);
    }
    if (isDigestHour(there, frequency) && at > now) return at;
    at += 24 * HOUR_MS;
  }
  return at;
}

/**
 * Due times are worked out and members looked at in pages of this many, the event loop given back between pages (a
 * page of 2,000 held it up to 190 ms on SQLite).
 */
const PAGE = 500;
const yieldToRequests = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Sets each member's due time, one statement per distinct time (members of one time zone share it). */
async function setDue(db: Db, due: Map<number, number[]>): Promise<void> {
  for (const [at, ids] of due) await db('notification_settings').whereIn('userId', ids).update({ digestDueAt: at });
}

/** Notes a member's due time for setDue. */
function dueAt(due: Map<number, number[]>, at: number, userId: number): void {
  const ids = due.get(at);
  if (ids) ids.push(userId);
  else due.set(at, [userId]);
}

/** The member's digest frequency as stored, null when the digest is off. */
const frequencyOf = (value: unknown): 'daily' | 'weekly' | null => (value === 'weekly' ? 'weekly' : value === 'daily' ? 'daily' : null);

const lastOf = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));

/**
 * The digest of new likes and profile views: at about 9:00 in each member's own time zone (from their city),
 * daily or on Mondays for weekly, only when something happened since the last one, and never when the member
 * turned email notifications or the digest off. Profile views are counted only for members who keep profile
 * views on. Checked every 15 minutes.
 *
 * A run reads only the members whose digest hour has come (`digest_due_at`, indexed) and those whose due time is
 * not worked out yet (new members, or a changed city, country or frequency: a trigger clears it), not every
 * member: at a million members most runs read a few thousand. Each looked-at member's next due time is then set.
 * Returns how many digests were sent and how many members were looked at.
 */
export async function sendDigests(db: Db, config: Config, keys: string[], origin: string, now: number): Promise<{ sent: number; looked: number }> {
  const local = new Map<string, { hour: number; minute: number; weekday: string }>();
  const localOf = (zone: string) => {
    let at = local.get(zone);
    if (!at) {
      at = localTime(now, zone);
      local.set(zone, at);
    }
    return at;
  };
  const nextOf = new Map<string, number>();
  const next = (zone: string, frequency: 'daily' | 'weekly') => {
    const key = `${zone} ${frequency}`;
    let at = nextOf.get(key);
    if (at === undefined) nextOf.set(key, (at = nextDigestHour(now, zone, frequency)));
    return at;
  };
  let sent = 0;
  let looked = 0;
  // Raw knex: plain rows, page after page (a model instance per row would cost more than the check it feeds); the
  // columns are converted just below. Each page's rows leave the selection (their due time is set), so the next
  // page is again the first one.
  // Ordered by the due time: the index then finds the page (ordered by member id, SQLite scanned the table).
  const rows = (where: (q: Knex.QueryBuilder) => void) =>
    db('notification_settings as ns')
      .join('users as u', 'u.id', 'ns.userId')
      .leftJoin('profiles as p', (j) => j.on('p.userId', 'u.id').andOn('p.isDeleted', db.raw('?', [false])))
      .where(where)
      .orderBy([{ column: 'ns.digestDueAt' }, { column: 'ns.userId' }])
      .limit(PAGE)
      .select(
        'u.id', 'u.isDeleted', 'u.status', 'u.emailConfirmedAt', 'p.id as profileId', 'p.city', 'p.country', 'ns.digestFrequency', 'ns.lastDigestAt',
        'ns.profileViews', 'ns.emailNotifications',
      );
  // First the members whose due time is not worked out: due now when it is their hour and the last digest is
  // old enough (as it would have been had it been worked out before), else at their next hour.
  for (;;) {
    const page = await rows((q) => q.whereNull('ns.digestDueAt'));
    if (page.length === 0) break;
    const due = new Map<number, number[]>();
    for (const c of page) {
      const frequency = frequencyOf(c.digestFrequency);
      const zone = timeZoneOf(c.city, c.country);
      const last = lastOf(c.lastDigestAt);
      const at = frequency === null ? NEVER : isDigestHour(localOf(zone), frequency) && (last === null || last <= now - GAP_MS[frequency]) ? now : next(zone, frequency);
      dueAt(due, at, Number(c.id));
    }
    await setDue(db, due);
    looked += page.length;
    await yieldToRequests();
  }
  // Then the members whose hour has come.
  for (;;) {
    const page = await rows((q) => q.where('ns.digestDueAt', '<=', now));
    if (page.length === 0) break;
    const due = new Map<number, number[]>();
    const hour: DigestMember[] = [];
    for (const c of page) {
      const frequency = frequencyOf(c.digestFrequency);
      const zone = timeZoneOf(c.city, c.country);
      dueAt(due, frequency === null ? NEVER : next(zone, frequency), Number(c.id));
      if (frequency === null || !isDigestHour(localOf(zone), frequency)) continue; // the hour passed while no run came
      if (c.profileId === null || c.profileId === undefined || truthy(c.isDeleted) || c.status !== 'active' || !c.emailConfirmedAt || !truthy(c.emailNotifications)) continue;
      const last = lastOf(c.lastDigestAt);
      if (last !== null && last > now - GAP_MS[frequency]) continue;
      hour.push({ id: Number(c.id), profileId: Number(c.profileId), frequency, last, profileViews: truthy(c.profileViews) });
    }
    sent += await digestPage(db, config, keys, origin, now, hour);
    await setDue(db, due);
    looked += page.length;
    await yieldToRequests();
  }
  return { sent, looked };
}

/** A member whose digest hour it is, with nothing that rules the digest out. */
interface DigestMember {
  id: number;
  profileId: number;
  frequency: 'daily' | 'weekly';
  last: number | null;
  profileViews: boolean;
}

/** Each profile's times (ms) among these rows (a page's likes or views, one query each). */
function timesBy<T extends { createdAt: number }>(rows: T[], profileOf: (row: T) => number): Map<number, number[]> {
  const out = new Map<number, number[]>();
  for (const r of rows) {
    const times = out.get(profileOf(r));
    if (times) times.push(r.createdAt);
    else out.set(profileOf(r), [r.createdAt]);
  }
  return out;
}

/**
 * A page of members whose hour it is: their new likes and views counted in two queries, all of them marked as
 * considered in one, and those with news emailed. At a million members 9:00 in London is 365,000 members at one
 * run: in pages of 500 it takes 14 s, no page holding the event loop over 130 ms (99 % under 40 ms). Three queries
 * a member in pages of 2,000 would hold the loop about 1.5 s a page (166 s for the run), and the server would answer
 * almost nothing meanwhile.
 */
async function digestPage(db: Db, config: Config, keys: string[], origin: string, now: number, members: DigestMember[]): Promise<number> {
  if (members.length === 0) return 0;
  const sinceOf = (c: DigestMember) => Math.max(c.last ?? 0, now - (c.frequency === 'weekly' ? 7 : 1) * 24 * HOUR_MS);
  const earliest = Math.min(...members.map(sinceOf));
  const liked = members.map((c) => c.profileId);
  const viewed = members.filter((c) => c.profileViews).map((c) => c.profileId);
  const likes = timesBy(await ProfileLike.query(db).whereIn('likedProfileId', liked).where('createdAt', '>', earliest).select('likedProfileId', 'createdAt'), (l) => l.likedProfileId);
  const views = viewed.length
    ? timesBy(await ProfileView.query(db).whereIn('profileId', viewed).where('createdAt', '>', earliest).select('profileId', 'createdAt'), (v) => v.profileId)
    : new Map<number, number[]>();
  // Marked as considered either way, so a quiet day does not make the member's hour query twice.
  await NotificationSettings.query(db).whereIn('userId', members.map((c) => c.id)).patch({ lastDigestAt: now });
  const newer = (times: number[] | undefined, since: number) => (times ?? []).filter((t) => t > since).length;
  const news = members
    .map((c) => ({ c, likes: newer(likes.get(c.profileId), sinceOf(c)), views: c.profileViews ? newer(views.get(c.profileId), sinceOf(c)) : 0 }))
    .filter((n) => n.likes > 0 || n.views > 0);
  if (news.length === 0) return 0;
  const people = new Map((await User.query(db).whereIn('id', news.map((n) => n.c.id)).select('id', 'email', 'fullName', 'language')).map((u) => [u.id, u]));
  let sent = 0;
  for (const { c, likes, views } of news) {
    const member = people.get(c.id);
    if (!member) continue;
    const unsubscribe = unsubscribeUrl(origin, keys, c.id, 'digest');
    const email = await digestEmail({
      name: member.fullName.split(/\s+/)[0],
      likes,
      views,
      period: c.frequency === 'weekly' ? 'this week' : 'today',
      url: `${origin}/notifications`,
      unsubscribeUrl: unsubscribe,
      language: member.language,
    });
    await sendNotificationEmail(config, db, member.email, email, unsubscribe);
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
      const { sent, looked } = await sendDigests(db, config, keys, origin, now);
      return `digests ${sent} (${looked} members looked at)`;
    },
  });
}
