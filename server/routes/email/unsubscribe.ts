import { type AppServices, newRouter } from '../../context';
import { loadSessionKeys } from '../../keys';
import { EMAIL_KINDS, UNSUBSCRIBE_PATH, readUnsubscribeToken, turnOffEmails } from '../../services/email/unsubscribe';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)} · Saathi</title></head><body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
}

/**
 * Unsubscribe from one kind of email without signing in. GET (a person clicking the link in the email) shows
 * what will be turned off with a button; POST turns it off — also the one-click POST mail clients send
 * (RFC 8058 "List-Unsubscribe=One-Click"), which carries no Origin, so this path is exempt from the CSRF check
 * and the signed token is the authority. The same token may be used again: it only ever turns that kind off.
 */
export function unsubscribeRoutes(services: AppServices) {
  const router = newRouter('');
  const keys = loadSessionKeys(services.config);
  const read = (token: unknown) => (typeof token === 'string' ? readUnsubscribeToken(keys, token) : null);
  const invalid = page('This link is not valid', '<p>The unsubscribe link is incomplete or was changed. You can turn emails off in Saathi under Settings → Notifications.</p>');

  router.get(UNSUBSCRIBE_PATH, async (ctx) => {
    const target = read(ctx.query.token);
    ctx.type = 'html';
    ctx.set('Cache-Control', 'no-store');
    if (!target) {
      ctx.status = 400;
      ctx.body = invalid;
      return;
    }
    const { label, alsoInApp } = EMAIL_KINDS[target.kind];
    const what = alsoInApp ? `<p>You will still see ${escapeHtml(label)} in the app; only these emails stop.</p>` : `<p>Saathi will stop sending you emails about ${escapeHtml(label)}.</p>`;
    ctx.body = page(
      `Stop emails about ${label}?`,
      `<form method="post" action="${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(String(ctx.query.token))}">${what}<button type="submit">Stop these emails</button></form>`,
    );
  });

  router.post(UNSUBSCRIBE_PATH, async (ctx) => {
    const target = read(ctx.query.token);
    ctx.type = 'html';
    ctx.set('Cache-Control', 'no-store');
    if (!target) {
      ctx.status = 400;
      ctx.body = invalid;
      return;
    }
    const { label } = EMAIL_KINDS[target.kind];
    await turnOffEmails(services.db, target.userId, target.kind);
    ctx.body = page('Done', `<p>You will no longer get emails about ${escapeHtml(label)}. You can turn them back on in Saathi under Settings → Notifications.</p>`);
  });

  return router;
}
