import type { Context, Next } from 'koa';
import { DBError, NotNullViolationError, UniqueViolationError, ForeignKeyViolationError, CheckViolationError } from 'objection';

/** An error whose message is safe to show the member. `id` is stable for clients and logs. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly id: string,
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string, extra: Record<string, unknown> = {}) =>
  new HttpError(400, message, 'bad_request', extra);
export const validationFailed = (message: string, field?: string) =>
  new HttpError(400, message, 'validation_error', field ? { field } : {});
export const unauthorized = (message = 'Not authenticated') => new HttpError(401, message, 'unauthorized');
export const forbidden = (message = 'You do not have permission to do that', extra: Record<string, unknown> = {}) =>
  new HttpError(403, message, 'forbidden', extra);
export const notFound = (message = 'Not found') => new HttpError(404, message, 'not_found');
export const conflict = (message: string, extra: Record<string, unknown> = {}) =>
  new HttpError(409, message, 'conflict', extra);
export const gone = (message: string) => new HttpError(410, message, 'gone');
export const payloadTooLarge = (message: string) => new HttpError(413, message, 'payload_too_large');
export const unsupportedMediaType = (message: string) => new HttpError(415, message, 'unsupported_media_type');
export const unprocessable = (message: string) => new HttpError(422, message, 'unprocessable');
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new HttpError(429, message, 'rate_limited', {}, { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) });

/**
 * The one app-level error handler: every error becomes `{message, ...}` with the right status. Database errors
 * are mapped by class (unique → 409, not-null/check → 400); nothing from SQL or a stack reaches the client.
 */
export function errorHandler(log: (entry: Record<string, unknown>) => void) {
  return async function handleErrors(ctx: Context, next: Next): Promise<void> {
    try {
      await next();
    } catch (error) {
      const { status, body, headers } = toResponse(error);
      if (status >= 500) log({ level: 'error', msg: 'request failed', path: ctx.path, err: String((error as Error)?.stack ?? error) });
      ctx.status = status;
      for (const [k, v] of Object.entries(headers)) ctx.set(k, v);
      ctx.body = body;
    }
  };
}

export function toResponse(error: unknown): { status: number; body: Record<string, unknown>; headers: Record<string, string> } {
  if (error instanceof HttpError) {
    return { status: error.status, body: { message: error.message, ...error.extra }, headers: error.headers };
  }
  if (error instanceof UniqueViolationError) return { status: 409, body: { message: 'That already exists' }, headers: {} };
  if (error instanceof NotNullViolationError || error instanceof CheckViolationError) {
    return { status: 400, body: { message: 'A required value is missing or invalid' }, headers: {} };
  }
  if (error instanceof ForeignKeyViolationError) return { status: 409, body: { message: 'A related record does not exist' }, headers: {} };
  const e = error as { status?: number; statusCode?: number; expose?: boolean; message?: string; type?: string };
  const status = e?.status ?? e?.statusCode;
  // Errors raised by koa-body / raw-body for malformed or oversized bodies.
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const message =
      status === 413 ? 'Request body is too large' : e.type === 'entity.parse.failed' ? 'Malformed request body' : e.expose && e.message ? e.message : 'Bad request';
    return { status, body: { message }, headers: {} };
  }
  if (error instanceof DBError) return { status: 500, body: { message: 'Something went wrong. Please try again later.' }, headers: {} };
  return { status: 500, body: { message: 'Something went wrong. Please try again later.' }, headers: {} };
}
