import { ALERT_EMAIL_LISTS } from '../../../contracts/saved-searches';
import type { Config } from '../../config';
import type { Db } from '../../db';
import { nextDigestHour, timeZoneOf } from '../../jobs/email-digests';
import type { JobServices } from '../../jobs/scheduler';
import { SavedSearch } from '../../models/saved-search';
import { NotificationSettings } from '../../models/settings';
import { User } from '../../models/user';
import { presentCards } from '../discovery';
import { type AlertSearch, alertHeadline, savedSearchAlertEmail } from '../email/saved-search-alert';
import { unsubscribeUrl } from '../email/unsubscribe';
import { sendNotificationEmail } from '../mail';
import { translate } from '../../i18n';
import { queueMemberPush } from '../push/send';
import { WATCHED, look, planRuns, savedSearchInput } from './look';
import { rememberSeen, unpackSeen } from './seen';

/** Members looked at a page at a time, the event loop given back between pages (as the digest does). */
const PAGE = 200;
const yieldToRequests = () => new Promise<void>((resolve) => setImmediate(resolve));

export interface AlertContext {
  db: Db;
  services: JobServices;
  config: Config;
  keys: string[];
  origin: string;
  now: number;
  log?: (entry: Record<string, unknown>) => void;
}

/** Saved searches with their alerts on, either way (raw knex: plain rows, a page at a time). */
const alertsOn = (db: Db) => db('saved_searches').where((w) => w.where('emailAlerts', true).orWhere('pushAlerts', true));

/** The member's next alert hour: 9:00 in their own time zone, as the digest (from the city of their profile). */
async function nextAlertHour(db: Db, userIds: number[], now: number): Promise<Map<number, number>> {
  const places = await db('profiles').whereIn('userId', userIds).where('isDeleted', false).select('userId', 'city', 'country');
  const zoneOf = new Map(places.map((p) => [Number(p.userId), timeZoneOf(p.city, p.country)]));
  return new Map(userIds.map((id) => [id, nextDigestHour(now, zoneOf.get(id) ?? 'UTC', 'daily')]));
}

/** Searches whose alerts just came on (or are new) get their member's next alert hour. */
async function setDueTimes(db: Db, now: number): Promise<void> {
  for (;;) {
    const rows = await alertsOn(db).whereNull('alertDueAt').distinct('userId').orderBy('userId').limit(PAGE);
    if (rows.length === 0) return;
    const next = await nextAlertHour(db, rows.map((r) => Number(r.userId)), now);
    for (const [userId, at] of next) await alertsOn(db).where({ userId }).whereNull('alertDueAt').update({ alertDueAt: at });
    await yieldToRequests();
  }
}

/**
 * Sends the daily alerts that are due: for every member whose alert hour has come, each saved search with alerts on
 * is run as search runs it, and the members it finds who are new to it (seen.ts) are told in one email and one push
 * for all the member's searches. Nothing is sent when nothing is new. Each member is claimed with one conditional
 * UPDATE moving their due time on, so two processes running this at once never alert a member twice.
 */
export async function sendSavedSearchAlerts(ctx: AlertContext): Promise<{ members: number; emails: number; pushes: number }> {
  await setDueTimes(ctx.db, ctx.now);
  const totals = { members: 0, emails: 0, pushes: 0 };
  for (;;) {
    const due = await alertsOn(ctx.db).where('alertDueAt', '<=', ctx.now).distinct('userId').orderBy('userId').limit(PAGE);
    if (due.length === 0) return totals;
    const userIds = due.map((r) => Number(r.userId));
    const next = await nextAlertHour(ctx.db, userIds, ctx.now);
    for (const userId of userIds) {
      const claimed = await SavedSearch.query(ctx.db).where({ userId }).where('alertDueAt', '<=', ctx.now).patch({ alertDueAt: next.get(userId) });
      if (claimed === 0) continue; // another process has this member
      totals.members++;
      // One member's failure is logged and skips their morning; the others are still alerted.
      const sent = await alertMember(ctx, userId).catch((error: unknown) => {
        ctx.log?.({ level: 'error', msg: 'saved-search alert failed', userId, err: String(error) });
        return { email: false, push: false };
      });
      totals.emails += sent.email ? 1 : 0;
      totals.pushes += sent.push ? 1 : 0;
    }
    await yieldToRequests();
  }
}

interface News {
  search: SavedSearch;
  fresh: number[];
  scores: Map<number, number | null>;
}

/** The new members of each of the member's searches (remembered as seen either way), then the email and the push. */
async function alertMember(ctx: AlertContext, userId: number): Promise<{ email: boolean; push: boolean }> {
  const { db, services, now } = ctx;
  const user = await User.query(db).findById(userId);
  if (!user || user.isDeleted || user.status !== 'active') return { email: false, push: false };
  const news: News[] = [];
  const searches = await SavedSearch.query(db).where({ userId }).where((w) => w.where('emailAlerts', true).orWhere('pushAlerts', true)).orderBy('id');
  for (const search of searches) {
    const input = savedSearchInput(search.filters);
    // A search the member's plan no longer runs (or today's search no longer takes) waits, its memory as it was.
    if (!input || !planRuns(user, input)) continue;
    const { ids, scores } = await look(services, user, input, WATCHED);
    const known = unpackSeen(search.seen);
    const fresh = ids.filter((id) => !known.has(id));
    await SavedSearch.query(db).findById(search.id).patch({ seen: rememberSeen(known, ids) });
    if (fresh.length) news.push({ search, fresh, scores });
  }
  if (news.length === 0) return { email: false, push: false };
  const settings = await NotificationSettings.query(db).findById(userId);
  const byEmail = news.filter((n) => n.search.emailAlerts);
  const byPush = news.filter((n) => n.search.pushAlerts);
  let email = false;
  let push = false;
  // A member without a settings row has the defaults: everything on.
  if (byEmail.length && user.emailConfirmedAt && (settings?.emailNotifications ?? true) && (settings?.savedSearchEmails ?? true)) {
    const searches: AlertSearch[] = [];
    for (const n of byEmail) searches.push(await alertSearch(ctx, user, n));
    const unsubscribe = unsubscribeUrl(ctx.origin, ctx.keys, userId, 'savedSearches');
    const rendered = await savedSearchAlertEmail({ name: firstName(user.fullName), searches, listUrl: `${ctx.origin}/saved-searches`, unsubscribeUrl: unsubscribe, language: user.language });
    await sendNotificationEmail(ctx.config, db, user.email, rendered, unsubscribe);
    email = true;
  }
  if (byPush.length) {
    const counted = byPush.map((n) => ({ name: n.search.name, count: n.fresh.length }));
    const payload = {
      title: alertHeadline(counted, user.language),
      body: counted.length === 1 ? translate(user.language, 'server.notification.savedSearchPush') : counted.map((c) => `${c.name}: ${c.count}`).join(' · '),
      url: byPush.length === 1 ? searchPath(byPush[0].search.filters) : '/saved-searches',
      tag: 'saved-searches',
    };
    push = (await queueMemberPush(db, userId, payload, now)).length > 0;
  }
  if (email || push) await SavedSearch.query(db).whereIn('id', [...new Set([...byEmail, ...byPush].map((n) => n.search.id))]).patch({ lastAlertAt: now });
  return { email, push };
}

const firstName = (name: string) => name.trim().split(/\s+/)[0] || name;

/** The search screen's address of a saved search (the screen names its parameters as the API does). */
export const searchPath = (filters: Record<string, string>) => {
  const query = new URLSearchParams(filters).toString();
  return query ? `/search?${query}` : '/search';
};

/**
 * A search's part of the email: the first new members as cards present them to this member (the relationship
 * policy's pair form decides each again, as for a page of search results), and how many are new in all.
 */
async function alertSearch(ctx: AlertContext, user: User, n: News): Promise<AlertSearch> {
  const cards = await presentCards(ctx.services, user, n.fresh.slice(0, ALERT_EMAIL_LISTS * 2), n.scores, { synced: true });
  return {
    name: n.search.name,
    count: n.fresh.length,
    url: `${ctx.origin}${searchPath(n.search.filters)}`,
    people: cards.slice(0, ALERT_EMAIL_LISTS).map((card) => ({
      firstName: firstName(card.fullName),
      age: card.age,
      place: [card.city, card.country].filter(Boolean).join(', ') || null,
      profession: card.profession,
      matchPercentage: card.matchPercentage,
      url: `${ctx.origin}/profile/${card.id}`,
    })),
  };
}
