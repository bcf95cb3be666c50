import crypto from 'node:crypto';
import * as z from 'zod';
import type { Config } from '../../config';
import type { Db } from '../../db';
import { PushSubscription } from '../../models/delivery';

/**
 * Browser push subscriptions. The server POSTs to whatever endpoint a member hands it, so an endpoint is accepted
 * only on https at a known push service (Chrome, Firefox, Edge, Safari), never an arbitrary or internal address;
 * a test-only setting admits a plain-http receiver on the loopback interface.
 */
const PUSH_SERVICE_HOSTS = ['fcm.googleapis.com', 'push.services.mozilla.com', 'notify.windows.com', 'push.apple.com'];
/** A member's browsers kept at most; a new one beyond that replaces the one subscribed longest ago. */
export const MAX_SUBSCRIPTIONS_PER_MEMBER = 20;

export function endpointProblem(endpoint: string, config: Pick<Config, 'push'>): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'The push endpoint is not a URL.';
  }
  if (url.username || url.password) return 'The push endpoint must not carry credentials.';
  if (config.push.allowLoopback && url.protocol === 'http:' && (url.hostname === '127.0.0.1' || url.hostname === '[::1]')) return null;
  if (url.protocol !== 'https:') return 'The push endpoint must be an https URL.';
  const host = url.hostname.toLowerCase();
  if (!PUSH_SERVICE_HOSTS.some((known) => host === known || host.endsWith(`.${known}`))) {
    return 'The push endpoint is not at a known push service (Chrome, Firefox, Edge or Safari).';
  }
  return null;
}

const base64url = (bytes: number, what: string) =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, `${what} must be base64url`)
    .refine((v) => Buffer.from(v, 'base64url').length === bytes, `${what} must be ${bytes} bytes`);

/** What `PushSubscription.toJSON()` gives in the browser. */
export const pushSubscriptionSchema = z
  .object({
    endpoint: z.string().min(1).max(2000),
    expirationTime: z.number().nullable().optional(),
    keys: z
      .object({
        p256dh: base64url(65, 'keys.p256dh').refine((v) => isCurvePoint(Buffer.from(v, 'base64url')), 'keys.p256dh must be a P-256 public key'),
        auth: base64url(16, 'keys.auth'),
      })
      .strict(),
  })
  .strict();
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

function isCurvePoint(key: Buffer): boolean {
  if (key[0] !== 0x04) return false;
  try {
    const ecdh = crypto.createECDH('prime256v1');
    ecdh.generateKeys();
    ecdh.computeSecret(key);
    return true;
  } catch {
    return false;
  }
}

export const endpointHash = (endpoint: string) => crypto.createHash('sha256').update(endpoint).digest('hex');

/** Saves the browser's subscription for the member (a browser that changed hands moves to its new member). */
export async function saveSubscription(db: Db, userId: number, input: PushSubscriptionInput, userAgent: string | null): Promise<{ id: number; created: boolean }> {
  const hash = endpointHash(input.endpoint);
  const now = Date.now();
  return db.transaction(async (trx) => {
    const existing = await PushSubscription.query(trx).findOne({ endpointHash: hash }).select('id');
    const row = { userId, endpoint: input.endpoint, p256dh: input.keys.p256dh, auth: input.keys.auth, userAgent: userAgent?.slice(0, 400) ?? null };
    if (existing) {
      await PushSubscription.query(trx).findById(existing.id).patch(row);
      return { id: existing.id, created: false };
    }
    const { id } = await PushSubscription.query(trx).insert({ ...row, endpointHash: hash, createdAt: now });
    const beyond = await PushSubscription.query(trx).where({ userId }).orderBy('createdAt', 'desc').orderBy('id', 'desc').offset(MAX_SUBSCRIPTIONS_PER_MEMBER).limit(1000).select('id');
    if (beyond.length) await PushSubscription.query(trx).whereIn('id', beyond.map((r) => r.id)).delete();
    return { id, created: true };
  });
}

/** The member's browsers as Settings lists them (never the keys). */
export async function listSubscriptions(db: Db, userId: number) {
  const rows = await PushSubscription.query(db).where({ userId }).orderBy('createdAt', 'desc').select('id', 'endpoint', 'userAgent', 'createdAt', 'lastSuccessAt');
  return rows.map((r) => ({
    id: r.id,
    service: new URL(r.endpoint).hostname,
    userAgent: r.userAgent ?? null,
    createdAt: new Date(r.createdAt).toISOString(),
    lastSuccessAt: r.lastSuccessAt === null ? null : new Date(r.lastSuccessAt).toISOString(),
  }));
}
