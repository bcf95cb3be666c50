import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { verify } from 'otplib';
import type { Db } from '../db';
import { TotpRecoveryCode } from '../models/account';
import { User } from '../models/user';
import { sha256 } from './passwords';

/**
 * RFC 6238 codes (30 s steps); one step of clock drift either way is accepted. Returns the time step the code
 * matched, or null.
 */
export async function totpStep(secret: string, code: string): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  const now = Math.floor(Date.now() / 1000);
  const result = await verify({ secret, token: code, epoch: now, epochTolerance: 30 });
  if (!result.valid) return null;
  return 'epoch' in result && typeof result.epoch === 'number' ? Math.floor(result.epoch / 30) : Math.floor(now / 30) + result.delta;
}

/**
 * Accepts a code for an account once: the matched time step must be later than the last one accepted, claimed
 * in one conditional update so two requests racing with the same code cannot both pass (RFC 6238 §5.2: a
 * verifier must not accept the second attempt of the same OTP).
 */
export async function acceptTotp(db: Db, userId: number, secret: string, code: string): Promise<boolean> {
  const step = await totpStep(secret, code);
  if (step === null) return false;
  const claimed = await User.query(db)
    .findById(userId)
    .where((q) => q.whereNull('totpLastStep').orWhere('totpLastStep', '<', step))
    .patch({ totpLastStep: step });
  return claimed === 1;
}

/** Ten codes like "k7qd2-x9mfa": 10 characters of an unambiguous alphabet (~50 bits each), easy to type from paper. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
export const RECOVERY_CODE_COUNT = 10;
export const RECOVERY_CODE_PATTERN = /^[a-z0-9]{5}-?[a-z0-9]{5}$/i;

function newRecoveryCode(): string {
  const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[crypto.randomInt(RECOVERY_ALPHABET.length)]);
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}

const recoveryDigest = (code: string) => sha256(code.trim().toLowerCase().replace('-', ''));

/** Replaces the account's recovery codes with ten new ones; returns them once (only digests are kept). */
export async function issueRecoveryCodes(db: Db | Knex.Transaction, userId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const now = Date.now();
  await TotpRecoveryCode.query(db).where({ userId }).delete();
  // One statement for the ten rows (a knex bulk insert: Objection inserts many rows only on PostgreSQL).
  await db('totp_recovery_codes').insert(codes.map((code) => ({ userId, codeHash: recoveryDigest(code), createdAt: now })));
  return codes;
}

/** Consumes a recovery code (each works once): claimed in one conditional update, so the same code cannot sign in twice. */
export async function consumeRecoveryCode(db: Db, userId: number, code: string): Promise<boolean> {
  if (!RECOVERY_CODE_PATTERN.test(code.trim())) return false;
  const claimed = await TotpRecoveryCode.query(db).where({ userId, codeHash: recoveryDigest(code) }).whereNull('usedAt').patch({ usedAt: Date.now() });
  return claimed === 1;
}

export async function recoveryCodesLeft(db: Db, userId: number): Promise<number> {
  return TotpRecoveryCode.query(db).where({ userId }).whereNull('usedAt').resultSize();
}
