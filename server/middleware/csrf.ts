import type { Next } from 'koa';
import type { AppContext } from '../context';
import { forbidden } from '../errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF protection by a strict Origin check: every state-changing request must come from this site. Browsers send
 * Origin on every cross- and same-origin POST/PATCH/PUT/DELETE (fetch and form posts alike); when a privacy tool
 * strips it, Referer is used. Requests carrying neither are refused. Exempt paths (the Stripe webhook) are
 * authenticated by their own signatures.
 */
export function csrfProtection(options: { publicUrl: string | null; exemptPaths: string[] }) {
  return async function checkOrigin(ctx: AppContext, next: Next): Promise<void> {
    if (SAFE_METHODS.has(ctx.method) || options.exemptPaths.includes(ctx.path)) return next();
    const allowed = new Set([`${ctx.protocol}://${ctx.host}`]);
    if (options.publicUrl) allowed.add(new URL(options.publicUrl).origin);
    const origin = ctx.get('Origin');
    let source: string | null = null;
    if (origin && origin !== 'null') source = origin;
    else {
      const referer = ctx.get('Referer');
      if (referer) {
        try {
          source = new URL(referer).origin;
        } catch {
          source = null;
        }
      }
    }
    if (!source || !allowed.has(source)) {
      throw forbidden('Request refused: it did not come from this site (CSRF check failed)');
    }
    await next();
  };
}
