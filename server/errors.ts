import fs from 'node:fs';
import path from 'node:path';
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

export const STORAGE_MESSAGES = {
  readOnly: 'Saathi cannot save changes right now: the data directory is read-only',
  notWritable: 'Saathi cannot save changes right now: the data directory is not writable',
  full: 'Storage is full: Saathi cannot save changes until space is freed',
  ioError: 'Saathi cannot save changes right now: the storage reported an error',
} as const;

type StorageFault = 'readOnly' | 'notWritable' | 'full' | 'ioError';

/** Error codes of the file system, SQLite (both drivers) and PostgreSQL that mean "storage", by kind. */
function faultOfCode(code: unknown): StorageFault | null {
  if (typeof code !== 'string') return null;
  if (code === 'ENOSPC' || code === 'EDQUOT' || code === 'EFBIG' || code === 'SQLITE_FULL' || code === '53100') return 'full';
  if (code === 'EROFS' || code.startsWith('SQLITE_READONLY') || code === '25006') return 'readOnly';
  if (code === 'EACCES' || code === 'EPERM' || code.startsWith('SQLITE_CANTOPEN') || code === 'SQLITE_PERM') return 'notWritable';
  if (code.startsWith('SQLITE_IOERR')) return 'ioError';
  return null;
}

/**
 * The storage fault behind an error, if any: a full disk, a read-only or unwritable data directory, an I/O error.
 * Looks through the wrappers knex, Objection and formidable put around the original error.
 */
export function storageFault(error: unknown): StorageFault | null {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const e = current as { code?: unknown; nativeError?: unknown; cause?: unknown; message?: unknown };
    const fault = faultOfCode(e.code);
    if (fault) return fault;
    // sqlite3 (the node-sqlite3 driver) sets code; knex may only keep it in the message.
    if (typeof e.message === 'string') {
      const m = /(?:^|- )(SQLITE_(?:FULL|READONLY\w*|CANTOPEN\w*|IOERR\w*)):/.exec(e.message);
      if (m) return faultOfCode(m[1]);
    }
    current = e.nativeError ?? e.cause;
  }
  return null;
}

/**
 * For writes a read must not fail over (presence, view counters): a storage fault is swallowed so reads keep
 * working on a read-only or full disk; any other error still propagates.
 */
export async function unlessStorageFault<T>(write: () => Promise<T>): Promise<T | undefined> {
  try {
    return await write();
  } catch (error) {
    if (storageFault(error)) return undefined;
    throw error;
  }
}

/** A clear 503 / 507 for a storage fault: writes are refused, nothing half-written is kept. */
export function storageError(fault: StorageFault): HttpError {
  if (fault === 'full') return new HttpError(507, STORAGE_MESSAGES.full, 'storage_full');
  return new HttpError(503, STORAGE_MESSAGES[fault], fault === 'readOnly' ? 'read_only' : 'storage_unavailable', {}, { 'Retry-After': '60' });
}

/**
 * At startup: can Saathi write to its data directory (and its SQLite file)? A sentence for the operator when it
 * cannot, instead of a driver error halfway through migrating.
 */
export function dataDirProblem(dataDir: string, databaseFile?: string): string | null {
  try {
    fs.mkdirSync(dataDir, { recursive: true });
    const probe = path.join(dataDir, `.write-check-${process.pid}`);
    fs.writeFileSync(probe, 'ok');
    fs.rmSync(probe, { force: true });
    if (databaseFile && fs.existsSync(databaseFile)) fs.accessSync(databaseFile, fs.constants.W_OK);
    return null;
  } catch (error) {
    const where = `the data directory ${dataDir}`;
    const fix = 'Make it writable, or start Saathi with --data-dir (env DATA_DIR) pointing at a writable directory.';
    switch (storageFault(error)) {
      case 'readOnly':
        return `Saathi cannot start: ${where} is read-only. Saathi keeps its database, photos and keys there. ${fix}`;
      case 'full':
        return `Saathi cannot start: the disk holding ${where} is full. Free some space and start Saathi again.`;
      case 'notWritable':
        return `Saathi cannot start: it has no permission to write to ${where}. ${fix}`;
      default:
        return `Saathi cannot start: ${where} cannot be used (${(error as Error).message}).`;
    }
  }
}

/**
 * The one app-level error handler: every error becomes `{message, ...}` with the right status. Database errors
 * are mapped by class (unique → 409, not-null/check → 400); storage faults (full disk, read-only data directory)
 * become 507 / 503 with a plain message; nothing from SQL or a stack reaches the client.
 */
export function errorHandler(log: (entry: Record<string, unknown>) => void) {
  return async function handleErrors(ctx: Context, next: Next): Promise<void> {
    try {
      await next();
    } catch (error) {
      const { status, body, headers } = toResponse(error);
      if (status >= 500) log({ level: 'error', msg: 'request failed', reqId: (ctx.state as { requestId?: string }).requestId, path: ctx.path, err: String((error as Error)?.stack ?? error) });
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
  const fault = storageFault(error);
  if (fault) {
    const mapped = storageError(fault);
    return { status: mapped.status, body: { message: mapped.message }, headers: mapped.headers };
  }
  const e = error as { status?: number; statusCode?: number; expose?: boolean; message?: string; type?: string; code?: unknown };
  // A body that claims gzip, deflate or br but does not decompress is the client's mistake, not ours.
  if (typeof e?.code === 'string' && /^(Z_(DATA|BUF|STREAM)_ERROR|ERR__ERROR_FORMAT_)/.test(e.code)) {
    return { status: 400, body: { message: 'The request body could not be decompressed' }, headers: {} };
  }
  if (e?.type === 'encoding.unsupported' || (e?.status === 415 && !(error instanceof HttpError))) {
    return { status: 415, body: { message: 'Unsupported Content-Encoding: send the body uncompressed, or as gzip, deflate or br' }, headers: {} };
  }
  const status = e?.status ?? e?.statusCode;
  // Errors raised by koa-body / raw-body for malformed or oversized bodies.
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const message =
      status === 413
        ? 'Request body is too large'
        : e.type === 'entity.parse.failed' || error instanceof SyntaxError
          ? 'Malformed request body'
          : e.expose && e.message
            ? e.message
            : 'Bad request';
    return { status, body: { message }, headers: {} };
  }
  if (error instanceof DBError) return { status: 500, body: { message: 'Something went wrong. Please try again later.' }, headers: {} };
  return { status: 500, body: { message: 'Something went wrong. Please try again later.' }, headers: {} };
}
