import webpush from 'web-push';
import type { Config } from '../../config';
import type { Db } from '../../db';
import { loadVapidKeys } from '../../keys';
import { raw } from 'objection';
import { PushOutbox, PushSubscription } from '../../models/delivery';
import type { Notification } from '../../models/engagement';
import { NotificationSettings } from '../../models/settings';
import { User } from '../../models/user';
import type { NotificationView } from '../../../contracts/views';
import { endpointProblem } from './subscriptions';

/** The notification kinds that reach a member's devices (the others stay in the bell). */
const PUSHED = new Set(['match', 'message', 'like', 'profile_like']);

/** What the service worker shows: a title, a line, the screen a tap opens, and a tag that folds repeats together. */
export interface PushPayload {
  title: string;
  body: string;
  url: string;
  tag: string;
}

const firstName = (name: string | null | undefined) => (name ?? '').trim().split(/\s+/)[0] || 'A member';

/**
 * The push for a bell notification, as its recipient may see it (`shown` is the presented notification, so a
 * like on a tryme account names nobody), with message text only when the member asked for it.
 */
export function pushPayload(n: Notification, shown: NotificationView, actorName: string | null, showMessageText: boolean): PushPayload | null {
  const who = firstName(actorName);
  const actor = n.actorUserId;
  switch (n.type) {
    case 'message':
      return { title: `${who} sent you a message`, body: showMessageText && n.content ? n.content : 'Open Saathi to read it.', url: `/chat/${actor}`, tag: `message-${actor}` };
    case 'match':
      return { title: "It's a match!", body: `You and ${who} like each other. Say hello!`, url: `/chat/${actor}`, tag: `match-${actor}` };
    case 'like':
    case 'profile_like':
      if (shown.sourceId === null) return { title: shown.title, body: shown.content ?? '', url: '/notifications', tag: 'like' };
      return { title: `${who} liked your profile`, body: 'Like them back to make it a match.', url: n.relatedItemId ? `/profile/${n.relatedItemId}` : '/notifications', tag: `like-${actor}` };
    default:
      return null;
  }
}

type PushServices = { db: Db; config: Pick<Config, 'push' | 'dataDir' | 'publicUrl'>; log?: (entry: Record<string, unknown>) => void };

/**
 * Delivery works like the email outbox: each push to each browser is a `push_outbox` row, written before the
 * member's request is answered, and every attempt first claims its row with one conditional UPDATE (still
 * pending, and due), which moves the next attempt a claim's length ahead. So two processes, or the attempt right
 * after the notification and the `push-delivery` job, never send the same push twice at once, and a process that
 * stops mid-send leaves a claim that simply falls due again.
 *
 * What the push service answers decides what happens next:
 * - 2xx: accepted, done;
 * - 404 or 410: the browser unsubscribed or the subscription expired and will never be valid again: the
 *   subscription is deleted, and its pending pushes with it;
 * - 429, 5xx, or no answer (network error, timeout): tried again after 1, 2, 4 … minutes (at most an hour apart,
 *   later if the service asks so with Retry-After), 8 attempts in all and never after the push's time to live;
 * - any other refusal (400, 401, 403, 413: the request itself is wrong): given up at once.
 */
export const PUSH_MAX_ATTEMPTS = 8;
/** How long a push is worth delivering; also the TTL the push service is given. */
export const PUSH_TTL_MS = 24 * 3_600_000;
const FIRST_RETRY_MS = 60_000;
const LONGEST_RETRY_MS = 3_600_000;
const SEND_TIMEOUT_MS = 10_000;
/** How long one attempt may hold its row: longer than the request's own timeout. */
const CLAIM_MS = 60_000;

/** The wait before attempt number `attempts + 1`, after `attempts` failed ones. */
export function pushRetryDelayMs(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), LONGEST_RETRY_MS);
}

/** Retry-After as delta-seconds or an HTTP date, in ms from `now`; null when absent or unreadable. */
function retryAfterMs(header: string | null, now: number): number | null {
  if (!header) return null;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/**
 * Queues the notification for every browser the member turned push on in, when their push setting is on; returns
 * the outbox rows written (none for kinds that stay in the bell).
 */
export async function queuePush(db: Db, n: Notification, shown: NotificationView, now = Date.now()): Promise<number[]> {
  if (!PUSHED.has(n.type)) return [];
  const settings = await NotificationSettings.query(db).findById(n.userId).select('pushNotifications', 'pushMessageText');
  if (!(settings?.pushNotifications ?? true)) return [];
  const actor = n.actorUserId ? await User.query(db).findById(n.actorUserId).select('fullName') : null;
  const payload = pushPayload(n, shown, actor?.fullName ?? null, settings?.pushMessageText ?? false);
  if (!payload) return [];
  return queuePayload(db, n.userId, payload, n.type === 'message' || n.type === 'match' ? 'high' : 'normal', now);
}

/**
 * Queues a push that is not a bell notification (a saved search's alert) for every browser of the member, when
 * their push setting is on; returns the outbox rows written.
 */
export async function queueMemberPush(db: Db, userId: number, payload: PushPayload, now = Date.now()): Promise<number[]> {
  const settings = await NotificationSettings.query(db).findById(userId).select('pushNotifications');
  if (!(settings?.pushNotifications ?? true)) return [];
  return queuePayload(db, userId, payload, 'normal', now);
}

async function queuePayload(db: Db, userId: number, payload: PushPayload, urgency: 'high' | 'normal', now: number): Promise<number[]> {
  const subscriptions = await PushSubscription.query(db).where({ userId }).select('id');
  if (subscriptions.length === 0) return [];
  const rows = subscriptions.map((s) => ({ subscriptionId: s.id, payload: JSON.stringify(payload), urgency, attempts: 0, nextAttemptAt: now, expiresAt: now + PUSH_TTL_MS, createdAt: now }));
  // One insert for every device, raw: Objection inserts several rows at once only on PostgreSQL.
  const inserted = await db('push_outbox').insert(rows).returning('id');
  return inserted.map((r) => Number(typeof r === 'object' ? (r as { id: number }).id : r));
}

export type PushOutcome = 'sent' | 'retry' | 'gone' | 'failed' | 'busy';

/** One attempt at one queued push; 'busy' when it is not due, already done, or another attempt holds it. */
export async function deliverPush(services: PushServices, id: number, now = Date.now()): Promise<PushOutcome> {
  const { db, config } = services;
  const claimed = await PushOutbox.query(db)
    .where({ id })
    .whereNull('sentAt')
    .whereNull('failedAt')
    .where('nextAttemptAt', '<=', now)
    .patch({ nextAttemptAt: now + CLAIM_MS, attempts: raw('attempts + 1') });
  if (claimed !== 1) return 'busy';
  const row = await PushOutbox.query(db).findById(id).withGraphJoined('subscription');
  const subscription = row?.subscription;
  if (!row || !subscription) return 'gone';
  const { attempts, expiresAt } = row;
  const { endpoint } = subscription;
  const giveUp = async (why: string): Promise<PushOutcome> => {
    await PushOutbox.query(db).findById(id).patch({ error: why.slice(0, 500), failedAt: Math.max(now, Date.now()), payload: null, nextAttemptAt: null });
    return 'failed';
  };
  if (now >= expiresAt) return giveUp('expired before it could be delivered');
  // Checked again at send time: an endpoint stored under another configuration is not called.
  const problem = endpointProblem(endpoint, config);
  if (problem) return giveUp(`not sent: ${problem}`);

  let transient: string;
  let wait: number | null = null;
  try {
    const vapid = loadVapidKeys(config);
    const details = webpush.generateRequestDetails({ endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } }, JSON.stringify(row.payload), {
      vapidDetails: { subject: config.push.subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
      contentEncoding: 'aes128gcm',
      TTL: Math.max(0, Math.floor((expiresAt - now) / 1000)),
      urgency: row.urgency === 'high' ? 'high' : 'normal',
    });
    const headers = Object.fromEntries(Object.entries(details.headers).map(([k, v]) => [k, String(v)]));
    const res = await fetch(details.endpoint, { method: 'POST', headers, body: details.body ? new Uint8Array(details.body) : null, redirect: 'error', signal: AbortSignal.timeout(SEND_TIMEOUT_MS) });
    if (res.ok) {
      const at = Date.now();
      // One transaction: whoever reads the push as sent also reads the browser's last success (with two separate
      // writes, a reader between them could see a sent push on a subscription with no success).
      await db.transaction(async (trx) => {
        await PushOutbox.query(trx).findById(id).patch({ sentAt: at, payload: null, error: null, nextAttemptAt: null });
        await PushSubscription.query(trx).findById(subscription.id).patch({ lastSuccessAt: at });
      });
      return 'sent';
    }
    if (res.status === 404 || res.status === 410) {
      // Never valid again; its pending pushes go with it.
      await PushSubscription.query(db).deleteById(subscription.id);
      return 'gone';
    }
    const service = new URL(endpoint).hostname;
    if (res.status !== 429 && res.status < 500) {
      services.log?.({ level: 'warn', msg: 'push refused', status: res.status, service });
      return giveUp(`refused: HTTP ${res.status}`);
    }
    transient = `HTTP ${res.status}`;
    wait = retryAfterMs(res.headers.get('retry-after'), now);
    services.log?.({ level: 'warn', msg: 'push failed, will retry', status: res.status, service, attempts });
  } catch (error) {
    transient = String((error as Error)?.message ?? error);
    services.log?.({ level: 'warn', msg: 'push failed, will retry', err: transient, attempts });
  }
  // The attempt's own clock (a job passes its run's instant) if it is ahead of the wall clock.
  const finished = Math.max(now, Date.now());
  const next = finished + Math.max(pushRetryDelayMs(attempts), wait ?? 0);
  if (attempts >= PUSH_MAX_ATTEMPTS) return giveUp(`gave up after ${attempts} attempts: ${transient}`);
  if (next >= expiresAt) return giveUp(`gave up: the next attempt would be after the push expires (${transient})`);
  await PushOutbox.query(db).findById(id).patch({ error: `attempt ${attempts} failed, retrying: ${transient}`.slice(0, 500), nextAttemptAt: next });
  return 'retry';
}

/** Every queued push whose next attempt is due, oldest first (the `push-delivery` job). */
export async function deliverDuePushes(services: PushServices, now = Date.now(), limit = 500): Promise<Record<PushOutcome, number>> {
  const counts: Record<PushOutcome, number> = { sent: 0, retry: 0, gone: 0, failed: 0, busy: 0 };
  const due = await PushOutbox.query(services.db).whereNull('sentAt').whereNull('failedAt').where('nextAttemptAt', '<=', now).orderBy('nextAttemptAt').limit(limit).select('id');
  for (const { id } of due) counts[await deliverPush(services, id, now)]++;
  return counts;
}
