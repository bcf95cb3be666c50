import type { Knex } from 'knex';
import type { Db } from '../db';
import type { SingleUseToken } from '../models/account';
import { randomToken, sha256 } from './passwords';

/** Password-reset, email-confirmation and appeal links: the email carries the secret, the table only its hash. */
type TokenModel = typeof SingleUseToken;

export type TokenLookup = { state: 'unknown' } | { state: 'used' | 'expired' | 'usable'; token: SingleUseToken };

/** Stores a new link for the account and returns its secret, to be sent once and never stored. */
export async function issueToken(
  model: TokenModel,
  db: Db | Knex.Transaction,
  userId: number,
  validMs: number,
  now = Date.now(),
): Promise<string> {
  const secret = randomToken(32);
  await model.query(db).insert({ userId, tokenHash: sha256(secret), expiresAt: now + validMs, createdAt: now });
  return secret;
}

/** What a link's secret stands for, without using it up (a link used and expired reads as used). */
export async function lookUpToken(
  model: TokenModel,
  db: Db | Knex.Transaction,
  secret: string,
  now = Date.now(),
): Promise<TokenLookup> {
  const token = (await model.query(db).findOne({ tokenHash: sha256(secret) }));
  if (!token) return { state: 'unknown' };
  if (token.usedAt !== null) return { state: 'used', token };
  if (token.expiresAt <= now) return { state: 'expired', token };
  return { state: 'usable', token };
}

/**
 * Uses a link up. One conditional update (only while unused), so of two requests racing with the same link
 * exactly one wins; the loser gets false and must act as if the link were already used.
 */
export async function claimToken(model: TokenModel, db: Db | Knex.Transaction, token: SingleUseToken, now = Date.now()): Promise<boolean> {
  const claimed = await model.query(db).findById(token.id).whereNull('usedAt').patch({ usedAt: now });
  if (claimed !== 1) return false;
  token.usedAt = now;
  return true;
}

/** Looks a link up and claims it in one step: the token when this request used it, null when it was not usable. */
export async function redeemToken(
  model: TokenModel,
  db: Db | Knex.Transaction,
  secret: string,
  now = Date.now(),
): Promise<SingleUseToken | null> {
  const found = await lookUpToken(model, db, secret, now);
  if (found.state !== 'usable') return null;
  return (await claimToken(model, db, found.token, now)) ? found.token : null;
}

/** Retires every unused link of the account (a password reset makes the other reset links in flight useless). */
export async function retireTokensOf(model: TokenModel, db: Db | Knex.Transaction, userId: number, now = Date.now()): Promise<void> {
  await model.query(db).where({ userId }).whereNull('usedAt').patch({ usedAt: now });
}
