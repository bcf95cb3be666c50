import crypto from 'node:crypto';
import { hash as argon2Hash, verify as argon2Verify } from '@node-rs/argon2';

/** Algorithm.Argon2id of @node-rs/argon2 (an ambient const enum, so not importable as a value here). */
const ARGON2ID = 2;

/**
 * Password hashes. New hashes are Argon2id in the PHC string format ($argon2id$v=19$m=…,t=…,p=…$salt$hash), with
 * OWASP's parameters by default: 19 MiB of memory, 2 passes, 1 lane (ARGON2_MEMORY_KIB / ARGON2_TIME_COST raise
 * them). Hashes made before Argon2id are scrypt (scrypt$N$r$p$salt$hash, base64url) and still verify; a sign-in
 * that verifies one replaces it with an Argon2id hash (`needsRehash`).
 */
export interface Argon2Params {
  /** memory per hash in KiB (OWASP minimum: 19456) */
  memoryKib: number;
  /** passes over the memory (OWASP: 2 with 19 MiB) */
  timeCost: number;
}

export const ARGON2_OWASP: Argon2Params = { memoryKib: 19456, timeCost: 2 };

export async function hashPassword(password: string, params: Argon2Params = ARGON2_OWASP): Promise<string> {
  return argon2Hash(password.normalize('NFKC'), {
    algorithm: ARGON2ID,
    memoryCost: params.memoryKib,
    timeCost: params.timeCost,
    parallelism: 1,
  });
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  if (stored.startsWith('$argon2id$')) {
    try {
      return await argon2Verify(stored, password.normalize('NFKC'));
    } catch {
      return false; // a malformed stored hash never signs anyone in
    }
  }
  if (stored.startsWith('scrypt$')) return verifyScrypt(password, stored);
  return false;
}

/** True when a verified hash is not Argon2id with at least the configured parameters: re-hash it at sign-in. */
export function needsRehash(stored: string, params: Argon2Params = ARGON2_OWASP): boolean {
  const m = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=\d+\$/.exec(stored);
  if (!m) return true;
  return Number(m[1]) < params.memoryKib || Number(m[2]) < params.timeCost;
}

// ---- scrypt, for hashes made before Argon2id (verification only, and for the upgrade test) ----
const SCRYPT_KEY_LENGTH = 64;

function scrypt(password: string, salt: Buffer, N: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    crypto.scrypt(password.normalize('NFKC'), salt, SCRYPT_KEY_LENGTH, { N, r, p, maxmem: 256 * N * r + 1024 * 1024 }, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

/** An old-format scrypt hash (as stored before Argon2id); new passwords never use it. */
export async function legacyScryptHash(password: string, cost = 16384): Promise<string> {
  const salt = crypto.randomBytes(16);
  const key = await scrypt(password, salt, cost, 8, 1);
  return ['scrypt', cost, 8, 1, salt.toString('base64url'), key.toString('base64url')].join('$');
}

async function verifyScrypt(password: string, stored: string): Promise<boolean> {
  const [, n, r, p, salt, hash] = stored.split('$');
  if (!salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  try {
    const actual = await scrypt(password, Buffer.from(salt, 'base64url'), Number(n), Number(r), Number(p));
    return expected.length === actual.length && crypto.timingSafeEqual(expected, actual);
  } catch {
    return false;
  }
}

/** A hash of a random password, verified against when the username is unknown, so timing does not tell. */
let dummyHash: Promise<string> | null = null;
export function dummyPasswordHash(params: Argon2Params = ARGON2_OWASP): Promise<string> {
  dummyHash ??= hashPassword(crypto.randomBytes(16).toString('hex'), params);
  return dummyHash;
}

export function randomToken(bytes = 32): string {
  return crypto.randomBytes(bytes).toString('base64url');
}

export function sha256(value: string): string {
  return crypto.createHash('sha256').update(value).digest('hex');
}
