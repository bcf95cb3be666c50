// A signed-in member's home, search and profile pages arrive with their first cards (the server's render of the app's own
// screen): shown before any script has run, kept until the app's own render of that screen, which takes their
// place without moving anything; the app works as usual after.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { type ApiCookies, type ApiSession, type RunningSaathi, demoApiSession, launchBrowser, signedInPhonePage, startSaathi, toastText, viewportScreenshot } from './harness';

let saathi: RunningSaathi;
let browser: Browser;
let session: ApiSession;
let cookies: ApiCookies;

before(async () => {
  saathi = await startSaathi();
  const seeded = saathi.cli(['seed', '--profiles', '30']);
  assert.equal(seeded.status, 0, seeded.stderr);
  session = await demoApiSession(saathi.url);
  cookies = session.cookies();
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await saathi?.stop();
});

type Box = { x: number; y: number; width: number; height: number };

/** The page as the server sent it: the app's scripts are not loaded. */
async function serverOnly(path: string, card: string): Promise<{ photo: string | null; box: Box; loaded: boolean }> {
  const page = await signedInPhonePage(browser, saathi.url, cookies);
  await page.route('**/assets/**/*.js', (route) => route.abort());
  await page.goto(path);
  const first = page.locator(`.first-screen ${card}`).first();
  await first.locator('img').evaluate((img: HTMLImageElement) => img.decode());
  const result = {
    photo: await first.locator('img').getAttribute('src'),
    box: (await first.boundingBox()) as Box,
    loaded: await first.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
  };
  await viewportScreenshot(page, `first-screen-${path === '/' ? 'home' : path.slice(1).replace(/\/\d+$/, '')}-server`);
  await page.context().close();
  return result;
}

/** Layout shifts, the largest paints and any spinner put into the page, from the page's first moment. */
async function watched(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen = { shift: 0, lcp: [] as string[], lcpServer: [] as boolean[], spinners: 0, where: [] as string[] };
    (window as unknown as { seen: typeof seen }).seen = seen;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) if (!entry.hadRecentInput) seen.shift += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { url: string; element: Element | null }>) {
        seen.lcp.push(new URL(entry.url || '-', location.href).pathname);
        // Told soon after the paint, before the app has replaced the server's copy: whose content it was.
        seen.lcpServer.push(Boolean(entry.element?.closest('.first-screen')));
      }
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.addedNodes) if (node instanceof Element && (node.matches('.full-page-spinner') || node.querySelector('.full-page-spinner'))) {
          seen.spinners += 1;
          const spinner = node.matches('.full-page-spinner') ? node : node.querySelector('.full-page-spinner');
          seen.where.push(`${Math.round(performance.now())} ${spinner?.parentElement?.outerHTML.slice(0, 400)} ${location.pathname}`);
        }
    }).observe(document, { childList: true, subtree: true });
  });
}

const seen = (page: Page) =>
  page.evaluate(() => (window as unknown as { seen: { shift: number; lcp: string[]; lcpServer: boolean[]; spinners: number; where: string[] } }).seen);

test("home: the first daily matches are in the page before the app runs, in the app's place; the app takes over without a shift or a spinner", async () => {
  const daily = (await (await session.call('GET', '/api/matches/daily')).json()) as Array<{ id: number; photos: string[] }>;
  const server = await serverOnly('/', '.daily-card');
  assert.equal(server.photo, daily[0].photos[0], "the photo the member's daily answer names first");
  assert.ok(server.loaded, 'the photo is shown without the app');

  const page = await signedInPhonePage(browser, saathi.url, cookies);
  await watched(page);
  await page.goto('/');
  // The app's own home: its navigation and the featured matches it loads itself.
  await page.getByRole('navigation', { name: 'Main' }).waitFor();
  await page.locator('.featured-card:not(.shimmer)').first().waitFor();
  assert.equal(await page.locator('.first-screen').count(), 0, "the server's copy is gone");
  const app = page.locator('.daily-card').first();
  assert.equal(await app.locator('img').getAttribute('src'), daily[0].photos[0]);
  assert.deepEqual(await app.boundingBox(), server.box, 'the same place and size');
  const watchedNow = await seen(page);
  assert.equal(watchedNow.shift, 0, 'no layout shift');
  assert.equal(watchedNow.spinners, 0, `no spinner between the two: ${watchedNow.where.join('\n')}`);
  assert.equal(watchedNow.lcp.at(-1), daily[0].photos[0], "the largest paint is the server's photo");
  await viewportScreenshot(page, 'first-screen-home-app');

  await app.getByRole('link').click();
  await page.waitForURL(`**/profile/${daily[0].id}`);
  await page.locator('.profile-view').waitFor();
  await page.context().close();
});

test('search: the first result is in the page before the app runs; the app takes over without a shift or a spinner and opens the profile', async () => {
  const results = (await (await session.call('GET', '/api/search?limit=20')).json()) as Array<{ id: number; fullName: string; photos: string[] }>;
  const server = await serverOnly('/search', '.result-card');
  assert.equal(server.photo, results[0].photos[0]);
  assert.ok(server.loaded);

  const page = await signedInPhonePage(browser, saathi.url, cookies);
  await watched(page);
  await page.goto('/search');
  await page.getByRole('navigation', { name: 'Main' }).waitFor();
  // The app's own list: more than the one card the server painted.
  await page.locator('.result-card:not(.result-card--skeleton)').nth(1).waitFor();
  assert.equal(await page.locator('.first-screen').count(), 0);
  const app = page.locator('.result-card').first();
  assert.deepEqual(await app.boundingBox(), server.box);
  const watchedNow = await seen(page);
  assert.equal(watchedNow.shift, 0);
  assert.equal(watchedNow.spinners, 0);
  assert.equal(watchedNow.lcp.at(-1), results[0].photos[0]);
  await viewportScreenshot(page, 'first-screen-search-app');

  await app.getByRole('link', { name: /^View Profile of/ }).click();
  await page.waitForURL(`**/profile/${results[0].id}`);
  await page.locator('.profile-view').waitFor();
  await page.context().close();
});

test("a profile: its photo and introduction are in the page before the app runs; the app takes over without a shift or a spinner", async () => {
  const daily = (await (await session.call('GET', '/api/matches/daily')).json()) as Array<{ id: number }>;
  const id = daily[0].id;
  const before = (await (await session.call('GET', `/api/profiles/${id}`)).json()) as { photoDetails: Array<{ url: string }>; fullName: string };
  const photo = before.photoDetails[0].url;
  const server = await serverOnly(`/profile/${id}`, '.gallery__main');
  assert.equal(server.photo, photo, "the photo the member's profile answer names first");
  assert.ok(server.loaded, 'the photo is shown without the app');

  const page = await signedInPhonePage(browser, saathi.url, cookies);
  await watched(page);
  await page.goto(`/profile/${id}`);
  await page.getByRole('navigation', { name: 'Main' }).waitFor();
  // The app's own screen: the details below the introduction are its render, never the server's.
  await page.locator('.profile-details').waitFor();
  assert.equal(await page.locator('.first-screen').count(), 0, "the server's copy is gone");
  const app = page.locator('.gallery__main').first();
  assert.equal(await app.locator('img').getAttribute('src'), photo);
  assert.deepEqual(await app.boundingBox(), server.box, 'the same place and size');
  const watchedNow = await seen(page);
  assert.equal(watchedNow.shift, 0, 'no layout shift');
  assert.equal(watchedNow.spinners, 0, `no spinner between the two: ${watchedNow.where.join('\n')}`);
  assert.equal(watchedNow.lcp.at(-1), photo, "the largest paint is the server's photo");
  await viewportScreenshot(page, 'first-screen-profile-app');
  await page.context().close();
});

test("a chat: its newest messages are in the page before the app runs, in the browser's language and time, scrolled to the newest; the app takes over without a shift or a spinner", async () => {
  const me = ((await (await session.call('GET', '/api/auth/user')).json()) as { id: number }).id;
  const conversations = (await (await session.call('GET', `/api/messages/${me}`)).json()) as Array<{ otherUser: { id: number } }>;
  const other = conversations[0].otherUser.id;
  const thread = (await (await session.call('GET', `/api/messages/${me}/${other}`)).json()) as Array<{ id: number; content: string }>;
  assert.ok(thread.length > 3, 'the seeded conversation has messages');
  const newest = thread[thread.length - 1];

  // A first visit: the app writes the browser's language and time zone for the server; the page has no chat in it.
  const first = await signedInPhonePage(browser, saathi.url, cookies);
  const plain = await first.request.get(`/chat/${other}`);
  assert.ok(!(await plain.text()).includes('first-screen'), 'no times to write yet: no chat in the page');
  await first.goto(`/chat/${other}`);
  await first.locator('.chat textarea').waitFor();
  const reader = (await first.context().cookies()).find((c) => c.name === 'saathi.reader');
  assert.ok(reader, 'the app told the server its language and time zone');
  await first.context().close();
  const withReader = [...cookies, { name: reader.name, value: reader.value }];

  const server = await signedInPhonePage(browser, saathi.url, withReader);
  await server.route('**/assets/**/*.js', (route) => route.abort());
  const response = await server.goto(`/chat/${other}`);
  assert.equal(response?.headers()['cache-control'], 'no-store', 'a private conversation is not kept');
  const lastServer = server.locator(`.first-screen [data-message-id="${newest.id}"]`);
  assert.equal(await lastServer.locator('.bubble__text').textContent(), newest.content);
  const serverBox = (await lastServer.boundingBox()) as Box;
  assert.ok(serverBox.y + serverBox.height <= 844 && serverBox.y > 0, `the newest message is in view: ${JSON.stringify(serverBox)}`);
  const serverTimes = await server.locator('.first-screen .bubble time').allTextContents();
  await viewportScreenshot(server, 'first-screen-chat-server');
  await server.context().close();

  const page = await signedInPhonePage(browser, saathi.url, withReader);
  await watched(page);
  await page.goto(`/chat/${other}`);
  await page.getByRole('navigation', { name: 'Main' }).waitFor();
  // The app's own thread: the server's copy gives way once the thread and its peer have arrived.
  await page.locator('.first-screen').waitFor({ state: 'detached' });
  await page.locator(`.bubble[data-message-id="${thread[0].id}"]`).waitFor();
  const last = page.locator(`[data-message-id="${newest.id}"]`);
  assert.deepEqual(await last.boundingBox(), serverBox, 'the newest message in the same place');
  // Same clock, same language: the app writes the same times (their last ones: the server sends the newest 40).
  const appTimes = await page.locator('.bubble time').allTextContents();
  assert.deepEqual(appTimes.slice(-serverTimes.length), serverTimes);
  const watchedNow = await seen(page);
  assert.equal(watchedNow.shift, 0, 'no layout shift');
  assert.equal(watchedNow.spinners, 0, `no spinner between the two: ${watchedNow.where.join('\n')}`);
  assert.equal(watchedNow.lcpServer.at(-1), true, `the largest paint is the server's: ${watchedNow.lcp} ${watchedNow.lcpServer}`);
  await viewportScreenshot(page, 'first-screen-chat-app');
  await page.context().close();
});

test("a tap on the server's copy before the app has taken over is not lost: the app's own button gets it", async () => {
  const results = (await (await session.call('GET', '/api/search?limit=20')).json()) as Array<{ id: number; fullName: string }>;
  const first = results[0];
  const page = await signedInPhonePage(browser, saathi.url, cookies);
  // The page's own small script runs; the app's code (its start file, which imports the rest) waits until the
  // member has tapped, as on a phone where it arrives a second or more after the first screen.
  let release = () => {};
  const arrived = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/assets/chunks/start-*.js', async (route) => {
    await arrived;
    await route.continue();
  });
  await page.goto('/search', { waitUntil: 'domcontentloaded' });
  const copy = page.locator('[data-first-screen]').getByRole('button', { name: `Not interested in ${first.fullName}` });
  await copy.click();
  assert.equal(await copy.getAttribute('aria-busy'), 'true', 'the button shows the tap was taken');
  release();
  await toastText(page, `${first.fullName} is set aside`).waitFor();
  const setAside = (await (await session.call('GET', '/api/not-interested')).json()) as Array<{ id: number }>;
  assert.ok(setAside.some((card) => card.id === first.id), 'the app set the profile aside');
  assert.equal(await page.locator('.result-card').filter({ hasText: first.fullName }).count(), 0, 'the card left the list');
  await page.context().close();
  assert.equal((await session.call('DELETE', `/api/not-interested/${first.id}`)).status, 204);
});
