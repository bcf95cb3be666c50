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

/** Latin words in the page's visible text that are neither allowed nor the members' own. */
async function englishLeft(page: Page, memberWords: Set<string>, allowed: Set<string>): Promise<string[]> {
  const words = await page.evaluate(() => {
    const out: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest('script, style, noscript, [hidden]') || parent.getClientRects().length === 0) continue;
      out.push(...((node.textContent ?? '').match(/[A-Za-z]{2,}/g) ?? []));
    }
    return out;
  });
  return [...new Set(words)].filter((word) => !allowed.has(word) && !memberWords.has(word));
}

/**
 * The screen is in `language`: `<html lang>`, no English left, nothing wider than the phone and no label cut off;
 * then its screenshot.
 */
export async function checkLanguage(page: Page, memberWords: Set<string>, screen: string, language: string, alsoAllowed: readonly string[] = []): Promise<void> {
  assert.equal(await page.evaluate(() => document.documentElement.lang), language, `${screen}: <html lang>`);
  assert.deepEqual(await englishLeft(page, memberWords, new Set([...ALLOWED, ...alsoAllowed])), [], `${screen} in ${language}: English words left`);
  await assertNoOverflow(page);
  const clipped = await page.evaluate(() =>
    [...document.querySelectorAll('#root button, #root a, #root h1, #root h2, #root label, #root legend, #root .badge, #root .match-pill, #root [role="tab"]')]
      // A visually hidden label is 1px wide on purpose: it is read out, not seen.
      .filter((el) => !el.closest('.visually-hidden') && el.getClientRects().length > 0 && getComputedStyle(el).overflow === 'hidden' && el.scrollWidth > el.clientWidth + 1)
      .map((el) => (el.textContent ?? '').trim().slice(0, 40)),
  );
  assert.deepEqual(clipped, [], `${screen} in ${language}: clipped text`);
  await screenshot(page, `i18n-${language}-${screen}`);
}
