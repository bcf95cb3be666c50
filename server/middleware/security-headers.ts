import type { Context, Next } from 'koa';

/** Headers on every response type (HTML, JSON, media, errors). The apps load only their own scripts and styles. */
export function securityHeaders(options: { stripe: boolean }) {
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
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    ctx.set('X-Frame-Options', 'DENY');
    // Wallet payment methods open popups from Stripe's frames.
    ctx.set('Cross-Origin-Opener-Policy', options.stripe ? 'same-origin-allow-popups' : 'same-origin');
    ctx.set('Cross-Origin-Resource-Policy', 'same-origin');
    ctx.set('Permissions-Policy', `camera=(), microphone=(), geolocation=(), payment=(self${options.stripe ? ' "https://js.stripe.com"' : ''})`);
    await next();
  };
}
