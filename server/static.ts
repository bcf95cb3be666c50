import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Context, Next } from 'koa';
import send from 'koa-send';
import { isMemberAppRoute, SCREEN_HEADINGS, type ScreenHeading } from '../contracts/routes';
import { READER_COOKIE, type Reader, parseReader } from '../contracts/reader';
import { SESSION_COOKIE } from './middleware/session-store';
import { dataPreloads, imagePreloads, inHead, inLanguage, readBuildMap, readRoutePreloads, withDemoBanner, withFirstScreen, withScreenHeading } from './static-html';
import { SPLASH_SEEN_COOKIE } from '../contracts/splash';
import { fontOf, isLanguage, type Language, LANGUAGE_COOKIE } from '../contracts/i18n/languages';
import { visitorLanguageOf } from './i18n';

/** Where the built apps live: beside the bundle (dist/), or ../dist when running from source. */
export function findStaticDir(explicit?: string | null): string {
  if (explicit) return explicit;
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [here, path.resolve(here, '../dist'), path.resolve(process.cwd(), 'dist')];
  return candidates.find((dir) => fs.existsSync(path.join(dir, 'member', 'index.html'))) ?? candidates[1];
}

function readIndex(file: string): string | null {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

const PWA_FILES: Record<string, { type: string; cache: string }> = {
  '/sw.js': { type: 'text/javascript; charset=utf-8', cache: 'no-cache' },
  '/manifest.webmanifest': { type: 'application/manifest+json; charset=utf-8', cache: 'no-cache' },
  '/offline.html': { type: 'text/html; charset=utf-8', cache: 'public, max-age=86400' },
};

const MISSING_BUILD = '<!doctype html><title>Saathi</title><p>The apps are not built. Run <code>npm run build</code>.</p>';

/**
 * Serves the member app at / and the ops console at /ops. Hashed assets are immutable; index.html is never
 * cached so a deploy is picked up at once. Unknown member paths get the app with status 404.
 */
export function staticApps(
  staticDir: string,
  options: {
    demoMode: boolean;
    /** link-preview tags for a member page, for its <head> */
    previewTags?: (ctx: Context) => Promise<string>;
    /** the signed-in member's user id from the request's session cookie, or null (for their screens' data preloads) */
    sessionUserId?: (ctx: Context) => Promise<number | null>;
    /**
     * The photos the member `me`'s screen at `pathname` (matched by `route`, e.g. "/profile/$id") paints largest
     * first, exactly as the screen's API answer names them and only those that member may see, for <link rel="preload">
     */
    firstPaintImages?: (route: string, pathname: string, me: number) => Promise<string[]>;
    /**
     * The first content of the member `me`'s screen at `pathname` (matched by `route`: "/", "/search", "/profile/$id"):
     * its markup, as the app renders it from the screen's first API answers for that member, and the photo it paints
     * largest; null for nothing
     */
    firstScreen?: (route: string, pathname: string, me: number, reader: Reader | null) => Promise<{ html: string; images: string[]; frame?: string } | null>;
    /** told when `firstScreen` fails (the page then goes out as it would without it) */
    onFirstScreenError?: (route: string, error: unknown) => void;
    /** the landing page's markup in `language`, painted into a visitor's "/" once they have seen the walkthrough */
    landing?: (language: Language) => Promise<string>;
    /** the language of the member `me`'s account, for their pages (null: no such member) */
    memberLanguage?: (me: number) => Promise<Language | null>;
  } = { demoMode: false },
) {
  const memberDir = path.join(staticDir, 'member');
  const opsDir = path.join(staticDir, 'ops');
  let memberIndex: string | null = null;
  let opsIndex: string | null = null;
  let routePreloads: ReturnType<typeof readRoutePreloads> | null = null;
  let catalogueChunks: Record<string, string> | null = null;
  let fontFiles: Record<string, string[]> | null = null;
  const pages = new Map<Language, string>();
  /** The member page (the build's, in English) in `language`. */
  const memberPageIn = (language: Language): string => {
    let page = pages.get(language);
    if (page === undefined) {
      const html = index('member');
      catalogueChunks ??= readBuildMap<string>(path.join(memberDir, 'catalogue-chunks.json'));
      // Each language's chunk is whole (build.mjs fills its gaps with English): the page needs its own only.
      const catalogues = [catalogueChunks?.[language]];
      const font = fontOf(language);
      fontFiles ??= readBuildMap<string[]>(path.join(memberDir, 'font-files.json'));
      page = html === MISSING_BUILD ? html : inLanguage(html, language, catalogues, font ? (fontFiles[font] ?? []) : []);
      pages.set(language, page);
    }
    return page;
  };
  /**
   * The language of the page: a member's own (a session cookie naming a member who has one), else a visitor's pick:
   * `?lang=` in the link (a family invitation's "read this in …" links; kept as the landing page's pick would be),
   * the one picked on the landing page, else the browser's Accept-Language (server/i18n).
   */
  const pageLanguage = async (ctx: Context, sessionUserId: () => Promise<number | null>): Promise<Language> => {
    if (ctx.cookies.get(SESSION_COOKIE) && options.memberLanguage) {
      const me = await sessionUserId();
      const own = me === null ? null : await options.memberLanguage(me);
      if (own) return own;
    }
    const asked = ctx.query.lang;
    if (typeof asked === 'string' && isLanguage(asked)) {
      ctx.cookies.set(LANGUAGE_COOKIE, asked, { signed: false, httpOnly: false, sameSite: 'lax', maxAge: 365 * 24 * 3600 * 1000, overwrite: true });
      return asked;
    }
    return visitorLanguageOf(ctx);
  };
  const withPreloads = new Map<string, string>();
  /**
   * The member page for the request, with <link rel="modulepreload"> for that screen's code in its head and, for a
   * browser with a session, its first API requests. "/" is the landing page (in the initial code) for a visitor
   * and the member's dashboard (a screen of its own) with a session: its screen and data go only to the latter.
   * Whether the session is still valid is not checked here: a stale one costs a few unused requests.
   */
  const memberPage = async (ctx: Context): Promise<string> => {
    let me: Promise<number | null> | undefined;
    const sessionUserId = () => (me ??= options.sessionUserId ? options.sessionUserId(ctx) : Promise.resolve(null));
    const language = await pageLanguage(ctx, sessionUserId);
    // The page's words depend on the cookies and Accept-Language that chose its language. The service worker
    // reads Content-Language to show its offline screen in the same language.
    ctx.vary('Accept-Language');
    ctx.vary('Cookie');
    ctx.set('Content-Language', language);
    const html = memberPageIn(language);
    routePreloads ??= readRoutePreloads(path.join(memberDir, 'route-preloads.json'));
    const match = routePreloads.find((r) => r.pattern.test(ctx.path));
    if (!match || !html.includes('</head>')) return html;
    const signedIn = Boolean(ctx.cookies.get(SESSION_COOKIE));
    const modules = match.route === '/' && !signedIn ? '' : match.links;
    const key = `${match.route} ${signedIn} ${language}`;
    let page = withPreloads.get(key);
    if (page === undefined) {
      page = modules ? html.replace('</head>', `${modules}\n  </head>`) : html;
      // A visitor is sent on to sign in: the members' screen's heading would show for nothing.
      if (signedIn) page = withScreenHeading(page, (SCREEN_HEADINGS as Record<string, ScreenHeading>)[match.route], language);
      withPreloads.set(key, page);
    }
    if (!signedIn) return match.route === '/' ? withLanding(ctx, page, language) : page;
    // Data URLs hold no query: a search with filters asks for other answers.
    if (ctx.querystring !== '') return page;
    const [data, paint] = await Promise.all([dataPreloads(match.route, ctx.path, sessionUserId), firstPaint(match.route, ctx.path, sessionUserId, parseReader(ctx.cookies.get(READER_COOKIE, { signed: false })))]);
    if (paint.html) {
      // The app's code then comes after the paint (withFirstScreen drops its modulepreloads).
      page = withFirstScreen(page, ctx.path, paint.html, paint.frame);
      // The page then holds what only this member may see (their matches, a profile as shown to them): like the API's
      // answers it came from, it is not to be kept by the browser or anything between.
      ctx.set('Cache-Control', 'no-store');
    }
    const images = imagePreloads(paint.images);
    return data || images ? page.replace('</head>', `${images}${data}\n  </head>`) : page;
  };
  /**
   * A visitor's "/" with the landing page in it, as the app will render it, for a browser that has been through the
   * walkthrough (its cookie; without it the app shows the walkthrough first). Like a member's first screen, the page
   * then asks for the app's code once it has painted. A landing that cannot be made leaves the page as it was.
   */
  const withLanding = async (ctx: Context, page: string, language: Language): Promise<string> => {
    if (!options.landing || ctx.cookies.get(SPLASH_SEEN_COOKIE, { signed: false }) !== '1') return page;
    const html = await options.landing(language).catch((error: unknown) => {
      options.onFirstScreenError?.('/', error);
      return null;
    });
    return html ? withFirstScreen(page, '/', html) : page;
  };
  /** What the member's screen paints first: its content where the server renders it, and its largest photo. */
  const firstPaint = async (
    route: string,
    pathname: string,
    sessionUserId: () => Promise<number | null>,
    reader: Reader | null,
  ): Promise<{ html: string | null; images: string[]; frame?: string }> => {
    if (!options.firstPaintImages && !options.firstScreen) return { html: null, images: [] };
    const me = await sessionUserId();
    if (me === null) return { html: null, images: [] };
    // The first content only speeds the page up: if it cannot be made, the page goes out without it.
    const screen = options.firstScreen
      ? await options.firstScreen(route, pathname, me, reader).catch((error: unknown) => {
          options.onFirstScreenError?.(route, error);
          return null;
        })
      : null;
    if (screen) return screen;
    return { html: null, images: options.firstPaintImages ? await options.firstPaintImages(route, pathname, me) : [] };
  };
  const read = (file: string) => {
    const html = readIndex(file);
    return html !== null && options.demoMode ? withDemoBanner(html) : html;
  };
  const index = (which: 'member' | 'ops') => {
    if (which === 'member') return (memberIndex ??= read(path.join(memberDir, 'index.html'))) ?? MISSING_BUILD;
    return (opsIndex ??= read(path.join(opsDir, 'index.html'))) ?? MISSING_BUILD;
  };

  return async function serveApps(ctx: Context, next: Next): Promise<void> {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    const p = ctx.path;
    if (p.startsWith('/api/') || p === '/api' || p.startsWith('/media/')) return next();

    const assetRoot = p.startsWith('/assets/') ? memberDir : p.startsWith('/ops/assets/') ? opsDir : null;
    if (assetRoot) {
      const rel = p.startsWith('/ops/') ? p.slice('/ops'.length) : p;
      try {
        const served = await send(ctx, rel, {
          root: assetRoot,
          immutable: true,
          maxage: 365 * 24 * 3600_000,
          // build.mjs writes x.js.br and x.js.gz beside each asset; koa-send picks the one the browser accepts.
          brotli: true,
          gzip: true,
          setHeaders: (res) => {
            res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
            res.setHeader('Vary', 'Accept-Encoding');
          },
        });
        if (served) return;
      } catch (error) {
        const status = (error as { status?: number }).status;
        if (status !== 404 && status !== 400 && status !== 403) throw error;
      }
      ctx.status = 404;
      ctx.type = 'text/plain';
      ctx.body = 'Not found';
      return;
    }

    // The installable app's files (scripts/build-pwa.mjs): the service worker and manifest are re-checked on
    // every visit (a deploy replaces them), icons and the offline page may be kept a day.
    const pwaFile = PWA_FILES[p] ?? (/^\/icons\/[a-z0-9-]+\.png$/.test(p) ? { type: 'image/png', cache: 'public, max-age=86400' } : null);
    if (pwaFile) {
      // The offline page in the language asked for (the worker caches each: member-ui/pwa/service-worker.ts).
      const lang = ctx.query.lang;
      const file = p === '/offline.html' && typeof lang === 'string' && isLanguage(lang) ? `/offline.${lang}.html` : p;
      try {
        if (await send(ctx, file, { root: memberDir, setHeaders: (res) => res.setHeader('Cache-Control', pwaFile.cache) })) {
          ctx.type = pwaFile.type;
          return;
        }
      } catch {
        /* falls through to 404 */
      }
      ctx.status = 404;
      return;
    }

    if (p === '/favicon.ico' || p === '/favicon.svg') {
      try {
        if (await send(ctx, 'favicon.svg', { root: memberDir, maxage: 86400_000 })) return;
      } catch {
        /* falls through to 404 */
      }
      ctx.status = 404;
      return;
    }

    const isOps = p === '/ops' || p.startsWith('/ops/');
    ctx.type = 'text/html; charset=utf-8';
    ctx.set('Cache-Control', 'no-cache');
    if (p.startsWith('/shared/')) {
      // Share pages are private links: never indexed, never leak the code through Referer.
      ctx.set('X-Robots-Tag', 'noindex, nofollow');
      ctx.set('Referrer-Policy', 'no-referrer');
    }
    if (isOps) {
      ctx.body = index('ops');
      return;
    }
    const known = isMemberAppRoute(p);
    ctx.status = known ? 200 : 404;
    const page = known ? await memberPage(ctx) : memberPageIn(visitorLanguageOf(ctx));
    ctx.body = options.previewTags && page !== MISSING_BUILD ? inHead(page, await options.previewTags(ctx)) : page;
  };
}
