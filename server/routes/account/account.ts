import crypto from 'node:crypto';
import { endBillingOnDeletion } from '../../services/billing/changes';
import { generateSecret, generateURI } from 'otplib';
import QRCode from 'qrcode';
import { AUTH_MESSAGES, changePasswordSchema } from '../../../contracts/auth';
import { DELETE_TEXTS, deleteAccountSchema, recoveryCodesSchema, totpCodeSchema } from '../../../contracts/messaging';
import type { SessionDeviceView } from '../../../contracts/views';
import { type AppContext, newRouter } from '../../context';
import { badRequest, conflict, notFound } from '../../errors';
import { assertSelf, currentUser, requireUser } from '../../middleware/auth';
import { idParam, parse, requestBody } from '../../middleware/validate';
import { Session, TotpRecoveryCode } from '../../models/account';
import { User } from '../../models/user';
import { deleteAccount } from '../../services/account-deletion';
import { exportMemberData } from '../../services/data-export';
import { hashPassword, verifyPassword } from '../../services/passwords';
import { endSessions, sessionRef } from '../../services/session-end';
import { checkSessionSecret } from '../../services/session-secrets';
import { acceptTotp, issueRecoveryCodes, recoveryCodesLeft } from '../../services/totp';


/** The session id of this request (koa-session's external key), so "other sessions" can be told apart. */
function currentSessionId(ctx: AppContext): string | undefined {
  return (ctx.session as unknown as { externalKey?: string } | null)?.externalKey;
}

export function accountRoutes() {
  const router = newRouter('/api');
  router.use(requireUser);

  router.post('/users/:userId/change-password', async (ctx) => {
    const user = assertSelf(ctx, idParam(ctx.params.userId));
    const input = parse(changePasswordSchema, requestBody(ctx));
    await checkSessionSecret(ctx, user.id, () => verifyPassword(input.currentPassword, user.passwordHash), () => badRequest('Current password is incorrect', { field: 'currentPassword' }));
    const now = Date.now();
    await User.query(ctx.services.db).findById(user.id).patch({ passwordHash: await hashPassword(input.newPassword, ctx.services.config.argon2), passwordChangedAt: now, updatedAt: now });
    // Every other session of the member ends; this one stays signed in.
    const ended = await endSessions(ctx.services.live, ctx.services.db, { userId: user.id, except: currentSessionId(ctx) });
    ctx.body = { message: 'Password updated', endedSessions: ended };
  });

  // Two-factor authentication with TOTP: setup gives a secret and QR code; a correct code turns it on.
  router.post('/users/:userId/2fa/setup', async (ctx) => {
    const user = assertSelf(ctx, idParam(ctx.params.userId));
    if (user.totpEnabled) throw conflict('Two-factor authentication is already on');
    const secret = generateSecret();
    await User.query(ctx.services.db).findById(user.id).patch({ totpSecret: secret });
    const otpauthUrl = generateURI({ issuer: 'Saathi', label: user.email, secret });
    ctx.body = { secret, otpauthUrl, qrCodeImageUrl: await QRCode.toDataURL(otpauthUrl, { margin: 2, width: 240 }) };
  });

  router.post('/users/:userId/2fa/enable', async (ctx) => {
    const user = assertSelf(ctx, idParam(ctx.params.userId));
    const { code } = parse(totpCodeSchema, requestBody(ctx));
    const secret = user.totpSecret;
    if (!secret) throw badRequest('Start the two-factor setup first');
    await checkSessionSecret(ctx, user.id, () => acceptTotp(ctx.services.db, user.id, secret, code), () => badRequest(AUTH_MESSAGES.totpInvalid, { field: 'code' }));
    const recoveryCodes = await ctx.services.db.transaction(async (trx) => {
      await User.query(trx).findById(user.id).patch({ totpEnabled: true });
      return issueRecoveryCodes(trx, user.id);
    });
    // Shown once: only their digests are kept.
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { message: 'Two-factor authentication is on', totpEnabled: true, recoveryCodes };
  });

  router.post('/users/:userId/2fa/disable', async (ctx) => {
    const user = assertSelf(ctx, idParam(ctx.params.userId));
    const { code } = parse(totpCodeSchema, requestBody(ctx));
    const secret = user.totpSecret;
    if (!user.totpEnabled || !secret) throw badRequest('Two-factor authentication is not on');
    if (user.role !== 'member' && ctx.services.config.staffTwoFactorRequired) throw conflict('Console accounts keep two-factor authentication on');
    await checkSessionSecret(ctx, user.id, () => acceptTotp(ctx.services.db, user.id, secret, code), () => badRequest(AUTH_MESSAGES.totpInvalid, { field: 'code' }));
    await ctx.services.db.transaction(async (trx) => {
      await User.query(trx).findById(user.id).patch({ totpEnabled: false, totpSecret: null });
      await TotpRecoveryCode.query(trx).where({ userId: user.id }).delete();
    });
    ctx.body = { message: 'Two-factor authentication is off', totpEnabled: false };
  });

  // A new set of recovery codes (the old ones stop working), after the password: codes are as good as the phone.
  router.post('/users/:userId/2fa/recovery-codes', async (ctx) => {
    const user = assertSelf(ctx, idParam(ctx.params.userId));
    const { password } = parse(recoveryCodesSchema, requestBody(ctx));
    if (!user.totpEnabled) throw badRequest('Turn on two-factor authentication first');
    await checkSessionSecret(ctx, user.id, () => verifyPassword(password, user.passwordHash), () => badRequest('That password is not right', { field: 'password' }));
    const recoveryCodes = await issueRecoveryCodes(ctx.services.db, user.id);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { recoveryCodes };
  });

  router.get('/users/:userId/2fa', async (ctx) => {
    const user = assertSelf(ctx, idParam(ctx.params.userId));
    ctx.body = { totpEnabled: user.totpEnabled, recoveryCodesLeft: user.totpEnabled ? await recoveryCodesLeft(ctx.services.db, user.id) : 0 };
  });

  // Manage devices: the member's active sessions, each named by a digest of its id (the id itself is a secret).
  router.get('/users/:userId/sessions', async (ctx) => {
    const user = assertSelf(ctx, idParam(ctx.params.userId));
    const current = currentSessionId(ctx);
    const rows = await Session.query(ctx.services.db).where({ userId: user.id }).where('expiresAt', '>', Date.now()).orderBy('lastSeenAt', 'desc');
    const list: SessionDeviceView[] = rows.map((r) => ({
      id: sessionRef(r.id),
      userAgent: r.userAgent,
      ip: r.ip,
      createdAt: new Date(r.createdAt).toISOString(),
      lastSeenAt: new Date(r.lastSeenAt).toISOString(),
      current: r.id === current,
    }));
    ctx.set('Cache-Control', 'no-store');
    ctx.body = list;
  });

  router.delete('/users/:userId/sessions/:sessionRef', async (ctx) => {
    const user = assertSelf(ctx, idParam(ctx.params.userId));
    const ref = ctx.params.sessionRef ?? '';
    const rows = await Session.query(ctx.services.db).where({ userId: user.id }).select('id');
    const target = rows.find((r) => sessionRef(r.id) === ref);
    if (!target) throw notFound('Session not found');
    const current = target.id === currentSessionId(ctx);
    await endSessions(ctx.services.live, ctx.services.db, { userId: user.id, only: [target.id] });
    // This device signed itself out: its cookie goes too, and the session is not saved again at the end of the request.
    if (current) ctx.session = null;
    ctx.body = { message: 'Device signed out', current };
  });

  // Everything the member owns, as JSON.
  router.get('/users/:userId/export', async (ctx) => {
    const user = assertSelf(ctx, idParam(ctx.params.userId));
    const data = await exportMemberData(ctx.services.db, user.id);
    ctx.set('Cache-Control', 'no-store');
    ctx.set('Content-Disposition', `attachment; filename="saathi-data-${user.id}-${new Date().toISOString().slice(0, 10)}.json"`);
    ctx.body = data;
  });

  router.post('/user/delete', async (ctx) => {
    const user = currentUser(ctx);
    const { password } = parse(deleteAccountSchema, requestBody(ctx));
    await checkSessionSecret(ctx, user.id, () => verifyPassword(password, user.passwordHash), () => badRequest(DELETE_TEXTS.wrongPassword, { field: 'password' }));
    await endBillingOnDeletion(ctx.services, user);
    await deleteAccount(ctx.services, user.id);
    ctx.session = null;
    ctx.services.log({ level: 'info', msg: 'account deleted', userId: user.id, ref: crypto.randomUUID() });
    ctx.body = { message: DELETE_TEXTS.done };
  });

  return router;
}
