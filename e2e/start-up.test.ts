import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { type ApiCookies, type RunningSaathi, demoApiSession, launchBrowser, signedInPhonePage, startSaathi } from './harness';

let saathi: RunningSaathi;
let browser: Browser;
let cookies: ApiCookies;

before(async () => {
  saathi = await startSaathi();
  const seeded = saathi.cli(['seed', '--profiles', '30']);
  assert.equal(seeded.status, 0, seeded.stderr);
  cookies = (await demoApiSession(saathi.url)).cookies();
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await saathi?.stop();
});

const scriptsOf = (html: string) => [...html.matchAll(/<(?:script type="module" src|link rel="modulepreload" href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]);

describe("the member app's start-up code", () => {
  test("is the entry and at most three more files, and the page language's catalogue, all named in the page; a signed-in phone shows search with them", async () => {
    // An unknown path gets the page as built: the start-up code alone, no screen's own.
    const startUp = scriptsOf(await (await fetch(`${saathi.url}/no-such-page`)).text());
    // The words of the page's language are data beside the code (English here; member-ui/i18n): fetched with it, so the
    // initial code does not grow with the catalogue.
    const catalogues = startUp.filter((url) => /^\/assets\/chunks\/(en|hi|ta)-[A-Z0-9]+\.js$/.test(url));
    assert.equal(catalogues.length, 1, `the English catalogue, and only it: ${catalogues.join(' ')}`);
    // On a phone each file is a round trip more on one of the browser's six connections.
    assert.ok(startUp.length - catalogues.length <= 4, `start-up files: ${startUp.join(' ')}`);

    const page = await signedInPhonePage(browser, saathi.url, cookies);
    const loaded: string[] = [];
    page.on('response', (res) => {
      if (res.request().resourceType() === 'script') loaded.push(new URL(res.url()).pathname);
    });
    await page.goto('/search');
    await page.locator('.result-card:not(.result-card--skeleton)').first().waitFor();
    // The server's first screen shows the card before the app's code is fetched (after that paint): wait for it.
    for (let tries = 0; tries < 100 && !startUp.every((url) => loaded.includes(url)); tries++) await page.waitForTimeout(100);
    for (const url of startUp) assert.ok(loaded.includes(url), `${url} was loaded`);
    await page.context().close();
  });

  test('is evaluated in stages: React DOM, then the router, then TanStack Query, each after a paint', async () => {
    const html = await (await fetch(`${saathi.url}/no-such-page`)).text();
    const sources = await Promise.all(scriptsOf(html).map(async (url) => (await fetch(saathi.url + url)).text()));
    const app = sources.find((source) => source.includes('react.dev/errors'));
    assert.ok(app, 'React DOM is in the start-up code');
    const awaits = [...app.matchAll(/await [\w$]+\(\)/g)].map((m) => m.index);
    assert.ok(awaits.length >= 3, 'three top-level waits for a paint');
    const reactDom = app.indexOf('react.dev/errors');
    const router = app.search(/Invariant failed/);
    const query = app.search(/queryCache/);
    assert.ok(reactDom < awaits[0] && awaits[0] < router && router < awaits[1] && awaits[1] < query && query < awaits[2]);
  });

  test('a reload while the start-up code is still arriving shows the screen', async () => {
    const page = await signedInPhonePage(browser, saathi.url, cookies);
    // The page is parsed before the app's code is evaluated (that waits for the first paint): reload then.
    await page.goto('/settings', { waitUntil: 'domcontentloaded' });
    await page.reload({ waitUntil: 'domcontentloaded' });
    await page.locator('.settings-page').first().waitFor();
    await page.getByRole('tab').first().waitFor();
    await page.context().close();
  });
});
