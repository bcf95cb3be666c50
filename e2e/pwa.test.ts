// The installable member app in real Chromium: the manifest and service worker register with no installability
// errors (DevTools protocol: Page.getAppManifest, Page.getInstallabilityErrors), a reload without a network shows
// Saathi's offline screen instead of the browser's error, a push delivered to the service worker
// (ServiceWorker.deliverPushMessage) becomes a notification that links to its screen, tapping it
// (notificationclick) opens that screen in the open tab, and Settings →
// Notifications asks for permission only when "Notifications on this device" is tapped.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { type Browser, type BrowserContext, type Page, chromium } from 'playwright-core';
import { type RunningSaathi, launchBrowser, phoneContext, screenshot, startSaathi } from './harness';

let saathi: RunningSaathi;
let browser: Browser;

before(async () => {
  // A loopback push endpoint stands for a phone's push service in the Settings test.
  saathi = await startSaathi({ PUSH_ALLOW_LOOPBACK: 'true' });
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await saathi?.stop();
});

async function newPage(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await phoneContext(browser, saathi.url);
  await context.addInitScript(() => window.localStorage.setItem('hasSeenSplash', 'true'));
  return { context, page: await context.newPage() };
}

/** Waits until the service worker is active and controls the page. */
async function controlled(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const reg = await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise<void>((resolve) => navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }));
    }
    return reg.active?.scriptURL ?? '';
  });
}

describe('the installable app', () => {
  test('manifest and service worker register; Chromium reports no installability errors', async () => {
    // A profile on disk: Playwright's usual contexts are incognito, where Chromium never offers installing.
    const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'saathi-pwa-'));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
      viewport: { width: 390, height: 844 },
    });
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(`${saathi.url}/login`);
    assert.equal(await controlled(page), `${saathi.url}/sw.js`);
    // The link preview is in the served HTML's head (read by crawlers that run no script).
    const html = await (await fetch(`${saathi.url}/login`)).text();
    const head = html.slice(0, html.indexOf('</head>'));
    assert.match(head, /<meta property="og:title" content="Saathi — matrimonial bonds across seas">/);
    assert.match(head, new RegExp(`<meta property="og:image" content="${saathi.url}/icons/icon-512.png">`));
    const cdp = await context.newCDPSession(page);
    const manifest = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[]; data: string };
    assert.equal(manifest.url, `${saathi.url}/manifest.webmanifest`);
    assert.deepEqual(manifest.errors, []);
    const data = JSON.parse(manifest.data) as { name: string; start_url: string; display: string; theme_color: string; icons: Array<{ src: string; sizes: string; purpose: string }> };
    assert.equal(data.name, 'Saathi');
    assert.equal(data.display, 'standalone');
    assert.equal(data.start_url, '/');
    assert.equal(data.theme_color, '#7a1f3d');
    assert.deepEqual(data.icons.map((i) => `${i.sizes} ${i.purpose}`), ['192x192 any', '512x512 any', '512x512 maskable']);
    for (const icon of data.icons) {
      const res = await fetch(`${saathi.url}${icon.src}`);
      assert.equal(res.headers.get('content-type'), 'image/png');
    }
    const installability = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: Array<{ errorId: string }> };
    assert.deepEqual(installability.installabilityErrors, []);
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  });

  test('a reload without a network shows the offline screen; back online, the app returns', async () => {
    const { context, page } = await newPage();
    await page.goto('/login');
    await controlled(page);
    await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
    await context.setOffline(true);
    await page.reload();
    await page.getByRole('heading', { name: 'You are offline' }).waitFor();
    assert.equal(new URL(page.url()).pathname, '/login', 'the address stays the one asked for');
    await screenshot(page, 'offline');
    await context.setOffline(false);
    await page.getByRole('link', { name: 'Try again' }).click();
    await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
    await context.close();
  });

  test("the offline screen is in the language of the pages the member was reading: Hindi after a Hindi page", async () => {
    const { context, page } = await newPage();
    // A visitor who picked Hindi on the landing page (an English browser): the server sends Hindi pages.
    await context.addCookies([{ name: 'saathi_lang', value: 'hi', url: saathi.url }]);
    await page.goto('/login');
    await controlled(page);
    // A page the worker saw arrive, so it knows its language (Content-Language).
    await page.reload();
    await page.waitForFunction(() => document.documentElement.lang === 'hi');
    await context.setOffline(true);
    await page.reload();
    await page.getByRole('heading', { name: 'आप ऑफ़लाइन हैं' }).waitFor({ timeout: 30_000 });
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'hi');
    assert.ok(await page.getByRole('link', { name: 'फिर से कोशिश करें' }).isVisible());
    await screenshot(page, 'offline-hi');
    await context.setOffline(false);
    await context.close();
  });

  test('a push delivered to the service worker shows a notification carrying its screen', async () => {
    const { context, page } = await newPage();
    await context.grantPermissions(['notifications'], { origin: saathi.url });
    await page.goto('/login');
    await controlled(page);
    const cdp = await context.newCDPSession(page);
    const registrationId = new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', (event: { registrations: Array<{ registrationId: string; scopeURL: string; isDeleted: boolean }> }) => {
        const ours = event.registrations.find((r) => r.scopeURL === `${saathi.url}/` && !r.isDeleted);
        if (ours) resolve(ours.registrationId);
      });
    });
    await cdp.send('ServiceWorker.enable');
    const deliver = async (data: Record<string, string>) =>
      cdp.send('ServiceWorker.deliverPushMessage', { origin: saathi.url, registrationId: await registrationId, data: JSON.stringify(data) });
    // The notifications shown with this tag, waited for up to 5 s.
    const shownWith = (tag: string) =>
      page.evaluate(async (tag) => {
        const reg = await navigator.serviceWorker.ready;
        for (let i = 0; i < 100; i++) {
          const list = await reg.getNotifications({ tag });
          if (list.length) return list.map((n) => ({ title: n.title, body: n.body, tag: n.tag, data: n.data as unknown }));
          await new Promise((r) => setTimeout(r, 50));
        }
        return [];
      }, tag);
    // On a loaded machine Chromium can drop a push handed over by DevTools while it starts the worker: a real push
    // service would deliver again, so the test does too. Same tag, so a second delivery replaces the first notification rather than adding one.
    const push = async (data: Record<string, string>) => {
      await deliver(data);
      const shown = await shownWith(data.tag);
      if (shown.length > 0) return shown;
      await deliver(data);
      return shownWith(data.tag);
    };
    const shown = await push({ title: 'Arjun sent you a message', body: 'Open Saathi to read it.', url: '/chat/42', tag: 'message-42' });
    assert.deepEqual(shown, [{ title: 'Arjun sent you a message', body: 'Open Saathi to read it.', tag: 'message-42', data: { url: '/chat/42' } }]);

    // A push naming another site's address opens Saathi's notifications instead.
    const evil = (await push({ title: 'x', body: 'y', url: 'https://evil.example/', tag: 'evil' }))[0]?.data ?? null;
    assert.deepEqual(evil, { url: '/notifications' });
    await context.close();
  });

  test('tapping a push notification opens its screen in the Saathi tab already open', async () => {
    const { context, page } = await newPage();
    await context.grantPermissions(['notifications'], { origin: saathi.url });
    // Priya wrote to Arjun (who has a profile), and he answers: the push that tells her names his chat.
    const arjun = await fetch(`${saathi.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', Origin: saathi.url },
      body: JSON.stringify({ fullName: 'Arjun Mehta', email: 'arjun.tap@example.test', username: 'arjun_tap', password: 'diwali-lights-2026', confirmPassword: 'diwali-lights-2026', subscriptionTier: 'tryme' }),
    });
    assert.equal(arjun.status, 201, await arjun.clone().text());
    const arjunId = ((await arjun.json()) as { user: { id: number } }).user.id;
    const asArjun = (path: string, json: unknown) =>
      fetch(`${saathi.url}${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json', Origin: saathi.url, Cookie: arjun.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ') },
        body: JSON.stringify(json),
      });
    const profile = await asArjun('/api/profiles', {
      userId: arjunId, gender: 'male', dateOfBirth: '1993-08-02', profileType: 'self', country: 'United Kingdom', city: 'Leicester', profession: 'Civil Engineer',
      education: "Bachelor's", religion: 'Hindu', motherTongue: 'Malayalam', about: 'Cricket on Sundays, biryani any day.', agePreferenceMin: 26, agePreferenceMax: 34,
    });
    assert.equal(profile.status, 201, await profile.clone().text());
    await page.goto('/register');
    await page.getByRole('textbox', { name: 'Full Name', exact: true }).fill('Priya Nair');
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill('priya.tap@example.test');
    await page.getByRole('textbox', { name: 'Username', exact: true }).fill('priya_tap');
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('holi-colours-2026');
    await page.getByRole('textbox', { name: 'Confirm Password', exact: true }).fill('holi-colours-2026');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    const wrote = await page.evaluate(`(async () => {
      const me = await (await fetch('/api/auth/user')).json();
      const res = await fetch('/api/messages', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ receiverId: ${arjunId}, content: 'Namaste Arjun, I liked your profile.' }) });
      return { status: res.status, me: me.id };
    })()`) as { status: number; me: number };
    assert.equal(wrote.status, 201);
    const answered = await asArjun('/api/messages', { receiverId: wrote.me, content: 'Namaste Priya, shall we talk this weekend?' });
    assert.equal(answered.status, 201, await answered.clone().text());
    await page.goto('/notifications');
    await page.getByRole('heading', { name: 'Your Notifications' }).waitFor();
    await controlled(page);

    const cdp = await context.newCDPSession(page);
    const registrationId = new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', (event: { registrations: Array<{ registrationId: string; scopeURL: string; isDeleted: boolean }> }) => {
        const ours = event.registrations.find((r) => r.scopeURL === `${saathi.url}/` && !r.isDeleted);
        if (ours) resolve(ours.registrationId);
      });
    });
    await cdp.send('ServiceWorker.enable');
    const tag = `message-${arjunId}`;
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: saathi.url,
      registrationId: await registrationId,
      data: JSON.stringify({ title: 'Arjun sent you a message', body: 'Open Saathi to read it.', url: `/chat/${arjunId}`, tag }),
    });

    // Headless Chromium shows no notification to tap, so the tap is the service worker's own notificationclick
    // event on the notification it showed, dispatched inside the worker (its waitUntil is captured so the test
    // waits for the handler's work to end).
    const worker = context.serviceWorkers().find((w) => w.url() === `${saathi.url}/sw.js`) ?? (await context.waitForEvent('serviceworker'));
    const opened = (await worker.evaluate(`(async () => {
      let notification;
      // Up to 30 s: on a busy two-core machine the worker's push handler can take seconds to show it.
      for (let i = 0; i < 600 && !notification; i++) {
        notification = (await self.registration.getNotifications({ tag: ${JSON.stringify(tag)} }))[0];
        if (!notification) await new Promise((r) => setTimeout(r, 50));
      }
      if (!notification) return { error: 'no notification shown' };
      const event = new NotificationEvent('notificationclick', { notification });
      let work = null;
      Object.defineProperty(event, 'waitUntil', { value: (promise) => { work = promise; } });
      self.dispatchEvent(event);
      const client = await work;
      const left = await self.registration.getNotifications({ tag: ${JSON.stringify(tag)} });
      return { url: client ? client.url : null, left: left.length };
    })()`)) as { url?: string | null; left?: number; error?: string };
    assert.deepEqual(opened, { url: `${saathi.url}/chat/${arjunId}`, left: 0 }, 'the tab was sent to the chat and the notification closed');
    await page.waitForURL((url) => url.pathname === `/chat/${arjunId}`);
    await page.locator('.chat-header__name', { hasText: 'Arjun Mehta' }).waitFor();
    await page.getByText('Namaste Priya, shall we talk this weekend?').waitFor();
    assert.equal(context.pages().length, 1, 'the open tab was used, not a new one');
    await screenshot(page, 'push-tap-opens-chat');
    await context.close();
  });

  test('Settings → Notifications asks for permission only when "Notifications on this device" is tapped', async () => {
    const { context, page } = await newPage();
    await page.goto('/register');
    await page.getByRole('textbox', { name: 'Full Name', exact: true }).fill('Nisha Verma');
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill('nisha.pwa@example.test');
    await page.getByRole('textbox', { name: 'Username', exact: true }).fill('nisha_pwa');
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('holi-colours-2026');
    await page.getByRole('textbox', { name: 'Confirm Password', exact: true }).fill('holi-colours-2026');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/settings');
    await page.getByRole('heading', { name: 'Account Settings' }).waitFor();
    await page.getByRole('tab', { name: 'Notifications' }).click();
    const device = page.getByRole('switch', { name: 'Notifications on this device' });
    await device.waitFor();
    assert.equal(await page.evaluate(() => Notification.permission), 'default', 'no prompt on load');
    assert.equal(await device.getAttribute('aria-checked'), 'false');

    // Another of the member's browsers has notifications on: it is listed, and removable from here.
    // (A string: the test runner's transform would add helpers the page does not have to a function.)
    const status = await page.evaluate(`(async () => {
      const me = await (await fetch('/api/auth/user')).json();
      const pair = await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits']);
      const raw = new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey));
      const b64 = (bytes) => btoa(String.fromCharCode(...bytes)).replace(/[+]/g, '-').replace(/[/]/g, '_').replace(/=+$/, '');
      const res = await fetch('/api/users/' + me.id + '/push-subscriptions', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ endpoint: 'http://127.0.0.1:9/push/other-phone', keys: { p256dh: b64(raw), auth: b64(crypto.getRandomValues(new Uint8Array(16))) } }),
      });
      return res.status;
    })()`);
    assert.equal(status, 201);
    await page.reload();

    // Listed with the sessions too (Security → Manage Devices), with the day it was added.
    await page.getByRole('tab', { name: 'Security' }).click();
    await page.getByRole('button', { name: 'Manage Devices' }).click();
    const dialog = page.getByRole('dialog', { name: 'Manage Devices' });
    const receiving = dialog.getByRole('list', { name: 'Receiving push notifications' });
    await receiving.getByRole('listitem').first().waitFor();
    assert.match((await receiving.getByRole('listitem').first().textContent()) ?? '', /Added \d{1,2} \w+ \d{4} · not notified yet/);
    await screenshot(page, 'settings-devices-push');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    await page.getByRole('tab', { name: 'Notifications' }).click();
    const list = page.getByRole('list', { name: 'Devices with notifications on' });
    await list.getByRole('listitem').first().waitFor();
    await screenshot(page, 'settings-notifications-device');
    await list.getByRole('button', { name: /^Stop notifications to / }).click();
    await list.waitFor({ state: 'detached' });
    await context.close();
  });
});
