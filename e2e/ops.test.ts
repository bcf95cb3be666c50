import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { type RunningSaathi, apiSession, launchBrowser, registerOverApi, screenshot, startSaathi, uploadPhoto } from './harness';

let saathi: RunningSaathi;
let browser: Browser;
let reviewerContext: BrowserContext;
let page: Page;

const REVIEWER = { username: 'meera.reviews', password: 'chai-and-checklists-2026', fullName: 'Meera Nair' };
const ADMIN = { username: 'boss', password: 'the-buck-stops-here-2026', fullName: 'Kabir Singh' };
const MEMBER_PASSWORD = 'mitti-ki-khushboo-2026';

/** A member account driven over HTTP with its own cookie jar, as the member app would. */
interface ApiMember {
  userId: number;
  username: string;
  fullName: string;
  profileId: number | null;
  call(method: string, path: string, init?: { body?: BodyInit; json?: unknown }): Promise<Response>;
}

/** A fresh API session's request function (cookies kept between calls). */
const cookieJarClient = () => apiSession(saathi.url).call;

async function jpeg(top: string, bottom: string, width = 600, height = 750, label = ''): Promise<Uint8Array<ArrayBuffer>> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient></defs><rect width="${width}" height="${height}" fill="url(#g)"/><circle cx="${width / 2}" cy="${height * 0.4}" r="${Math.min(width, height) * 0.18}" fill="#fdebd8"/><text x="24" y="${height - 28}" font-family="sans-serif" font-size="28" fill="#ffffff">${label.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</text></svg>`;
  return new Uint8Array(await sharp(Buffer.from(svg)).jpeg().toBuffer());
}

const profilePayload = {
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
  parentName: null,
  parentRelationship: null,
  parentContact: null,
  country: 'Canada',
  city: 'Toronto',
  profession: 'Product Designer',
  company: 'Shopify',
  locationPreference: ['Canada'],
};

async function registerMember(
  fullName: string,
  username: string,
  profile?: { gender: 'male' | 'female'; photo?: [string, string] },
): Promise<ApiMember> {
  const session = apiSession(saathi.url);
  const call = session.call;
  const userId = await registerOverApi(session, { fullName, username, password: MEMBER_PASSWORD });
  let profileId: number | null = null;
  if (profile) {
    const photoIds = profile.photo ? [await uploadPhoto(session, await jpeg(...profile.photo))] : undefined;
    const created = await call('POST', '/api/profiles', {
      json: { userId, ...profilePayload, gender: profile.gender, ...(photoIds ? { photoIds } : {}) },
    });
    assert.equal(created.status, 201, await created.clone().text());
    profileId = ((await created.json()) as { id: number }).id;
  }
  return { userId, username, fullName, profileId, call };
}

async function signInToConsole(context: BrowserContext, who: { username: string; password: string; fullName: string }) {
  const consolePage = await context.newPage();
  await consolePage.goto('/ops');
  await consolePage.getByLabel('Username').fill(who.username);
  await consolePage.getByLabel('Password').fill(who.password);
  await consolePage.getByRole('button', { name: 'Sign in' }).click();
  await consolePage.getByRole('banner').getByText(who.fullName).waitFor();
  return consolePage;
}

async function openArea(name: string, heading = name) {
  await page.getByRole('navigation', { name: 'Console areas' }).getByRole('link', { name }).click();
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
}

let ananya: ApiMember;
let arjun: ApiMember;
let farah: ApiMember;
let vikram: ApiMember;
let shareCode: string;

before(async () => {
  saathi = await startSaathi();
  browser = await launchBrowser();

  const reviewer = saathi.cli(['reviewer', 'create', REVIEWER.username, '--name', REVIEWER.fullName], `${REVIEWER.password}\n`);
  assert.equal(reviewer.status, 0, reviewer.stderr);
  const admin = saathi.cli(['reviewer', 'create', ADMIN.username, '--admin', '--name', ADMIN.fullName], `${ADMIN.password}\n`);
  assert.equal(admin.status, 0, admin.stderr);

  ananya = await registerMember('Ananya Iyer', 'ananya_iyer', { gender: 'female', photo: ['#8f2a4b', '#f28c28'] });
  arjun = await registerMember('Arjun Menon', 'arjun_menon', { gender: 'male', photo: ['#1f4e79', '#6fb3d2'] });
  farah = await registerMember('Farah Khan', 'farah_khan', { gender: 'female' });
  vikram = await registerMember('Vikram Rao', 'vikram_rao');
  for (let i = 1; i <= 6; i += 1) await registerMember(`Test Member ${i}`, `test_member_${i}`);

  // Ananya asks to be verified: a selfie and a passport photo.
  const form = new FormData();
  form.append('documentType', 'passport');
  form.append('selfie', new Blob([await jpeg('#f6d7b0', '#c7865b', 600, 750, 'SELFIE')], { type: 'image/jpeg' }), 'selfie.jpg');
  form.append('document', new Blob([await jpeg('#dfe7f2', '#8aa4c8', 900, 600, 'PASSPORT · IYER ANANYA')], { type: 'image/jpeg' }), 'passport.jpg');
  const submitted = await ananya.call('POST', '/api/verification', { body: form });
  assert.equal(submitted.status, 201, await submitted.clone().text());

  // Farah shares her profile with family; the link is opened twice.
  const share = await farah.call('POST', `/api/profiles/${farah.profileId}/share`, { json: {} });
  assert.equal(share.status, 201, await share.clone().text());
  shareCode = ((await share.json()) as { shareCode: string }).shareCode;
  for (let i = 0; i < 2; i += 1) assert.equal((await fetch(`${saathi.url}/api/shares/${shareCode}`)).status, 200);

  // Vikram writes to Arjun (he has no profile of his own, so Arjun knows him from the chat), then Arjun reports
  // him; the details contain markup that must stay text.
  for (const content of ['Namaste Arjun, I liked your profile.', 'Could you send me $500 for my visa fee? I will pay it back.']) {
    const sent = await vikram.call('POST', '/api/messages', { json: { receiverId: arjun.userId, content } });
    assert.equal(sent.status, 201, await sent.clone().text());
  }
  const report = await arjun.call('POST', '/api/reports', {
    json: { reportedUserId: vikram.userId, reason: 'scam_or_money_request', details: 'Asked me to send <b>$500</b> for a visa fee after two messages.' },
  });
  assert.equal(report.status, 201, await report.clone().text());

  const contact = await fetch(`${saathi.url}/api/contact`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json', Origin: saathi.url },
    body: JSON.stringify({
      name: 'Lakshmi Raman',
      email: 'lakshmi@example.test',
      subject: 'Cannot change my daughter’s profile photo',
      message: 'Namaste, I manage my daughter’s profile and the photo upload keeps failing on my phone. Please help.',
    }),
  });
  assert.equal(contact.status, 201, await contact.clone().text());

  reviewerContext = await browser.newContext({ baseURL: saathi.url, viewport: { width: 1440, height: 900 } });
  page = await signInToConsole(reviewerContext, REVIEWER);
});

after(async () => {
  await browser?.close();
  await saathi?.stop();
});

describe('the ops console in the browser (1440×900)', () => {
  test('the dashboard shows the tiles and the charts', async () => {
    const tiles = page.getByRole('list', { name: 'Key figures' });
    await tiles.getByRole('link', { name: /Pending verifications\s*1/ }).waitFor();
    // Arjun's report, and the automatic one filed when Vikram's message asked for money.
    await tiles.getByRole('link', { name: /Open reports\s*2/ }).waitFor();
    await tiles.getByRole('link', { name: /Members\s*10/ }).first().waitFor();
    await page.getByRole('img', { name: /^Registrations per day: 10 in the last 30 days/ }).waitFor();
    await page.getByRole('img', { name: /^Members by plan:/ }).waitFor();
    await page.getByRole('img', { name: /^Share-link views per day: 2 in the last 30 days/ }).waitFor();
    // No decision and no mood check-in yet: those two say so instead of drawing empty axes.
    assert.equal(await page.locator('canvas').count(), 3);
    await page.getByRole('region', { name: 'Verification decisions per day' }).getByText('Nothing yet in the last 30 days.').waitFor();
    await screenshot(page, 'ops-dashboard');
  });

  test('a reviewer approves a verification: the member is Verified and notified', async () => {
    await openArea('Verification queue');
    const detail = page.getByRole('region', { name: 'Verification request of Ananya Iyer' });
    await detail.waitFor();
    // The ID images are served to reviewers.
    await page.waitForFunction(() =>
      [...document.querySelectorAll<HTMLImageElement>('.ops-review img')].every((img) => img.complete && img.naturalWidth > 0),
    );
    assert.equal(await detail.getByRole('img', { name: /Profile photo 1 of Ananya Iyer/ }).count(), 1);
    // What the ID must agree with, from her profile.
    const facts = detail.getByRole('region', { name: 'Profile details to compare with the ID' });
    await facts.getByText(/^1994-03-18 \(age \d+\)$/).waitFor();
    await facts.getByText('Canada').waitFor();
    await screenshot(page, 'ops-verification');
    await detail.getByRole('button', { name: 'Reject…' }).click();
    const rejecting = page.getByRole('dialog', { name: "Reject Ananya Iyer's verification" });
    await rejecting.getByRole('button', { name: /^The ID photo is blurred/ }).click();
    assert.match(await rejecting.getByLabel('Reason for the member').inputValue(), /^The ID photo is blurred or cut off/);
    await screenshot(page, 'ops-verification-reasons');
    await rejecting.getByRole('button', { name: 'Cancel' }).click();

    await detail.getByRole('button', { name: 'Approve' }).click();
    await page.getByText('Approved Ananya Iyer').waitFor();
    await page.getByText('The verification queue is empty').waitFor();

    const me = (await (await ananya.call('GET', '/api/auth/user')).json()) as { isVerified: boolean };
    assert.equal(me.isVerified, true);
    const notes = (await (await ananya.call('GET', `/api/notifications/${ananya.userId}`)).json()) as Array<{ type: string; title: string }>;
    assert.ok(notes.some((note) => note.type === 'verification' && note.title === 'You are verified!'), JSON.stringify(notes));

    await page.getByRole('button', { name: 'Approved', exact: true }).click();
    await page.getByRole('region', { name: 'Verification request of Ananya Iyer' }).getByText('Approved', { exact: true }).waitFor();
  });

  test('a reviewer writes and publishes a success story with a photo', async () => {
    await openArea('Success stories');
    await page.getByRole('button', { name: 'New story' }).click();
    const dialog = page.getByRole('dialog', { name: 'New success story' });
    await dialog.getByRole('button', { name: 'Create story' }).click();
    await dialog.getByText('Choose the first member').waitFor();

    await dialog.getByLabel('First member').fill('anan');
    await dialog.getByRole('button', { name: /Ananya Iyer/ }).click();
    await dialog.getByLabel('Second member').fill('arjun');
    await dialog.getByRole('button', { name: /Arjun Menon/ }).click();
    await dialog.getByLabel('Matched on').fill('2025-01-10');
    await dialog.getByLabel('Married on (optional)').fill('2025-11-20');
    await dialog.getByLabel('Location (optional)').fill('Kochi, India');
    await dialog.getByLabel('Testimonial').fill('We met on Saathi across two continents; our families met on a video call a week later.');
    await dialog.getByRole('button', { name: 'Create story' }).click();

    const editing = page.getByRole('dialog', { name: 'Edit success story' });
    await editing.getByText('Photos of the couple (0 of 2)').waitFor();
    await editing.locator('input[type=file]').setInputFiles({
      name: 'couple.jpg',
      mimeType: 'image/jpeg',
      buffer: Buffer.from(await jpeg('#f4b942', '#8c1d40', 800, 600, 'Ananya & Arjun')),
    });
    await editing.getByText('Photos of the couple (1 of 2)').waitFor();
    await editing.getByRole('img', { name: 'Photo 1 of this couple' }).waitFor();
    await screenshot(page, 'ops-story-dialog');
    await editing.getByRole('button', { name: 'Done' }).click();

    const table = page.getByRole('table', { name: 'Success stories' });
    await table.getByText('Ananya Iyer & Arjun Menon').waitFor();
    const publicStories = async () =>
      (await (await fetch(`${saathi.url}/api/success-stories`)).json()) as Array<{ user1: { fullName: string } }>;
    assert.equal((await publicStories()).length, 0, 'a draft is not public');
    // Nobody agreed yet: Publish waits; the couple is asked in the app and by email, and each agrees from their link.
    assert.equal(await table.getByRole('button', { name: 'Publish the story of Ananya Iyer & Arjun Menon' }).isDisabled(), true);
    await table.getByRole('button', { name: 'Ask Ananya Iyer & Arjun Menon for consent' }).click();
    await table.getByText('Ananya asked · Arjun asked').waitFor();
    const admin = cookieJarClient();
    assert.equal((await admin('POST', '/api/ops/session', { json: { username: ADMIN.username, password: ADMIN.password } })).status, 200);
    const outbox = (await (await admin('GET', '/api/ops/inbox/outbox?pageSize=200')).json()) as { items: Array<{ to: string; subject: string; body: string }> };
    const phone = await browser.newContext({ baseURL: saathi.url, viewport: { width: 390, height: 844 } });
    for (const member of [ananya, arjun]) {
      const mail = outbox.items.find((m) => m.to === `${member.username}@example.test` && m.subject === 'May we share your Saathi success story?');
      const link = mail ? /\/story-consent\/[A-Za-z0-9_-]+/.exec(mail.body)?.[0] : undefined;
      assert.ok(link, `a consent email for ${member.fullName}`);
      const consentPage = await phone.newPage();
      await consentPage.goto(link);
      await consentPage.getByRole('heading', { level: 1, name: 'May we share your story?' }).waitFor();
      await consentPage.getByText(/We met on Saathi across two continents/).waitFor();
      if (member === ananya) await screenshot(consentPage, 'member-story-consent');
      await consentPage.getByRole('button', { name: 'I agree' }).click();
      await consentPage.getByRole('button', { name: 'Withdraw my consent' }).waitFor();
      await consentPage.close();
    }
    await phone.close();
    await page.reload();
    await table.getByText('Ananya agreed · Arjun agreed').waitFor();
    await table.getByRole('button', { name: 'Publish the story of Ananya Iyer & Arjun Menon' }).click();
    await page.getByText('The story of Ananya Iyer & Arjun Menon is published on the site.').waitFor();
    await table.getByText('Published').waitFor();
    assert.deepEqual(
      (await publicStories()).map((story) => story.user1.fullName),
      ['Ananya Iyer'],
    );
    // Nothing on the page is wider than the 1440-pixel window.
    assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), 1440);
    await screenshot(page, 'ops-stories');
  });

  test('a reviewer deactivates a share link: it answers 410', async () => {
    await openArea('Share links');
    const table = page.getByRole('table', { name: 'Share links' });
    await table.getByText('Farah Khan').waitFor();
    await page.getByRole('button', { name: 'Active' }).click();
    // A reviewer pastes the link a family member forwarded: its row is found, with its id and code prefix.
    await page.getByLabel('Find a link').fill(`${saathi.url}/shared/${shareCode}`);
    await table.getByRole('button', { name: 'Views' }).click();
    const csv = page.getByRole('link', { name: 'Export CSV' });
    // The search applies once typing pauses.
    await page.locator('a[href*="q="]').waitFor();
    await page.getByText('Showing 1–1 of 1').waitFor();
    await table.getByText(`${shareCode.slice(0, 8)}…`).waitFor();
    await table.getByRole('list', { name: /^Recent views of link #\d+$/ }).getByRole('listitem').nth(1).waitFor();
    assert.match(page.url(), /[?&]state=active/);
    assert.match(page.url(), /[?&]q=/);
    const csvText = await page.evaluate(async (href) => (await fetch(href)).text(), (await csv.getAttribute('href')) ?? '');
    assert.match(csvText, /^id,code_prefix,profile_id,owner/);
    assert.match(csvText, /Farah Khan/);
    // A code may start with "-", which the CSV guards against spreadsheet formulas with a leading apostrophe.
    assert.equal(csvText.split('\n')[1].split(',')[1].replace(/^'/, ''), shareCode.slice(0, 8));
    // The filters survive a reload.
    await page.reload();
    await page.getByText('Showing 1–1 of 1').waitFor();
    assert.equal(await page.getByLabel('Find a link').inputValue(), `${saathi.url}/shared/${shareCode}`);
    await screenshot(page, 'ops-shares');

    await table.getByRole('button', { name: /^Deactivate link #\d+ of Farah Khan$/ }).click();
    const deactivation = page.getByRole('dialog', { name: 'Deactivate this share link?' });
    await deactivation.getByLabel('Reason for the owner').fill('The link was posted on a public forum');
    await screenshot(page, 'ops-share-deactivate');
    await deactivation.getByRole('button', { name: 'Deactivate link' }).click();
    await page.getByText(/is deactivated; they were told why\.$/).waitFor();
    assert.equal((await fetch(`${saathi.url}/api/shares/${shareCode}`)).status, 410);
  });

  test('a reviewer suspends a reported member: they can no longer sign in', async () => {
    const before = await cookieJarClient()('POST', '/api/auth/login', { json: { username: vikram.username, password: MEMBER_PASSWORD } });
    assert.equal(before.status, 200);

    await openArea('Reports');
    const table = page.getByRole('table', { name: 'Reports' });
    // Arjun's report, and the automatic one the scam rules filed on Vikram's message.
    const arjunsReport = table.getByRole('row').filter({ hasText: 'Arjun Menon' });
    await arjunsReport.getByText('Vikram Rao').waitFor();
    await table.getByRole('row').filter({ hasText: 'Automatic, from chat' }).getByText('Vikram Rao').waitFor();
    // Report details are text: the <b> arrives as characters, not as bold markup.
    await table.getByText('Asked me to send <b>$500</b> for a visa fee after two messages.').waitFor();
    assert.equal(await table.locator('b').count(), 0);
    await screenshot(page, 'ops-reports');

    // The report's own page: the whole text, both members, and where it came from.
    await arjunsReport.getByRole('link', { name: /^Open report #\d+$/ }).click();
    await page.getByRole('heading', { level: 1, name: /^Report #\d+: Scam or money request$/ }).waitFor();
    await page.getByText('Asked me to send <b>$500</b> for a visa fee after two messages.').waitFor();
    await page.getByRole('region', { name: 'Reported: Vikram Rao' }).waitFor();
    await page.getByRole('region', { name: 'Reporter: Arjun Menon' }).getByText('Toronto, Canada').waitFor();
    // The conversation the report came from, only the messages between the two.
    await page.getByText('Could you send me $500 for my visa fee? I will pay it back.').waitFor();
    assert.match(await page.title(), /^Report #\d+ about Vikram Rao · Reports · Saathi Ops$/);
    await screenshot(page, 'ops-report-detail');
    await page.goBack();
    await arjunsReport.getByText('Vikram Rao').waitFor();

    await arjunsReport.getByRole('button', { name: 'Suspend Vikram Rao' }).click();
    const dialog = page.getByRole('dialog', { name: 'Suspend Vikram Rao?' });
    await dialog.getByLabel('Note for the audit log (optional)').fill('Asked for money for a visa fee');
    await dialog.getByRole('button', { name: 'Suspend member' }).click();
    await page.getByText('Vikram Rao is suspended and has been signed out.').waitFor();

    const login = await cookieJarClient()('POST', '/api/auth/login', { json: { username: vikram.username, password: MEMBER_PASSWORD } });
    assert.equal(login.status, 401, await login.text());
    assert.equal((await vikram.call('GET', '/api/auth/user')).status, 401, 'the open session ended');

    // Vikram is emailed how to appeal; he sends an appeal from the link, on his phone, and it reaches the queue.
    const admin = cookieJarClient();
    assert.equal((await admin('POST', '/api/ops/session', { json: { username: ADMIN.username, password: ADMIN.password } })).status, 200);
    const outbox = (await (await admin('GET', '/api/ops/inbox/outbox?pageSize=200')).json()) as { items: Array<{ to: string; subject: string; body: string }> };
    const suspensionMail = outbox.items.find((mail) => mail.to === `${vikram.username}@example.test` && mail.subject === 'Your Saathi account is suspended');
    assert.ok(suspensionMail, JSON.stringify(outbox.items.map((mail) => mail.subject)));
    const appealPath = /\/appeal\/[A-Za-z0-9_-]+/.exec(suspensionMail.body)?.[0];
    assert.ok(appealPath);
    const phone = await browser.newContext({ baseURL: saathi.url, viewport: { width: 390, height: 844 } });
    const appealPage = await phone.newPage();
    await appealPage.goto(appealPath);
    await appealPage.getByRole('heading', { level: 1, name: 'Appeal a suspension' }).waitFor();
    await appealPage.getByLabel('Your appeal').fill('Someone used my account while my phone was lost; I have never asked anyone for money.');
    await screenshot(appealPage, 'member-appeal');
    await appealPage.getByRole('button', { name: 'Send appeal' }).click();
    await appealPage.getByRole('heading', { level: 1, name: 'Appeal sent' }).waitFor();
    await phone.close();

    // The appeal has its own queue: it opens beside the suspension, the report and the conversation; the reviewer
    // who suspended Vikram sees that another reviewer decides it.
    await openArea('Appeals');
    const appeals = page.getByRole('table', { name: 'Appeals' });
    await appeals.getByText(/phone was lost/).waitFor();
    await appeals.getByText('Asked for money for a visa fee').waitFor();
    await screenshot(page, 'ops-appeals');
    await appeals.getByRole('link', { name: /^Open appeal #\d+$/ }).click();
    await page.getByRole('heading', { level: 1, name: /^Appeal #\d+ of Vikram Rao$/ }).waitFor();
    await page.getByText('Suspending note: Asked for money for a visa fee').waitFor();
    await page.getByText('Could you send me $500 for my visa fee? I will pay it back.').waitFor();
    await page.getByText('Another reviewer decides this appeal').waitFor();
    await screenshot(page, 'ops-appeal-detail');

    await openArea('Members');
    const members = page.getByRole('table', { name: 'Members' });
    await page.getByLabel('Status').selectOption('suspended');
    await page.getByText('Showing 1–1 of 1').waitFor();
    await members.getByText('Vikram Rao').waitFor();
    await members.getByRole('button', { name: 'Restore Vikram Rao' }).waitFor();
    await page.getByLabel('Status').selectOption('');
    await page.getByText('Showing 1–10 of 10').waitFor();
    await screenshot(page, 'ops-members');

    // Vikram's page: the report about him, who suspended him and why.
    await members.getByRole('link', { name: 'Vikram Rao' }).click();
    await page.getByRole('heading', { level: 1, name: 'Vikram Rao' }).waitFor();
    const trail = page.getByRole('region', { name: /^Audit trail/ });
    await trail.getByText('Asked for money for a visa fee').first().waitFor();
    await trail.getByRole('link', { name: REVIEWER.fullName }).first().waitFor();
    await page.getByRole('region', { name: /^Reports about them/ }).getByRole('link', { name: 'Arjun Menon' }).waitFor();
    assert.equal(await page.title(), 'Vikram Rao · Members · Saathi Ops');
    await screenshot(page, 'ops-member-detail');
    await page.goBack();
    await page.getByRole('heading', { level: 1, name: 'Members' }).waitFor();
  });

  test('inbox and audit log read as text and record every action', async () => {
    await openArea('Inbox');
    const table = page.getByRole('table', { name: 'Contact messages' });
    await table.getByText('Lakshmi Raman').waitFor();
    await screenshot(page, 'ops-inbox');
    await table.getByRole('button', { name: 'Read the message from Lakshmi Raman' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cannot change my daughter’s profile photo' });
    await dialog.getByRole('button', { name: 'Mark as handled' }).click();
    await page.getByText('The message from Lakshmi Raman is marked as handled.').waitFor();
    await page.getByText('No open messages').waitFor();
    // The email outbox (what members were sent, single-use links included) is for admins only.
    assert.equal(await page.getByRole('button', { name: 'Email outbox' }).count(), 0);

    await openArea('Audit log');
    const audit = page.getByRole('table', { name: 'Audit log' });
    for (const action of ['verification.approve', 'story.publish', 'share.deactivate', 'report.suspend', 'inbox.contact.handled']) {
      await audit.getByText(action, { exact: true }).first().waitFor();
    }
    await page.getByLabel('Action starts with').fill('story.');
    // Created, photo, couple asked, both agreed (recorded as their own), published.
    await page.getByText('Showing 1–6 of 6').waitFor();
    await audit.getByText('story.create', { exact: true }).waitFor();
    assert.equal(await audit.getByText('story.consent_accepted', { exact: true }).count(), 2);
    assert.equal(await audit.getByText('share.deactivate', { exact: true }).count(), 0);
    await screenshot(page, 'ops-audit');
  });

  test('an admin invites a reviewer, who chooses their own password; reviewers cannot open that page', async () => {
    await page.goto('/ops/reviewers');
    await page.getByRole('heading', { level: 1, name: 'Admins only' }).waitFor();
    assert.equal(await page.getByRole('navigation', { name: 'Console areas' }).getByRole('link', { name: 'Reviewers' }).count(), 0);

    const adminContext = await browser.newContext({ baseURL: saathi.url, viewport: { width: 1440, height: 900 } });
    const adminPage = await signInToConsole(adminContext, ADMIN);
    await adminPage.getByRole('navigation', { name: 'Console areas' }).getByRole('link', { name: 'Reviewers' }).click();
    const table = adminPage.getByRole('table', { name: 'Reviewers' });
    await table.getByText('Meera Nair').waitFor();
    await adminPage.getByRole('button', { name: 'Add reviewer' }).click();
    const dialog = adminPage.getByRole('dialog', { name: 'Add a reviewer' });
    assert.equal(await dialog.getByLabel('Password').count(), 0, 'the admin never chooses the password');
    await dialog.getByLabel('Full name').fill('Gita Rao');
    await dialog.getByLabel('Username').fill(REVIEWER.username);
    await dialog.getByLabel('Email').fill('gita@reviewers.test');
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await dialog.getByText('Username already exists').waitFor();
    await dialog.getByLabel('Username').fill('gita.rao');
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await adminPage.getByText('Gita Rao was invited: an email to gita@reviewers.test lets them choose their password (the link works for three days).').waitFor();
    await table.getByText('gita.rao').waitFor();
    await screenshot(adminPage, 'ops-reviewers');

    // Gita leaves before starting: deactivated from the console.
    await table.getByRole('button', { name: 'Deactivate Gita Rao' }).click();
    const confirm = adminPage.getByRole('dialog', { name: 'Deactivate Gita Rao?' });
    await confirm.getByLabel('Note for the audit log (optional)').fill('Left the team');
    await confirm.getByRole('button', { name: 'Deactivate' }).click();
    await adminPage.getByText('Gita Rao is deactivated and signed out.').waitFor();
    await table.getByRole('button', { name: 'Reactivate Gita Rao' }).waitFor();
    await table.getByRole('button', { name: 'Make Meera Nair an admin' }).waitFor();
    await screenshot(adminPage, 'ops-reviewers-lifecycle');
    await adminContext.close();
  });

  test('every screen fits at 1280, 1440 and 1920 px: no card or table is cut off or scrolls sideways', async () => {
    const adminContext = await browser.newContext({ baseURL: saathi.url, viewport: { width: 1440, height: 900 } });
    const adminPage = await signInToConsole(adminContext, ADMIN);
    const screens: Array<[string, string]> = [
      ['dashboard', '/ops'],
      ['verification', '/ops/verification?status=approved'],
      ['stories', '/ops/stories'],
      ['shares', '/ops/shares'],
      ['reports', '/ops/reports?status=suspended'],
      ['report', '/ops/reports/1'],
      ['members', '/ops/members'],
      ['member', `/ops/members/${vikram.userId}`],
      ['inbox', '/ops/inbox'],
      ['audit', '/ops/audit?kind=all'],
      ['sign-ins', '/ops/audit?kind=sign_ins'],
      ['reviewers', '/ops/reviewers'],
    ];
    const problems: string[] = [];
    for (const width of [1280, 1440, 1920]) {
      await adminPage.setViewportSize({ width, height: 900 });
      for (const [name, url] of screens) {
        await adminPage.goto(url);
        await adminPage.getByRole('heading', { level: 1 }).first().waitFor();
        await adminPage.waitForFunction(() => !document.querySelector('[aria-busy="true"], .ops-spinner'));
        const overflowing = await adminPage.evaluate(() => {
          const boxes = document.querySelectorAll<HTMLElement>('.ops-content, .ops-table, .ops-table__scroll, .ops-panel, .ops-section, .ops-section__body, .ops-chart, .ops-toolbar');
          const cut = [...boxes].filter((box) => box.scrollWidth > box.clientWidth + 1).map((box) => `${box.className} ${box.scrollWidth}>${box.clientWidth}`);
          if (document.documentElement.scrollWidth > window.innerWidth) cut.push(`page ${document.documentElement.scrollWidth}>${window.innerWidth}`);
          return cut;
        });
        if (overflowing.length) problems.push(`${name} at ${width} px: ${overflowing.join(', ')}`);
        if (width === 1440) await screenshot(adminPage, `ops-1440-${name}`);
      }
    }
    assert.deepEqual(problems, []);
    await adminContext.close();
  });
});
