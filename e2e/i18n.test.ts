// biome-ignore-all lint/performance/useDomNodeTextContent: these are Playwright locators, not DOM nodes
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { assertNoOverflow, returningPhonePage, screenshot, seededInstance } from './harness';

const instance = seededInstance(20);

/**
 * Latin words that are the same in every language: the brand, the stores, English named in the language switch, and the
 * metro areas the distance filter's hint names as they are typed into it (the place box matches their English names).
 */
const ALLOWED = new Set(['Saathi', 'App', 'Store', 'Google', 'Play', 'iOS', 'Android', 'F8', 'English', 'Greater', 'Toronto', 'Bay', 'Area', 'London']);

/**
 * Latin words in the page's text that are neither allowed nor member data: every word the API's JSON answers hold
 * (names, cities, professions, a success story) is the members' own, shown as they wrote it.
 */
async function englishLeft(page: Page, memberWords: Set<string>): Promise<string[]> {
  const words = await page.evaluate(() => {
    const out: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest('script, style, noscript, [hidden]')) continue;
      if (parent.getClientRects().length === 0) continue;
      out.push(...((node.textContent ?? '').match(/[A-Za-z]{2,}/g) ?? []));
    }
    return out;
  });
  return [...new Set(words)].filter((word) => !ALLOWED.has(word) && !memberWords.has(word));
}

/** Every Latin word of the API's JSON answers the page has had: the members' own words. */
function collectMemberWords(page: Page): Set<string> {
  const words = new Set<string>();
  page.on('response', async (response) => {
    if (!response.url().includes('/api/') || !(response.headers()['content-type'] ?? '').includes('json')) return;
    const body = await response.text().catch(() => '');
    for (const word of body.match(/[A-Za-z]{2,}/g) ?? []) words.add(word);
  });
  return words;
}

async function check(page: Page, memberWords: Set<string>, screen: string, language: string): Promise<void> {
  assert.equal(await page.evaluate(() => document.documentElement.lang), language, `${screen}: <html lang>`);
  assert.deepEqual(await englishLeft(page, memberWords), [], `${screen} in ${language}: English words left`);
  await assertNoOverflow(page);
  // No text cut off: a single-line label wider than its box would be clipped.
  const clipped = await page.evaluate(() =>
    [...document.querySelectorAll('#root button, #root a, #root h1, #root h2, #root label, #root .badge, #root .match-pill')]
      .filter((el) => el.getClientRects().length > 0 && getComputedStyle(el).overflow === 'hidden' && el.scrollWidth > el.clientWidth + 1)
      .map((el) => (el.textContent ?? '').trim().slice(0, 40)),
  );
  assert.deepEqual(clipped, [], `${screen} in ${language}: clipped text`);
  await screenshot(page, `i18n-${language}-${screen}`);
}

/** Home, search, a profile and Settings, each checked in `language`. */
async function walk(page: Page, memberWords: Set<string>, language: string, tab: (name: string) => Promise<void>) {
  await page.waitForSelector('.member-home__title');
  await page.locator('.daily-card, .home-section__empty').first().waitFor();
  await check(page, memberWords, 'home', language);

  await tab('search');
  await page.locator('.result-list > li.result-card:not(.result-card--skeleton)').first().waitFor();
  await check(page, memberWords, 'search', language);
  await page.locator('.search-bar__filters').click();
  await page.locator('.filter-panel__actions').waitFor();
  await check(page, memberWords, 'search-filters', language);
  await page.locator('.search-bar__filters').click();

  await page.locator('.result-card__view').first().click();
  await page.waitForURL((url) => url.pathname.startsWith('/profile/'));
  await page.locator('.profile-intro').waitFor();
  await check(page, memberWords, 'profile', language);

  await page.goto('/settings');
  await page.locator('.language-card').waitFor();
  await page.locator('.settings-card').first().waitFor();
  await check(page, memberWords, 'settings', language);
}

describe('Saathi in Hindi and Tamil', () => {
  test('a visitor picks Hindi on the landing page, signs in and walks the app in Hindi; Settings switches it to Tamil', async () => {
    const page = await returningPhonePage(instance.browser, instance.saathi.url);
    const memberWords = collectMemberWords(page);
    await page.goto('/');
    await page.getByRole('button', { name: 'हिन्दी' }).click();
    await page.getByRole('heading', { name: 'अपना सही जीवनसाथी ढूँढें' }).waitFor();
    await check(page, memberWords, 'landing', 'hi');

    await page.locator('.landing__actions').getByRole('link', { name: 'साइन इन करें' }).click();
    await page.getByRole('heading', { name: 'फिर से स्वागत है' }).waitFor();
    await check(page, memberWords, 'sign-in', 'hi');
    // A wrong password: the server's answer is in Hindi too.
    await page.getByRole('textbox', { name: 'यूज़रनेम', exact: true }).fill('demo');
    await page.getByRole('textbox', { name: 'पासवर्ड', exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'साइन इन करें' }).click();
    await page.getByText('यूज़रनेम या पासवर्ड सही नहीं है').waitFor();
    await page.getByRole('textbox', { name: 'पासवर्ड', exact: true }).fill('demo-pass-2026');
    await page.getByRole('button', { name: 'साइन इन करें' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    const tab = async (name: string) => {
      await page.locator(`.bottom-nav a[href="/${name}"]`).click();
      await page.waitForURL((url) => url.pathname === `/${name}`);
    };
    await walk(page, memberWords, 'hi', tab);

    // The landing page's pick is the account's now: a reload is sent in Hindi by the server itself.
    const reloaded = await (await page.request.get('/settings', { headers: { Accept: 'text/html' } })).text();
    assert.match(reloaded, /<html lang="hi">/);
    // One catalogue, the page's own (it carries English for what Hindi lacks): no English chunk beside it.
    const preloaded = [...reloaded.matchAll(/href="\/assets\/chunks\/(en|hi|ta)-[A-Z0-9]+\.js"/g)].map((m) => m[1]);
    assert.deepEqual(preloaded, ['hi']);

    await page.locator('.language-card').getByRole('button', { name: 'தமிழ்' }).click();
    await page.getByRole('heading', { name: 'கணக்கு அமைப்புகள்' }).waitFor();
    const catalogues: string[] = [];
    page.on('request', (request) => {
      const code = /\/assets\/chunks\/(en|hi|ta)-[A-Z0-9]+\.js$/.exec(new URL(request.url()).pathname)?.[1];
      if (code) catalogues.push(code);
    });
    await page.goto('/');
    // Served in Tamil by the server (the account's language), before any script has run.
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'ta');
    await walk(page, memberWords, 'ta', tab);
    assert.deepEqual([...new Set(catalogues)], ['ta'], 'a Tamil page fetches the Tamil catalogue only');
  });
});
