import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { type ApiSession, type RunningSaathi, apiSession, assertNoOverflow, launchBrowser, portraitJpeg, registerOverApi, screenshot, signedInPhonePage, startSaathi } from './harness';

// A couple who matched on Saathi tells their story from the Matches tab; the partner agrees in the app; an edit asks
// again; the consent link shows the exact photos; the story waits in the console's queue until both agreed.

let saathi: RunningSaathi;
let browser: Browser;
const PASSWORD = 'ganga-ki-leher-2026';
const STORY = 'We matched in March, our families met over chai in Pune, and we married in December.';

before(async () => {
  saathi = await startSaathi();
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await saathi?.stop();
});

async function member(fullName: string, username: string, gender: 'male' | 'female'): Promise<{ session: ApiSession; userId: number; profileId: number }> {
  const session = apiSession(saathi.url);
  const userId = await registerOverApi(session, { fullName, username, password: PASSWORD });
  const created = await session.call('POST', '/api/profiles', {
    json: {
      userId, gender, lookingFor: gender === 'male' ? 'female' : 'male', dateOfBirth: '1994-03-18', profileType: 'self', education: "Master's",
      religion: 'Hindu', motherTongue: 'Marathi', country: 'India', city: 'Pune', profession: 'Engineer', about: 'Likes long walks by the river.',
      agePreferenceMin: 25, agePreferenceMax: 38,
    },
  });
  assert.equal(created.status, 201, await created.clone().text());
  return { session, userId, profileId: ((await created.json()) as { id: number }).id };
}

describe('members share their success story', () => {
  test('from the Matches tab, with a photo; the partner agrees in the app; an edit asks again through a new link that shows the photo', async () => {
    const meera = await member('Meera Kulkarni', 'meera_k', 'female');
    const arjun = await member('Arjun Deshpande', 'arjun_d', 'male');
    assert.equal((await meera.session.call('POST', '/api/profile-likes', { json: { likedProfileId: arjun.profileId } })).status, 201);
    assert.equal((await arjun.session.call('POST', '/api/profile-likes', { json: { likedProfileId: meera.profileId } })).status, 201);

    const page = await signedInPhonePage(browser, saathi.url, meera.session.cookies());
    await page.goto('/liked-profiles?tab=matches');
    await page.getByRole('link', { name: 'Share your success story with Arjun Deshpande' }).click();
    await page.getByRole('heading', { level: 1, name: 'Share your success story' }).waitFor();
    assert.equal(await page.getByLabel('Your story is with').inputValue(), String(arjun.userId), 'the match is chosen');
    await page.getByRole('button', { name: 'Send our story' }).click();
    await page.getByText('Use a date like 2025-02-14').waitFor();
    await page.getByLabel('When you matched').fill('2026-03-02');
    await page.getByLabel('Wedding date (optional)').fill('2026-12-01');
    await page.getByLabel('Where (optional)').fill('Pune');
    await page.getByLabel('Your story', { exact: true }).fill(STORY);
    const photo = await portraitJpeg('#f7e6ec', '#7a1f3d');
    await page.locator('input[type=file]').setInputFiles({ name: 'wedding.jpg', mimeType: 'image/jpeg', buffer: photo });
    await page.getByRole('img', { name: 'Chosen: wedding.jpg' }).waitFor();
    await assertNoOverflow(page);
    await screenshot(page, 'story-submit');
    await page.getByRole('button', { name: 'Send our story' }).click();
    await page.getByText('Sent. Arjun Deshpande is asked to agree, in the app and by email.').waitFor();
    await page.getByText('Waiting for Arjun Deshpande to agree.').waitFor();
    await page.getByRole('img', { name: 'Your story, 1 of 1' }).waitFor();
    await assertNoOverflow(page);
    await screenshot(page, 'story-mine-sent');

    // Arjun agrees in the app.
    const arjunPage = await signedInPhonePage(browser, saathi.url, arjun.session.cookies());
    await arjunPage.goto('/notifications');
    await arjunPage.getByText('Your partner shared your story').click();
    await arjunPage.waitForURL('**/stories');
    const card = arjunPage.getByRole('article', { name: 'Your story with Meera Kulkarni' });
    await card.getByText(STORY).waitFor();
    await card.getByRole('img', { name: 'Your story, 1 of 1' }).waitFor();
    await screenshot(arjunPage, 'story-partner-asked');
    await card.getByRole('button', { name: 'I agree to publish this' }).click();
    await card.getByText('You both agreed: waiting for the Saathi team to publish it').waitFor();

    // Meera edits: Arjun is asked again, through a new link that shows the text and the photo.
    await page.reload();
    const mine = page.getByRole('article', { name: 'Your story with Arjun Deshpande' });
    await mine.getByRole('button', { name: 'Edit the story' }).click();
    await mine.getByLabel('Your story', { exact: true }).fill(`${STORY} Our first Diwali together was in Nagpur.`);
    await mine.getByRole('button', { name: 'Save and ask again' }).click();
    await mine.getByText('Waiting for Arjun Deshpande to agree.').waitFor();
    await arjunPage.reload();
    await arjunPage.getByRole('button', { name: 'I agree to publish this' }).waitFor();

    // The link in Arjun's notification (and email): the consent page shows the changed text and the photo.
    const notes = await (await arjun.session.call('GET', `/api/notifications/${arjun.userId}`)).text();
    const token = [...notes.matchAll(/\/story-consent\/([A-Za-z0-9_-]{20,})/g)][0]?.[1];
    assert.ok(token, 'a consent link in the notification');
    {
      const visitor = await browser.newContext({ baseURL: saathi.url, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
      const consentPage = await visitor.newPage();
      await consentPage.goto(`/story-consent/${token}`);
      await consentPage.getByRole('img', { name: 'Your story, 1 of 1' }).waitFor();
      await consentPage.getByText(/Our first Diwali together/).waitFor();
      await assertNoOverflow(consentPage);
      await screenshot(consentPage, 'story-consent-link');
      await visitor.close();
    }
    await page.context().close();
    await arjunPage.context().close();
  });
});
