import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  type ApiCookies,
  type RunningSaathi,
  apiSession,
  launchBrowser,
  phoneContext,
  portraitJpeg,
  registerOverApi,
  screenshot,
  signedInPhonePage,
  startSaathi,
  uploadPhoto,
} from './harness';

let saathi: RunningSaathi;
let browser: Browser;

interface Member {
  userId: number;
  profileId: number;
  fullName: string;
  cookies: ApiCookies;
}

let ananya: Member;
let rohan: Member;

/** A member signed up and given a profile through the API, as the wizard would (register form + POST /api/profiles). */
async function createMember(fullName: string, username: string, profile: Record<string, unknown>, photo?: { top: string; bottom: string }): Promise<Member> {
  const session = apiSession(saathi.url);
  const userId = await registerOverApi(session, { fullName, username, password: 'mitti-ki-khushboo-2026' });
  const photoIds = photo ? [await uploadPhoto(session, await portraitJpeg(photo.top, photo.bottom))] : undefined;
  const created = await session.call('POST', '/api/profiles', {
    json: { userId, parentName: null, parentRelationship: null, parentContact: null, ...profile, ...(photoIds ? { photoIds } : {}) },
  });
  assert.equal(created.status, 201, await created.clone().text());
  const { id } = (await created.json()) as { id: number };
  return { userId, profileId: id, fullName, cookies: session.cookies() };
}

const basePayload = {
  dateOfBirth: '1994-03-18',
  profileType: 'self',
  education: "Master's",
  educationDetails: 'MSc Computer Science, University of Toronto',
  about: 'Weekend hiker, Sunday dosa maker, and forever learning Carnatic violin.',
  birthHour: 6,
  birthMinute: 45,
  birthAmPm: 'AM',
  birthPlace: 'Chennai, India',
  religion: 'Hindu',
  motherTongue: 'Tamil',
  agePreferenceMin: 27,
  agePreferenceMax: 35,
  educationPreference: "Master's or above",
  professionPreference: 'Any',
  familyBackground: 'Close-knit family from Chennai; parents are retired teachers, one younger brother.',
};

const memberPage = (member: Member) => signedInPhonePage(browser, saathi.url, member.cookies);

async function visitorPage(): Promise<Page> {
  const context: BrowserContext = await phoneContext(browser, saathi.url);
  return context.newPage();
}

async function apiFromPage<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (p) => (await fetch(p, { headers: { Accept: 'application/json' } })).json(), path) as Promise<T>;
}

before(async () => {
  saathi = await startSaathi();
  browser = await launchBrowser();
  ananya = await createMember(
    'Ananya Iyer',
    'ananya_iyer',
    { ...basePayload, gender: 'female', country: 'Canada', city: 'Toronto', profession: 'Product Designer', company: 'Shopify', locationPreference: ['Canada', 'United States'] },
    { top: '#8f2a4b', bottom: '#f28c28' },
  );
  rohan = await createMember('Rohan Mehta', 'rohan_mehta', {
    ...basePayload,
    gender: 'male',
    dateOfBirth: '1991-11-02',
    profileType: 'parent',
    // A parent-managed profile names its candidate (the son, here also the account holder).
    fullName: 'Rohan Mehta',
    parentName: 'Sunita Mehta',
    parentRelationship: 'mother',
    parentContact: '+1 416 555 0199',
    country: 'United Kingdom',
    city: 'London',
    profession: 'Cardiologist',
    company: 'NHS',
    religion: 'Jain',
    motherTongue: 'Gujarati',
    locationPreference: ['United Kingdom'],
  });
});

after(async () => {
  await browser?.close();
  await saathi?.stop();
});

describe('profiles, likes and sharing in the browser', () => {
  test('A likes B, B likes A: both get a match notification', async () => {
    const pageA = await memberPage(ananya);
    await pageA.goto(`/profile/${rohan.profileId}`);
    await pageA.getByRole('heading', { name: /^Rohan Mehta, \d+$/ }).waitFor();
    await pageA.getByText('Parent-Managed').waitFor();
    await pageA.getByText('Cardiologist at NHS').waitFor();
    await pageA.getByText('No Photo Available').waitFor();
    await pageA.getByRole('heading', { name: 'Parent Information' }).waitFor();
    assert.equal(await pageA.getByRole('button', { name: 'Share Profile' }).count(), 0, 'only the owner shares');
    await screenshot(pageA, 'profile-view-other');

    const like = pageA.getByRole('button', { name: 'Like', exact: true });
    await like.click();
    await pageA.getByText('Profile Liked!', { exact: true }).waitFor();
    await pageA.getByRole('button', { name: 'Liked', exact: true, pressed: true }).waitFor();

    const pageB = await memberPage(rohan);
    await pageB.goto(`/profile/${ananya.profileId}`);
    await pageB.getByRole('heading', { name: /^Ananya Iyer, \d+$/ }).waitFor();
    await pageB.getByRole('button', { name: 'Like', exact: true }).click();
    await pageB.getByText("It's a match!", { exact: true }).waitFor();
    await screenshot(pageB, 'profile-view-match');

    for (const [page, member] of [[pageA, ananya], [pageB, rohan]] as const) {
      const list = await apiFromPage<Array<{ type: string }>>(page, `/api/notifications/${member.userId}`);
      assert.ok(list.some((n) => n.type === 'match'), `${member.fullName} has a match notification`);
    }
    // The bell shows the unread count (B's was refreshed by the like itself; A's on the next load).
    await pageB.getByRole('button', { name: /^Notifications, \d+ unread$/ }).waitFor();
    await pageA.reload();
    await pageA.getByRole('button', { name: /^Notifications, \d+ unread$/ }).waitFor();

    await pageA.goto('/liked-profiles');
    await pageA.getByRole('heading', { name: "Profiles You've Liked" }).waitFor();
    await pageA.getByRole('heading', { name: 'Rohan Mehta' }).waitFor();
    await pageA.getByText('Created by Sunita Mehta').waitFor();
    assert.equal(await pageA.getByRole('link', { name: /View Profile/ }).getAttribute('href'), `/profile/${rohan.profileId}`);
    await screenshot(pageA, 'liked-profiles');

    await pageA.getByRole('button', { name: 'Remove like for Rohan Mehta' }).click();
    await pageA.getByText('Profile unliked', { exact: true }).waitFor();
    await pageA.getByRole('heading', { name: 'No Liked Profiles Yet' }).waitFor();
    assert.equal(await pageA.getByRole('link', { name: 'Browse Profiles' }).getAttribute('href'), '/search');
    await screenshot(pageA, 'liked-profiles-empty');
    await pageA.context().close();
    await pageB.context().close();
  });

  test('the owner shares a link, a signed-out visitor opens it, the owner deactivates it', async () => {
    const owner = await memberPage(ananya);
    await owner.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: saathi.url });
    await owner.goto(`/profile/${ananya.profileId}`);
    await owner.getByRole('heading', { name: /^Ananya Iyer, \d+$/ }).waitFor();
    assert.equal(await owner.getByRole('button', { name: 'Like', exact: true }).count(), 0, 'no like on your own profile');
    await screenshot(owner, 'profile-view-own');

    await owner.getByRole('button', { name: 'Share Profile' }).click();
    const dialog = owner.getByRole('dialog', { name: 'Share Profile' });
    await dialog.getByRole('radio', { name: '7 days' }).waitFor();
    assert.equal(await dialog.getByRole('radio', { name: '7 days' }).isChecked(), true, 'default 7 days');
    await dialog.getByText('No active links yet.').waitFor();
    await dialog.getByRole('radio', { name: '14 days' }).check();
    await screenshot(owner, 'share-dialog-picker');
    await dialog.getByRole('button', { name: 'Create Link' }).click();
    await owner.getByText('Share link created!', { exact: true }).waitFor();
    const link = await dialog.getByRole('textbox', { name: 'Your share link' }).inputValue();
    assert.match(link, new RegExp(`^${saathi.url}/shared/[A-Za-z0-9_-]{20,}$`));
    await dialog.getByRole('button', { name: 'Copy', exact: true }).click();
    await dialog.getByRole('button', { name: 'Copied!' }).waitFor();
    assert.equal(await owner.evaluate(() => navigator.clipboard.readText()), link);
    await dialog.getByText(/^Expires /).waitFor();
    await screenshot(owner, 'share-dialog');
    await dialog.getByRole('button', { name: 'Copy', exact: true }).waitFor({ timeout: 4000 });

    const visitor = await visitorPage();
    await visitor.goto(link);
    await visitor.getByRole('heading', { name: /^Ananya Iyer, \d+$/ }).waitFor();
    await visitor.getByText('Shared profile • Viewed 1 time', { exact: true }).waitFor();
    await visitor.getByText(/^Expires on /).waitFor();
    for (const card of ['Personal Details', 'Professional Details', 'Astrological Details', 'Family Background']) {
      await visitor.getByRole('heading', { name: card }).waitFor();
    }
    await visitor.getByText('6:45 AM').waitFor();
    await visitor.getByText('Toronto, Canada').waitFor();
    assert.ok((await visitor.getByText('Not specified').count()) >= 1, 'diet is not set');
    await visitor.getByRole('button', { name: 'Login' }).or(visitor.getByRole('link', { name: 'Login' })).first().waitFor();
    await screenshot(visitor, 'shared-profile');

    // Reopening the dialog reads the list again: one view, then deactivate.
    await dialog.getByRole('button', { name: 'Close' }).click();
    await owner.getByRole('button', { name: 'Share Profile' }).click();
    await dialog.getByText('1 view', { exact: true }).waitFor();
    await dialog.getByRole('button', { name: /^Deactivate link expiring / }).click();
    await owner.getByText('Share link deactivated', { exact: true }).waitFor();
    await dialog.getByText('No active links yet.').waitFor();

    await visitor.reload();
    await visitor.getByRole('heading', { name: 'Link Invalid or Expired' }).waitFor();
    await visitor.getByText('This shared profile link is no longer valid or has expired.').waitFor();
    await visitor.getByRole('link', { name: 'Return to Home' }).waitFor();
    await screenshot(visitor, 'shared-profile-invalid');
    await visitor.context().close();
    await owner.context().close();
  });

  test('the NRI card edit saves and shows the new values', async () => {
    const page = await memberPage(ananya);
    await page.goto(`/profile/${ananya.profileId}`);
    const card = page.getByRole('region', { name: 'NRI Details' });
    await card.getByRole('button', { name: 'Edit NRI details' }).click();
    await card.getByLabel('Country of residence').selectOption('other');
    await card.getByLabel('Country name').fill('Ireland');
    await card.getByLabel('Community').fill('Dublin Tamil Sangam');
    await card.getByLabel('Cultural integration').selectOption('modern');
    await card.getByLabel('Return to India plans').selectOption('unlikely');
    const add = card.getByRole('button', { name: 'Add Language' });
    assert.equal(await add.isDisabled(), true);
    await card.getByLabel('Language', { exact: true }).selectOption('tamil');
    assert.equal(await add.isDisabled(), true, 'needs a fluency too');
    await card.getByLabel('Fluency').selectOption('native');
    await add.click();
    await card.getByLabel('Language', { exact: true }).selectOption('english');
    await card.getByLabel('Fluency').selectOption('fluent');
    await add.click();
    await card.getByLabel('Visa / immigration experience').fill('Stamp 4 since 2021, Critical Skills permit before that.');
    await screenshot(page, 'nri-card-edit');
    await card.getByRole('button', { name: 'Save' }).click();
    await page.getByText('NRI Profile Updated', { exact: true }).waitFor();
    await card.getByText('Ireland').waitFor();
    await card.getByText('Dublin Tamil Sangam').waitFor();
    await card.getByText('Unlikely to return').waitFor();
    await card.getByText('Tamil · Native').waitFor();
    const saved = await apiFromPage<{ nriResidenceCountry: string; languages: Array<{ language: string; fluency: string }> }>(page, `/api/profiles/${ananya.profileId}`);
    assert.equal(saved.nriResidenceCountry, 'Ireland');
    assert.deepEqual(saved.languages, [{ language: 'tamil', fluency: 'native' }, { language: 'english', fluency: 'fluent' }]);
    await screenshot(page, 'nri-card-saved');
    await page.context().close();
  });

  test('report and block from the "…" menu; an unknown profile shows "Profile not found"', async () => {
    const page = await memberPage(rohan);
    await page.goto(`/profile/${ananya.profileId}`);
    await page.getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'Report' }).click();
    const report = page.getByRole('dialog', { name: 'Report Ananya Iyer' });
    await report.getByRole('radio', { name: 'Fake profile' }).check();
    await report.getByLabel('Details (optional)').fill('Photos look like a stock image.');
    await screenshot(page, 'report-dialog');
    await report.getByRole('button', { name: 'Send Report' }).click();
    await page.getByText('Report submitted', { exact: true }).waitFor();

    await page.getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'Block' }).click();
    await page.getByRole('dialog', { name: 'Block Ananya Iyer?' }).getByRole('button', { name: 'Block' }).click();
    await page.getByText('Member blocked', { exact: true }).waitFor();
    const status = await page.evaluate(async (id) => (await fetch(`/api/profiles/${id}`)).status, ananya.profileId);
    assert.equal(status, 404);

    await page.goto('/profile/999999');
    await page.getByRole('heading', { name: 'Profile not found' }).waitFor();
    assert.equal(await page.getByRole('link', { name: 'Browse Profiles' }).getAttribute('href'), '/search');
    await page.context().close();
  });
});
