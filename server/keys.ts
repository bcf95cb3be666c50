import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
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
