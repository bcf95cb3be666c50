import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';
import type { Config } from './config';

/** Cookie-signing keys: from configuration, else generated once into the data directory (mode 0600). */
export function loadSessionKeys(config: Pick<Config, 'sessionKeys' | 'dataDir'>): string[] {
  if (config.sessionKeys && config.sessionKeys.length > 0) return config.sessionKeys;
  const file = path.join(config.dataDir, 'session-keys.json');
  try {
    const keys = JSON.parse(fs.readFileSync(file, 'utf8')) as unknown;
    if (Array.isArray(keys) && keys.length > 0 && keys.every((k) => typeof k === 'string' && k.length >= 32)) return keys;
  } catch {
    /* generated below */
  }
  const keys = [crypto.randomBytes(32).toString('base64url')];
  fs.mkdirSync(config.dataDir, { recursive: true });
  fs.writeFileSync(file, JSON.stringify(keys), { mode: 0o600 });
  return keys;
}

/**
 * Koa's cookie signer: a Keygrip (sign, verify, index) giving Keygrip's signatures (HMAC-SHA1 of the cookie, in
 * base64url without padding, so cookies signed before stay valid), compared with crypto.timingSafeEqual. Keygrip
 * compares through tsscmp, which draws 32 random bytes and computes two more HMACs for every comparison: about
 * 45 µs of each signed-in request's CPU, a twentieth of a search's.
 */
export class CookieSigner {
  constructor(private readonly keys: string[]) {
    if (keys.length === 0) throw new Error('Cookie signing needs at least one key.');
  }

  sign(data: string): string {
    return signWith(data, this.keys[0]);
  }

  verify(data: string, digest: string): boolean {
    return this.index(data, digest) > -1;
  }

  /** Which key signed `data` as `digest` (0: the current one; later ones are being rotated out), -1 for none. */
  index(data: string, digest: string): number {
    const given = Buffer.from(String(digest));
    for (const [i, key] of this.keys.entries()) {
      const expected = Buffer.from(signWith(data, key));
      // Lengths differ only for a digest that is not one of ours (every signature has the same length).
      if (given.length === expected.length && crypto.timingSafeEqual(given, expected)) return i;
    }
    return -1;
  }
}

const signWith = (data: string, key: string) => crypto.createHmac('sha1', key).update(data).digest('base64url');

/**
 * The Web Push (VAPID) key pair: from configuration, else generated once into the data directory (mode 0600), so
 * every process on that directory signs with the same key and browsers' subscriptions stay valid across restarts.
 */
export function loadVapidKeys(config: Pick<Config, 'push' | 'dataDir'>): { publicKey: string; privateKey: string } {
  if (config.push.vapidPublicKey && config.push.vapidPrivateKey) return { publicKey: config.push.vapidPublicKey, privateKey: config.push.vapidPrivateKey };
  const file = path.join(config.dataDir, 'vapid-keys.json');
  try {
    const keys = JSON.parse(fs.readFileSync(file, 'utf8')) as { publicKey?: unknown; privateKey?: unknown };
    if (typeof keys.publicKey === 'string' && /^[A-Za-z0-9_-]{87}$/.test(keys.publicKey) && typeof keys.privateKey === 'string' && /^[A-Za-z0-9_-]{43}$/.test(keys.privateKey)) {
      return { publicKey: keys.publicKey, privateKey: keys.privateKey };
    }
  } catch {
    /* generated below */
  }
  const keys = webpush.generateVAPIDKeys();
  fs.mkdirSync(config.dataDir, { recursive: true });
  fs.writeFileSync(file, JSON.stringify(keys), { mode: 0o600 });
  return keys;
}
