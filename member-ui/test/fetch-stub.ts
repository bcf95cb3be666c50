/** A request the app sent, as the fake server saw it. */
export interface RecordedRequest {
  method: string;
  url: URL;
  headers: Headers;
  body: string;
  credentials: RequestCredentials;
}

export type FetchHandler = (request: RecordedRequest) => Response | Promise<Response>;

export interface FetchStub {
  calls: RecordedRequest[];
  callsTo: (method: string, pathname: string) => RecordedRequest[];
  restore: () => void;
}

/** Replaces globalThis.fetch with `handler`; every request is recorded. */
export function stubFetch(handler: FetchHandler): FetchStub {
  const original = globalThis.fetch;
  const calls: RecordedRequest[] = [];
  globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const recorded: RecordedRequest = {
      method: request.method.toUpperCase(),
      url: new URL(request.url),
      headers: request.headers,
      body: request.body ? await request.text() : '',
      credentials: request.credentials,
    };
    calls.push(recorded);
    return handler(recorded);
  };
  return {
    calls,
    callsTo: (method, pathname) => calls.filter((call) => call.method === method && call.url.pathname === pathname),
    restore: () => {
      globalThis.fetch = original;
    },
  };
}

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

export function textResponse(status: number, body: string, statusText?: string): Response {
  return new Response(body, { status, statusText, headers: { 'Content-Type': 'text/plain' } });
}

/** A promise the test resolves when it wants the fake server to answer. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
