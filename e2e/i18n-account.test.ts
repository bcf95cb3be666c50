// biome-ignore-all lint/performance/useDomNodeTextContent: these are Playwright locators, not DOM nodes
import { describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { returningPhoneContext, returningPhonePage, seededInstance, signInAsDemo } from './harness';
import { checkLanguage, collectMemberWords } from './language-check';

const instance = seededInstance(4);

const check = checkLanguage;

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
