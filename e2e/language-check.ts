import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { assertNoOverflow, screenshot } from './harness';

/**
 * What the browser tests of Hindi and Tamil check on each screen. Latin words that are the same in every language:
 * the brand and its plans' names, the app stores, English named in the language switch, technical names a member
 * meets as they are (2FA, JSON, a QR code, the card's CVC and MM/YY, the payment provider), the dollar's "US$", the
 * metro areas the distance filter's hint names as they are typed, and the AM/PM that Hindi's and Tamil's own Intl
 * clock writes. A test adds its own.
 */
const ALLOWED = ['Saathi', 'Tryme', 'Premium', 'Elite', 'App', 'Store', 'Google', 'Play', 'iOS', 'Android', 'English', 'FA', 'JSON', 'QR', 'CVC', 'MM', 'YY', 'Stripe', 'US', 'Greater', 'Toronto', 'Bay', 'Area', 'London', 'am', 'pm', 'AM', 'PM'];

/** Every Latin word of the API's JSON answers the page has had: the members' own words (names, cities, messages). */
export function collectMemberWords(page: Page): Set<string> {
  const words = new Set<string>();
  page.on('response', async (response) => {
    if (!response.url().includes('/api/') || !(response.headers()['content-type'] ?? '').includes('json')) return;
    for (const word of (await response.text().catch(() => '')).match(/[A-Za-z]{2,}/g) ?? []) words.add(word);
  });
  return words;
}

/**
 * The Latin words of the page's visible text (an address, support@saathi.app or a link written out, is the same in
 * every language and left out).
 */
export async function latinWordsShown(page: Page): Promise<string[]> {
  const words = await page.evaluate(() => {
    const out: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest('script, style, noscript, [hidden]') || parent.getClientRects().length === 0) continue;
      const text = (node.textContent ?? '').replace(/\S+@\S+|https?:\/\/\S+/g, '');
      out.push(...(text.match(/[A-Za-z]{2,}/g) ?? []));
    }
    return out;
  });
  return [...new Set(words)];
}

/**
 * Nothing wider than the phone, no label cut off (a single-line label wider than its box), and the header's brand
 * never running under its actions (the Kundali pill first).
 */
export async function assertLayoutHolds(page: Page, screen: string): Promise<void> {
  await assertNoOverflow(page);
  const clipped = await page.evaluate(() =>
    [...document.querySelectorAll('#root button, #root a, #root h1, #root h2, #root label, #root legend, #root .badge, #root .match-pill, #root [role="tab"]')]
      // A visually hidden label is 1px wide on purpose: it is read out, not seen.
      .filter((el) => !el.closest('.visually-hidden') && el.getClientRects().length > 0 && getComputedStyle(el).overflow === 'hidden' && el.scrollWidth > el.clientWidth + 1)
      .map((el) => (el.textContent ?? '').trim().slice(0, 40)),
  );
  assert.deepEqual(clipped, [], `${screen}: clipped text`);
  const overlapping = await page.evaluate(() => {
    const brand = document.querySelector('.app-header .brand__name')?.getBoundingClientRect();
    const actions = document.querySelector('.app-header__actions > :first-child')?.getBoundingClientRect();
    return brand && actions ? brand.right > actions.left + 1 : false;
  });
  assert.equal(overlapping, false, `${screen}: the header's brand runs under its actions`);
}

/**
 * The screen is in `language`: `<html lang>`, no English left, nothing wider than the phone and no label cut off;
 * then its screenshot.
 */
export async function checkLanguage(page: Page, memberWords: Set<string>, screen: string, language: string, alsoAllowed: readonly string[] = []): Promise<void> {
  assert.equal(await page.evaluate(() => document.documentElement.lang), language, `${screen}: <html lang>`);
  const allowed = new Set([...ALLOWED, ...alsoAllowed]);
  const english = (await latinWordsShown(page)).filter((word) => !allowed.has(word) && !memberWords.has(word));
  assert.deepEqual(english, [], `${screen} in ${language}: English words left`);
  await assertLayoutHolds(page, `${screen} in ${language}`);
  await screenshot(page, `i18n-${language}-${screen}`);
}
