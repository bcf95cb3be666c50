// biome-ignore-all lint/performance/useDomNodeTextContent: these are Playwright locators, not DOM nodes
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { assertNoOverflow, returningPhoneContext, returningPhonePage, screenshot, seededInstance, signInAsDemo } from './harness';

const instance = seededInstance(4);

/**
 * Latin words that are the same in every language: the brand and its plans' names, technical names a member meets
 * as they are (2FA, JSON, a QR code, the card's CVC and MM/YY, the payment provider), the dollar's "US$" and English
 * named in the language switch.
 */
const ALLOWED = new Set(['Saathi', 'Tryme', 'Premium', 'Elite', 'English', 'FA', 'JSON', 'QR', 'CVC', 'MM', 'YY', 'Stripe', 'US']);

/** Latin words shown on the page that are neither allowed nor the members' own (every word of the API's answers). */
async function englishLeft(page: Page, memberWords: Set<string>): Promise<string[]> {
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
  return [...new Set(words)].filter((word) => !ALLOWED.has(word) && !memberWords.has(word));
}

function collectMemberWords(page: Page): Set<string> {
  const words = new Set<string>();
  page.on('response', async (response) => {
    if (!response.url().includes('/api/') || !(response.headers()['content-type'] ?? '').includes('json')) return;
    for (const word of (await response.text().catch(() => '')).match(/[A-Za-z]{2,}/g) ?? []) words.add(word);
  });
  return words;
}

/** The screen is in `language`, with no English left, nothing wider than the phone and no label cut off. */
async function check(page: Page, memberWords: Set<string>, screen: string, language: string): Promise<void> {
  assert.equal(await page.evaluate(() => document.documentElement.lang), language, `${screen}: <html lang>`);
  assert.deepEqual(await englishLeft(page, memberWords), [], `${screen} in ${language}: English words left`);
  await assertNoOverflow(page);
  const clipped = await page.evaluate(() =>
    [...document.querySelectorAll('#root button, #root a, #root h1, #root h2, #root label, #root legend, #root .badge, #root [role="tab"]')]
      // A visually hidden label is 1px wide on purpose.
      .filter((el) => !el.closest('.visually-hidden') && el.getClientRects().length > 0 && getComputedStyle(el).overflow === 'hidden' && el.scrollWidth > el.clientWidth + 1)
      .map((el) => (el.textContent ?? '').trim().slice(0, 40)),
  );
  assert.deepEqual(clipped, [], `${screen} in ${language}: clipped text`);
  await screenshot(page, `i18n-${language}-${screen}`);
}

const WORDS = {
  hi: { name: 'हिन्दी', notifications: 'सूचनाएँ', security: 'सुरक्षा', plan: 'योजना', password: 'पासवर्ड बदलें', yourPlan: 'आपका प्लान', plans: 'सदस्यता प्लान', delete: 'खाता हटाएँ', checkout: 'अपनी सदस्यता पूरी करें', forgot: 'पासवर्ड भूल गए?', reset: 'पासवर्ड बदलें' },
  ta: { name: 'தமிழ்', notifications: 'அறிவிப்புகள்', security: 'பாதுகாப்பு', plan: 'திட்டம்', password: 'கடவுச்சொல்லை மாற்று', yourPlan: 'உங்கள் திட்டம்', plans: 'சந்தாத் திட்டங்கள்', delete: 'கணக்கை நீக்கு', checkout: 'உங்கள் சந்தாவை நிறைவுசெய்யுங்கள்', forgot: 'கடவுச்சொல் மறந்துவிட்டதா?', reset: 'கடவுச்சொல்லை மீட்டமை' },
} as const;

/** Settings' Notifications, Security and Plan tabs, the plans, checkout and the delete-account page in `language`. */
async function walkAccount(page: Page, memberWords: Set<string>, language: 'hi' | 'ta') {
  const words = WORDS[language];
  await page.goto('/settings');
  await page.getByRole('tab', { name: words.notifications }).click();
  await page.locator('.settings-accordion').waitFor();
  await check(page, memberWords, 'settings-notifications', language);
  await page.getByRole('tab', { name: words.security }).click();
  await page.getByRole('heading', { name: words.password }).waitFor();
  await check(page, memberWords, 'settings-security', language);
  await page.getByRole('tab', { name: words.plan }).click();
  await page.getByRole('heading', { name: words.yourPlan }).waitFor();
  await check(page, memberWords, 'settings-plan', language);

  await page.goto('/subscription');
  await page.getByRole('heading', { name: words.plans }).waitFor();
  await page.locator('.plan-card:not(.plan-card--skeleton)').first().waitFor();
  await check(page, memberWords, 'plans', language);

  await page.goto('/checkout?tier=elite');
  await page.getByRole('heading', { name: words.checkout }).waitFor();
  await page.locator('.card-form').waitFor();
  await check(page, memberWords, 'checkout', language);

  await page.goto('/delete-account');
  await page.getByRole('heading', { name: words.delete }).waitFor();
  await check(page, memberWords, 'delete-account', language);
}

describe('account, plan and the pages before sign-in in Hindi and Tamil', () => {
  for (const language of ['hi', 'ta'] as const) {
    test(`a member who picks ${language} in Settings reads the account and plan screens in it`, async () => {
      const page = await returningPhonePage(instance.browser, instance.saathi.url);
      const memberWords = collectMemberWords(page);
      await signInAsDemo(page, '/settings');
      await page.locator('.language-card').getByRole('button', { name: WORDS[language].name }).click();
      await page.waitForFunction((lang) => document.documentElement.lang === lang, language);
      await walkAccount(page, memberWords, language);
      // Back to English for the next test's sign-in, which reads the English labels.
      await page.goto('/settings');
      await page.locator('.language-card').getByRole('button', { name: 'English' }).click();
      await page.waitForFunction(() => document.documentElement.lang === 'en');
      await page.close();
    });

    test(`a visitor reading ${language} gets forgot and reset password in it`, async () => {
      const context = await returningPhoneContext(instance.browser, instance.saathi.url);
      await context.addCookies([{ name: 'saathi_lang', value: language, url: instance.saathi.url }]);
      const page = await context.newPage();
      const memberWords = collectMemberWords(page);
      await page.goto('/forgot-password');
      await page.getByRole('heading', { name: WORDS[language].forgot }).waitFor();
      await check(page, memberWords, 'forgot-password', language);
      await page.goto('/reset-password/not-a-real-token');
      await page.getByRole('heading', { name: WORDS[language].reset }).waitFor();
      await check(page, memberWords, 'reset-password', language);
      await context.close();
    });
  }
});
