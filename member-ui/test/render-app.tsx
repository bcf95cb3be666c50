import { cleanup, render } from '@testing-library/react';
import { SPLASH_SEEN_COOKIE } from '../../contracts/splash';
import { createMemoryHistory } from '@tanstack/react-router';
import type { SessionUser } from '../../contracts/auth';
import type { Language } from '../../contracts/i18n/languages';
import { App } from '../app/app';
import { dismissToast } from '../components/ui/toast';
import { createAppQueryClient } from '../lib/query-client';
import { createAppRouter } from '../router';
import { loadCatalogue } from '../i18n/catalogue';
import { type FetchHandler, type FetchStub, jsonResponse, stubFetch } from './fetch-stub';

export interface FakeServerOptions {
  /** The signed-in member, or null for a visitor (GET /api/auth/user answers 401). */
  user?: SessionUser | null;
  notificationCount?: number;
  unreadMessages?: number;
  /** Answers anything else; return undefined to fall through to a 404. */
  handle?: (request: Parameters<FetchHandler>[0]) => Response | Promise<Response> | undefined;
}

/** A fake API covering the shell's reads; tests add the calls they exercise through `handle`. */
export function fakeServer({ user = null, notificationCount = 0, unreadMessages = 0, handle }: FakeServerOptions = {}) {
  return async (request: Parameters<FetchHandler>[0]): Promise<Response> => {
    const custom = await handle?.(request);
    if (custom) return custom;
    const path = request.url.pathname;
    if (path === '/api/auth/user') {
      return user ? jsonResponse(200, user) : jsonResponse(401, { message: 'Not authenticated' });
    }
    if (/^\/api\/notifications\/\d+\/count$/.test(path)) return jsonResponse(200, { count: notificationCount });
    if (/^\/api\/messages\/\d+\/unread-count$/.test(path)) return jsonResponse(200, { count: unreadMessages });
    if (/^\/api\/notifications\/\d+$/.test(path)) return jsonResponse(200, []);
    return jsonResponse(404, { message: 'Not found' });
  };
}

let activeCleanup: (() => void) | null = null;

export interface RenderAppOptions {
  /**
   * A browser that has not completed the splash walkthrough: "/" then redirects to /splash once. By default
   * tests run as a returning browser (walkthrough done), with empty session storage.
   */
  firstVisit?: boolean;
  /** A returning browser whose record of the walkthrough is its cookie alone (storage cleared since). */
  seenByCookie?: boolean;
}

/** A browser's own records of earlier visits gone: storage, and the walkthrough's cookie (contracts/splash.ts). */
function freshBrowser(): void {
  window.localStorage.clear();
  window.sessionStorage.clear();
  // biome-ignore lint/suspicious/noDocumentCookie: happy-dom's document has no Cookie Store
  document.cookie = `${SPLASH_SEEN_COOKIE}=; Max-Age=0; Path=/`;
}

/** Renders the whole member app at `path` against a stubbed fetch. */
export function renderApp(path: string, server: FetchHandler = fakeServer(), { firstVisit = false, seenByCookie = false }: RenderAppOptions = {}) {
  freshBrowser();
  // biome-ignore lint/suspicious/noDocumentCookie: happy-dom's document has no Cookie Store
  if (seenByCookie) document.cookie = `${SPLASH_SEEN_COOKIE}=1; Path=/`;
  else if (!firstVisit) window.localStorage.setItem('hasSeenSplash', 'true');
  const fetchStub: FetchStub = stubFetch(server);
  const queryClient = createAppQueryClient();
  const history = createMemoryHistory({ initialEntries: [path] });
  const router = createAppRouter({ queryClient, history });
  const view = render(<App queryClient={queryClient} router={router} />);
  activeCleanup = () => {
    view.unmount();
    queryClient.clear();
    fetchStub.restore();
  };
  return { ...view, router, queryClient, fetchStub };
}

/**
 * Renders the whole member app at `path` in `language`, its catalogue loaded before the first render as
 * app/start.tsx does (a returning browser). Cleaned up by cleanupApp.
 */
export async function renderAppIn(language: Language, path: string, server: FetchHandler = fakeServer()) {
  const messages = await loadCatalogue(language);
  freshBrowser();
  window.localStorage.setItem('hasSeenSplash', 'true');
  const fetchStub: FetchStub = stubFetch(server);
  const queryClient = createAppQueryClient();
  const router = createAppRouter({ queryClient, history: createMemoryHistory({ initialEntries: [path] }) });
  const view = render(<App queryClient={queryClient} router={router} language={language} messages={messages} />);
  activeCleanup = () => {
    view.unmount();
    queryClient.clear();
    fetchStub.restore();
  };
  return { ...view, router, queryClient, fetchStub };
}

/** Latin words of 2 letters or more left in `text` once the given names (people, places, addresses) are taken out. */
export function englishWords(text: string, names: readonly string[]): string[] {
  return names.reduce((rest, name) => rest.split(name).join(' '), text).match(/[A-Za-z]{2,}/g) ?? [];
}

/** Call from afterEach: unmounts, stops polling and restores fetch. */
export function cleanupApp(): void {
  activeCleanup?.();
  activeCleanup = null;
  dismissToast();
  cleanup();
}

