import {
  AUTH_MESSAGES,
  emailConfirmSchema,
  loginSchema,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
  type RegisterInput,
  registerSchema,
  safeRedirectPath,
} from '../../../contracts/auth';
import { newRouter, type AppContext, type AppServices, type SessionData } from '../../context';
import { HttpError, conflict } from '../../errors';
import { currentUser } from '../../middleware/auth';
import { clientIp, rateLimit } from '../../middleware/rate-limit';
import { parse, requestBody } from '../../middleware/validate';
import { User } from '../../models/user';
import { createAccount, takenField } from '../../services/accounts';
import { confirmEmailWithLink, issuePasswordResetLink, resetPasswordWithLink } from '../../services/account-links';
import { afterResponse } from '../../services/after-response';
import { sendMail } from '../../services/mail';
import { noticeSignInDevice } from '../../services/new-device';
import { passwordResetEmail, registrationAttemptEmail } from '../../services/email/account-emails';
import { mailConfirmationLink } from '../../services/member-notices';
import { visitorLanguageOf } from '../../i18n';
import { endSessions } from '../../services/session-end';
import { seedDraftFromRegistration } from '../../services/profile-draft';
import { sessionUserOf } from '../../services/session-user';
import { authenticate } from '../../services/sign-in';
import { hashPassword } from '../../services/passwords';

/** Fetch clients ask for JSON; plain HTML forms get redirects. */
export function wantsJson(ctx: AppContext): boolean {
  return ctx.accepts(['html', 'json']) === 'json';
}

/** Starts a signed-in session under a fresh id (the old id is destroyed), so a planted id is useless. */
export async function signIn(ctx: AppContext, user: User): Promise<void> {
  const session = ctx.session as (SessionData & { regenerate(): Promise<void> }) | null;
  if (!session) throw new Error('session middleware missing');
  await session.regenerate();
  delete session.pendingTotpUserId;
  session.userId = user.id;
  session.createdAt = Date.now();
  await noticeSignInDevice(ctx, user);
}


function redirectWithError(ctx: AppContext, path: string, message: string, keep: Record<string, string> = {}): void {
  const params = new URLSearchParams({ error: message, ...keep });
  ctx.status = 303;
  ctx.redirect(`${path}?${params.toString()}`);
}

export function authRoutes(services: AppServices) {
  const router = newRouter('/api/auth');
  const { config } = services;

  router.post(
    '/register',
    rateLimit('register', () => config.rateLimits.register),
    async (ctx) => {
      const redirectTo = safeRedirectPath(ctx.query.redirect);
      try {
        const input = parse(registerSchema, requestBody(ctx));
        const taken = await takenField(ctx.services.db, input.username, input.email);
        // Usernames are public handles: a taken one has to be named so the member can choose another.
        if (taken === 'username') throw conflict(AUTH_MESSAGES.usernameTaken, { field: 'username' });
        if (!config.demoMode) {
          // Outside demo mode the answer is the same whether or not the email has an account.
          await registerWithConfirmation(ctx, input, taken === 'email');
          if (wantsJson(ctx)) {
            ctx.status = 202;
            ctx.body = { message: AUTH_MESSAGES.confirmationSent, confirmationRequired: true };
          } else {
            ctx.status = 303;
            ctx.redirect('/register?sent=true');
          }
          return;
        }
        if (taken === 'email') throw conflict(AUTH_MESSAGES.emailTaken, { field: 'email' });
        const user = await createAccount(ctx.services.db, input, {
          passwordParams: config.argon2,
          firstFreePremium: config.firstFreePremium,
          language: visitorLanguageOf(ctx),
        });
        await seedDraftFromRegistration(ctx.services.db, user, input.profileFor, input.candidateName);
        await signIn(ctx, user);
        if (wantsJson(ctx)) {
          ctx.status = 201;
          ctx.body = { user: await sessionUserOf(ctx.services, user), redirectTo };
        } else {
          ctx.status = 303;
          ctx.redirect(redirectTo);
        }
      } catch (error) {
        if (error instanceof HttpError && !wantsJson(ctx) && error.status < 500 && error.status !== 429) {
          return redirectWithError(ctx, '/register', error.message);
        }
        throw error;
      }
    },
  );

  router.post(
    '/login',
    async (ctx) => {
      const redirectTo = safeRedirectPath(ctx.query.redirect);
      try {
        const input = parse(loginSchema, requestBody(ctx));
        const outcome = await authenticate(ctx, input, 'member');
        if (!outcome.ok) throw outcome.error;
        const { user } = outcome;
        await signIn(ctx, user);
        await User.query(ctx.services.db).findById(user.id).patch({ lastActiveAt: Date.now() });
        if (wantsJson(ctx)) {
          ctx.body = { user: await sessionUserOf(ctx.services, user), redirectTo };
        } else {
          ctx.status = 303;
          ctx.redirect(redirectTo);
        }
      } catch (error) {
        if (error instanceof HttpError && !wantsJson(ctx) && error.status < 500 && error.status !== 429) {
          const keep: Record<string, string> = redirectTo !== '/' ? { redirectTo } : {};
          return redirectWithError(ctx, '/login', error.message, keep);
        }
        throw error;
      }
    },
  );

  router.post('/logout', async (ctx) => {
    ctx.session = null;
    if (wantsJson(ctx)) {
      ctx.body = { message: 'Logged out' };
    } else {
      ctx.status = 303;
      ctx.redirect(safeRedirectPath(ctx.query.redirect, '/login'));
    }
  });

  router.get('/user', async (ctx) => {
    const user = currentUser(ctx);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await sessionUserOf(ctx.services, user);
  });

  router.post(
    '/password-reset/request',
    rateLimit('reset-request', () => config.rateLimits.passwordReset),
    async (ctx) => {
      const { email } = parse(passwordResetRequestSchema, requestBody(ctx));
      const user = await User.query(ctx.services.db)
        .where('emailLower', email.toLowerCase())
        .where('isDeleted', false)
        .where('status', 'active')
        .first();
      // Outside demo mode the answer never says whether the email exists, neither in its body nor in its timing:
      // the link is made and mailed after the answer. Even in demo mode a staff account's link goes only to its
      // mailbox: a token on screen would hand the console to whoever typed the address.
      const showToken = config.demoMode && user?.role === 'member';
      const token = user && showToken ? await issuePasswordResetLink(ctx.services.db, user.id) : null;
      if (user) {
        afterResponse(ctx, 'password reset email', async () => {
          const secret = token ?? (await issuePasswordResetLink(ctx.services.db, user.id));
          // Never built from the Host header: a forged Host would put an attacker's domain in the email.
          const origin = config.publicUrl ?? `http://localhost:${config.port}`;
          const mail = await passwordResetEmail({ name: user.fullName, url: `${origin}/reset-password/${secret}`, language: user.language });
          await sendMail(config, ctx.services.db, { to: user.email, subject: mail.subject, kind: 'password_reset', text: mail.text, html: mail.html });
        });
      }
      ctx.body = showToken ? { message: AUTH_MESSAGES.resetRequestSent, token } : { message: AUTH_MESSAGES.resetRequestSent };
    },
  );

  router.post(
    '/password-reset/confirm',
    rateLimit('reset-confirm', () => ({ ...config.rateLimits.passwordReset, max: config.rateLimits.passwordReset.max * 4 })),
    async (ctx) => {
      const raw = requestBody(ctx);
      const tokenForPath = typeof raw.token === 'string' && /^[A-Za-z0-9_-]{1,200}$/.test(raw.token) ? raw.token : '';
      const backTo = `/reset-password/${tokenForPath}`;
      try {
        const input = parse(passwordResetConfirmSchema, raw);
        const db = ctx.services.db;
        const userId = await resetPasswordWithLink(db, input.token, input.password, config.argon2);
        if (userId === null) throw new HttpError(400, AUTH_MESSAGES.resetInvalidToken, 'invalid_token');
        await endSessions(ctx.services.live, db, { userId });
        ctx.services.log({ level: 'info', msg: 'password reset', userId, ip: clientIp(ctx) });
        if (wantsJson(ctx)) ctx.body = { message: 'Password Reset Successful' };
        else {
          ctx.status = 303;
          ctx.redirect(`${backTo}?success=true`);
        }
      } catch (error) {
        if (error instanceof HttpError && !wantsJson(ctx) && error.status < 500 && error.status !== 429) {
          return redirectWithError(ctx, backTo, error.message);
        }
        throw error;
      }
    },
  );

  router.post(
    '/confirm-email',
    rateLimit('confirm-email', () => ({ ...config.rateLimits.passwordReset, max: config.rateLimits.passwordReset.max * 4 })),
    async (ctx) => {
      const input = parse(emailConfirmSchema, requestBody(ctx));
      const db = ctx.services.db;
      const userId = await confirmEmailWithLink(db, input.token);
      if (userId === null) throw new HttpError(400, AUTH_MESSAGES.confirmInvalidToken, 'invalid_token');
      const user = await User.query(db).findById(userId).where('isDeleted', false);
      if (user?.status !== 'active') throw new HttpError(400, AUTH_MESSAGES.confirmInvalidToken, 'invalid_token');
      await signIn(ctx, user);
      ctx.body = { message: AUTH_MESSAGES.emailConfirmed, user: await sessionUserOf(ctx.services, user), redirectTo: '/' };
    },
  );

  /**
   * Registration outside demo mode. A new address gets an account that signs in after its confirmation link;
   * an address that already has an account gets a note instead ("was this you?"). Both do the same work
   * (one password hash, one email) and give the same answer, so the form does not reveal registered emails.
   */
  async function registerWithConfirmation(ctx: AppContext, input: RegisterInput, emailTaken: boolean): Promise<void> {
    const db = ctx.services.db;
    const origin = config.publicUrl ?? `http://localhost:${config.port}`;
    if (emailTaken) {
      await hashPassword(input.password, config.argon2);
      // In the language of the account the address belongs to (the note is about it), not the visitor's.
      const owner = await User.query(db).findOne('emailLower', input.email.toLowerCase()).select('language');
      const mail = await registrationAttemptEmail({ loginUrl: `${origin}/login`, forgotUrl: `${origin}/forgot-password`, language: owner?.language });
      await sendMail(config, db, { to: input.email, subject: mail.subject, kind: 'other', text: mail.text, html: mail.html });
      return;
    }
    // The language the visitor registered in (the landing page's choice, else the browser's) is the account's.
    const user = await createAccount(db, input, { passwordParams: config.argon2, firstFreePremium: config.firstFreePremium, emailConfirmed: false, language: visitorLanguageOf(ctx) });
    await seedDraftFromRegistration(db, user, input.profileFor, input.candidateName);
    await mailConfirmationLink(config, db, user);
  }

  return router;
}
