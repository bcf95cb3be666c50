import ky, { type Options } from 'ky';
import { errorReference } from '../../contracts/errors';

/**
 * A non-OK HTTP response. Its message is
 * "{status}: {body text}" (or the status text when the body is empty).
 */
export class ApiError extends Error {
  readonly status: number;
  readonly bodyText: string;

  constructor(status: number, statusText: string, bodyText: string) {
    super(`${status}: ${bodyText || statusText}`);
    this.name = 'ApiError';
    this.status = status;
    this.bodyText = bodyText;
  }

  /**
   * The `message` field of a JSON error body, if there is one. A server failure (5xx) also gets its short reference
   * ("Reference: 3f2a9c1e") so what the member reports can be found in the server log; a 4xx message stays as sent.
   */
  get serverMessage(): string | undefined {
    const message = readJsonField(this.bodyText, 'message');
    const errorId = this.errorId;
    return message && errorId && this.status >= 500 ? `${message} ${errorReference(errorId)}` : message;
  }

  /** The id of this occurrence (the server's request id), if the body names one. */
  get errorId(): string | undefined {
    return readJsonField(this.bodyText, 'errorId');
  }

  /** The `field` a validation error names, if any. */
  get field(): string | undefined {
    return readJsonField(this.bodyText, 'field');
  }
}

function readJsonField(text: string, key: string): string | undefined {
  if (!text) return undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object' && key in parsed) {
      const value = (parsed as Record<string, unknown>)[key];
      return typeof value === 'string' && value.length > 0 ? value : undefined;
    }
  } catch {
    // Not JSON: the caller falls back to the raw text.
  }
  return undefined;
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

// Errors are thrown by `request` below (not by ky) so the message format is ours.
// `fetch` is looked up per call so tests can stub globalThis.fetch.
const http = ky.create({
  credentials: 'include',
  retry: 0,
  timeout: 30_000,
  throwHttpErrors: false,
  fetch: (input, init) => globalThis.fetch(input, init),
});

export type RequestOptions = Omit<Options, 'method' | 'throwHttpErrors'>;

export async function request(method: string, path: string, options: RequestOptions = {}): Promise<Response> {
  const response = await http(path, { ...options, method });
  if (!response.ok) {
    const bodyText = await response.text().catch(() => '');
    throw new ApiError(response.status, response.statusText, bodyText);
  }
  return response;
}

async function parseJson<T>(response: Response): Promise<T> {
  const text = await response.text();
  return (text ? JSON.parse(text) : null) as T;
}

const JSON_ACCEPT = { Accept: 'application/json' } as const;

/** The one HTTP client of the member app: cookies always sent, no retries, JSON in and out. */
export const api = {
  get: <T>(path: string, options: RequestOptions = {}) =>
    request('GET', path, { ...options, headers: { ...JSON_ACCEPT, ...headersOf(options) } }).then(parseJson<T>),
  post: <T>(path: string, options: RequestOptions = {}) =>
    request('POST', path, { ...options, headers: { ...JSON_ACCEPT, ...headersOf(options) } }).then(parseJson<T>),
  patch: <T>(path: string, options: RequestOptions = {}) =>
    request('PATCH', path, { ...options, headers: { ...JSON_ACCEPT, ...headersOf(options) } }).then(parseJson<T>),
  put: <T>(path: string, options: RequestOptions = {}) =>
    request('PUT', path, { ...options, headers: { ...JSON_ACCEPT, ...headersOf(options) } }).then(parseJson<T>),
  delete: <T>(path: string, options: RequestOptions = {}) =>
    request('DELETE', path, { ...options, headers: { ...JSON_ACCEPT, ...headersOf(options) } }).then(parseJson<T>),
};

function headersOf(options: RequestOptions): Record<string, string> {
  const headers = options.headers;
  if (!headers) return {};
  if (headers instanceof Headers) return Object.fromEntries(headers.entries());
  if (Array.isArray(headers)) return Object.fromEntries(headers);
  const plain: Record<string, string> = {};
  for (const [key, value] of Object.entries(headers)) {
    if (typeof value === 'string') plain[key] = value;
  }
  return plain;
}

/** Form-encoded body, as the auth endpoints expect. */
export function formBody(fields: Record<string, string>): URLSearchParams {
  return new URLSearchParams(fields);
}

/** fetch rejects with a TypeError when the network fails; HTTP errors are ApiError. */
export function isNetworkError(error: unknown): boolean {
  return !isApiError(error) && error instanceof Error && error.name !== 'AbortError';
}
