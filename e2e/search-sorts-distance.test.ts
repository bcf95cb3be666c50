// biome-ignore-all lint/performance/useDomNodeTextContent: these are Playwright locators, not DOM nodes
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { apiSession, assertNoOverflow, registerOverApi, returningPhonePage, screenshot, seededInstance, signInAsDemo, viewportScreenshot } from './harness';

const instance = seededInstance(60, { FIRST_FREE_PREMIUM: '0' });

const resultCards = (page: Page) => page.locator('.result-list > li.result-card:not(.result-card--skeleton)');

/** A man in `city` (Canada), as the demo member looks for. */
async function manIn(city: string, username: string) {
  const session = apiSession(instance.saathi.url);
  const userId = await registerOverApi(session, { fullName: `Groom of ${city}`, username, password: 'kaveri-sangam-2026' });
  const created = await session.call('POST', '/api/profiles', {
    json: {
      userId, gender: 'male', lookingFor: 'female', dateOfBirth: '1993-05-02', profileType: 'self', education: "Master's", religion: 'Hindu',
      motherTongue: 'Marathi', country: 'Canada', city, profession: 'Civil Engineer', about: 'Builds bridges in Ontario.', height: 178,
      agePreferenceMin: 24, agePreferenceMax: 34,
    },
  });
  assert.equal(created.status, 201, await created.clone().text());
  return ((await created.json()) as { id: number }).id;
}

describe('search that sorts and travels', () => {
  test('near Greater Toronto finds Mississauga and not Vancouver; the sort and the filter sheet live in the address', async () => {
    const mississauga = await manIn('Mississauga', 'groom_mississauga');
    const vancouver = await manIn('Vancouver', 'groom_vancouver');
    const page = await returningPhonePage(instance.browser, instance.saathi.url);
    await signInAsDemo(page, '/search');
    await page.goto('/search?near=Greater%20Toronto&sort=newest');
    await resultCards(page).first().waitFor();
    const links = await resultCards(page).locator('a[href^="/profile/"]').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    assert.ok(links.includes(`/profile/${mississauga}`), `Mississauga is near Toronto: ${links}`);
    assert.ok(!links.includes(`/profile/${vancouver}`), 'Vancouver is not');
    assert.equal(await page.getByRole('combobox', { name: 'Sort' }).inputValue(), 'newest');
    await page.getByText(/newest profiles first/).waitFor();
    await assertNoOverflow(page);
    await viewportScreenshot(page, 'search-near-newest');

    await page.getByRole('combobox', { name: 'Sort' }).selectOption('age');
    await page.waitForURL((url) => url.searchParams.get('sort') === 'age');

    await page.getByRole('button', { name: /^Filters/ }).click();
    await page.getByRole('button', { name: 'Background' }).click();
    await page.getByRole('combobox', { name: 'Minimum height' }).selectOption('170');
    await page.getByRole('combobox', { name: 'Within' }).selectOption('25');
    await assertNoOverflow(page);
    await screenshot(page, 'search-filter-sheet');
    await page.getByRole('button', { name: 'Apply Filters' }).click();
    await page.waitForURL((url) => url.searchParams.get('minHeightCm') === '170' && url.searchParams.get('withinKm') === '25');
    await page.reload();
    assert.equal(await page.getByRole('combobox', { name: 'Sort' }).inputValue(), 'age');
    await resultCards(page).first().waitFor();
  });

  test('partner preferences in the editor: chips and a height range, saved and shown again', async () => {
    const page = await returningPhonePage(instance.browser, instance.saathi.url);
    await signInAsDemo(page, '/profile');
    await page.getByRole('tab', { name: /Edit/ }).click();
    await page.getByText('Partner Preferences').first().click();
    await page.getByRole('combobox', { name: 'Height From' }).waitFor();
    await page.getByRole('combobox', { name: 'Height From' }).selectOption('170');
    await page.getByRole('group', { name: 'Diet Preference' }).getByRole('radio', { name: 'Vegetarian' }).or(page.getByRole('group', { name: 'Diet Preference' }).getByRole('button', { name: 'Vegetarian' })).first().click();
    await assertNoOverflow(page);
    await page.getByRole('group', { name: 'Marital Status Preference' }).scrollIntoViewIfNeeded();
    await viewportScreenshot(page, 'profile-partner-preferences');
    await page.getByRole('button', { name: 'Save Stage' }).click();
    await page.getByText('Stage 5: Partner Preferences').waitFor();
    await page.reload();
    await page.getByRole('tab', { name: /Edit/ }).click();
    await page.getByText('Partner Preferences').first().click();
    assert.equal(await page.getByRole('combobox', { name: 'Height From' }).inputValue(), '170');
  });
});
