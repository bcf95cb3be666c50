import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Context, Next } from 'koa';
import { NotNullViolationError, UniqueViolationError, ForeignKeyViolationError, CheckViolationError } from 'objection';
import type { CatalogueId } from '../contracts/i18n/catalogue-ids';
import type { Language } from '../contracts/i18n/languages';
import { localizedMessage, requestLanguage, translate, type Values } from './i18n';

/**
 * A refusal whose text holds values (a count, a name, a limit): thrown by its catalogue id, `said(id, values)`. The
 * error's `message` is its English (for logs and tests); the answer is in the reader's language. A refusal without
 * values is thrown as its English text, which the catalogue translates (`localizedMessage`).
 */
export interface Said {
  readonly id: CatalogueId;
  /** a value may itself be a catalogue message (a stand-in for a missing name), worded in the same language */
  readonly values?: Record<string, Values[string] | Said>;
}
export type ErrorText = string | Said;
export const said = (id: CatalogueId, values?: Said['values']): Said => ({ id, values });

const isSaid = (value: unknown): value is Said => typeof value === 'object' && value !== null && !(value instanceof Date) && 'id' in value;

/** A refusal thrown by its id, in `language`. */
export function wordsOf(message: Said, language: Language): string {
  const values = message.values && Object.fromEntries(Object.entries(message.values).map(([name, value]) => [name, isSaid(value) ? wordsOf(value, language) : value]));
  return translate(language, message.id, values);
}

/**
 * An error whose message is safe to show the member. `code` names its kind ('not_found', 'rate_limited'): stable,
 * for clients and logs. Each occurrence is named by the request's id (`errorId` in the body).
 */
export class HttpError extends Error {
  /** The catalogue message of a refusal thrown with values, translated when answered. */
  readonly said: Said | null;
  constructor(
    readonly status: number,
    message: ErrorText,
    readonly code: string,
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof message === 'string' ? message : wordsOf(message, 'en'));
    this.said = typeof message === 'string' ? null : message;
  }
}

export const badRequest = (message: ErrorText, extra: Record<string, unknown> = {}) =>
  new HttpError(400, message, 'bad_request', extra);
export const validationFailed = (message: ErrorText, field?: string) =>
  new HttpError(400, message, 'validation_error', field ? { field } : {});
export const unauthorized = (message: ErrorText = 'Not authenticated') => new HttpError(401, message, 'unauthorized');
export const forbidden = (message: ErrorText = 'You do not have permission to do that', extra: Record<string, unknown> = {}) =>
  new HttpError(403, message, 'forbidden', extra);
export const notFound = (message: ErrorText = 'Not found') => new HttpError(404, message, 'not_found');
export const conflict = (message: ErrorText, extra: Record<string, unknown> = {}) =>
  new HttpError(409, message, 'conflict', extra);
export const gone = (message: ErrorText) => new HttpError(410, message, 'gone');
export const payloadTooLarge = (message: ErrorText) => new HttpError(413, message, 'payload_too_large');
export const unsupportedMediaType = (message: ErrorText) => new HttpError(415, message, 'unsupported_media_type');
export const unprocessable = (message: ErrorText) => new HttpError(422, message, 'unprocessable');
export const tooManyRequests = (message: ErrorText, retryAfterSeconds: number) =>
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
 * The error codes behind an error: its own and those of the wrappers knex, Objection and formidable put around the
 * original (sqlite3, the node-sqlite3 driver, sets a code; knex may only keep it in the message).
 */
function* codesOf(error: unknown): Generator<string> {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const e = current as { code?: unknown; nativeError?: unknown; cause?: unknown; message?: unknown };
    if (typeof e.code === 'string') yield e.code;
    if (typeof e.message === 'string') {
      const m = /(?:^|- )(SQLITE_(?:FULL|READONLY\w*|CANTOPEN\w*|IOERR\w*|BUSY\w*|LOCKED\w*)):/.exec(e.message);
      if (m) yield m[1];
    }
    current = e.nativeError ?? e.cause;
  }
}

/** The storage fault behind an error, if any: a full disk, a read-only or unwritable data directory, an I/O error. */
export function storageFault(error: unknown): StorageFault | null {
  for (const code of codesOf(error)) {
    const fault = faultOfCode(code);
    if (fault) return fault;
  }
  return null;
}

/**
 * Whether an error is another write holding what this one needed: PostgreSQL's deadlock (40P01), serialization
 * failure (40001) or lock timeout (55P03), SQLite's busy or locked database after its busy timeout. The statement's
 * transaction was rolled back, and the same request can succeed a moment later: a 503 asking to try again, not a
 * 500. (Two transactions writing one member's rows in opposite orders can deadlock on PostgreSQL; it ends one.)
 */
export function contention(error: unknown): boolean {
  for (const code of codesOf(error)) {
    if (code === '40P01' || code === '40001' || code === '55P03' || code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')) return true;
  }
  return false;
}

/**
 * Whether an error is a unique-index violation, from any driver: Objection's UniqueViolationError (which it makes
 * for PostgreSQL and node-sqlite3), PostgreSQL's 23505, better-sqlite3's SQLITE_CONSTRAINT_UNIQUE (which Objection
 * passes through as it is), node-sqlite3's SQLITE_CONSTRAINT with its "UNIQUE constraint failed" message.
 */
export function uniqueViolation(error: unknown): boolean {
  if (error instanceof UniqueViolationError) return true;
  for (const code of codesOf(error)) {
    if (code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY') return true;
    if (code === 'SQLITE_CONSTRAINT' && /UNIQUE constraint failed/.test(String((error as Error)?.message))) return true;
  }
  return false;
}

export const CONTENTION_MESSAGE = 'Another change to the same record was being saved at the same moment. Please try again.';

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

/** The request's id (set first thing for every request, sent as X-Request-Id); made here if a test app lacks it. */
function requestIdOf(ctx: Context): string {
  const state = ctx.state as { requestId?: string };
  if (!state.requestId) {
    state.requestId = crypto.randomUUID();
    ctx.set('X-Request-Id', state.requestId);
  }
  return state.requestId;
}

/**
 * Answers a request with an error and writes its one log line. The body is `{message, code, ...extra, errorId}`;
 * `errorId` is the request id, also in the X-Request-Id header and in the log line, so a member's report matches
 * the log. A 5xx is logged at error level with the stack; a 4xx at info without (the client's mistake, not ours).
 */
export function respondWithError(ctx: Context, error: unknown, log: (entry: Record<string, unknown>) => void): void {
  const { status, body: english, headers } = toResponse(error);
  // The member's language (or, before sign-in, the request's): the log line keeps the English text.
  const language = requestLanguage(ctx);
  const said = error instanceof HttpError ? error.said : null;
  const body = { ...english, message: said ? wordsOf(said, language) : localizedMessage(english.message, language) };
  const errorId = requestIdOf(ctx);
  const where = { reqId: errorId, status, code: body.code, method: ctx.method, path: ctx.path };
  // A 5xx we answer on purpose (503 while draining, 507 for a full disk) says what it is; its stack says nothing.
  if (status >= 500 && error instanceof HttpError) log({ level: 'error', msg: 'request failed', ...where, message: english.message });
  else if (status >= 500) log({ level: 'error', msg: 'request failed', ...where, err: String((error as Error)?.stack ?? error) });
  else log({ level: 'info', msg: 'request refused', ...where, message: english.message });
  ctx.status = status;
  for (const [k, v] of Object.entries(headers)) ctx.set(k, v);
  ctx.body = { ...body, errorId };
}

/**
 * The one app-level error handler: every error becomes `{message, code, ..., errorId}` with the right status.
 * Database errors are mapped by class (unique → 409, not-null/check → 400); storage faults (full disk, read-only
 * data directory) become 507 / 503 with a plain message, and a write that lost to another (a deadlock, a busy
 * database) a 503 to try again; nothing from SQL or a stack reaches the client.
 * An error status set without throwing (a missing static file, an HTML page) gets the same one log line.
 */
export function errorHandler(log: (entry: Record<string, unknown>) => void) {
  return async function handleErrors(ctx: Context, next: Next): Promise<void> {
    try {
      await next();
    } catch (error) {
      respondWithError(ctx, error, log);
      return;
    }
    if (ctx.status >= 400) {
      const failed = ctx.status >= 500;
      log({ level: failed ? 'error' : 'info', msg: failed ? 'request failed' : 'request refused', reqId: requestIdOf(ctx), status: ctx.status, method: ctx.method, path: ctx.path });
    }
  };
}

type ErrorResponse = { status: number; body: { message: string; code: string } & Record<string, unknown>; headers: Record<string, string> };

const answer = (status: number, message: string, code: string, headers: Record<string, string> = {}): ErrorResponse => ({ status, body: { message, code }, headers });

/** What the client is told about an error, before the request's id is added. */
export function toResponse(error: unknown): ErrorResponse {
  if (error instanceof HttpError) {
    return { status: error.status, body: { message: error.message, code: error.code, ...error.extra }, headers: error.headers };
  }
  if (uniqueViolation(error)) return answer(409, 'That already exists', 'conflict');
  if (error instanceof NotNullViolationError || error instanceof CheckViolationError) {
    return answer(400, 'A required value is missing or invalid', 'bad_request');
  }
  if (error instanceof ForeignKeyViolationError) return answer(409, 'A related record does not exist', 'conflict');
  const fault = storageFault(error);
  if (fault) {
    const mapped = storageError(fault);
    return answer(mapped.status, mapped.message, mapped.code, mapped.headers);
  }
  if (contention(error)) return answer(503, CONTENTION_MESSAGE, 'busy', { 'Retry-After': '1' });
  const e = error as { status?: number; statusCode?: number; expose?: boolean; message?: string; type?: string; code?: unknown };
  // A body that claims gzip, deflate or br but does not decompress is the client's mistake, not ours.
  if (typeof e?.code === 'string' && /^(Z_(DATA|BUF|STREAM)_ERROR|ERR__ERROR_FORMAT_)/.test(e.code)) {
    return answer(400, 'The request body could not be decompressed', 'bad_request');
  }
  if (e?.type === 'encoding.unsupported' || e?.status === 415) {
    return answer(415, 'Unsupported Content-Encoding: send the body uncompressed, or as gzip, deflate or br', 'unsupported_media_type');
  }
  const status = e?.status ?? e?.statusCode;
  // Errors raised by koa-body / raw-body for malformed or oversized bodies.
  if (typeof status === 'number' && status >= 400 && status < 500) {
    if (status === 413) return answer(413, 'Request body is too large', 'payload_too_large');
    const message = e.type === 'entity.parse.failed' || error instanceof SyntaxError ? 'Malformed request body' : e.expose && e.message ? e.message : 'Bad request';
    return answer(status, message, 'bad_request');
  }
  return answer(500, 'Something went wrong. Please try again later.', 'internal_error');
}
