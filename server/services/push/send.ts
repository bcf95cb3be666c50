import webpush from 'web-push';
import type { Config } from '../../config';
import type { Db } from '../../db';
import { loadVapidKeys } from '../../keys';
import type { Notification } from '../../models/engagement';
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
 * Sends the notification to every browser the member turned push on in, when their push setting is on. A
 * subscription the push service reports gone (404, 410) is deleted; other failures are logged (the bell still
 * holds the notification). Returns how many pushes were accepted.
 */
export async function pushToDevices(services: PushServices, n: Notification, shown: NotificationView): Promise<number> {
  if (!PUSHED.has(n.type)) return 0;
  const { db, config } = services;
  const settings = await db('notification_settings').where({ userId: n.userId }).first('pushNotifications', 'pushMessageText');
  const on = (v: unknown, fallback: boolean) => (v === undefined || v === null ? fallback : v === true || Number(v) === 1);
  if (!on(settings?.pushNotifications, true)) return 0;
  const subscriptions = await db('push_subscriptions').where({ userId: n.userId }).select('id', 'endpoint', 'p256dh', 'auth');
  if (subscriptions.length === 0) return 0;
  const actor = n.actorUserId ? await db('users').where({ id: n.actorUserId }).first('fullName') : null;
  const payload = pushPayload(n, shown, actor?.fullName ?? null, on(settings?.pushMessageText, false));
  if (!payload) return 0;
  const vapid = loadVapidKeys(config);
  const subject = config.push.subject;
  let accepted = 0;
  for (const s of subscriptions) {
    // Checked again at send time: an endpoint stored under another configuration is not called.
    if (endpointProblem(String(s.endpoint), config)) continue;
    try {
      const details = webpush.generateRequestDetails({ endpoint: String(s.endpoint), keys: { p256dh: String(s.p256dh), auth: String(s.auth) } }, JSON.stringify(payload), {
        vapidDetails: { subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
        contentEncoding: 'aes128gcm',
        TTL: 24 * 3600,
        urgency: n.type === 'message' || n.type === 'match' ? 'high' : 'normal',
      });
      const headers = Object.fromEntries(Object.entries(details.headers).map(([k, v]) => [k, String(v)]));
      const res = await fetch(details.endpoint, { method: 'POST', headers, body: details.body ? new Uint8Array(details.body) : null, redirect: 'error', signal: AbortSignal.timeout(10_000) });
      if (res.status === 404 || res.status === 410) {
        // The browser unsubscribed or the subscription expired: it will never be valid again.
        await db('push_subscriptions').where({ id: s.id }).delete();
      } else if (res.ok) {
        accepted++;
        await db('push_subscriptions').where({ id: s.id }).update({ lastSuccessAt: Date.now() });
      } else {
        services.log?.({ level: 'warn', msg: 'push refused', status: res.status, service: new URL(String(s.endpoint)).hostname });
      }
    } catch (error) {
      services.log?.({ level: 'warn', msg: 'push failed', err: String(error), service: new URL(String(s.endpoint)).hostname });
    }
  }
  return accepted;
}
