import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Context, Next } from 'koa';
import send from 'koa-send';
import { isMemberAppRoute } from '../contracts/routes';

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

const MISSING_BUILD = '<!doctype html><title>Saathi</title><p>The apps are not built. Run <code>npm run build</code>.</p>';

/**
 * Serves the member app at / and the ops console at /ops. Hashed assets are immutable; index.html is never
 * cached so a deploy is picked up at once. Unknown member paths get the app with status 404.
 */
export function staticApps(staticDir: string) {
  const memberDir = path.join(staticDir, 'member');
  const opsDir = path.join(staticDir, 'ops');
  let memberIndex: string | null = null;
  let opsIndex: string | null = null;
  const index = (which: 'member' | 'ops') => {
    if (which === 'member') return (memberIndex ??= readIndex(path.join(memberDir, 'index.html'))) ?? MISSING_BUILD;
    return (opsIndex ??= readIndex(path.join(opsDir, 'index.html'))) ?? MISSING_BUILD;
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
          setHeaders: (res) => res.setHeader('Cache-Control', 'public, max-age=31536000, immutable'),
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
      // Share pages are private links: never indexed, never leak the code through Referer (DECISIONS.md).
      ctx.set('X-Robots-Tag', 'noindex, nofollow');
      ctx.set('Referrer-Policy', 'no-referrer');
    }
    if (isOps) {
      ctx.body = index('ops');
      return;
    }
    ctx.status = isMemberAppRoute(p) ? 200 : 404;
    ctx.body = index('member');
  };
}
