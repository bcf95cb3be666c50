import './setup-dom';
import { cleanup as unmountAll, render, type RenderResult } from '@testing-library/react';
import type { QueryClient } from '@tanstack/react-query';
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
  /** The query string, with its leading "?" (or empty). */
  search: string;
  searchParams: URLSearchParams;
  headers: Headers;
  bodyText: string;
}

/** Routes keyed "METHOD /path" (query string ignored); each answers with a status and JSON body, or computes one. */
export type StubRoutes = Record<string, StubbedResponse | ((request: RecordedRequest) => StubbedResponse)>;

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
    const { pathname, search, searchParams } = new URL(request.url);
    const recorded: RecordedRequest = {
      method: request.method,
      pathname,
      search,
      searchParams,
      headers: request.headers,
      bodyText: await request.text(),
    };
    requests.push(recorded);
    const handler = routes[`${request.method} ${pathname}`];
    if (!handler) return new Response(JSON.stringify({ message: 'Not found' }), { status: 404 });
    const route = typeof handler === 'function' ? handler(recorded) : handler;
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

const queryClients: QueryClient[] = [];

/** Renders the whole console at `path`, as a reviewer would open it in the browser. */
export function renderApp(path = '/ops'): RenderResult {
  window.history.replaceState(null, '', `${TEST_ORIGIN}${path}`);
  const queryClient = createOpsQueryClient();
  // Finished mutations and queries otherwise arm 5-minute garbage-collection timers that keep the test
  // process alive after the last test; an infinite gcTime arms none, and `cleanup` clears the cache instead.
  queryClient.setDefaultOptions({
    queries: { ...queryClient.getDefaultOptions().queries, gcTime: Number.POSITIVE_INFINITY },
    mutations: { ...queryClient.getDefaultOptions().mutations, gcTime: Number.POSITIVE_INFINITY },
  });
  queryClients.push(queryClient);
  return render(<App queryClient={queryClient} />);
}

/** Unmounts everything and drops the cached queries and mutations of every rendered app. */
export function cleanup(): void {
  unmountAll();
  for (const queryClient of queryClients.splice(0)) queryClient.clear();
}

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
