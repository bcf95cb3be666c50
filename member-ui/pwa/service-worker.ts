/**
 * The member app's service worker (built by build.mjs to /sw.js). It keeps the app shell (the first screen's code
 * and styles, the icons and an offline page) so that a reload without a network shows Saathi's offline screen
 * instead of the browser's error; shows Web Push notifications; and opens the notification's screen on a tap,
 * in a Saathi tab already open if there is one.
 *
 * Written against a few declared types: the project's TypeScript configuration has the DOM library, not the
 * WebWorker one, and the two cannot be combined in one program.
 */
declare const __SHELL_URLS__: string[];
declare const __CACHE_NAME__: string;
/** The languages of the offline page (scripts/build-pwa.mjs writes one a language) */
declare const __OFFLINE_LANGUAGES__: string[];

interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  request: Request;
  respondWith(response: Promise<Response> | Response): void;
}
interface PushEvent extends ExtendableEvent {
  data: { json(): unknown; text(): string } | null;
}
interface NotificationEvent extends ExtendableEvent {
  notification: Notification & { data: unknown };
}
interface WindowClient {
  url: string;
  focused: boolean;
  focus(): Promise<WindowClient>;
  navigate(url: string): Promise<WindowClient | null>;
}
interface WorkerScope {
  location: Location;
  navigator: { languages?: readonly string[] };
  registration: { showNotification(title: string, options: NotificationOptions & { data?: unknown }): Promise<void> };
  clients: { matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<WindowClient[]>; openWindow(url: string): Promise<WindowClient | null>; claim(): Promise<void> };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  addEventListener(type: 'push', listener: (event: PushEvent) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: NotificationEvent) => void): void;
}

const sw = self as unknown as WorkerScope;
const offlinePage = (language: string) => `/offline.html?lang=${language}`;
/** Where the worker keeps the language of the last page the server sent (its Content-Language), in its cache. */
const PAGE_LANGUAGE = '/offline-language';
let pageLanguage: string | null = null;

/** Remembers the language of a page the server sent: the offline screen is shown in the member's language. */
function rememberLanguage(response: Response): void {
  const language = response.headers.get('Content-Language');
  if (!language || language === pageLanguage || !__OFFLINE_LANGUAGES__.includes(language)) return;
  pageLanguage = language;
  void caches.open(__CACHE_NAME__).then((cache) => cache.put(PAGE_LANGUAGE, new Response(language)));
}

/** The browser's first language the offline page is written in, else English. */
const browserLanguage = () =>
  (sw.navigator.languages ?? []).map((tag) => tag.toLowerCase().split('-')[0]).find((code) => __OFFLINE_LANGUAGES__.includes(code)) ?? 'en';

/** The offline screen in the language of the last page shown (kept across the worker's restarts), else the browser's. */
async function offlineScreen(): Promise<Response> {
  const kept = pageLanguage ?? (await (await caches.match(PAGE_LANGUAGE))?.text()) ?? browserLanguage();
  return (await caches.match(offlinePage(kept))) ?? (await caches.match(offlinePage('en'))) ?? Response.error();
}

sw.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(__CACHE_NAME__)
      .then((cache) => cache.addAll([...__OFFLINE_LANGUAGES__.map(offlinePage), ...__SHELL_URLS__]))
      .then(() => sw.skipWaiting()),
  );
});

sw.addEventListener('activate', (event) => {
  // Caches of earlier builds go: their hashed files are not referenced any more.
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => name.startsWith('saathi-') && name !== __CACHE_NAME__).map((name) => caches.delete(name))))
      .then(() => sw.clients.claim()),
  );
});

sw.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== sw.location.origin) return;
  if (request.mode === 'navigate') {
    // Pages always come from the network (a deploy is picked up at once); without one, the offline screen.
    event.respondWith(
      fetch(request).then(
        (response) => {
          rememberLanguage(response);
          return response;
        },
        () => offlineScreen(),
      ),
    );
    return;
  }
  if (url.pathname.startsWith('/assets/') || url.pathname.startsWith('/icons/')) {
    // Hashed, immutable files: the cached copy is the file.
    event.respondWith(caches.match(request).then((hit) => hit ?? fetch(request)));
  }
});

interface PushMessage {
  title?: unknown;
  body?: unknown;
  url?: unknown;
  tag?: unknown;
}

/** Only a path on this site is opened from a notification. */
const sameSiteLink = (url: unknown): string => (typeof url === 'string' && url.startsWith('/') && !url.startsWith('//') ? url : '/notifications');

sw.addEventListener('push', (event) => {
  let message: PushMessage = {};
  try {
    message = (event.data?.json() ?? {}) as PushMessage;
  } catch {
    message = { body: event.data?.text() };
  }
  const title = typeof message.title === 'string' && message.title ? message.title : 'Saathi';
  event.waitUntil(
    sw.registration.showNotification(title, {
      body: typeof message.body === 'string' ? message.body : '',
      tag: typeof message.tag === 'string' ? message.tag : undefined,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { url: sameSiteLink(message.url) },
    }),
  );
});

sw.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const link = sameSiteLink((event.notification.data as { url?: unknown } | null)?.url);
  const target = new URL(link, sw.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await sw.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const ours = windows.filter((w) => new URL(w.url).origin === sw.location.origin);
      // Focusing is allowed only briefly after the tap (and not at all to an event the browser did not send); a
      // refused focus must not keep the tab from opening the screen.
      const exact = ours.find((w) => w.url === target);
      if (exact) return exact.focus().catch(() => exact);
      const open = ours.find((w) => w.focused) ?? ours[0];
      if (open) {
        const focused = await open.focus().catch(() => open);
        const moved = await focused.navigate(target).catch(() => null);
        if (moved) return moved;
      }
      return sw.clients.openWindow(target);
    })(),
  );
});
