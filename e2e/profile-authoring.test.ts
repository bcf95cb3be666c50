import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { type RunningSaathi, launchBrowser, registerInBrowser, returningPhonePage, screenshot, startSaathi, toastText } from './harness';

let saathi: RunningSaathi;
let browser: Browser;
let portrait: Buffer;

before(async () => {
  saathi = await startSaathi();
  browser = await launchBrowser();
  // A real JPEG: the server decodes, checks and re-encodes uploads.
  portrait = await sharp({ create: { width: 600, height: 800, channels: 3, background: { r: 196, g: 98, b: 72 } } })
    .composite([{ input: Buffer.from('<svg width="600" height="800"><circle cx="300" cy="300" r="150" fill="#f4b942"/></svg>'), top: 0, left: 0 }])
    .jpeg({ quality: 85 })
    .toBuffer();
});
after(async () => {
  await browser?.close();
  await saathi?.stop();
});

const newPage = () => returningPhonePage(browser, saathi.url);

async function me(page: Page): Promise<{ id: number; profileId: number | null }> {
  return page.evaluate(async () => (await fetch('/api/auth/user')).json());
}

async function ownProfile(page: Page, userId: number) {
  return page.evaluate(async (id) => (await fetch(`/api/profiles/user/${id}`)).json(), userId);
}

const next = (page: Page) => page.getByRole('button', { name: 'Next' }).click();

describe('profile authoring in the browser', () => {
  test('a new member completes the wizard with a photo and lands on / with "Profile Created"', async () => {
    const page = await newPage();
    await registerInBrowser(page, 'Ananya Iyer');
    await page.goto('/create-profile');
    await page.getByRole('heading', { name: 'Create Your Profile' }).waitFor();
    await page.getByText('Step 1 of 5').waitFor();
    await page.getByLabel('Add main photo').setInputFiles({ name: 'ananya.jpg', mimeType: 'image/jpeg', buffer: portrait });
    await page.getByRole('img', { name: 'Main photo' }).waitFor();
    await page.waitForFunction(() => ((document.querySelector('.photo-slot__image') as HTMLImageElement | null)?.naturalWidth ?? 0) > 0);
    await screenshot(page, 'wizard-1-photos');
    await page.getByRole('button', { name: 'Continue to Next Step' }).click();

    await page.getByText('Step 2 of 5').waitFor();
    await next(page);
    await page.getByText('Gender is required').waitFor();
    await screenshot(page, 'wizard-2-basic-errors');
    assert.equal(await page.getByLabel('Full Name').inputValue(), 'Ananya Iyer');
    await page.getByLabel('Gender').selectOption('female');
    await page.getByLabel('Date of Birth').fill('1995-09-14');
    await page.getByLabel('Country').selectOption('Australia');
    await page.getByLabel('City').fill('Melbourne');
    await screenshot(page, 'wizard-2-basic');
    await next(page);

    await page.getByText('Step 3 of 5').waitFor();
    await page.getByLabel('Height').selectOption('163');
    await page.getByLabel('Marital Status').selectOption('never_married');
    await page.getByLabel('Diet').selectOption('vegetarian');
    await page.getByLabel('Education Level').selectOption("Master's");
    await page.getByLabel('Education Details').fill('MEng, University of Melbourne');
    await page.getByLabel('Profession').fill('Civil Engineer');
    await page.getByLabel('Company').fill('Metro Tunnel Project');
    // The currency follows the country chosen on step 2.
    assert.equal(await page.getByLabel('Currency').inputValue(), 'AUD');
    await page.getByLabel('Income Range').selectOption({ label: 'A$100,000–150,000 a year' });
    await page.getByLabel('About Me').fill('Carnatic music on weekends, bridges on weekdays.');
    await screenshot(page, 'wizard-3-personal');
    await next(page);

    await page.getByText('Step 4 of 5').waitFor();
    await page.getByLabel('Hour').selectOption('6');
    await page.getByLabel('Minute').selectOption('45');
    await page.getByLabel('AM/PM').selectOption('AM');
    await page.getByLabel('Birth Place').fill('Chennai, India');
    await page.getByLabel('Religion').selectOption('Hindu');
    await page.getByLabel('Mother Tongue').selectOption('Tamil');
    const suggestions = await page.locator(`datalist#${await page.getByLabel('Community (optional)').getAttribute('list')} option`).evaluateAll((options) =>
      options.map((o) => (o as HTMLOptionElement).value),
    );
    assert.ok(suggestions.includes('Iyer'), `suggestions for a Tamil Hindu family: ${suggestions.join(', ')}`);
    await page.getByLabel('Community (optional)').fill('Iyer');
    await screenshot(page, 'wizard-4-birth-religion-community');
    await next(page);

    await page.getByText('Step 5 of 5').waitFor();
    await page.getByLabel("Father's Occupation").fill('Retired civil engineer');
    await page.getByLabel("Mother's Occupation").fill('Veena teacher');
    await page.getByLabel('Brothers', { exact: true }).selectOption('1');
    await page.getByLabel('Married Brothers').selectOption('1');
    await page.getByLabel('Sisters', { exact: true }).selectOption('0');
    await page.getByLabel('Family Lives In').fill('Chennai, India');
    await page.getByLabel('Family Type').selectOption('nuclear');
    assert.equal(await page.getByLabel('Looking For').inputValue(), 'male');
    await page.getByLabel('Age Min').fill('28');
    await page.getByLabel('Age Max').fill('35');
    const locations = page.getByRole('combobox', { name: 'Preferred Locations' });
    await locations.fill('austr');
    await page.getByRole('option', { name: 'Australia' }).click();
    await locations.fill('new z');
    await locations.press('Enter');
    await page.getByRole('button', { name: 'Remove New Zealand' }).waitFor();
    await page.getByLabel('Education Preference').fill("Master's or above");
    await page.getByLabel('Profession Preference').fill('Engineer or doctor');
    await page.getByLabel('Family Background').fill('A close-knit Tamil family from Chennai, settled in Melbourne.');
    await screenshot(page, 'wizard-5-preferences');
    await page.getByRole('button', { name: 'Complete Profile' }).click();

    await page.waitForURL((url) => url.pathname === '/');
    await toastText(page, 'Profile Created').waitFor();
    await toastText(page, 'Your profile has been successfully created').waitFor();
    await screenshot(page, 'wizard-done-home');

    const user = await me(page);
    assert.ok(user.profileId, 'the session knows the new profile');
    const profile = await ownProfile(page, user.id);
    assert.equal(profile.photos.length, 1);
    assert.equal(profile.city, 'Melbourne');
    assert.equal(profile.location, 'Melbourne, Australia');
    assert.equal(profile.birthMinute, 45);
    assert.deepEqual(profile.locationPreference, ['Australia', 'New Zealand']);
    assert.equal(profile.profileType, 'self');
    assert.deepEqual(
      [profile.height, profile.maritalStatus, profile.diet, profile.income, profile.incomeCurrency, profile.community],
      [163, 'never_married', 'vegetarian', 100_000, 'AUD', 'Iyer'],
    );
    assert.deepEqual(
      [profile.fatherOccupation, profile.brothers, profile.brothersMarried, profile.sisters, profile.familyLocation, profile.familyType],
      ['Retired civil engineer', 1, 1, 0, 'Chennai, India', 'nuclear'],
    );
    assert.equal(profile.astrologyInfoComplete, true, 'the chart is computed from the birth time and Chennai');

    // The profile page shows them as families read them.
    await page.goto(`/profile/${profile.id}`);
    const basics = page.getByRole('region', { name: 'Basic Details' });
    await basics.getByText('163 cm (5 ft 4 in)').waitFor();
    await basics.getByText('A$100,000–150,000 a year').waitFor();
    await page.getByRole('region', { name: 'Family Background' }).getByText('1 (1 married)').waitFor();
    await screenshot(page, 'profile-basics');

    // One profile per member: the wizard now sends them to their profile page.
    await page.goto('/create-profile');
    await page.waitForURL((url) => url.pathname === '/profile');
    await page.context().close();
  });

  test('a parent creates a profile for a daughter: parent fields are required before step 3', async () => {
    const page = await newPage();
    // Registration asks whom the profile is for, and both names.
    await page.goto('/register');
    await page.getByLabel('This Profile Is For').selectOption('daughter');
    await page.getByRole('textbox', { name: 'Your Full Name' }).fill('Suresh Patel');
    await screenshot(page, 'register-for-daughter');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText('Enter the full name of the person this profile is for').waitFor();
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill('suresh.patel@example.test');
    await page.getByRole('textbox', { name: 'Username', exact: true }).fill('suresh_patel');
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('saat-phere-2026');
    await page.getByRole('textbox', { name: 'Confirm Password', exact: true }).fill('saat-phere-2026');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByRole('textbox', { name: 'Their Full Name' }).fill('Priya');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/profile');
    await page.getByRole('link', { name: 'Create Profile' }).click();
    await page.waitForURL((url) => url.pathname === '/create-profile');
    await page.getByRole('button', { name: 'Continue to Next Step' }).click();
    await page.getByText('Step 2 of 5').waitFor();

    // The wizard opens on her profile: a daughter (female), a parent's profile, the name given at registration.
    assert.equal(await page.getByLabel('This Profile Is For').inputValue(), 'daughter');
    assert.equal(await page.getByLabel('Gender').inputValue(), 'female');
    assert.equal(await page.getByLabel('Their Full Name').inputValue(), 'Priya');
    await page.getByLabel('Date of Birth').fill('1998-01-26');
    // The parent is the account holder: their name is filled in.
    assert.equal(await page.getByLabel('Parent Name').inputValue(), 'Suresh Patel');
    await page.getByLabel('Their Full Name').fill('');
    await next(page);
    await page.getByText('Enter the full name of the person this profile is for').waitFor();
    await page.getByText('Please select your relationship to the person').waitFor();
    await page.getByText('Parent contact number is required').waitFor();
    await page.getByLabel('Country').selectOption('United States');
    await page.getByLabel('City').fill('Edison');
    await screenshot(page, 'wizard-2-parent-required');
    await next(page);
    await page.getByText('Step 2 of 5').waitFor();
    assert.equal(await page.getByText('Step 3 of 5').count(), 0, 'blocked until the parent fields are filled');

    await page.getByLabel('Their Full Name').fill('Priya Patel');
    await page.getByLabel('Relationship').selectOption('father');
    await page.getByLabel('Contact Number').fill('abc');
    await next(page);
    await page.getByText(/Enter a valid phone number/).waitFor();
    await page.getByLabel('Contact Number').fill('+1 732 555 0147');
    // He keeps the profile hidden from members until Priya confirms it.
    await page.getByRole('checkbox', { name: 'Keep the profile hidden from members until Priya confirms it' }).check();
    await screenshot(page, 'wizard-2-parent-filled');
    await next(page);
    await page.getByText('Step 3 of 5').waitFor();
    await page.getByLabel('Education Level').selectOption('Doctorate');
    await page.getByLabel('Profession').fill('Pediatrician');
    await next(page);
    await page.getByText('Step 4 of 5').waitFor();
    await next(page);
    await page.getByText('Step 5 of 5').waitFor();
    await page.getByRole('button', { name: 'Complete Profile' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await toastText(page, 'Profile Created').waitFor();

    const profile = await ownProfile(page, (await me(page)).id);
    assert.equal(profile.profileType, 'parent');
    assert.equal(profile.relation, 'daughter');
    assert.equal(profile.fullName, 'Priya Patel', 'published under the daughter\'s own name');
    assert.equal(profile.user.fullName, 'Suresh Patel', "the account keeps the father's own name");
    assert.equal(profile.parentName, 'Suresh Patel');
    const gate = await page.evaluate(async (id) => ((await (await fetch(`/api/family/${id}`)).json()) as { hiddenUntilConfirmed: boolean }).hiddenUntilConfirmed, profile.id);
    assert.equal(gate, true, 'the profile waits for Priya behind the consent gate');
    assert.equal(profile.parentRelationship, 'father');
    assert.equal(profile.parentContact, '+1 732 555 0147');
    assert.equal(profile.gender, 'female');
    assert.equal(profile.lookingFor, 'male');
    await page.context().close();
  });

  test('the owner sees the tabs, completes a stage in Edit Profile and edits the NRI card', async () => {
    const page = await newPage();
    await registerInBrowser(page, 'Rohan Mehta');
    // Created through the API, as a returning member would already have it.
    const created = await page.evaluate(async () => {
      const res = await fetch('/api/profiles', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          gender: 'male', dateOfBirth: '1993-06-02', profileType: 'self', country: 'Canada', city: 'Toronto',
          education: "Bachelor's", profession: 'Product Manager',
        }),
      });
      return { status: res.status, body: await res.json() };
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));

    await page.goto('/profile');
    await page.getByRole('tab', { name: 'Account' }).waitFor();
    await page.getByText('Manage your subscription plan').waitFor();
    await screenshot(page, 'own-profile-account');

    await page.getByRole('tab', { name: 'View Profile' }).click();
    await page.getByRole('button', { name: 'Back to Account' }).waitFor();
    await screenshot(page, 'own-profile-view');
    await page.getByRole('button', { name: 'Back to Account' }).click();
    await page.getByText('Manage your subscription plan').waitFor();

    await page.getByRole('tab', { name: 'Edit Profile' }).click();
    await page.getByText('Profile Completion').waitFor();
    const bar = page.getByRole('progressbar', { name: 'Profile completion' });
    assert.equal(await bar.getAttribute('aria-valuenow'), '20');
    assert.equal(await bar.getAttribute('data-tone'), 'danger');
    await screenshot(page, 'own-profile-edit');

    // Locked stages are aria-disabled (announced as unavailable) yet answer a tap with the toast.
    const locked = page.getByRole('button', { name: /Stage 4: Family Information/ });
    // In the middle of the screen: a forced click goes to whatever is on top there, and the tab bar covers the bottom.
    await locked.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    await locked.click({ force: true });
    await toastText(page, 'Complete current stage first').waitFor();

    await page.getByRole('button', { name: /Stage 2: Personal Details/ }).click();
    const stage = page.getByRole('form', { name: 'Personal Details' });
    await stage.getByLabel('Height').selectOption('178');
    await stage.getByLabel('Marital Status').selectOption('never_married');
    await stage.getByLabel('Bio').fill('short');
    await stage.getByText('Bio should be at least 10 characters').waitFor();
    await stage.getByLabel('Bio').fill('Product person, amateur tabla player and weekend hiker.');
    await screenshot(page, 'own-profile-stage-form');
    await stage.getByRole('button', { name: 'Save Stage' }).click();
    await toastText(page, 'Stage 2 (Personal Details) completed successfully!').waitFor();
    await page.getByRole('form', { name: 'Edit profile details' }).waitFor();
    await page.waitForFunction(() => document.querySelector('[role="progressbar"][aria-label="Profile completion"]')?.getAttribute('aria-valuenow') === '40');
    assert.equal(await bar.getAttribute('data-tone'), 'warning');

    // The multi-step editor: change the city and a step-3 field, save with PATCH.
    const editor = page.getByRole('form', { name: 'Edit profile details' });
    await editor.getByLabel('City').fill('Mississauga');
    await editor.getByRole('button', { name: 'Next' }).click();
    await editor.getByRole('button', { name: 'Next' }).click();
    await editor.getByLabel('Zodiac Sign').selectOption('Gemini');
    await editor.getByLabel('Manglik').selectOption('no');
    await screenshot(page, 'own-profile-editor');
    await editor.getByRole('button', { name: 'Save Changes' }).click();
    await toastText(page, 'Your profile has been successfully updated.').waitFor();

    // The photo area: add a photo, saved with PATCH photoIds.
    await page.getByLabel('Add main photo').setInputFiles({ name: 'rohan.jpg', mimeType: 'image/jpeg', buffer: portrait });
    await toastText(page, 'Your new photo has been added.').waitFor();
    await page.getByRole('img', { name: 'Main photo' }).waitFor();

    // The NRI card (another engineer's component), editable here.
    await page.getByRole('button', { name: 'Edit NRI details' }).click();
    const nri = page.getByRole('form', { name: 'Edit NRI details' });
    await nri.getByLabel('Country of residence').selectOption('canada');
    await nri.getByLabel('Community').fill('Toronto Gujarati Samaj');
    await nri.getByLabel('Language', { exact: true }).selectOption('gujarati');
    await nri.getByLabel('Fluency').selectOption('native');
    await nri.getByRole('button', { name: 'Add Language' }).click();
    await screenshot(page, 'own-profile-nri-edit');
    await nri.getByRole('button', { name: 'Save' }).click();
    await toastText(page, 'NRI Profile Updated').waitFor();

    const profile = await ownProfile(page, (await me(page)).id);
    assert.equal(profile.height, 178);
    assert.equal(profile.maritalStatus, 'never_married');
    assert.equal(profile.city, 'Mississauga');
    assert.equal(profile.zodiacSign, 'Gemini');
    assert.equal(profile.manglik, false);
    assert.equal(profile.photos.length, 1);
    assert.equal(profile.nriResidenceCountry, 'canada');
    assert.equal(profile.nriCommunity, 'Toronto Gujarati Samaj');
    assert.deepEqual(profile.languages, [{ language: 'gujarati', fluency: 'native' }]);
    await page.getByRole('img', { name: 'Main photo' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'own-profile-edit-after');
    await page.context().close();
  });

  test('deleting the profile asks, toasts "Profile Deleted" and reloads without it', async () => {
    const page = await newPage();
    await registerInBrowser(page, 'Meera Nair');
    const status = await page.evaluate(async () => {
      const res = await fetch('/api/profiles', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ gender: 'female', dateOfBirth: '1994-11-30', profileType: 'self', country: 'Germany', city: 'Berlin', education: "Master's", profession: 'Architect' }),
      });
      return res.status;
    });
    assert.equal(status, 201);
    await page.goto('/profile');
    let asked = '';
    page.once('dialog', (dialog) => {
      asked = dialog.message();
      void dialog.accept();
    });
    await page.getByRole('button', { name: 'Delete Profile' }).click();
    await toastText(page, 'Profile Deleted').waitFor();
    assert.equal(asked, 'Are you sure you want to delete your profile? This action cannot be undone.');
    await page.waitForEvent('load');
    await page.getByRole('link', { name: 'Create Profile' }).waitFor();
    assert.equal(await page.getByRole('tab', { name: 'Edit Profile' }).count(), 0);
    await page.context().close();
  });
});
