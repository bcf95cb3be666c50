import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { assertNoOverflow, screenshot } from './harness';

/**
 * What the browser tests of Hindi and Tamil check on each screen. Latin words that are the same in every language:
 * the brand and its plans' names, the app stores, English named in the language switch, technical names a member
 * meets as they are (2FA, JSON, a QR code, the card's CVC and MM/YY, the payment provider, the photo formats, AI, a UTC offset), the dollar's "US$", the
 * metro areas the distance filter's hint names as they are typed, and the AM/PM that Hindi's and Tamil's own Intl
 * clock writes. A test adds its own.
 */
const ALLOWED = ['Saathi', 'Tryme', 'Premium', 'Elite', 'App', 'Store', 'Google', 'Play', 'iOS', 'Android', 'English', 'FA', 'JSON', 'QR', 'CVC', 'MM', 'YY', 'Stripe', 'JPEG', 'PNG', 'GIF', 'WebP', 'HEIC', 'AI', 'UTC', 'US', 'Greater', 'Toronto', 'Bay', 'Area', 'London', 'am', 'pm', 'AM', 'PM'];

/**
 * What members wrote themselves, in the API's JSON answers the page has had: the values of the fields a member types
 * (names, cities, an about text, professions, messages, notes, a search's name, a story), and what a text the server
 * writes quotes of them. Only those: the rest of a text the server writes (a reason, a description, a Kundali reading)
 * is not a member's and must come in the member's language.
 */
const MEMBER_FIELDS = /^(\w*[nN]ame|email|city|birthPlace|about|aboutMe|bio|profession|company|education|educationDetails|educationPreference|professionPreference|familyBackground|siblingDetails|nriCommunity|visaImmigrationExperience|fatherOccupation|motherOccupation|familyLocation|familyLivesIn|community|caste|subCaste|gotra|hobbies|interests|body|text|content|message|lastMessage|preview|note|notes|story|testimonial|title|quote|caption|query|label|locations|preferredLocations|location|headline)$/;

export function collectMemberWords(page: Page): Set<string> {
  return collectApiWords(page, (key) => MEMBER_FIELDS.test(key));
}

/**
 * Every Latin word of the API's JSON answers, the server's own texts included: for the pseudo-locale, which rewrites
 * the app's catalogue only (what the server writes, in English there, is checked by the Hindi and Tamil walks).
 */
export function collectAllApiWords(page: Page): Set<string> {
  return collectApiWords(page, () => true);
}

function collectApiWords(page: Page, isMembers: (key: string) => boolean): Set<string> {
  const words = new Set<string>();
  const take = (value: unknown, key: string): void => {
    if (typeof value === 'string') {
      // A text the server writes quotes what a member typed ("Master's or above", “cricket”).
      const own = isMembers(key) ? value : [...value.matchAll(/"([^"]+)"|“([^”]+)”/g)].map((m) => m[1] ?? m[2]).join(' ');
      for (const word of own.match(/[A-Za-z]{2,}/g) ?? []) words.add(word);
    } else if (Array.isArray(value)) for (const item of value) take(item, key);
    else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) take(v, k);
  };
  page.on('response', async (response) => {
    if (!response.url().includes('/api/') || !(response.headers()['content-type'] ?? '').includes('json')) return;
    const body = await response.json().catch(() => undefined);
    take(body, '');
  });
  return words;
}

/**
 * The Latin words of the page's visible text (an address, support@saathi.app or a link written out, is the same in
 * every language and left out; so is text marked `lang="en"` on a page in another language: the legal pages' binding
 * English text, below their summary in the member's language; and text marked `translate="no"`, a code shown as a
 * code: a country's ISO letters on a featured card).
 */
export async function latinWordsShown(page: Page): Promise<string[]> {
  const words = await page.evaluate(() => {
    const out: string[] = [];
    const skip = `script, style, noscript, [hidden], [translate="no"]${document.documentElement.lang === 'en' ? '' : ', [lang="en"]'}`;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest(skip) || parent.getClientRects().length === 0) continue;
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

/** The Latin words shown that are neither the same in every language nor the members' own. */
export async function englishLeft(page: Page, memberWords: Set<string>, alsoAllowed: readonly string[] = []): Promise<string[]> {
  const allowed = new Set([...ALLOWED, ...alsoAllowed]);
  return (await latinWordsShown(page)).filter((word) => !allowed.has(word) && !memberWords.has(word));
}

/**
 * The screen is in `language`: `<html lang>`, no English left, nothing wider than the phone and no label cut off;
 * then its screenshot.
 */
export async function checkLanguage(page: Page, memberWords: Set<string>, screen: string, language: string, alsoAllowed: readonly string[] = []): Promise<void> {
  assert.equal(await page.evaluate(() => document.documentElement.lang), language, `${screen}: <html lang>`);
  assert.deepEqual(await englishLeft(page, memberWords, alsoAllowed), [], `${screen} in ${language}: English words left`);
  await assertLayoutHolds(page, `${screen} in ${language}`);
  await screenshot(page, `i18n-${language}-${screen}`);
}
