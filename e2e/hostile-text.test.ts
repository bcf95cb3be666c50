// Markup and script in what members write (name, profile text, messages, report details) render as text in the
// member app and in the ops console: the characters are shown, no element is created, nothing runs.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { APIRequestContext, Browser, BrowserContext, Page } from 'playwright-core';
import { type RunningSaathi, assertNoOverflow, launchBrowser, phoneContext, screenshot, startSaathi } from './harness';

const PASSWORD = 'kesar-badam-2026';
const REVIEWER = { username: 'text.checker', password: 'plain-text-only-2026', fullName: 'Sana Qureshi' };

const HOSTILE = {
  fullName: `Raj <img src=x onerror="window.__pwned='name'">`,
  about: `<script>window.__pwned='about'</script>Loves <b>cricket</b> & chai; "quotes" and 'apostrophes' stay.`,
  city: `Leeds"><svg onload="window.__pwned='city'">`,
  profession: `<iframe src="javascript:window.__pwned='job'"></iframe>Engineer`,
  message: `<img src=x onerror="window.__pwned='message'"> hello <a href="javascript:alert(1)">click</a>`,
  report: `<script>alert('report')</script> asked for <b>money</b>`,
};

let saathi: RunningSaathi;
let browser: Browser;
let memberContext: BrowserContext;
let page: Page;
let evil: { userId: number; profileId: number };
let viewer: { userId: number };

async function register(request: APIRequestContext, fullName: string, username: string): Promise<number> {
  const res = await request.post('/api/auth/register', {
    headers: { Origin: saathi.url, Accept: 'application/json' },
    form: { fullName, email: `${username}@example.test`, username, password: PASSWORD, confirmPassword: PASSWORD, subscriptionTier: 'tryme' },
  });
  assert.equal(res.status(), 201, await res.text());
  return ((await res.json()) as { user: { id: number } }).user.id;
}

async function createProfile(request: APIRequestContext, userId: number, fields: Record<string, unknown>): Promise<number> {
  const res = await request.post('/api/profiles', {
    headers: { Origin: saathi.url, Accept: 'application/json' },
    data: {
      userId,
      dateOfBirth: '1993-08-02',
      profileType: 'self',
      education: "Bachelor's",
      religion: 'Hindu',
      motherTongue: 'Gujarati',
      country: 'United Kingdom',
      city: 'London',
      profession: 'Accountant',
      about: 'Enjoys long walks and Sunday family lunches with far too much food.',
      agePreferenceMin: 25,
      agePreferenceMax: 40,
      ...fields,
    },
  });
  assert.equal(res.status(), 201, await res.text());
  return ((await res.json()) as { id: number }).id;
}

/** Nothing the hostile text asked for exists in the page, and nothing ran. */
async function assertNothingInjected(target: Page) {
  const injected = await target.evaluate(() => ({
    pwned: (window as unknown as { __pwned?: string }).__pwned ?? null,
    elements: document.querySelectorAll('#root img[src="x"], #root svg[onload], #root iframe, #root script, #root [onerror], #root a[href^="javascript:"]').length,
    bold: [...document.querySelectorAll('#root b')].filter((b) => /cricket|money/.test(b.textContent ?? '')).length,
  }));
  assert.deepEqual(injected, { pwned: null, elements: 0, bold: 0 });
}

/** Long unbroken words wrap instead of widening the page past the phone's screen. */
before(async () => {
  saathi = await startSaathi();
  browser = await launchBrowser();
  const created = saathi.cli(['reviewer', 'create', REVIEWER.username, '--name', REVIEWER.fullName], `${REVIEWER.password}\n`);
  assert.equal(created.status, 0, created.stderr);

  // The hostile member, through the API with its own cookie jar.
  const evilContext = await browser.newContext({ baseURL: saathi.url });
  const evilId = await register(evilContext.request, HOSTILE.fullName, 'raj_markup');
  const evilProfile = await createProfile(evilContext.request, evilId, {
    gender: 'male',
    lookingFor: 'female',
    about: HOSTILE.about,
    city: HOSTILE.city,
    profession: HOSTILE.profession,
  });
  evil = { userId: evilId, profileId: evilProfile };

  // The viewer: a member on a phone, signed in inside the browser context.
  memberContext = await phoneContext(browser, saathi.url);
  const viewerId = await register(memberContext.request, 'Priya Shah', 'priya_reader');
  await createProfile(memberContext.request, viewerId, { gender: 'female', lookingFor: 'male' });
  viewer = { userId: viewerId };

  const sent = await evilContext.request.post('/api/messages', {
    headers: { Origin: saathi.url, Accept: 'application/json' },
    data: { receiverId: viewer.userId, content: HOSTILE.message },
  });
  assert.equal(sent.status(), 201, await sent.text());
  const reported = await memberContext.request.post('/api/reports', {
    headers: { Origin: saathi.url, Accept: 'application/json' },
    data: { reportedUserId: evil.userId, reason: 'scam_or_money_request', details: HOSTILE.report },
  });
  assert.equal(reported.status(), 201, await reported.text());
  await evilContext.close();

  page = await memberContext.newPage();
  page.on('dialog', (dialog) => {
    throw new Error(`a script opened a dialog: ${dialog.message()}`);
  });
});

after(async () => {
  await browser?.close();
  await saathi?.stop();
});

describe('hostile text renders as text', () => {
  test('member app: the profile view shows the name, city, profession and bio as typed', async () => {
    await page.goto(`/profile/${evil.profileId}`);
    await page.getByRole('heading', { name: /Raj <img src=x onerror=/ }).first().waitFor();
    await page.getByText(HOSTILE.about).waitFor();
    await page.getByText(HOSTILE.city, { exact: false }).first().waitFor();
    await page.getByText(HOSTILE.profession, { exact: false }).filter({ visible: true }).first().waitFor();
    await assertNothingInjected(page);
    await assertNoOverflow(page);
    await screenshot(page, 'hostile-profile-view');
  });

  test('member app: search results and the chat show the text as typed', async () => {
    await page.goto('/search');
    await page.getByPlaceholder('Search by name, location, etc.').fill('Leeds');
    await page.getByText(/Raj <img src=x onerror=/).first().waitFor();
    await page.getByText(/Leeds"><svg onload=/).first().waitFor();
    await assertNoOverflow(page);
    await screenshot(page, 'hostile-search');
    await assertNothingInjected(page);

    await page.goto(`/chat/${evil.userId}`);
    await page.getByText(HOSTILE.message).waitFor();
    await assertNothingInjected(page);
    await assertNoOverflow(page);
    await screenshot(page, 'hostile-chat');

    await page.goto('/messages');
    await page.getByText(/Raj <img src=x onerror=/).first().waitFor();
    await assertNothingInjected(page);
  });

  test('ops console: members and reports show the name and details as typed', async () => {
    const opsContext = await browser.newContext({ baseURL: saathi.url, viewport: { width: 1440, height: 900 } });
    const ops = await opsContext.newPage();
    ops.on('dialog', (dialog) => {
      throw new Error(`a script opened a dialog: ${dialog.message()}`);
    });
    await ops.goto('/ops');
    await ops.getByLabel('Username').fill(REVIEWER.username);
    await ops.getByLabel('Password').fill(REVIEWER.password);
    await ops.getByRole('button', { name: 'Sign in' }).click();
    await ops.getByRole('banner').getByText(REVIEWER.fullName).waitFor();

    await ops.getByRole('navigation', { name: 'Console areas' }).getByRole('link', { name: 'Members' }).click();
    await ops.getByRole('table', { name: 'Members' }).getByText(HOSTILE.fullName).waitFor();
    await assertNothingInjected(ops);

    await ops.getByRole('navigation', { name: 'Console areas' }).getByRole('link', { name: 'Reports' }).click();
    const reports = ops.getByRole('table', { name: 'Reports' });
    await reports.getByText(HOSTILE.report).waitFor();
    await reports.getByText(HOSTILE.fullName).first().waitFor();
    await assertNothingInjected(ops);
    await screenshot(ops, 'hostile-ops-reports');
    await opsContext.close();
  });
});
