import type { Next } from 'koa';
import type { AppContext } from '../context';
import { badRequest } from '../errors';

export const NUL_MESSAGE = 'Text may not contain NUL characters';

function hasNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 20 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((v) => hasNul(v, depth + 1));
  for (const [k, v] of Object.entries(value)) if (k.includes('\u0000') || hasNul(v, depth + 1)) return true;
  return false;
}

/**
 * NUL characters are refused in paths, query strings and parsed bodies: no field of Saathi holds one, and
 * PostgreSQL text cannot store them (so SQLite and PostgreSQL answer the same 400).
 */
export async function refuseNulCharacters(ctx: AppContext, next: Next): Promise<void> {
  let path = ctx.path;
  try {
    path = decodeURIComponent(ctx.path);
  } catch {
    /* malformed escapes are the router's business */
  }
  if (path.includes('\u0000') || hasNul(ctx.query) || hasNul((ctx.request as unknown as { body?: unknown }).body)) {
    throw badRequest(NUL_MESSAGE);
  }
  await next();
}
