import './setup-dom';
import { cleanup, render, type RenderResult } from '@testing-library/react';
import { App } from '../app/app';
import { createOpsQueryClient } from '../lib/query-client';
import { TEST_ORIGIN } from './setup-dom';

export interface StubbedResponse {
  status: number;
  body?: unknown;
}

export interface RecordedRequest {
  method: string;
  pathname: string;
  headers: Headers;
  bodyText: string;
}

/** Routes keyed "METHOD /path"; each answers with a fixed status and JSON body. */
export type StubRoutes = Record<string, StubbedResponse>;

export interface StubbedFetch {
  requests: RecordedRequest[];
  restore: () => void;
}

/** Replaces globalThis.fetch with canned JSON answers and records every request made. */
export function stubFetch(routes: StubRoutes): StubbedFetch {
  const original = globalThis.fetch;
  const requests: RecordedRequest[] = [];
  globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const { pathname } = new URL(request.url);
    requests.push({
      method: request.method,
      pathname,
      headers: request.headers,
      bodyText: await request.text(),
    });
    const route = routes[`${request.method} ${pathname}`];
    if (!route) return new Response(JSON.stringify({ message: 'Not found' }), { status: 404 });
    return new Response(route.body === undefined ? null : JSON.stringify(route.body), {
      status: route.status,
      headers: { 'Content-Type': 'application/json' },
    });
  };
  return {
    requests,
    restore: () => {
      globalThis.fetch = original;
    },
  };
}

/** Renders the whole console at `path`, as a reviewer would open it in the browser. */
export function renderApp(path = '/ops'): RenderResult {
  window.history.replaceState(null, '', `${TEST_ORIGIN}${path}`);
  return render(<App queryClient={createOpsQueryClient()} />);
}

export { cleanup };

export const adminUser = {
  id: 1,
  fullName: 'Anjali Mehta',
  username: 'anjali.admin',
  role: 'admin',
  email: 'anjali@saathi.example',
} as const;

export const reviewerUser = {
  id: 2,
  fullName: 'Rohan Iyer',
  username: 'rohan.reviews',
  role: 'reviewer',
  email: 'rohan@saathi.example',
} as const;
