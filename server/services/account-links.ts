import type { Knex } from 'knex';
import type { Db } from '../db';
import { EmailConfirmationToken, PasswordResetToken } from '../models/account';
import { User } from '../models/user';
import { type Argon2Params, hashPassword } from './passwords';
import { issueToken, redeemToken, retireTokensOf } from './single-use-tokens';

const RESET_LINK_VALID_MS = 3600_000;
const CONFIRM_LINK_VALID_MS = 48 * 3600_000;

/** A new password-reset link's secret (valid one hour): the member's own, a staff reset, the CLI's. */
export const issuePasswordResetLink = (db: Db | Knex.Transaction, userId: number) => issueToken(PasswordResetToken, db, userId, RESET_LINK_VALID_MS);

const STAFF_INVITE_VALID_MS = 72 * 3600_000;

/**
 * A new staff member's invitation: a reset link, so they choose their own password, valid three days (an invitation
 * waits for someone who may not read it within the hour).
 */
export const issueStaffInviteLink = (db: Db | Knex.Transaction, userId: number) => issueToken(PasswordResetToken, db, userId, STAFF_INVITE_VALID_MS);

/** A new email-confirmation link's secret (valid two days). */
export const issueEmailConfirmationLink = (db: Db, userId: number) => issueToken(EmailConfirmationToken, db, userId, CONFIRM_LINK_VALID_MS);

/**
 * Sets a new password through a reset link; the account's id, or null when the link is unknown, used or expired.
 * The link is claimed before anything else, so of two requests racing with it one changes the password.
 */
export async function resetPasswordWithLink(db: Db, secret: string, password: string, params: Argon2Params, now = Date.now()): Promise<number | null> {
  return db.transaction(async (trx) => {
    const token = await redeemToken(PasswordResetToken, trx, secret, now);
    if (!token) return null;
    const passwordHash = await hashPassword(password, params);
    await User.query(trx).findById(token.userId).patch({ passwordHash, passwordChangedAt: now, updatedAt: now });
    // Opening a link sent to the address proves the member owns it.
    await User.query(trx).findById(token.userId).whereNull('emailConfirmedAt').patch({ emailConfirmedAt: now });
    // Other outstanding links for this account stop working too.
    await retireTokensOf(PasswordResetToken, trx, token.userId, now);
    return token.userId;
  });
}

/** Confirms the address through its link; the account's id, or null when the link is unknown, used or expired. */
export async function confirmEmailWithLink(db: Db, secret: string, now = Date.now()): Promise<number | null> {
  return db.transaction(async (trx) => {
    const token = await redeemToken(EmailConfirmationToken, trx, secret, now);
    if (!token) return null;
    await User.query(trx).findById(token.userId).whereNull('emailConfirmedAt').patch({ emailConfirmedAt: now, updatedAt: now });
    return token.userId;
  });
}
