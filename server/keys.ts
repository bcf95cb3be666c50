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
