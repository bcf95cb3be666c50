// Lighthouse (mobile form factor, simulated throttling: Lighthouse's defaults) on the screens members use most —
// landing, /login and /register as a visitor; home, search, a profile, a chat, settings and Kundali signed in —
// of a running Saathi, with the system Chromium.
//
//   npm run bench:lighthouse      builds into /tmp/dist-lighthouse, seeds a fresh data directory, serves it,
//                                 prints the scores and writes lighthouse-results.json
//   LIGHTHOUSE_LANGUAGES=en,hi,ta  audits the pages in each language (the visitor's pick, the member's account)
//
// `runLighthouse(baseUrl)` is also called at the end of `npm run bench` against the server it started.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { DEFAULT_LANGUAGE, isLanguage, type Language, LANGUAGE_COOKIE } from '../contracts/i18n/languages';
import { SPLASH_SEEN_COOKIE } from '../contracts/splash';
import { READER_COOKIE, readerCookieValue } from '../contracts/reader';
import { type Credentials, DEMO_MEMBER, signIn } from './sign-in';

const ROOT = path.resolve(import.meta.dirname, '..');
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];

/** Targets: performance and accessibility ≥ 95 on every audited page, mobile. */
export const LIGHTHOUSE_TARGETS = { performance: 95, accessibility: 95 } as const;

/** The metrics the performance score is made of, of the median run (ms, except CLS). */
export interface LighthouseMetrics {
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  si: number;
}

export interface LighthouseScore {
  page: string;
  /** The median run's scores. */
  performance: number;
  accessibility: number;
  bestPractices: number;
  /** Performance of every run, in the order they ran. */
  performanceRuns: number[];
  metrics: LighthouseMetrics;
  /** The machine's 1-minute load average before the page's first run and after its last. */
  loadAverage: [number, number];
  /** Lighthouse's own CPU benchmark of the median run (higher is faster; it falls when the machine is busy). */
  benchmarkIndex: number;
}

const score = (value: number | null | undefined) => Math.round((value ?? 0) * 100);

const load1 = () => Math.round(os.loadavg()[0] * 100) / 100;

function metricsOf(lhr: Result): LighthouseMetrics {
  const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    fcp: Math.round(value('first-contentful-paint')),
    lcp: Math.round(value('largest-contentful-paint')),
    tbt: Math.round(value('total-blocking-time')),
    cls: Math.round(value('cumulative-layout-shift') * 1000) / 1000,
    si: Math.round(value('speed-index')),
  };
}

interface PageSpec {
  /** What the table calls it. */
  page: string;
  path: string;
  /** The path the audited page must end on (a redirect elsewhere would audit the wrong screen). */
  expectPath: string;
  /** A selector only the intended screen renders. */
  expectSelector: string;
  signedIn: boolean;
}

const PAGES: PageSpec[] = [
  // A visitor who has been through the walkthrough once; a first visit is sent on to /splash.
  { page: '/ (landing)', path: '/', expectPath: '/', expectSelector: '.landing', signedIn: false },
  { page: '/login', path: '/login', expectPath: '/login', expectSelector: 'form input[name="password"], input[type="password"]', signedIn: false },
  { page: '/register', path: '/register', expectPath: '/register', expectSelector: 'input[name="confirmPassword"], input[autocomplete="new-password"]', signedIn: false },
  { page: '/ (home, signed in)', path: '/', expectPath: '/', expectSelector: '.member-home', signedIn: true },
  { page: '/search (signed in)', path: '/search', expectPath: '/search', expectSelector: 'input[type="search"]', signedIn: true },
  { page: '/profile/{id}', path: '/profile/:profileId', expectPath: '/profile/:profileId', expectSelector: '.profile-view', signedIn: true },
  { page: '/chat/{id}', path: '/chat/:chatUserId', expectPath: '/chat/:chatUserId', expectSelector: '.chat textarea', signedIn: true },
  { page: '/settings', path: '/settings', expectPath: '/settings', expectSelector: '.settings-page', signedIn: true },
  { page: '/compatibility (Kundali)', path: '/compatibility', expectPath: '/compatibility', expectSelector: '.compat-picker', signedIn: true },
];

/** Ids for the paths that need one: a profile the member can see and a member they have a conversation with. */
async function pathIds(baseUrl: string, cookies: Array<{ name: string; value: string }>): Promise<Record<string, string>> {
  const headers = { Cookie: cookies.map((c) => `${c.name}=${c.value}`).join('; '), Accept: 'application/json' };
  const get = async <T>(p: string): Promise<T> => {
    const res = await fetch(`${baseUrl}${p}`, { headers });
    if (!res.ok) throw new Error(`${p}: ${res.status}`);
    return (await res.json()) as T;
  };
  const me = await get<{ id: number }>('/api/auth/user');
  const daily = await get<Array<{ id: number; userId: number }>>('/api/matches/daily');
  const conversations = await get<Array<{ otherUser: { id: number } }>>(`/api/messages/${me.id}`);
  if (!daily[0]) throw new Error('no profile to audit: the seed gave the member no daily matches');
  return { profileId: String(daily[0].id), chatUserId: String(conversations[0]?.otherUser.id ?? daily[0].userId) };
}

const withIds = (template: string, ids: Record<string, string>) => template.replace(/:(\w+)/g, (_, key: string) => ids[key] ?? `:${key}`);

async function prepare(browser: Browser, baseUrl: string, cookies: Array<{ name: string; value: string }> | null, language: Language): Promise<Page> {
  const page = await browser.newPage();
  // Local storage and cookies survive Lighthouse's storage reset (it clears caches, service workers, file systems).
  await page.goto(`${baseUrl}/api/health`);
  await page.evaluate(async () => {
    window.localStorage.setItem('hasSeenSplash', 'true');
    // A service worker left by the previous signed-in page would answer the next navigation itself, and
    // Lighthouse then records no navigation start (NO_NAVSTART).
    for (const registration of (await navigator.serviceWorker?.getRegistrations()) ?? []) await registration.unregister();
  });
  // A member's phone that has run the app before also holds the language and time zone the app told the server
  // (contracts/reader.ts): the value the app writes, from this browser's own settings.
  const reader = await page.evaluate(() => {
    const { locale, timeZone } = Intl.DateTimeFormat().resolvedOptions();
    return { locale, timeZone };
  });
  const host = new URL(baseUrl).hostname;
  await browser.deleteCookie(...(await browser.cookies()));
  // The language a visitor picked on the landing page (a signed-in page follows the account's: runLighthouse sets it).
  // The walkthrough seen: local storage above, and the cookie the app keeps beside it (contracts/splash.ts).
  await browser.setCookie(
    { name: LANGUAGE_COOKIE, value: language, domain: host, path: '/', sameSite: 'Lax' as const },
    { name: SPLASH_SEEN_COOKIE, value: '1', domain: host, path: '/', sameSite: 'Lax' as const },
  );
  if (cookies) {
    await browser.setCookie(
      ...cookies.map((c) => ({ ...c, domain: host, path: '/', httpOnly: true, sameSite: 'Lax' as const })),
      { name: READER_COOKIE, value: readerCookieValue(reader), domain: host, path: '/', sameSite: 'Lax' as const },
    );
  }
  return page;
}

/**
 * Audits the landing page, /login and the signed-in /search with Lighthouse's default mobile settings and
 * returns the category scores (0–100). Throws when a page did not end up on the screen it was meant to audit.
 */
export async function runLighthouse(
  baseUrl: string,
  credentials: Credentials = DEMO_MEMBER,
  options: { saveReportsTo?: string; runs?: number; onPage?: (result: LighthouseScore) => void; language?: Language } = {},
): Promise<LighthouseScore[]> {
  const language = options.language ?? DEFAULT_LANGUAGE;
  // Lighthouse's advice for variable machines: several runs, keep the median one. The simulated metrics scale
  // the main thread time observed on this machine, so a busy 2-core box moves single runs by 10+ points.
  const runs = Math.max(1, options.runs ?? (Number(process.env.LIGHTHOUSE_RUNS) || 3));
  const base = baseUrl.replace(/\/$/, '');
  const cookies = await signIn(base, credentials);
  const restoreLanguage = await setAccountLanguage(base, cookies, language);
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
  let browser: Browser | null = null;
  try {
    browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
    const results: LighthouseScore[] = [];
    const ids = await pathIds(base, cookies);
    // LIGHTHOUSE_PAGES=search,chat audits only the pages whose path contains one of the words.
    const only = (process.env.LIGHTHOUSE_PAGES ?? '').split(',').map((w) => w.trim()).filter(Boolean);
    for (const template of PAGES.filter((p) => only.length === 0 || only.some((w) => p.page.includes(w)))) {
      const spec = { ...template, path: withIds(template.path, ids), expectPath: withIds(template.expectPath, ids) };
      const loadBefore = load1();
      const lhrs: Result[] = [];
      for (let run = 0; run < runs; run++) lhrs.push(await auditOnce(browser, base, spec, spec.signedIn ? cookies : null, language));
      const performanceRuns = lhrs.map((r) => score(r.categories.performance?.score));
      const sorted = [...lhrs].sort((a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0));
      const lhr = sorted[Math.floor((sorted.length - 1) / 2)];
      if (options.saveReportsTo) {
        fs.mkdirSync(options.saveReportsTo, { recursive: true });
        const name = `${language === DEFAULT_LANGUAGE ? '' : `${language}-`}${spec.path === '/' ? (spec.signedIn ? 'home' : 'landing') : spec.path.slice(1).replace(/\//g, '-')}`;
        fs.writeFileSync(path.join(options.saveReportsTo, `${name}.json`), JSON.stringify(lhr));
      }
      results.push({
        page: language === DEFAULT_LANGUAGE ? spec.page : `${spec.page} [${language}]`,
        performance: score(lhr.categories.performance?.score),
        accessibility: score(lhr.categories.accessibility?.score),
        bestPractices: score(lhr.categories['best-practices']?.score),
        performanceRuns,
        metrics: metricsOf(lhr),
        loadAverage: [loadBefore, load1()],
        benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
      });
      if (options.onPage) options.onPage(results[results.length - 1]);
    }
    return results;
  } finally {
    await browser?.disconnect();
    chrome.kill();
    await restoreLanguage();
  }
}

/** The signed-in member's language set to `language` for the audit; returns how to put theirs back. */
async function setAccountLanguage(base: string, cookies: Array<{ name: string; value: string }>, language: Language): Promise<() => Promise<void>> {
  const headers = { Cookie: cookies.map((c) => `${c.name}=${c.value}`).join('; '), Accept: 'application/json', Origin: base, 'Content-Type': 'application/json' };
  const me = (await (await fetch(`${base}/api/auth/user`, { headers })).json()) as { id: number; language?: Language };
  const put = async (value: Language) => {
    const res = await fetch(`${base}/api/users/${me.id}/language`, { method: 'PUT', headers, body: JSON.stringify({ language: value }) });
    if (!res.ok) throw new Error(`setting the member's language to ${value}: ${res.status} ${await res.text()}`);
  };
  const before = me.language ?? DEFAULT_LANGUAGE;
  if (before !== language) await put(language);
  return async () => {
    if (before !== language) await put(before);
  };
}

/** One Lighthouse navigation of one page; a run Lighthouse itself reports as failed (e.g. NO_NAVSTART) is retried once. */
async function auditOnce(browser: Browser, base: string, spec: PageSpec, cookies: Array<{ name: string; value: string }> | null, language: Language): Promise<Result> {
  try {
    return await auditInTab(browser, base, spec, cookies, language);
  } catch (error) {
    if (!(error instanceof LighthouseRunError)) throw error;
    console.error(`${error.message}; running it again`);
    return auditInTab(browser, base, spec, cookies, language);
  }
}

class LighthouseRunError extends Error {}

/** One Lighthouse navigation of one page, in a fresh tab with the page's storage state set. */
async function auditInTab(browser: Browser, base: string, spec: PageSpec, cookies: Array<{ name: string; value: string }> | null, language: Language): Promise<Result> {
  const page = await prepare(browser, base, cookies, language);
  const runner = await lighthouse(
    `${base}${spec.path}`,
    { logLevel: 'error', output: 'json', onlyCategories: ['performance', 'accessibility', 'best-practices'] },
    undefined,
    page,
  );
  if (!runner) throw new Error(`Lighthouse returned nothing for ${spec.path}`);
  const lhr = runner.lhr;
  if (lhr.runtimeError) {
    await page.close();
    throw new LighthouseRunError(`Lighthouse failed on ${spec.path}: ${lhr.runtimeError.message}`);
  }
  // The audited screen must be the intended one: a signed-out /search would quietly audit /login instead.
  const finalPath = new URL(lhr.finalDisplayedUrl).pathname;
  const found = await page.$(spec.expectSelector);
  if (finalPath !== spec.expectPath || !found) {
    throw new Error(`Lighthouse on ${spec.path} ended on ${lhr.finalDisplayedUrl} (${found ? 'with' : 'without'} ${spec.expectSelector})`);
  }
  const shown = await page.evaluate(() => document.documentElement.lang);
  if (shown !== language) throw new Error(`Lighthouse on ${spec.path} audited a page in ${shown}, not ${language}`);
  await page.close();
  return lhr;
}

/**
 * One row per page: the median run's performance beside its target and every run's figure, accessibility and
 * best practices, the median run's metrics (what loses performance points) and the load average around the runs.
 */
export function formatLighthouseTable(results: LighthouseScore[]): string {
  const mark = (value: number, target: number) => `${value}${value >= target ? '' : ' ✗'}`;
  const rows = [
    ['page', `perf (≥ ${LIGHTHOUSE_TARGETS.performance})`, 'runs', `a11y (≥ ${LIGHTHOUSE_TARGETS.accessibility})`, 'best pr.', 'FCP ms', 'LCP ms', 'TBT ms', 'CLS', 'SI ms', 'load avg', 'CPU index'],
    ...results.map((r) => [
      r.page,
      mark(r.performance, LIGHTHOUSE_TARGETS.performance),
      r.performanceRuns.join(' '),
      mark(r.accessibility, LIGHTHOUSE_TARGETS.accessibility),
      String(r.bestPractices),
      String(r.metrics.fcp),
      String(r.metrics.lcp),
      String(r.metrics.tbt),
      r.metrics.cls.toFixed(3),
      String(r.metrics.si),
      `${r.loadAverage[0].toFixed(2)}→${r.loadAverage[1].toFixed(2)}`,
      String(r.benchmarkIndex),
    ]),
  ];
  const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => row[i].length)));
  return rows.map((row) => row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ')).join('\n');
}

/** Which results miss the targets (empty when all meet them). */
export function lighthouseMisses(results: LighthouseScore[]): string[] {
  const misses: string[] = [];
  for (const r of results) {
    if (r.performance < LIGHTHOUSE_TARGETS.performance) misses.push(`${r.page}: performance ${r.performance} < ${LIGHTHOUSE_TARGETS.performance}`);
    if (r.accessibility < LIGHTHOUSE_TARGETS.accessibility) misses.push(`${r.page}: accessibility ${r.accessibility} < ${LIGHTHOUSE_TARGETS.accessibility}`);
  }
  return misses;
}

async function main(): Promise<void> {
  const dist = process.env.SAATHI_DIST || '/tmp/dist-lighthouse';
  process.env.SAATHI_DIST = dist;
  // LIGHTHOUSE_BUILD=0 audits the build already in SAATHI_DIST: two builds can be measured alternately, in the
  // same period of the shared machine's load, which is the only fair comparison of them.
  if (process.env.LIGHTHOUSE_BUILD === '0') {
    console.log(`auditing the build in ${dist}`);
  } else {
    console.log(`building into ${dist} …`);
    const build = spawnSync(process.execPath, [path.join(ROOT, 'build.mjs')], { cwd: ROOT, env: { ...process.env, SAATHI_DIST: dist }, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('build failed');
  }
  // Imported after SAATHI_DIST is set: the harness resolves the bundle from it.
  const { startSaathi } = await import('../e2e/harness');
  const saathi = await startSaathi();
  try {
    const seeded = saathi.cli(['seed']);
    if (seeded.status !== 0) throw new Error(`seed failed:\n${seeded.stdout}${seeded.stderr}`);
    const reports = process.env.LIGHTHOUSE_REPORTS || undefined;
    const runs = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS) || 3);
    console.log(`Lighthouse (mobile, simulated throttling), ${saathi.url}: ${runs} runs a page, the median kept; ${os.cpus().length} CPUs, load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
    const languages = (process.env.LIGHTHOUSE_LANGUAGES || DEFAULT_LANGUAGE).split(',').map((l) => l.trim());
    const unknown = languages.filter((l) => !isLanguage(l));
    if (unknown.length) throw new Error(`LIGHTHOUSE_LANGUAGES: ${unknown.join(', ')} is no language Saathi speaks (contracts/i18n/languages.ts)`);
    const results: LighthouseScore[] = [];
    for (const language of languages as Language[]) {
      results.push(
        ...(await runLighthouse(saathi.url, undefined, {
          saveReportsTo: reports,
          language,
          onPage: (r) => console.log(`  ${r.page}: performance ${r.performanceRuns.join(', ')} → median ${r.performance}; accessibility ${r.accessibility}; load ${r.loadAverage.join('→')}; CPU index ${r.benchmarkIndex}`),
        })),
      );
    }
    console.log('');
    console.log(formatLighthouseTable(results));
    const file = path.join(ROOT, 'lighthouse-results.json');
    fs.writeFileSync(file, `${JSON.stringify({ date: new Date().toISOString(), runs, cpus: os.cpus().length, targets: LIGHTHOUSE_TARGETS, results }, null, 2)}\n`);
    console.log(`\nwrote ${path.relative(process.cwd(), file)}`);
    const misses = lighthouseMisses(results);
    if (misses.length) {
      console.log(`targets missed:\n  ${misses.join('\n  ')}`);
      process.exitCode = 1;
    } else {
      console.log(`targets met (performance ≥ ${LIGHTHOUSE_TARGETS.performance}, accessibility ≥ ${LIGHTHOUSE_TARGETS.accessibility})`);
    }
  } finally {
    await saathi.stop();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  main().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
