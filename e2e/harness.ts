import assert from 'node:assert/strict';
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Browser, type BrowserContext, type Page, chromium } from 'playwright-core';
import sharp from 'sharp';
import { after, before } from 'node:test';
import { freePort } from '../scripts/lib/free-port';

const ROOT = path.resolve(import.meta.dirname, '..');
const BUNDLE = path.join(path.resolve(ROOT, process.env.SAATHI_DIST || 'dist'), 'saathi.mjs');

export interface RunningSaathi {
  url: string;
  dataDir: string;
  env: NodeJS.ProcessEnv;
  /** Runs a CLI command against the same data directory. */
  cli(args: string[], input?: string): { status: number | null; stdout: string; stderr: string };
  stop(): Promise<void>;
}

/** Starts the built bundle (`saathi serve`) on a free loopback port with its own data directory. */
export async function startSaathi(extraEnv: Record<string, string> = {}): Promise<RunningSaathi> {
  if (!fs.existsSync(BUNDLE)) throw new Error('dist/saathi.mjs is missing: run node build.mjs first');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'saathi-e2e-'));
  let port = await freePort();
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_REQUESTS: 'false',
    ARGON2_MEMORY_KIB: '1024', ARGON2_TIME_COST: '1',
    DATABASE_URL: '',
    // The browser tests drive the demo instance the README starts (registration without a mailbox, reset links
    // and test payments on screen); a test of the real-deployment behaviour passes DEMO_MODE: 'false'.
    DEMO_MODE: 'true',
    ...extraEnv,
  };
  const cli = (args: string[], input?: string) => {
    const res = spawnSync(process.execPath, [BUNDLE, ...args], { env, input, encoding: 'utf8', timeout: 120_000 });
    return { status: res.status, stdout: res.stdout, stderr: res.stderr };
  };
  let child: ChildProcess;
  let output = '';
  let url = '';
  // Up when its health answers and it has said so itself (a health answer alone may come from another test's
  // server that took the port first); a port taken under it means another try on another port.
  for (let attempt = 1; ; attempt++) {
    const started: ChildProcess = spawn(process.execPath, [BUNDLE, 'serve'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    child = started;
    output = '';
    started.stdout?.on('data', (d) => (output += d));
    started.stderr?.on('data', (d) => (output += d));
    url = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + 30_000;
    let up = false;
    while (!up) {
      if (started.exitCode !== null) break;
      try {
        const res = await fetch(`${url}/api/health`);
        up = res.ok && output.includes(`:${port} `);
      } catch {
        /* not up yet */
      }
      if (!up && Date.now() > deadline) throw new Error(`saathi serve did not start:\n${output}`);
      if (!up) await new Promise((r) => setTimeout(r, 150));
    }
    if (up) break;
    if (attempt < 3 && output.includes('EADDRINUSE')) {
      port = await freePort();
      env.PORT = String(port);
      continue;
    }
    throw new Error(`saathi serve exited early:\n${output}`);
  }
  return {
    url,
    dataDir,
    env,
    cli,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: [
      '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage',
    ],
  });
}

/** A phone-sized context (390×844), as members use Saathi. */
export async function phoneContext(browser: Browser, baseURL: string): Promise<BrowserContext> {
  return browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, deviceScaleFactor: 1, isMobile: true, hasTouch: true });
}

/** A phone (see phoneContext) that has already been through the first-visit walkthrough, so / is home, not /splash. */
export async function returningPhoneContext(browser: Browser, baseURL: string): Promise<BrowserContext> {
  const context = await phoneContext(browser, baseURL);
  await context.addInitScript(() => window.localStorage.setItem('hasSeenSplash', 'true'));
  return context;
}

/** A page on a returning phone: the first-visit walkthrough itself is covered by e2e/discovery.test.ts. */
export async function returningPhonePage(browser: Browser, baseURL: string): Promise<Page> {
  return (await returningPhoneContext(browser, baseURL)).newPage();
}

/** Signs in as the seeded demo member (`saathi seed`) and waits to land on `redirectTo`. */
export async function signInAsDemo(page: Page, redirectTo = '/'): Promise<void> {
  await page.goto(redirectTo === '/' ? '/login' : `/login?redirectTo=${encodeURIComponent(redirectTo)}`);
  await page.getByRole('textbox', { name: 'Username', exact: true }).fill('demo');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('demo-pass-2026');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((url) => url.pathname === redirectTo);
}

let registered = 0;
/** Registers a new member through the form (a username from the first name, unique in this run); lands on /. */
export async function registerInBrowser(page: Page, fullName: string): Promise<string> {
  registered += 1;
  const username = `${fullName.split(' ')[0].toLowerCase()}_${registered}`;
  await page.goto('/register');
  await page.getByRole('textbox', { name: 'Full Name', exact: true }).fill(fullName);
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(`${username}@example.test`);
  await page.getByRole('textbox', { name: 'Username', exact: true }).fill(username);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('saat-phere-2026');
  await page.getByRole('textbox', { name: 'Confirm Password', exact: true }).fill('saat-phere-2026');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  return username;
}

/** Toast text (the toast region also announces it to screen readers, hence the scope). */
export const toastText = (page: Page, text: string) => page.locator('.toast').getByText(text, { exact: true });

const SCREENSHOTS = path.join(ROOT, '.tmp', 'screenshots');

/**
 * The whole page, into .tmp/screenshots/{name}.png. Cards and sections far from the screen are not drawn until
 * scrolled to (`content-visibility: auto`), which a full-page capture does not do: they are drawn for the capture.
 */
export async function screenshot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  const drawAll = await page.addStyleTag({ content: '* { content-visibility: visible !important; }' });
  try {
    await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
  } finally {
    await drawAll.evaluate((style) => (style as Element).remove()).catch(() => undefined);
    // The browser decides again which of them are near the screen at its next frames; until then they count as
    // off screen (their innerText is empty), and a test reading a card right after a screenshot would find nothing.
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))).catch(() => undefined);
  }
}

/** What the phone shows right now (a full-page shot is too tall to judge a single card by). */
export async function viewportScreenshot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  // With several members' phones open (a family call: four contexts, each decoding three videos), the page to capture
  // may be a window behind the others, which the browser draws late or not at all: bring it to the front first, and
  // give a capture on a saturated two-core machine more than the default 30 s.
  await page.bringToFront();
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), timeout: 90_000 });
}

export type ApiCookies = Array<{ name: string; value: string }>;

/** A member's session over HTTP, as the app's fetch client sends it: cookies kept, Origin and Accept set. */
export interface ApiSession {
  /** `json` is sent as a JSON body; `body` as is (a form, URLSearchParams). */
  call(method: string, path: string, init?: { body?: BodyInit; json?: unknown; headers?: Record<string, string> }): Promise<Response>;
  /** The cookies held now, to hand to a browser context. */
  cookies(): ApiCookies;
}

/**
 * fetch, once more when the kept-alive socket it reused had been closed by the server while idle: `cli()` blocks this
 * process (spawnSync) for longer than the server's keep-alive timeout, so the close is only noticed on the next
 * request, which the server never received.
 */
async function fetchOnFreshSocket(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (error) {
    const code = (error as { cause?: { code?: string } }).cause?.code;
    if (code !== 'UND_ERR_SOCKET' || init.body instanceof ReadableStream) throw error;
    return fetch(url, init);
  }
}

export function apiSession(baseURL: string): ApiSession {
  const jar = new Map<string, string>();
  return {
    async call(method, path, init = {}) {
      const headers: Record<string, string> = { Accept: 'application/json', Origin: baseURL, ...init.headers };
      if (jar.size) headers.Cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
      let body = init.body;
      if (init.json !== undefined) {
        headers['Content-Type'] = 'application/json';
        body = JSON.stringify(init.json);
      }
      const res = await fetchOnFreshSocket(baseURL + path, { method, headers, body, redirect: 'manual' });
      for (const cookie of res.headers.getSetCookie()) {
        const [pair = ''] = cookie.split(';');
        const eq = pair.indexOf('=');
        jar.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
      }
      return res;
    },
    cookies: () => [...jar].map(([name, value]) => ({ name, value })),
  };
}

/** The seeded demo member (`saathi seed`) signed in over HTTP, as the login form does. */
export async function demoApiSession(baseURL: string): Promise<ApiSession> {
  const session = apiSession(baseURL);
  const login = await session.call('POST', '/api/auth/login', {
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: 'demo', password: 'demo-pass-2026' }),
  });
  assert.equal(login.status, 200, await login.clone().text());
  return session;
}

/** Signs a tryme member up as the register form does (form-encoded); the session is then signed in. Returns the user id. */
export async function registerOverApi(session: ApiSession, member: { fullName: string; username: string; password: string }): Promise<number> {
  const { fullName, username, password } = member;
  const reg = await session.call('POST', '/api/auth/register?redirect=/', {
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ fullName, email: `${username}@example.test`, username, password, confirmPassword: password, subscriptionTier: 'tryme' }),
  });
  assert.equal(reg.status, 201, await reg.clone().text());
  return ((await reg.json()) as { user: { id: number } }).user.id;
}

/** A portrait-shaped JPEG (600×750): a gradient from `top` to `bottom` behind a head and shoulders. */
export async function portraitJpeg(top: string, bottom: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="750"><defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient></defs><rect width="600" height="750" fill="url(#g)"/><circle cx="300" cy="300" r="120" fill="#fdebd8"/><rect x="150" y="450" width="300" height="300" rx="150" fill="#fdebd8"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg().toBuffer();
}

/** Uploads a profile photo for the session's member; returns the photo's id for POST /api/profiles. */
export async function uploadPhoto(session: ApiSession, jpeg: Uint8Array): Promise<number> {
  const form = new FormData();
  form.append('photo', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'portrait.jpg');
  const up = await session.call('POST', '/api/upload/photo', { body: form });
  assert.equal(up.status, 201, await up.clone().text());
  return ((await up.json()) as { id: number }).id;
}

/** A returning phone already signed in with the given cookies. */
export async function signedInPhonePage(browser: Browser, baseURL: string, cookies: ApiCookies): Promise<Page> {
  const context = await returningPhoneContext(browser, baseURL);
  if (cookies.length) await context.addCookies(cookies.map((c) => ({ ...c, url: baseURL })));
  return context.newPage();
}

/** The page is no wider than the phone's screen (nothing makes it scroll sideways); names where the overflow starts. */
export async function assertNoOverflow(target: Page): Promise<void> {
  // On a phone an overflowing page is zoomed out to fit, which widens window.innerWidth too: compare with the
  // device's own width.
  const screen = target.viewportSize()?.width ?? 390;
  const { page, wide } = await target.evaluate((limit) => ({
    page: Math.max(document.documentElement.scrollWidth, window.innerWidth),
    wide: [...document.querySelectorAll('#root *')]
      // Where the overflow starts: an element past the screen's edge inside a parent that is not.
      .filter((el) => el.getBoundingClientRect().right > limit + 1 && (el.parentElement?.getBoundingClientRect().right ?? 0) <= limit + 1)
      .slice(0, 4)
      .map((el) => `<${el.tagName.toLowerCase()} class="${el.getAttribute('class') ?? ''}"> ${(el.textContent ?? '').slice(0, 30)}`),
  }), screen);
  assert.ok(page <= screen, `the page is ${page}px wide on a ${screen}px screen: ${wide.join(' ')}`);
}

/**
 * A test file's instance: `saathi serve` seeded with `profiles` demo members and a Chromium, started before the file's
 * tests and stopped after them. The fields are set once `before` has run.
 */
export function seededInstance(profiles: number, env: Record<string, string> = {}): { saathi: RunningSaathi; browser: Browser } {
  const instance = {} as { saathi: RunningSaathi; browser: Browser };
  before(async () => {
    instance.saathi = await startSaathi(env);
    const seeded = instance.saathi.cli(['seed', '--profiles', String(profiles)]);
    assert.equal(seeded.status, 0, seeded.stderr);
    instance.browser = await launchBrowser();
  });
  after(async () => {
    await instance.browser?.close();
    await instance.saathi?.stop();
  });
  return instance;
}
