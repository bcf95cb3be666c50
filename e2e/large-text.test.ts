import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type BrowserContext, type Page, chromium } from 'playwright-core';
import { type RunningSaathi, assertNoOverflow, screenshot, signInAsDemo, startSaathi, viewportScreenshot } from './harness';

/**
 * Every member screen at 200 % text on a 390 px phone, as a parent with the phone's text size turned up reads it.
 * The browser's text-size setting scales the root font size, which every size in the member app's CSS is relative
 * to; the test sets it through Chromium's own font-size preference. On each screen: nothing scrolls sideways, the header's and the bottom bar's
 * targets are all on the screen and none covers another, and no word is broken one letter a line.
 */
let context: BrowserContext;
let profileDir = '';
let saathi: RunningSaathi;
let page: Page;
let demoProfileId = 0;
let otherProfileId = 0;
let otherUserId = 0;

before(async () => {
  saathi = await startSaathi();
  const seeded = saathi.cli(['seed', '--profiles', '40']);
  assert.equal(seeded.status, 0, seeded.stderr);
  // The browser's own text-size setting at twice its default (16 px → 32 px), as a phone's large-text setting
  // does: Chromium's font-size preference, written into a fresh profile before the browser starts.
  profileDir = fs.mkdtempSync(path.join(os.tmpdir(), 'saathi-large-text-'));
  fs.mkdirSync(path.join(profileDir, 'Default'));
  fs.writeFileSync(path.join(profileDir, 'Default', 'Preferences'), JSON.stringify({ webkit: { webprefs: { default_font_size: 32, default_fixed_font_size: 26 } } }));
  context = await chromium.launchPersistentContext(profileDir, {
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-dev-shm-usage'],
    baseURL: saathi.url,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 1,
    isMobile: true,
    hasTouch: true,
  });
  await context.addInitScript(() => window.localStorage.setItem('hasSeenSplash', 'true'));
  page = await context.newPage();
  assert.equal(await page.evaluate(() => getComputedStyle(document.documentElement).fontSize), '32px', 'the text-size preference applies');
  await signInAsDemo(page);
  const me = (await (await page.request.get('/api/auth/user')).json()) as { user?: { id: number }; id?: number };
  const myId = me.user?.id ?? me.id ?? 0;
  demoProfileId = ((await (await page.request.get(`/api/profiles/user/${myId}`)).json()) as { id: number }).id;
  const cards = (await (await page.request.get('/api/search')).json()) as Array<{ id: number; userId: number }>;
  assert.ok(cards.length > 0, 'the seeded members are found');
  otherProfileId = cards[0].id;
  otherUserId = cards[0].userId;
});

after(async () => {
  await context?.close();
  if (profileDir) fs.rmSync(profileDir, { recursive: true, force: true });
  await saathi?.stop();
});

/** Rectangles of the visible navigation targets: the header's and the bottom bar's links and buttons. */
async function navigationTargets(target: Page) {
  return target.evaluate(() =>
    [...document.querySelectorAll('.app-header a, .app-header button, .bottom-nav a')]
      .filter((el) => {
        const r = el.getBoundingClientRect();
        const style = getComputedStyle(el);
        return r.width > 0 && r.height > 0 && style.visibility !== 'hidden';
      })
      .map((el) => {
        const r = el.getBoundingClientRect();
        return { name: (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 30), left: r.left, right: r.right, top: r.top, bottom: r.bottom };
      }),
  );
}

/** Names of words drawn one or two letters a line: a text element far narrower than its own text's longest word. */
async function brokenWords(target: Page) {
  return target.evaluate(() => {
    const found: string[] = [];
    for (const el of document.querySelectorAll('#root h1, #root h2, #root h3, #root p, #root span, #root a, #root button, #root label, #root dd, #root dt, #root li')) {
      if (el.children.length > 0) continue;
      const text = (el.textContent ?? '').trim();
      const longest = text.split(/\s+/).reduce((a, b) => (b.length > a.length ? b : a), '');
      if (longest.length < 4) continue;
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      const size = Number.parseFloat(getComputedStyle(el).fontSize);
      // A word of n letters needs about n × 0.45 em; one a third as wide as that is broken letter by letter.
      if (r.width < size * longest.length * 0.15 && r.height > size * 3) found.push(`"${text.slice(0, 30)}" (${Math.round(r.width)}px wide)`);
    }
    return found.slice(0, 5);
  });
}

async function checkScreen(route: string, name: string, ready: (p: Page) => Promise<unknown>) {
  await page.goto(route);
  await ready(page);
  // Loaded: no spinner and no skeleton left on the screen.
  await page.waitForFunction(() => !document.querySelector('#root .spinner, #root [aria-busy="true"], #root .skeleton'));
  await page.evaluate(() => document.fonts.ready);
  await screenshot(page, `large-text-${name}`);
  await viewportScreenshot(page, `large-text-${name}-screen`);
  await assertNoOverflow(page);
  const viewport = page.viewportSize() ?? { width: 390, height: 844 };
  const targets = await navigationTargets(page);
  for (const t of targets) {
    assert.ok(t.left >= -1 && t.right <= viewport.width + 1, `${name}: "${t.name}" is off the side of the screen (${Math.round(t.left)}–${Math.round(t.right)})`);
  }
  for (let i = 0; i < targets.length; i++) {
    for (let j = i + 1; j < targets.length; j++) {
      const a = targets[i];
      const b = targets[j];
      const overlapX = Math.min(a.right, b.right) - Math.max(a.left, b.left);
      const overlapY = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
      const inside = (a.left >= b.left && a.right <= b.right && a.top >= b.top && a.bottom <= b.bottom) || (b.left >= a.left && b.right <= a.right && b.top >= a.top && b.bottom <= a.bottom);
      assert.ok(inside || overlapX <= 1 || overlapY <= 1, `${name}: "${a.name}" and "${b.name}" overlap`);
    }
  }
  const bottomBar = await page.locator('nav.bottom-nav, nav[aria-label="Main"]').first();
  if (await bottomBar.count()) {
    for (const label of ['Home', 'Search', 'Messages', 'Profile']) {
      const item = bottomBar.getByRole('link', { name: new RegExp(label) }).first();
      if (!(await item.count())) continue;
      const box = await item.boundingBox();
      assert.ok(box && box.y + box.height <= viewport.height + 1 && box.x + box.width <= viewport.width + 1, `${name}: "${label}" dropped off the bottom bar`);
    }
  }
  assert.deepEqual(await brokenWords(page), [], `${name}: words broken letter by letter`);
}

describe('every member screen at 200 % text on a 390 px phone', () => {
  const heading = (p: Page) => p.getByRole('heading').first().waitFor();
  const screens: Array<[string, string, (p: Page) => Promise<unknown>]> = [
    ['/', 'home', heading],
    ['/search', 'search', heading],
    ['/messages', 'messages', heading],
    ['/notifications', 'notifications', heading],
    ['/liked-profiles', 'liked', heading],
    ['/profile', 'my-profile', heading],
    ['/edit-profile', 'edit-profile', heading],
    ['/settings', 'settings', heading],
    ['/subscription', 'plans', heading],
    ['/mood-tracking', 'moods', heading],
    ['/family', 'family', heading],
    ['/shortlist', 'shortlist', heading],
    ['/profile-views', 'profile-views', heading],
    ['/help', 'help', heading],
    ['/about', 'about', heading],
    ['/terms', 'terms', heading],
    ['/privacy-policy', 'privacy', heading],
  ];
  for (const [route, name, ready] of screens) {
    test(`${name} (${route})`, async () => {
      await checkScreen(route, name, ready);
    });
  }
  test('another member’s profile, a chat and the Kundali report', async () => {
    await checkScreen(`/profile/${otherProfileId}`, 'profile-view', heading);
    await checkScreen(`/chat/${otherUserId}`, 'chat', (p) => p.getByRole('textbox').first().waitFor());
    await checkScreen(`/compatibility?userId=${otherUserId}`, 'kundali', heading);
    assert.ok(demoProfileId > 0);
  });
});
