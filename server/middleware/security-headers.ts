import type { Context, Next } from 'koa';
import type { Config } from '../config';

/** Headers on every response type (HTML, JSON, media, errors). The apps load only their own scripts and styles. */
export function securityHeaders(options: { stripe: boolean; publicUrl?: string | null; calls?: boolean }) {
  const publicHttps = Boolean(options.publicUrl?.startsWith('https://'));
  // With Stripe configured, Stripe.js and its frames are allowed (Stripe's published CSP requirements).
  const scriptSrc = ["'self'", ...(options.stripe ? ['https://js.stripe.com', 'https://*.js.stripe.com'] : [])].join(' ');
  const frameSrc = options.stripe ? 'https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com' : "'none'";
  const connectSrc = ["'self'", ...(options.stripe ? ['https://api.stripe.com'] : [])].join(' ');
  const imgSrc = ["'self'", 'data:', 'blob:', ...(options.stripe ? ['https://*.stripe.com'] : [])].join(' ');
  const csp = [
    "default-src 'self'",
    `script-src ${scriptSrc}`,
    // Radix positions popovers with inline style attributes.
    "style-src 'self' 'unsafe-inline'",
    `img-src ${imgSrc}`,
    "font-src 'self'",
    `connect-src ${connectSrc}`,
    `frame-src ${frameSrc}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
  return async function setSecurityHeaders(ctx: Context, next: Next): Promise<void> {
    ctx.set('Content-Security-Policy', csp);
    // Browsers must come back over https only, once they have reached us over it.
    if (ctx.secure || publicHttps) ctx.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    ctx.set('X-Frame-Options', 'DENY');
    // Wallet payment methods open popups from Stripe's frames.
    ctx.set('Cross-Origin-Opener-Policy', options.stripe ? 'same-origin-allow-popups' : 'same-origin');
    ctx.set('Cross-Origin-Resource-Policy', 'same-origin');
    // The camera and microphone only for video calls, only on this origin, and only where calls are set up.
    ctx.set('Permissions-Policy', `camera=(${options.calls ? 'self' : ''}), microphone=(${options.calls ? 'self' : ''}), geolocation=(), payment=(self${options.stripe ? ' "https://js.stripe.com"' : ''})`);
    await next();
  };
}

/**
 * Over https — a direct TLS connection, a trusted proxy's X-Forwarded-Proto, or an https PUBLIC_URL (the public
 * side is https whatever the hop to us is) — every cookie is marked Secure (securityHeaders sends HSTS): the
 * session's here, and every other cookie by setting `secure: ctx.cookies.secure`, the one rule for all of them.
 * Marking the cookie jar secure also means an https deployment whose proxy is not trusted
 * still works instead of failing with "Cannot send secure cookie over unencrypted connection".
 */
export function httpsAware(config: Pick<Config, 'secureCookies' | 'publicUrl'>) {
  const publicHttps = Boolean(config.publicUrl?.startsWith('https://'));
  return async function markHttps(ctx: Context, next: Next): Promise<void> {
    if (ctx.secure || publicHttps || config.secureCookies) {
      ctx.cookies.secure = true;
      (ctx as Context & { sessionOptions?: { secure?: boolean } }).sessionOptions!.secure = true;
    }
    await next();
  };
}
