// biome-ignore-all lint/performance/useDomNodeTextContent: these are Playwright locators, not DOM nodes
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { returningPhonePage, seededInstance } from './harness';
import { checkLanguage, collectMemberWords } from './language-check';

const instance = seededInstance(20);

const check = checkLanguage;

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
