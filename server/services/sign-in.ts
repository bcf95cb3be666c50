import { AUTH_MESSAGES } from '../../contracts/auth';
import type { AppContext } from '../context';
import { HttpError, tooManyRequests, unauthorized } from '../errors';
import { clientIp, hitRateLimit, refundRateLimit } from '../middleware/rate-limit';
import { User } from '../models/user';
import { findUserByLogin } from './accounts';
import { afterResponse } from './after-response';
import { auditSignIn } from './audit';
import { mailConfirmationLink, mailStaffDeactivated, mailSuspension } from './member-notices';
import { dummyPasswordHash, hashPassword, needsRehash, sha256, verifyPassword } from './passwords';
import { sendMail } from './mail';
import { recoveryCodeUsedEmail } from './email/account-emails';
import { notify, worded } from './notifications';
import { liftExpiredSuspension } from './suspensions';
import { recordSignInAttempt } from './sign-in-history';
import { RECOVERY_CODE_PATTERN, acceptTotp, recoveryCodesLeft, consumeRecoveryCode } from './totp';

/** Who a sign-in form is for: the member app, or the ops console (reviewers and admins only). */
export type SignInAudience = 'member' | 'staff';

export interface Credentials {
  username: string;
  password: string;
  totpCode?: string;
}

export type SignInOutcome =
  | { ok: true; user: User }
  | { ok: false; reason: 'invalid' | 'not-staff' | 'staff' | 'suspended' | 'unconfirmed' | 'totp-required' | 'totp-invalid' | 'limited'; user: User | null; error: HttpError };

/** Wrong secrets and the limiter are failures; a right password on an account that may not sign in is refused. */
const ATTEMPT_OUTCOMES: Record<Exclude<SignInOutcome, { ok: true }>['reason'], 'failure' | 'refused'> = {
  invalid: 'failure', 'totp-invalid': 'failure', 'totp-required': 'failure', limited: 'failure',
  'not-staff': 'refused', staff: 'refused', suspended: 'refused', unconfirmed: 'refused',
};

const isStaff = (user: User) => user.role === 'reviewer' || user.role === 'admin';

/**
 * The one sign-in check behind both sign-in forms, in this order:
 * 1. Every attempt is counted before any work against two limits, atomically (parallel guesses cannot pass
 *    together): per account — the account the username or email resolves to, so both spellings share one
 *    budget — and per client address, wider, to stop floods. A sign-in that succeeds is given back, so an
 *    office of colleagues behind one address never locks itself out.
 * 2. The password is checked with the same work whether or not the account exists.
 * 3. Each form is for its own accounts: a member on the console, and staff on the member form, are refused
 *    exactly like a wrong password (same status, same body), so neither form can test the other's passwords.
 * 4. An account that cannot sign in (suspended — unless its length has run out —, banned, deactivated, unconfirmed) is refused like a wrong password
 *    whatever the password, so the answer is no password oracle; its owner is told the reason by email (at
 *    most once an hour) on every attempt, right password or wrong.
 * 5. A TOTP second factor is required when the account has one, and each code is accepted once.
 * Every attempt on a staff account, and every attempt on the console, is written to the audit log.
 */
export async function authenticate(ctx: AppContext, input: Credentials, audience: SignInAudience): Promise<SignInOutcome> {
  const outcome = await check(ctx, input, audience);
  const { user } = outcome;
  // Every attempt on a known account, for the reviewers' sign-in history (asking for the code is not an attempt).
  if (user && (outcome.ok || outcome.reason !== 'totp-required')) {
    const kind = outcome.ok ? 'success' : ATTEMPT_OUTCOMES[outcome.reason];
    await recordSignInAttempt(ctx, user.id, kind, outcome.ok ? null : outcome.reason, audience === 'staff' ? 'console' : 'member');
  }
  if (audience === 'staff' || (user && isStaff(user))) {
    if (outcome.ok) await auditSignIn(ctx, 'success', input.username, outcome.user);
    else if (outcome.reason !== 'totp-required') {
      // The audit log tells failures from refusals; the answer does not.
      const kind = outcome.reason === 'invalid' || outcome.reason === 'totp-invalid' || outcome.reason === 'limited' ? 'failure' : 'refused';
      await auditSignIn(ctx, kind, input.username, outcome.reason === 'invalid' ? null : outcome.user, { form: audience === 'staff' ? 'console' : 'member' });
    }
  }
  return outcome;
}

async function check(ctx: AppContext, input: Credentials, audience: SignInAudience): Promise<SignInOutcome> {
  const { db, config } = ctx.services;
  const user = (await findUserByLogin(db, input.username)) ?? null;
  const rule = config.rateLimits.login;
  const keys = [
    { key: `signin-ip:${clientIp(ctx)}`, rule: { ...rule, max: rule.max * 5 } },
    // The limiter table holds no personal data: an unknown login is kept as a digest.
    { key: user ? `signin-account:${user.id}` : `signin-login:${sha256(input.username.trim().toLowerCase()).slice(0, 24)}`, rule },
  ];
  let wait: number | null = null;
  for (const { key, rule: r } of keys) {
    const w = await hitRateLimit(db, key, r);
    if (w !== null) wait = Math.max(wait ?? 0, w);
  }
  if (wait !== null) return { ok: false, reason: 'limited', user, error: tooManyRequests(AUTH_MESSAGES.tooManyAttempts, wait) };
  const refund = async () => {
    for (const { key, rule: r } of keys) await refundRateLimit(db, key, r);
  };

  const passwordOk = await verifyPassword(input.password, user?.passwordHash ?? (await dummyPasswordHash(config.argon2)));
  const invalid = () => unauthorized(AUTH_MESSAGES.invalidCredentials);
  if (user && audience === 'staff' && !isStaff(user)) return { ok: false, reason: passwordOk ? 'not-staff' : 'invalid', user, error: invalid() };
  if (user && audience === 'member' && isStaff(user)) return { ok: false, reason: passwordOk ? 'staff' : 'invalid', user, error: invalid() };
  // A suspension whose length has run out ends here, and the member signs in as usual.
  if (user && user.status === 'suspended') await liftExpiredSuspension(db, user);
  if (user && (user.status !== 'active' || user.emailConfirmedAt === null)) {
    await tellWhyNoSignIn(ctx, user);
    const reason = !passwordOk ? 'invalid' : user.status !== 'active' ? 'suspended' : 'unconfirmed';
    return { ok: false, reason, user, error: invalid() };
  }
  if (!user || !passwordOk) return { ok: false, reason: 'invalid', user, error: invalid() };
  if (user.totpEnabled && user.totpSecret) {
    if (!input.totpCode) {
      // The password was right: asking for the code is not a failed attempt.
      await refund();
      return { ok: false, reason: 'totp-required', user, error: new HttpError(401, AUTH_MESSAGES.totpRequired, 'totp_required', { totpRequired: true }) };
    }
    const code = input.totpCode.trim();
    // A recovery code stands in for the authenticator when the phone is lost; each works once.
    const usedRecovery = RECOVERY_CODE_PATTERN.test(code) && (await consumeRecoveryCode(db, user.id, code));
    if (!usedRecovery && !(await acceptTotp(db, user.id, user.totpSecret, code))) {
      return { ok: false, reason: 'totp-invalid', user, error: new HttpError(401, AUTH_MESSAGES.totpInvalid, 'totp_invalid', { totpRequired: true }) };
    }
    if (usedRecovery) await tellRecoveryCodeUsed(ctx, user);
  }
  await refund();
  await upgradePasswordHash(ctx, user, input.password);
  return { ok: true, user };
}

const NOTICE_RULE = { max: 1, windowMs: 3600_000 };

/**
 * Someone tried to sign in to an account that cannot sign in: its owner is told why by email — a suspended member
 * gets the suspension email again with a fresh appeal link, an unconfirmed account a new confirmation link, a
 * deactivated staff account a note to ask an administrator. At most one such email an hour per account, sent
 * after the answer, so neither the answer nor its timing says which case it was.
 */
async function tellWhyNoSignIn(ctx: AppContext, user: User): Promise<void> {
  const { db, config } = ctx.services;
  if ((await hitRateLimit(db, `signin-notice:${user.id}`, NOTICE_RULE)) !== null) return;
  afterResponse(ctx, 'sign-in refusal email', async () => {
    if (user.status !== 'active') {
      if (isStaff(user)) await mailStaffDeactivated(config, db, user.id);
      else await mailSuspension(config, db, user.id);
    } else {
      await mailConfirmationLink(config, db, user);
    }
  });
}

/**
 * A hash older or cheaper than today's Argon2id parameters (an scrypt hash from before Argon2id) is replaced at
 * the first successful sign-in, the only moment the password is known. Only the row still holding the old hash
 * is updated, so a password changed meanwhile is never overwritten.
 */
async function upgradePasswordHash(ctx: AppContext, user: User, password: string): Promise<void> {
  const { db, config } = ctx.services;
  if (!needsRehash(user.passwordHash, config.argon2)) return;
  const passwordHash = await hashPassword(password, config.argon2);
  await User.query(db).findById(user.id).where({ passwordHash: user.passwordHash }).patch({ passwordHash });
  user.passwordHash = passwordHash;
}

/** A recovery code was used: the member hears of it in the app and by email, in case it was not them. */
async function tellRecoveryCodeUsed(ctx: AppContext, user: User): Promise<void> {
  const { db, config } = ctx.services;
  const left = await recoveryCodesLeft(db, user.id);
  const where = config.publicUrl ?? `http://localhost:${config.port}`;
  ctx.services.log({ level: 'info', msg: 'recovery code used', userId: user.id, left });
  await notify(ctx.services, { userId: user.id, type: 'other', ...worded({ id: 'server.notification.recoveryCodeTitle' }, { id: 'server.notification.recoveryCodeText', values: { left } }) });
  const mail = await recoveryCodeUsedEmail({ name: user.fullName, left, settingsUrl: `${where}/settings`, language: user.language });
  await sendMail(config, db, { to: user.email, kind: 'other', subject: mail.subject, text: mail.text, html: mail.html });
}
