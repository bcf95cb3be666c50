import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { assertNoOverflow, returningPhonePage, screenshot, seededInstance, signInAsDemo } from './harness';

const instance = seededInstance(20);

/** Latin words that are the same in every language: the brand. */
const ALLOWED = new Set(['Saathi']);

/**
 * Where a screen still writes English that is not its own: the chat's times come from lib/message-time.ts ("Today",
 * "16h ago", dates and clock times in the browser's locale), listed in docs/i18n.md as not converted yet.
 */
const NOT_THIS_SLICE = 'time, .chat-day__label, .chat-header__presence';

/** Every Latin word of the API's JSON answers the page has had: the members' own words (names, cities, messages). */
function collectMemberWords(page: Page): Set<string> {
  const words = new Set<string>();
  page.on('response', async (response) => {
    if (!response.url().includes('/api/') || !(response.headers()['content-type'] ?? '').includes('json')) return;
    const body = await response.text().catch(() => '');
    for (const word of body.match(/[A-Za-z]{2,}/g) ?? []) words.add(word);
  });
  return words;
}

/** Latin words in the app's visible text that are neither allowed nor the members' own. */
async function englishLeft(page: Page, memberWords: Set<string>): Promise<string[]> {
  const words = await page.evaluate((skip) => {
    const out: string[] = [];
    const walker = document.createTreeWalker(document.querySelector('#root') ?? document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest(`script, style, [hidden], ${skip}`) || parent.getClientRects().length === 0) continue;
      out.push(...((node.textContent ?? '').match(/[A-Za-z]{2,}/g) ?? []));
    }
    return out;
  }, NOT_THIS_SLICE);
  return [...new Set(words)].filter((word) => !ALLOWED.has(word) && !memberWords.has(word));
}

async function check(page: Page, memberWords: Set<string>, screen: string, language: string): Promise<void> {
  assert.equal(await page.evaluate(() => document.documentElement.lang), language, `${screen}: <html lang>`);
  assert.deepEqual(await englishLeft(page, memberWords), [], `${screen} in ${language}: English words left`);
  await assertNoOverflow(page);
  const clipped = await page.evaluate(() =>
    [...document.querySelectorAll('#root button, #root a, #root h1, #root h2, #root label, #root legend, #root .badge')]
      // (a visually hidden heading is clipped on purpose: it is read out, not seen)
      .filter((el) => !el.closest('.visually-hidden') && el.getClientRects().length > 0 && getComputedStyle(el).overflow === 'hidden' && el.scrollWidth > el.clientWidth + 1)
      .map((el) => (el.textContent ?? '').trim().slice(0, 40)),
  );
  assert.deepEqual(clipped, [], `${screen} in ${language}: clipped text`);
  await screenshot(page, `i18n-${language}-${screen}`);
}

describe('conversations and lists in Hindi and Tamil', () => {
  test('messages, a chat, matches and likes, the shortlist, profile views, saved searches and success stories', async () => {
    const page = await returningPhonePage(instance.browser, instance.saathi.url);
    const memberWords = collectMemberWords(page);
    await signInAsDemo(page);
    const origin = { Origin: instance.saathi.url };
    const me = (await (await page.request.get('/api/auth/user')).json()) as { id: number; profileId: number };
    const [match] = (await (await page.request.get(`/api/users/${me.id}/matches`)).json()) as Array<{ profile: { userId: number } }>;
    assert.ok(match, 'the demo member has a match to chat with');
    const liked = (await (await page.request.get(`/api/profile-likes/${me.id}`)).json()) as Array<{ id: number }>;
    const shortlisted = await page.request.post(`/api/shortlist/${me.profileId}`, { headers: origin, data: { savedProfileId: liked[0].id, note: 'Family in Pune' } });
    assert.equal(shortlisted.status(), 201);
    const search = { name: 'Doctors in Canada', filters: { query: 'doctor', locations: 'Canada', religions: 'Hindu,Sikh', minGuna: '18' }, emailAlerts: true, pushAlerts: false };
    assert.equal((await page.request.post('/api/saved-searches', { headers: origin, data: search })).status(), 201);
    // What the member typed is theirs, as the API's answers are.
    for (const word of ['Doctors', 'in', 'Canada', 'doctor', 'Family', 'Pune']) memberWords.add(word);

    for (const [language, name] of [['hi', 'हिन्दी'], ['ta', 'தமிழ்']] as const) {
      await page.goto('/settings');
      await page.locator('.language-card').getByRole('button', { name }).click();
      await page.waitForFunction((code) => document.documentElement.lang === code, language);
      const screens: Array<[string, string, string]> = [
        ['messages', '/messages', '.conversation'],
        ['chat', `/chat/${match.profile.userId}`, '.bubble'],
        ['matches', '/liked-profiles?tab=matches', '.match-row'],
        ['liked', '/liked-profiles?tab=liked', '.liked-card__name'],
        ['shortlist', '/shortlist', '.shortlist-entry'],
        ['profile-views', '/profile-views', '.profile-views-page .empty-state, .profile-views-page .result-card'],
        ['saved-searches', '/saved-searches', '.saved-search'],
        ['stories', '/stories', '.empty-state, .my-story'],
        ['story-new', '/stories/new', '.story-form'],
      ];
      for (const [screen, url, ready] of screens) {
        await page.goto(url);
        await page.locator(ready).first().waitFor();
        await check(page, memberWords, screen, language);
      }
    }
    // The words a member reads are the catalogue's: two of them, one per language.
    await page.goto('/liked-profiles?tab=matches');
    await page.getByRole('tab', { name: 'பொருத்தங்கள் (1)' }).waitFor();
    await page.goto('/settings');
    await page.locator('.language-card').getByRole('button', { name: 'हिन्दी' }).click();
    await page.goto('/saved-searches');
    await page.getByText('सुबह की सूचनाएँ').waitFor();
  });
});
