import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { returningPhonePage, seededInstance, signInAsDemo } from './harness';
import { checkLanguage, collectMemberWords } from './language-check';

const instance = seededInstance(20);

const check = checkLanguage;

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
