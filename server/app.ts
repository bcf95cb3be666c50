import crypto from 'node:crypto';
import Koa from 'koa';
import { koaBody } from 'koa-body';
import compress from 'koa-compress';
import session from 'koa-session';
import type { Config } from './config';
import { configProblems } from './config-checks';
import type { AppContext, AppServices, AppState } from './context';
import type { Db } from './db';
import { errorHandler, notFound } from './errors';
import { loadUser } from './middleware/auth';
import { User } from './models/user';
import { csrfProtection } from './middleware/csrf';
import { httpsAware, securityHeaders } from './middleware/security-headers';
import { databaseSessionStore, generateSessionId, SESSION_COOKIE } from './middleware/session-store';
import { CookieSigner, loadSessionKeys } from './keys';
import { authRoutes } from './routes/auth/auth';
import { callRoutes } from './routes/calls/calls';
import { healthRoutes } from './routes/health/health';
import { mediaRoutes } from './routes/media/media';
import { messageRoutes } from './routes/messages/messages';
import { moodRoutes } from './routes/moods/moods';
import { notificationRoutes } from './routes/notifications/notifications';
import { appealRoutes } from './routes/appeals/appeals';
import { storyConsentRoutes } from './routes/story-consent/story-consent';
import { memberStoryRoutes } from './routes/success-stories/success-stories';
import { opsRoutes } from './routes/ops/ops';
import { opsSessionRoutes } from './routes/ops/ops-session';
import { verificationRoutes } from './routes/verification/verification';
import { likeRoutes } from './routes/likes/likes';
import { photoRoutes } from './routes/photos/photos';
import { profileDraftRoutes } from './routes/profile-draft/profile-draft';
import { matchRoutes } from './routes/matches/matches';
import { profileRoutes } from './routes/profiles/profiles';
import { safetyRoutes } from './routes/safety/safety';
import { pushRoutes } from './routes/push/push';
import { settingsRoutes } from './routes/settings/settings';
import { shareRoutes } from './routes/shares/shares';
import { biodataRoutes } from './routes/biodata/biodata';
import { billingRoutes } from './routes/subscriptions/billing';
import { subscriptionRoutes } from './routes/subscriptions/subscriptions';
import { accountRoutes } from './routes/account/account';
import { contactRoutes } from './routes/contact/contact';
import { eventRoutes } from './routes/events/events';
import { devRoutes } from './routes/dev/dev';
import { discoveryRoutes } from './routes/discovery/discovery';
import { kundaliRoutes } from './routes/kundali/kundali';
import { familyRoutes } from './routes/family/family';
import { actForProfile } from './routes/family/acting';
import { familyInvitationRoutes } from './routes/family/invitations';
import { familySuggestionRoutes } from './routes/family/suggestions';
import { profileViewRoutes } from './routes/profile-views/profile-views';
import { shortlistRoutes } from './routes/shortlist/shortlist';
import { savedSearchRoutes } from './routes/saved-searches/saved-searches';
import { type LiveEvents, liveEventsFor } from './services/live-events';
import { MatchEngine } from './services/match-engine/engine';
import { CardRows } from './services/card-rows';
import { notInterestedRoutes } from './routes/not-interested/not-interested';
import { unsubscribeRoutes } from './routes/email/unsubscribe';
import { UNSUBSCRIBE_PATH } from './services/email/unsubscribe';
import { type Log, createLogger } from './logger';
import { refuseNulCharacters } from './middleware/nul-guard';
import { findStaticDir, staticApps } from './static';
import { firstScreenFor, landingScreens } from './services/first-screen';
import { linkPreview, previewTags } from './services/link-preview';
import { mainPhotoFor } from './services/profiles';
import { createMetrics, metricsMiddleware } from './metrics';
import { type MediaStore, createMediaStore } from './services/media-store';

export interface AppOptions {
  staticDir?: string | null;
  /** where log entries go (default: pino on stdout) */
  log?: Log;
  /** live-event fan-out (default: in-process on SQLite, LISTEN/NOTIFY on PostgreSQL; call `live.start()`) */
  live?: LiveEvents;
  /** where uploaded media live (default: the one MEDIA_STORE names) */
  media?: MediaStore;
}

export const STRIPE_WEBHOOK_PATH = '/api/stripe/webhook';

/** Every router of the API, in one list so tests can walk the route table. */
export function apiRouters(services: AppServices) {
  return [
    healthRoutes(),
    authRoutes(services),
    opsSessionRoutes(services),
    notificationRoutes(),
    messageRoutes(),
    callRoutes(),
    shareRoutes(),
    biodataRoutes(),
    photoRoutes(),
    profileDraftRoutes(),
    matchRoutes(),
    kundaliRoutes(), // before profileRoutes(): owns GET /api/profiles/search
    profileRoutes(),
    likeRoutes(),
    notInterestedRoutes(),
    safetyRoutes(),
    settingsRoutes(),
    pushRoutes(),
    discoveryRoutes(),
    contactRoutes(services),
    unsubscribeRoutes(services),
    devRoutes(),
    accountRoutes(),
    eventRoutes(),
    subscriptionRoutes(),
    billingRoutes(),
    moodRoutes(),
    verificationRoutes(),
    appealRoutes(),
    storyConsentRoutes(),
    memberStoryRoutes(),
    familyRoutes(),
    familyInvitationRoutes(),
    familySuggestionRoutes(),
    shortlistRoutes(),
    savedSearchRoutes(),
    profileViewRoutes(),
    opsRoutes(),
  ];
}

/** Builds the Koa app. No listen() here: the CLI listens, tests mount it on an ephemeral port. */
export function createApp(config: Config, db: Db, options: AppOptions = {}): Koa<AppState, AppContext> {
  const problems = configProblems(config);
  if (problems.length) throw new Error(problems.join(' '));
  const log = options.log ?? createLogger();
  const live = options.live ?? liveEventsFor(config, db, log);
  const keys = loadSessionKeys(config);
  const engine = new MatchEngine(db, live, keys, log, { dataDir: config.dataDir });
  const services: AppServices = { config, db, live, engine, cards: new CardRows(db, engine), log, metrics: createMetrics({ db, engine }), media: options.media ?? createMediaStore(config), lifecycle: { draining: false } };
  const app = new Koa<AppState, AppContext>({ proxy: config.trustProxy, maxIpsCount: config.trustProxyHops });
  app.keys = new CookieSigner(keys);
  app.context.services = services;
  app.silent = true;

  // Every response carries its request's id (X-Request-Id); an error's body and log line carry the same id.
  app.use(async (ctx, next) => {
    ctx.state.requestId = crypto.randomUUID();
    ctx.set('X-Request-Id', ctx.state.requestId);
    await next();
  });
  app.use(metricsMiddleware(services.metrics, config.metricsToken, log));
  app.use(async (ctx, next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      if (config.logRequests && !ctx.path.startsWith('/assets/')) {
        log({
          level: 'info', msg: 'request', reqId: ctx.state.requestId, method: ctx.method, path: ctx.path,
          status: ctx.status, ms: Math.round(performance.now() - started), user: ctx.state.user?.id,
        });
      }
    }
  });
  // A write through this process is in the match engine's next answer (on PostgreSQL it waits for the change feed).
  app.use(async (ctx, next) => {
    try {
      await next();
    } finally {
      if (ctx.method !== 'GET' && ctx.method !== 'HEAD') services.engine.localWrite();
    }
  });
  app.use(securityHeaders({ stripe: Boolean(config.stripe.publishableKey), publicUrl: config.publicUrl, calls: config.turn !== null }));
  app.use(compress({ threshold: 1024, br: false }));
  // A JSON body is serialised once, here: left as an object, koa-compress would stringify it to measure it and
  // Koa again to send it (a page of cards is 10–20 KB).
  app.use(async (ctx, next) => {
    await next();
    const body = ctx.body;
    if (body !== null && typeof body === 'object' && !Buffer.isBuffer(body) && typeof (body as { pipe?: unknown }).pipe !== 'function') {
      ctx.body = JSON.stringify(body);
    }
  });
  app.use(errorHandler(log));
  const sessionStore = databaseSessionStore(db, live);
  app.use(
    staticApps(findStaticDir(options.staticDir), {
      demoMode: config.demoMode,
      // Previews link to the public address when one is configured, else to the address the request came to.
      previewTags: async (ctx) => {
        const origin = (config.publicUrl ?? `${ctx.protocol}://${ctx.host}`).replace(/\/+$/, '');
        return previewTags(await linkPreview(db, origin, ctx.path), origin);
      },
      // The app's pages are served before the session middleware (assets need no session): read it here.
      sessionUserId: async (ctx) => {
        const key = ctx.cookies.get(SESSION_COOKIE, { signed: true });
        const session = key ? await sessionStore.get(key) : undefined;
        return typeof session?.userId === 'number' ? session.userId : null;
      },
      firstPaintImages: async (route, pathname, me) => {
        const profileId = route === '/profile/$id' ? Number(pathname.split('/')[2]) : Number.NaN;
        if (!Number.isSafeInteger(profileId) || profileId <= 0) return [];
        const photo = await mainPhotoFor(db, me, profileId);
        return photo ? [photo] : [];
      },
      firstScreen: (route, pathname, me, reader) => firstScreenFor(services, route, pathname, me, reader),
      landing: landingScreens(db),
      memberLanguage: async (me) => (await User.query(db).findById(me).select('language'))?.language ?? null,
      onFirstScreenError: (route, error) =>
        log({ level: 'error', msg: 'first screen failed', route, error: error instanceof Error ? error.message : String(error) }),
    }),
  );
  app.use(
    session(
      {
        key: SESSION_COOKIE,
        maxAge: config.sessionMaxAgeMs,
        httpOnly: true,
        signed: true,
        sameSite: 'lax',
        secure: config.secureCookies,
        rolling: false,
        renew: true,
        store: sessionStore,
        genid: generateSessionId,
      },
      app as unknown as Koa,
    ),
  );
  app.use(httpsAware(config));
  app.use(csrfProtection({ publicUrl: config.publicUrl, exemptPaths: [STRIPE_WEBHOOK_PATH, UNSUBSCRIBE_PATH] }));
  app.use(
    koaBody({
      jsonLimit: '200kb',
      formLimit: '64kb',
      textLimit: '64kb',
      multipart: false,
      includeUnparsed: true,
      parsedMethods: ['POST', 'PUT', 'PATCH', 'DELETE'] as unknown as NonNullable<Parameters<typeof koaBody>[0]>['parsedMethods'],
    }),
  );
  app.use(refuseNulCharacters);
  app.use(loadUser);
  app.use(actForProfile);
  for (const router of apiRouters(services)) {
    app.use(router.routes());
    app.use(router.allowedMethods());
  }
  app.use(mediaRoutes().routes());
  app.use(async (ctx) => {
    if (ctx.path.startsWith('/api/') || ctx.path === '/api') throw notFound('API route not found');
    throw notFound('Not found');
  });
  return app;
}
