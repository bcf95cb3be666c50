import crypto from 'node:crypto';

// scrypt with a per-password salt. Format: scrypt$N$r$p$salt$hash (base64url), so the cost can rise later.
const KEY_LENGTH = 64;

function scrypt(password: string, salt: Buffer, N: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    crypto.scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { N, r, p, maxmem: 256 * N * r + 1024 * 1024 }, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

export async function hashPassword(password: string, cost = 16384): Promise<string> {
  const salt = crypto.randomBytes(16);
  const key = await scrypt(password, salt, cost, 8, 1);
  return ['scrypt', cost, 8, 1, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = await scrypt(password, Buffer.from(salt, 'base64url'), Number(n), Number(r), Number(p));
  return expected.length === actual.length && crypto.timingSafeEqual(expected, actual);
}

/** A hash of a random password, verified against when the username is unknown, so timing does not tell. */
let dummyHash: Promise<string> | null = null;
export function dummyPasswordHash(cost: number): Promise<string> {
  dummyHash ??= hashPassword(crypto.randomBytes(16).toString('hex'), cost);
  return dummyHash;
}

export function randomToken(bytes = 32): string {
  return crypto.randomBytes(bytes).toString('base64url');
}

export function sha256(value: string): string {
  return crypto.createHash('sha256').update(value).digest('hex');
}
