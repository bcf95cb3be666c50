import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { returningPhonePage, screenshot, seededInstance, signInAsDemo } from './harness';
import { assertLayoutHolds, collectMemberWords, englishLeft } from './language-check';

const instance = seededInstance(20);

/**
 * The screen is in `language` (`<html lang>`, no English left but what every language shares and the members' own
 * words), its layout holds at 390 px; then its screenshot. What is left is added to `found`, so that one run names
 * every screen that still shows English.
 */
async function look(page: Page, memberWords: Set<string>, found: string[], screen: string, language: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  assert.equal(await page.evaluate(() => document.documentElement.lang), language, `${screen}: <html lang>`);
  const english = await englishLeft(page, memberWords);
  if (english.length > 0) found.push(`${screen} in ${language}: ${english.join(' ')}`);
  await assertLayoutHolds(page, `${screen} in ${language}`);
  await screenshot(page, `i18n-${language}-${screen}`);
}

describe('every member screen in Hindi and Tamil', () => {
  test('signed in: home, a profile, notifications, plans, Kundali with a match, moods, family, help, the legal pages, the own profile and its editor, About', async () => {
    const page = await returningPhonePage(instance.browser, instance.saathi.url);
    const memberWords = collectMemberWords(page);
    await signInAsDemo(page);
    const me = (await (await page.request.get('/api/auth/user')).json()) as { id: number; profileId: number };
    const [match] = (await (await page.request.get(`/api/users/${me.id}/matches`)).json()) as Array<{ profile: { userId: number; id: number } }>;
    const found: string[] = [];
    for (const [language, name] of [['hi', 'हिन्दी'], ['ta', 'தமிழ்']] as const) {
      await page.goto('/settings');
      await page.locator('.language-card').getByRole('button', { name }).click();
      await page.waitForFunction((code) => document.documentElement.lang === code, language);
      const screens: Array<[string, string, string]> = [
        ['home', '/', '.member-home__title'],
        ['profile', `/profile/${match.profile.id}`, '.profile-intro'],
        ['notifications', '/notifications', '.notifications-page, .empty-state'],
        ['plans', '/subscription', '.plan-card:not(.plan-card--skeleton)'],
        ['moods', '/mood-tracking', 'h1'],
        ['family', '/family', 'h1'],
        ['help', '/help', 'h1'],
        ['privacy', '/privacy-policy', 'h1'],
        ['terms', '/terms', 'h1'],
        ['own-profile', '/profile', 'h1'],
        ['edit-profile', '/edit-profile', 'form, h1'],
        ['about', '/about', 'h1, h2'],
      ];
      for (const [screen, url, ready] of screens) {
        await page.goto(url);
        await page.locator(ready).first().waitFor();
        await look(page, memberWords, found, screen, language);
      }
      // Kundali with the match: the basic report, then the rules engine's analysis, its metrics and the two charts.
      await page.goto(`/compatibility?userId=${match.profile.userId}`);
      await page.locator('.compat-picker .btn:not([disabled])').click();
      await page.locator('.koota-details').waitFor();
      await look(page, memberWords, found, 'kundali-basic', language);
      await page.locator('.compat-results [role="tab"]').nth(1).click();
      await page.locator('details.ai-section').first().waitFor({ timeout: 15_000 });
      await look(page, memberWords, found, 'kundali-ai', language);
      for (const [index, screen] of [[1, 'kundali-ai-metrics'], [2, 'kundali-ai-charts']] as const) {
        await page.locator('.kundali-card [role="tab"]').nth(index).click();
        await page.locator('.kundali-card [role="tabpanel"]:not([hidden])').waitFor();
        await look(page, memberWords, found, screen, language);
      }
    }
    assert.deepEqual(found, []);
  });

  test('a new member in their language: the splash, registration and each of the wizard\'s five steps', async () => {
    const found: string[] = [];
    for (const language of ['hi', 'ta'] as const) {
      const page = await returningPhonePage(instance.browser, instance.saathi.url);
      const memberWords = collectMemberWords(page);
      // A link in the member's language (an invitation's, a share's) picks it before anything is signed in.
      await page.goto(`/splash?lang=${language}`);
      await page.locator('h1, h2').first().waitFor();
      await look(page, memberWords, found, 'splash', language);
      await page.goto('/register');
      await page.locator('form').waitFor();
      await look(page, memberWords, found, 'register', language);
      const username = `wizard_${language}`;
      const registered = await page.request.post('/api/auth/register', {
        headers: { Origin: instance.saathi.url, Accept: 'application/json' },
        data: { fullName: 'Meera Nair', email: `${username}@example.test`, username, password: 'a-long-pass-2026', confirmPassword: 'a-long-pass-2026', subscriptionTier: 'tryme' },
      });
      assert.equal(registered.status(), 201, await registered.text());
      for (const step of [1, 2, 3, 4, 5]) {
        // Where the wizard resumes is the member's draft: each step as it first opens, nothing filled in.
        const saved = await page.request.put('/api/profile-draft', { headers: { Origin: instance.saathi.url }, data: { step, values: {}, photoIds: [] } });
        assert.equal(saved.status(), 200, await saved.text());
        await page.goto('/create-profile');
        await page.waitForFunction((n) => document.querySelector('.wizard__step-count')?.textContent?.includes(String(n)), step);
        await look(page, memberWords, found, `wizard-step-${step}`, language);
      }
      await page.context().close();
    }
    assert.deepEqual(found, []);
  });
});
