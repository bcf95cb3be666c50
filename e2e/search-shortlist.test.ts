// biome-ignore-all lint/performance/useDomNodeTextContent: these are Playwright locators, not DOM nodes
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { type ApiSession, apiSession, assertNoOverflow, demoApiSession, registerOverApi, returningPhonePage, screenshot, signInAsDemo, signedInPhonePage, viewportScreenshot, seededInstance } from './harness';

// No launch offer: a newly registered member is on the free plan; the seeded demo member is on Premium.
const instance = seededInstance(60, { FIRST_FREE_PREMIUM: '0' });

const resultCards = (page: Page) => page.locator('.result-list > li.result-card:not(.result-card--skeleton)');
const searchBox = (page: Page) => page.getByPlaceholder('Search by name, location, etc.');

/** A tryme member with a profile (a man, as the demo member looks for). Returns the session and the profile id. */
async function memberWithProfile(fullName: string, username: string): Promise<{ session: ApiSession; profileId: number }> {
  const session = apiSession(instance.saathi.url);
  const userId = await registerOverApi(session, { fullName, username, password: 'kaveri-sangam-2026' });
  const created = await session.call('POST', '/api/profiles', {
    json: {
      userId, gender: 'male', lookingFor: 'female', dateOfBirth: '1993-05-02', profileType: 'self', education: "Master's", religion: 'Hindu',
      motherTongue: 'Marathi', country: 'Canada', city: 'Brampton', profession: 'Civil Engineer', about: 'Builds bridges in Ontario.',
      agePreferenceMin: 24, agePreferenceMax: 34,
    },
  });
  assert.equal(created.status, 201, await created.clone().text());
  return { session, profileId: ((await created.json()) as { id: number }).id };
}

describe('search that travels, says why, and remembers', () => {
  test('the search is in the address: reload, Back from a profile and a shared link show the same search, the matched words marked', async () => {
    const page = await returningPhonePage(instance.browser, instance.saathi.url);
    await signInAsDemo(page, '/search');
    await searchBox(page).fill('brampton engineer');
    await page.waitForURL((url) => url.searchParams.get('query') === 'brampton engineer');
    await resultCards(page).first().waitFor();
    const marks = await resultCards(page).first().locator('mark').allInnerTexts();
    assert.ok(marks.some((m) => /brampton/i.test(m)), `the place is marked: ${marks}`);
    assert.ok(marks.some((m) => /engineer/i.test(m)), `the profession is marked, whole: ${marks}`);
    await page.getByRole('button', { name: 'Filters', exact: true }).click();
    await page.getByRole('button', { name: 'Apply Filters' }).click();
    await page.waitForURL((url) => url.searchParams.has('minAge'));
    const address = page.url();
    await page.getByRole('button', { name: /^Filters \(1 active\)/ }).waitFor();
    await assertNoOverflow(page);
    await screenshot(page, 'searchui-search-highlight');

    await page.reload();
    await page.getByRole('button', { name: /^Filters \(1 active\)/ }).waitFor();
    assert.equal(await searchBox(page).inputValue(), 'brampton engineer');
    await resultCards(page).first().waitFor();

    const first = await resultCards(page).first().locator('.result-card__name').innerText();
    await resultCards(page).first().getByRole('link', { name: /^View Profile of/ }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/profile/'));
    await page.goBack();
    await page.waitForURL((url) => url.href === address);
    assert.equal(await searchBox(page).inputValue(), 'brampton engineer');
    await page.getByText(first, { exact: true }).first().waitFor();

    // The same address in another browser (a link sent to a parent): the same search.
    const demo = await demoApiSession(instance.saathi.url);
    const other = await signedInPhonePage(instance.browser, instance.saathi.url, demo.cookies());
    await other.goto(address);
    await other.getByRole('button', { name: /^Filters \(1 active\)/ }).waitFor();
    assert.equal(await searchBox(other).inputValue(), 'brampton engineer');
    await other.context().close();
    await page.context().close();
  });

  test('save with a note from a card and from a profile; the shortlist says who saved each and removes', async () => {
    const page = await returningPhonePage(instance.browser, instance.saathi.url);
    await signInAsDemo(page, '/search');
    await resultCards(page).nth(1).waitFor();
    const card = resultCards(page).first();
    const name = (await card.locator('.result-card__name').innerText()).split(',')[0].trim();
    await card.getByRole('button', { name: `Save ${name} to your shortlist` }).click();
    await card.getByLabel('Note (optional)').fill('Ask Amma about his family in Pune');
    await card.scrollIntoViewIfNeeded();
    await viewportScreenshot(page, 'searchui-save-note');
    await card.getByRole('button', { name: 'Save', exact: true }).click();
    await card.getByRole('link', { name: `${name} is on your shortlist: open the shortlist` }).waitFor();

    const second = resultCards(page).nth(1);
    const otherName = (await second.locator('.result-card__name').innerText()).split(',')[0].trim();
    await second.getByRole('link', { name: /^View Profile of/ }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/profile/'));
    // The search page stays on screen until the profile's code has loaded, its card with the same Save button.
    await page.locator('.profile-view').getByRole('button', { name: `Save ${otherName} to your shortlist` }).click();
    await page.getByLabel('Note (optional)').waitFor();
    await viewportScreenshot(page, 'searchui-profile-save');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('link', { name: `${otherName} is on your shortlist: open the shortlist` }).click();

    await page.waitForURL((url) => url.pathname === '/shortlist');
    const list = page.getByRole('list', { name: 'Shortlisted profiles' });
    await list.getByText('Ask Amma about his family in Pune').waitFor();
    assert.equal(await list.getByText(/^Saved by you ·/).count(), 2);
    await assertNoOverflow(page);
    await screenshot(page, 'searchui-shortlist');
    await page.getByRole('button', { name: `Remove ${name} from the shortlist` }).click();
    await page.waitForFunction(() => document.querySelectorAll('.shortlist-entry').length === 1);
    await page.context().close();
  });

  test('who viewed me: Premium lists the viewer with a link; the free plan sees a count and an upgrade prompt', async () => {
    const demo = await demoApiSession(instance.saathi.url);
    const { profileId: demoProfile, fullName: demoName } = (await (await demo.call('GET', '/api/auth/user')).json()) as { profileId: number; fullName: string };
    const viewer = await memberWithProfile('Omkar Deshpande', 'omkar_views');
    assert.equal((await viewer.session.call('POST', '/api/notifications', { json: { type: 'profile_view', profileId: demoProfile } })).status, 201);
    assert.equal((await demo.call('POST', '/api/notifications', { json: { type: 'profile_view', profileId: viewer.profileId } })).status, 201);

    // The demo member is on Premium.
    const page = await returningPhonePage(instance.browser, instance.saathi.url);
    await signInAsDemo(page, '/profile');
    await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: /Who viewed me/ }).click();
    await page.waitForURL((url) => url.pathname === '/profile-views');
    const list = page.getByRole('list', { name: 'Members who viewed your profile' });
    await list.getByText('Omkar Deshpande', { exact: false }).waitFor();
    await assertNoOverflow(page);
    await screenshot(page, 'searchui-who-viewed-premium');
    await list.getByRole('link', { name: 'View Profile of Omkar Deshpande' }).click();
    await page.waitForURL((url) => url.pathname === `/profile/${viewer.profileId}`);
    await page.context().close();

    // Omkar is on the free plan: a count, an upgrade prompt, and no name.
    const free = await signedInPhonePage(instance.browser, instance.saathi.url, viewer.session.cookies());
    await free.goto('/profile-views');
    await free.getByRole('heading', { name: '1 member viewed your profile' }).waitFor();
    await free.getByRole('link', { name: 'Upgrade' }).waitFor();
    assert.equal(await free.getByText(demoName, { exact: false }).count(), 0);
    await assertNoOverflow(free);
    await screenshot(free, 'searchui-who-viewed-free');
    await free.context().close();
  });
});
