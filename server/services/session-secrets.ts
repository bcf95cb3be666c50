import type { AppContext } from '../context';
import { type HttpError, tooManyRequests } from '../errors';
import { hitRateLimit, refundRateLimit } from '../middleware/rate-limit';

export const SECRET_ATTEMPTS_MESSAGE = 'Too many wrong attempts. For your security you have been signed out: please sign in again.';

/**
 * A secret checked inside a signed-in session (the current password, a two-factor code) before a change that
 * needs it: changing the password, turning two-factor on or off, new recovery codes, deleting the account.
 * Attempts are counted per account with the sign-in limiter, in their own bucket (a stolen session guessing here
 * cannot lock the owner out of signing in), counted before the check and given back when it passes, so parallel
 * guesses cannot slip through together. Past the limit the answer is 429 and this session ends: whoever holds it
 * has to sign in again, with the password and the second factor.
 */
export async function checkSessionSecret(ctx: AppContext, userId: number, check: () => Promise<boolean>, wrong: () => HttpError): Promise<void> {
  const { db, config } = ctx.services;
  const key = `session-secret:${userId}`;
  const rule = config.rateLimits.login;
  const wait = await hitRateLimit(db, key, rule);
  if (wait !== null) {
    ctx.session = null;
    throw tooManyRequests(SECRET_ATTEMPTS_MESSAGE, wait);
  }
  if (!(await check())) throw wrong();
  await refundRateLimit(db, key, rule);
}
