import ky, { type Options } from 'ky';
import { errorReference } from '../../contracts/errors';

/** A non-OK HTTP response; the message is `${status}: ${bodyText}`. */
export class ApiError extends Error {
  readonly status: number;
  readonly bodyText: string;

  constructor(status: number, bodyText: string) {
    super(`${status}: ${bodyText}`);
    this.name = 'ApiError';
    this.status = status;
    this.bodyText = bodyText;
  }

  /**
   * The `message` field of a JSON error body (`{message}` everywhere in this API), if present. A server failure
   * (5xx) also gets its short reference ("Reference: 3f2a9c1e") so the reviewer's report can be found in the log.
   */
  get serverMessage(): string | undefined {
    const message = this.field('message');
    const errorId = this.field('errorId');
    return message && errorId && this.status >= 500 ? `${message} ${errorReference(errorId)}` : message;
  }

  private field(key: string): string | undefined {
    if (!this.bodyText) return undefined;
    try {
      const parsed: unknown = JSON.parse(this.bodyText);
      if (parsed !== null && typeof parsed === 'object' && key in parsed) {
        const value = (parsed as Record<string, unknown>)[key];
        return typeof value === 'string' && value.length > 0 ? value : undefined;
      }
    } catch {
      // Not JSON: callers fall back to their own wording.
    }
    return undefined;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

// Status checks happen in `request` below (not in ky's HTTPError) so the error format is ours and does not
// depend on the ky major version. `fetch` is looked up per call so tests can stub globalThis.fetch.
const http = ky.create({
  credentials: 'include',
  retry: 0,
  timeout: 30_000,
  throwHttpErrors: false,
  fetch: (input, init) => globalThis.fetch(input, init),
});

export type RequestOptions = Omit<Options, 'method' | 'throwHttpErrors' | 'headers'> & {
  headers?: Record<string, string>;
};

/** Paths are same-origin ("/api/..."); resolving them here keeps ky happy where no document base exists. */
function resolve(path: string): string {
  const base = globalThis.location?.href;
  return base ? new URL(path, base).toString() : path;
}

async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const response = await http(resolve(path), {
    ...options,
    method,
    headers: { Accept: 'application/json', ...options.headers },
  });
  const bodyText = await response.text().catch(() => '');
  if (!response.ok) throw new ApiError(response.status, bodyText);
  return (bodyText ? JSON.parse(bodyText) : null) as T;
}

/** The one HTTP client of the ops console: cookies always sent, no retries, JSON in and out. */
export const api = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, options),
  post: <T>(path: string, options?: RequestOptions) => request<T>('POST', path, options),
  patch: <T>(path: string, options?: RequestOptions) => request<T>('PATCH', path, options),
  delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, options),
};

/** fetch rejects with a TypeError when the network fails; HTTP failures are ApiError. */
export function isNetworkError(error: unknown): boolean {
  return !isApiError(error) && error instanceof Error && error.name !== 'AbortError';
}

/** What to tell the reviewer when a request fails: the server's own message where it sent one. */
export function describeApiError(error: unknown, fallback: string): string {
  if (isApiError(error)) {
    if (error.serverMessage) return error.serverMessage;
    if (error.status === 403) return 'You do not have access to this.';
    if (error.status === 404) return 'It no longer exists. Refresh the list and try again.';
    return fallback;
  }
  // A response that does not match the expected shape is our bug, not the reviewer's connection.
  if (error instanceof Error && error.name === 'ZodError') return `${fallback} (unexpected answer from the server)`;
  if (isNetworkError(error)) return 'The server could not be reached. Check your connection and try again.';
  return fallback;
}
