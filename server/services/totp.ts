import { verify } from 'otplib';
import type { Db } from '../db';

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
  const claimed = await db('users')
    .where({ id: userId })
    .where((q) => q.whereNull('totpLastStep').orWhere('totpLastStep', '<', step))
    .update({ totpLastStep: step });
  return claimed === 1;
}
