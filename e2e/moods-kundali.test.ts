import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { apiSession, returningPhonePage, screenshot, signedInPhonePage, signInAsDemo, viewportScreenshot, seededInstance } from './harness';

// No launch offer, so a newly registered member is on tryme; the seeded demo member is premium.
const instance = seededInstance(40, { FIRST_FREE_PREMIUM: '0' });

/** The page must never scroll sideways at phone width. */
async function assertNoHorizontalOverflow(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.ok(overflow <= 0, `page is ${overflow}px wider than the viewport`);
}

const newPage = () => returningPhonePage(instance.browser, instance.saathi.url);

async function getJson<T>(page: Page, path: string): Promise<{ status: number; body: T }> {
  return page.evaluate(async (p) => {
    const res = await fetch(p, { headers: { Accept: 'application/json' } });
    return { status: res.status, body: await res.json() };
  }, path);
}

/** A seeded member whose chart the engine can match against the signed-in member's (basic result 200). */
async function matchableMember(page: Page): Promise<{ userId: number; profileId: number; fullName: string }> {
  const me = (await getJson<{ id: number }>(page, '/api/auth/user')).body;
  const { body: profiles } = await getJson<Array<{ id: number; userId: number; fullName: string }>>(page, '/api/profiles/search');
  assert.ok(profiles.length > 0, 'the seed has profiles');
  for (const profile of profiles.slice(0, 20)) {
    const { status } = await getJson(page, `/api/kundali-compatibility/${me.id}/${profile.userId}`);
    if (status === 200) return { userId: profile.userId, profileId: profile.id, fullName: profile.fullName };
  }
  throw new Error('no seeded profile could be matched');
}

/** Chooses a member in the searchable "Profile to compare" picker: type part of the name, pick the option. */
async function pickProfile(page: Page, member: { userId: number; fullName: string }) {
  const input = page.getByRole('combobox', { name: 'Profile to compare' });
  await input.fill(member.fullName.split(' ')[0]);
  await page.locator(`[role="option"][data-user-id="${member.userId}"]`).click();
}

/** A tryme member registered over the API with a profile holding full birth details, signed in on a phone. */
async function trymeMemberPage(): Promise<Page> {
  const { call, cookies } = apiSession(instance.saathi.url);
  const password = 'janam-kundali-2026';
  const reg = await call('POST', '/api/auth/register?redirect=/', {
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ fullName: 'Kavya Menon', email: 'kavya@example.test', username: 'kavya_menon', password, confirmPassword: password }),
  });
  assert.equal(reg.status, 201, await reg.clone().text());
  const { user } = (await reg.json()) as { user: { id: number; subscriptionTier: string } };
  assert.equal(user.subscriptionTier, 'tryme');
  const created = await call('POST', '/api/profiles', {
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      userId: user.id,
      parentName: null,
      parentRelationship: null,
      parentContact: null,
      gender: 'female',
      dateOfBirth: '1995-02-14',
      profileType: 'self',
      country: 'Canada',
      city: 'Toronto',
      education: "Master's",
      profession: 'Architect',
      about: 'Carnatic music and long walks by the lake.',
      birthHour: 6,
      birthMinute: 30,
      birthAmPm: 'AM',
      birthPlace: 'Kochi, India',
      religion: 'Hindu',
      motherTongue: 'Malayalam',
      agePreferenceMin: 27,
      agePreferenceMax: 35,
      locationPreference: ['Canada'],
      educationPreference: "Bachelor's or above",
      professionPreference: 'Any',
      familyBackground: 'A musical family from Kochi.',
    }),
  });
  assert.equal(created.status, 201, await created.clone().text());
  return signedInPhonePage(instance.browser, instance.saathi.url, cookies());
}

describe('moods and Kundali in the browser', () => {
  test('a premium member checks compatibility with a seeded profile and sees the basic and AI analyses', async () => {
    const page = await newPage();
    await signInAsDemo(page, '/compatibility');
    const me = (await getJson<{ subscriptionTier: string }>(page, '/api/auth/user')).body;
    assert.equal(me.subscriptionTier, 'premium');
    await page.getByRole('heading', { name: 'Kundali Compatibility' }).waitFor();
    const check = page.getByRole('button', { name: 'Check Compatibility' });
    assert.equal(await check.isDisabled(), true, 'disabled until a profile is chosen');

    const other = await matchableMember(page);
    await pickProfile(page, other);
    await page.locator('.profile-picker__chosen').getByText(other.fullName).waitFor();
    await check.click();

    await page.getByRole('tab', { name: 'Basic Analysis' }).waitFor();
    await page.getByRole('tab', { name: 'AI-Powered Analysis' }).waitFor();
    await page.getByRole('heading', { name: 'Kundali Match' }).waitFor();
    await page.getByText('Ashtakoot score', { exact: true }).waitFor();
    assert.equal(await page.getByRole('list', { name: 'Ashtakoot breakdown' }).getByRole('listitem').count(), 8);
    await page.getByText(/^(Favorable Match|Conditional Match)$/).waitFor();
    await page.getByText(/^(Compatible|Needs Consideration)$/).waitFor();
    await page.getByText('How this was calculated').click();
    await page.getByText('Houses used for Manglik').waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'compatibility-basic-premium');
    await assertNoHorizontalOverflow(page);

    await page.getByRole('tab', { name: 'AI-Powered Analysis' }).click();
    await page.getByRole('heading', { name: 'AI-Powered Analysis' }).waitFor({ timeout: 15_000 });
    await page.getByRole('tab', { name: 'AI Analysis' }).waitFor();
    await page.getByText("Written by Saathi's astrology rules engine", { exact: false }).waitFor();
    assert.ok((await page.locator('details.ai-section').count()) >= 3, 'the narrative is split into sections');
    await screenshot(page, 'compatibility-ai-analysis');
    await assertNoHorizontalOverflow(page);

    await page.getByRole('tab', { name: 'Advanced Metrics' }).click();
    await page.getByRole('heading', { name: 'Planetary Harmony' }).waitFor();
    await page.getByRole('heading', { name: 'Auspicious Timing' }).waitFor();
    await screenshot(page, 'compatibility-ai-metrics');

    await page.getByRole('tab', { name: 'Profile Details' }).click();
    const mine = page.getByRole('region', { name: 'You: chart details' });
    await mine.getByText('Nakshatra').waitFor();
    await mine.getByText('Current dasha').waitFor();
    await screenshot(page, 'compatibility-ai-profiles');
    await page.context().close();
  });

  test('a tryme member sees the basic card and the Premium Feature card, never the AI analysis', async () => {
    const page = await trymeMemberPage();
    const aiCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/ai-kundali-compatibility/')) aiCalls.push(request.url());
    });
    await page.goto('/compatibility');
    await page.getByRole('heading', { name: 'Kundali Compatibility' }).waitFor();
    const other = await matchableMember(page);
    await pickProfile(page, other);
    await page.getByRole('button', { name: 'Check Compatibility' }).click();
    await page.getByRole('heading', { name: 'Kundali Match' }).waitFor();
    await page.getByRole('heading', { name: 'Premium Feature' }).waitFor();
    const upgrade = page.getByRole('link', { name: 'Upgrade Now' });
    assert.equal(new URL((await upgrade.getAttribute('href')) ?? '', instance.saathi.url).pathname, '/subscription');
    assert.equal(await page.getByRole('tab', { name: 'AI-Powered Analysis' }).count(), 0);
    await page.getByRole('heading', { name: 'Premium Feature' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'compatibility-tryme');
    assert.deepEqual(aiCalls, [], 'the AI query runs only for premium and elite');
    await page.context().close();
  });

  test('mood tracking: a recorded mood appears in History; an assessment shows in its summary', async () => {
    const page = await newPage();
    await signInAsDemo(page, '/mood-tracking');
    await page.getByRole('heading', { name: 'Mood Tracking' }).waitFor();

    await page.getByRole('button', { name: 'Record Mood' }).click();
    await page.getByText('You need to select a mood before submitting').first().waitFor();
    await page.locator('.toast').getByRole('button', { name: 'Close' }).click();

    await page.getByRole('tab', { name: 'Relationship' }).click();
    await page.getByRole('button', { name: /Hopeful/ }).click();
    await page.getByText('Intensity: 3 / 5').waitFor();
    const slider = page.getByRole('slider', { name: 'Intensity' });
    await slider.focus();
    await page.keyboard.press('ArrowRight');
    await page.getByText('Intensity: 4 / 5').waitFor();
    await page.getByLabel('Note (optional)').fill('Video call with a lovely match from Pune tonight');
    // Moods are private until the member turns sharing on; only then is there a per-mood choice.
    await page.getByText('Mood sharing is off: this mood stays private.').waitFor();
    assert.equal(await page.getByRole('switch', { name: 'Keep this mood private' }).count(), 0);
    const sharing = page.getByRole('region', { name: 'Who sees your moods' });
    await sharing.getByText('Your moods are private: only you see them.').waitFor();
    await sharing.getByRole('switch', { name: 'Share my moods for matching' }).click();
    await sharing.getByText('Your moods help mood matching, except those you keep private.').waitFor();
    await page.locator('.toast').getByRole('button', { name: 'Close' }).click();
    await page.getByRole('switch', { name: 'Keep this mood private' }).click();
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'mood-tracking-current');
    await page.getByRole('button', { name: 'Record Mood' }).click();
    await page.getByText('Your mood has been successfully recorded.').first().waitFor();
    await page.locator('.toast').getByRole('button', { name: 'Close' }).click();
    await page.getByText('Intensity: 4 / 5').waitFor({ state: 'detached' });
    const last = page.getByRole('region', { name: 'Your last mood' });
    await last.getByText('Hopeful').waitFor();
    await last.getByText(/Strong · Relationship/).waitFor();

    await page.getByRole('tab', { name: 'History' }).click();
    const records = page.getByRole('list', { name: 'Mood records' });
    const newest = records.getByRole('listitem').first();
    await newest.getByText('Hopeful').waitFor();
    await newest.getByText('Private').waitFor();
    await newest.getByText('Strong', { exact: true }).waitFor();
    await newest.getByText('Relationship').waitFor();
    await newest.getByText('Video call with a lovely match from Pune tonight').waitFor();
    assert.match((await newest.locator('time').textContent()) ?? '', /^Today at \d{1,2}:\d{2} (AM|PM)$/);
    await page.getByRole('button', { name: 'Refresh mood history' }).click();
    await screenshot(page, 'mood-tracking-history');
    await assertNoHorizontalOverflow(page);

    await page.getByRole('tab', { name: 'Cultural Adaptation' }).click();
    await page.getByText('Cultural identity strength').first().waitFor();
    const homesick = page.getByRole('slider', { name: 'Homesickness' });
    await homesick.focus();
    await page.keyboard.press('ArrowLeft');
    await page.getByText('Occasionally homesick').waitFor();
    await page.getByRole('button', { name: 'Record Assessment' }).click();
    await page.getByText('Assessment recorded', { exact: true }).first().waitFor();
    const summary = page.getByRole('region', { name: 'Last assessment' });
    await summary.getByText(/^(Fully Adapted|Comfortable|Adjusting|Learning|Exploring)$/).waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'mood-tracking-cultural');
    await page.context().close();
  });

  test('a profile view shows the insight cards, and the Kundali link preselects that member', async () => {
    const page = await newPage();
    await signInAsDemo(page, '/compatibility');
    const other = await matchableMember(page);
    await page.goto(`/profile/${other.profileId}`);
    await page.getByRole('heading', { name: 'Astrological Compatibility' }).waitFor();
    await page.getByRole('heading', { name: 'Cultural Adaptation' }).waitFor();
    const starters = page.getByRole('region', { name: 'Conversation Starters' });
    await starters.waitFor();
    const count = await starters.getByRole('listitem').count();
    assert.ok(count >= 1 && count <= 3, `1 to 3 starters shown, got ${count}`);
    await screenshot(page, 'profile-view-insights');
    await assertNoHorizontalOverflow(page);
    await page.evaluate(() => {
      const heading = [...document.querySelectorAll('h2')].find((h) => h.textContent?.includes('Astrological Compatibility'));
      window.scrollTo(0, (heading?.getBoundingClientRect().top ?? 0) + window.scrollY - 70);
    });
    await viewportScreenshot(page, 'profile-view-insights-astro');
    await page.evaluate(() => window.scrollBy(0, 640));
    await viewportScreenshot(page, 'profile-view-insights-mood');

    await page.getByRole('link', { name: 'View detailed Kundali match' }).click();
    await page.waitForURL((url) => url.pathname === '/compatibility');
    await page.getByRole('heading', { name: 'Kundali Compatibility' }).waitFor();
    await page.locator('.profile-picker__chosen').getByText(other.fullName).waitFor();
    assert.equal(await page.getByRole('button', { name: 'Check Compatibility' }).isDisabled(), false);
    await page.context().close();
  });
});
