import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { generate } from 'otplib';
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

let browser: Browser;

interface Member {
  userId: number;
  username: string;
  password: string;
  fullName: string;
  cookies: ApiCookies;
  /** A request with this member's cookies (and the Origin the CSRF check wants). */
  call: (method: string, path: string, init?: { body?: BodyInit; headers?: Record<string, string> }) => Promise<Response>;
}

const basePayload = {
  dateOfBirth: '1994-03-18',
  profileType: 'self',
  education: "Master's",
  educationDetails: 'MSc, University of Toronto',
  about: 'Weekend hiker, Sunday dosa maker, and forever learning Carnatic violin.',
  birthHour: 6,
  birthMinute: 45,
  birthAmPm: 'AM',
  birthPlace: 'Chennai, India',
  religion: 'Hindu',
  motherTongue: 'Tamil',
  agePreferenceMin: 27,
  agePreferenceMax: 35,
  familyBackground: 'Close-knit family; parents are retired teachers, one younger brother.',
};

/** Signs a member up through the API (register form + optional profile with a photo), as the app would. */
async function createMember(
  saathi: RunningSaathi,
  fullName: string,
  username: string,
  profile?: { gender: string; country: string; city: string; profession: string; photo?: [string, string] },
): Promise<Member> {
  const session = apiSession(saathi.url);
  const password = 'mitti-ki-khushboo-2026';
  const userId = await registerOverApi(session, { fullName, username, password });
  if (profile) {
    const photoIds = profile.photo ? [await uploadPhoto(session, await portraitJpeg(...profile.photo))] : undefined;
    const { photo: _photo, ...fields } = profile;
    const created = await session.call('POST', '/api/profiles', {
      json: { userId, parentName: null, parentRelationship: null, parentContact: null, ...basePayload, ...fields, ...(photoIds ? { photoIds } : {}) },
    });
    assert.equal(created.status, 201, await created.clone().text());
  }
  return { userId, username, password, fullName, cookies: session.cookies(), call: session.call };
}

function memberPage(saathi: RunningSaathi, member: Member): Promise<Page> {
  return signedInPhonePage(browser, saathi.url, member.cookies);
}

async function signInPage(saathi: RunningSaathi, username: string, password: string): Promise<Page> {
  const context: BrowserContext = await phoneContext(browser, saathi.url);
  await context.addInitScript(() => window.localStorage.setItem('hasSeenSplash', 'true'));
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Username', exact: true }).fill(username);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  return page;
}

/** Login over the API: the status tells whether the credentials still work. */
async function loginStatus(saathi: RunningSaathi, username: string, password: string): Promise<number> {
  const res = await fetch(`${saathi.url}/api/auth/login`, {
    method: 'POST',
    headers: { Accept: 'application/json', Origin: saathi.url, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username, password }),
    redirect: 'manual',
  });
  return res.status;
}

async function sendInChat(page: Page, text: string) {
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill(text);
  await box.press('Enter');
}

async function waitForToast(page: Page, text: string) {
  await page.getByText(text, { exact: true }).first().waitFor();
}

async function closeAll(...pages: Page[]) {
  for (const page of pages) await page.context().close();
}

before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

describe('messaging, notifications and settings (premium launch members)', () => {
  let saathi: RunningSaathi;
  let ananya: Member;
  let rohan: Member;

  before(async () => {
    saathi = await startSaathi({ RATE_LIMIT_REGISTER: '100', RATE_LIMIT_LOGIN: '100' });
    ananya = await createMember(saathi, 'Ananya Iyer', 'ananya_iyer', {
      gender: 'female',
      country: 'Canada',
      city: 'Toronto',
      profession: 'Product Designer',
      photo: ['#8f2a4b', '#f28c28'],
    });
    rohan = await createMember(saathi, 'Rohan Mehta', 'rohan_mehta', {
      gender: 'male',
      country: 'United Kingdom',
      city: 'London',
      profession: 'Cardiologist',
    });
  });
  after(async () => {
    await saathi?.stop();
  });

  test('A sends B a message: it appears in B’s open chat and B’s bell without a reload', async () => {
    const a = await memberPage(saathi, ananya);
    const b = await memberPage(saathi, rohan);
    await b.goto(`/chat/${ananya.userId}`);
    await b.getByText('Ananya Iyer').first().waitFor();
    await b.getByRole('button', { name: 'Notifications', exact: true }).waitFor();

    await a.goto(`/chat/${rohan.userId}`);
    await a.getByText('Rohan Mehta').first().waitFor();
    await sendInChat(a, 'Namaste Rohan! Your profile mentions Carnatic music — do you play?');
    await a.getByText('Namaste Rohan! Your profile mentions Carnatic music — do you play?').waitFor();
    assert.equal(await a.getByRole('textbox', { name: 'Message' }).inputValue(), '', 'composer cleared');

    // B: no reload.
    await b.getByText('Namaste Rohan! Your profile mentions Carnatic music — do you play?').waitFor({ timeout: 10_000 });
    await b.getByRole('button', { name: 'Notifications, 1 unread' }).waitFor({ timeout: 10_000 });
    await b.getByText('Today').first().waitFor();

    // B answers with two lines (Shift+Enter), A sees it live.
    const box = b.getByRole('textbox', { name: 'Message' });
    await box.fill('Namaste Ananya!');
    await box.press('Shift+Enter');
    await box.pressSequentially('Yes, the violin, badly.');
    await box.press('Enter');
    await a.getByText('Yes, the violin, badly.', { exact: false }).waitFor({ timeout: 10_000 });
    await sendInChat(a, 'Ha! Same here. Coffee this weekend?');
    await b.getByText('Ha! Same here. Coffee this weekend?').waitFor({ timeout: 10_000 });
    await a.getByLabel('Read').last().waitFor({ timeout: 10_000 });
    await screenshot(a, 'messaging-chat');

    // Moving to another app this early is a scam signal: the message arrives as usual, and B alone reads a calm
    // notice under it.
    await sendInChat(a, 'I rarely open this app, shall we talk on WhatsApp?');
    await b.getByText('I rarely open this app, shall we talk on WhatsApp?').waitFor({ timeout: 10_000 });
    // (The demo banner is a note too.)
    const safetyNotes = (page: Page) => page.getByRole('note').filter({ hasText: 'Saathi will never ask you for money. Never send money to someone you have not met.' });
    await safetyNotes(b).waitFor({ timeout: 10_000 });
    await b.reload();
    await safetyNotes(b).waitFor();
    assert.equal(await safetyNotes(b).count(), 1, 'under that message only');
    assert.equal(await safetyNotes(a).count(), 0, 'the sender is not shown it');
    await screenshot(b, 'messaging-safety-notice');

    // Both sides' lists show the conversation, newest message as the preview.
    await b.goto('/messages');
    const row = b.getByRole('link', { name: /Ananya Iyer/ });
    await row.waitFor();
    assert.match((await row.textContent()) ?? '', /shall we talk on WhatsApp\?/);
    await b.getByRole('searchbox', { name: 'Search messages' }).fill('ANANYA');
    await row.waitFor();
    await b.getByRole('searchbox', { name: 'Search messages' }).fill('');
    await screenshot(b, 'messaging-list');
    await closeAll(a, b);
  });

  test('notifications: the bell opens the chat; mark read singly and all', async () => {
    await ananya.call('POST', '/api/messages', {
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ receiverId: rohan.userId, content: 'Also — my parents say hello!' }),
    });
    const b = await memberPage(saathi, rohan);
    await b.goto('/');
    const bell = b.getByRole('button', { name: /^Notifications, \d+ unread$/ });
    await bell.waitFor();
    const before = Number(/(\d+) unread/.exec((await bell.getAttribute('aria-label')) ?? '')?.[1]);
    assert.ok(before >= 3, `expected at least 3 unread, got ${before}`);

    await bell.click();
    await b.getByRole('link', { name: 'View all notifications' }).waitFor();
    await b.getByRole('button', { name: /New message from Ananya Iyer/ }).first().click();
    await b.waitForURL((url) => url.pathname === `/chat/${ananya.userId}`);
    await b.getByRole('button', { name: `Notifications, ${before - 1} unread` }).waitFor();

    await b.goto('/notifications');
    await b.getByRole('heading', { name: 'Your Notifications' }).waitFor();
    await b.getByRole('tab', { name: new RegExp(`^Unread\\s*${before - 1}$`) }).waitFor();
    await screenshot(b, 'messaging-notifications');
    await b.getByRole('button', { name: /^Mark as read:/ }).first().click();
    await b.getByRole('tab', { name: new RegExp(`^Unread\\s*${before - 2}$`) }).waitFor();
    await b.getByRole('button', { name: 'Mark all as read' }).click();
    await waitForToast(b, 'All notifications marked as read');
    await b.getByRole('tab', { name: 'Unread', exact: true }).click();
    await b.getByText('All caught up!').waitFor();
    await b.getByRole('button', { name: 'Notifications', exact: true }).waitFor();
    await closeAll(b);
  });

  test('a privacy toggle survives a reload; every settings tab renders', async () => {
    const b = await memberPage(saathi, rohan);
    await b.goto('/settings');
    await b.getByRole('heading', { name: 'Account Settings' }).waitFor();
    const blur = b.getByRole('switch', { name: 'Blur photos' });
    assert.equal(await blur.getAttribute('aria-checked'), 'false');
    await blur.click();
    await waitForToast(b, 'Privacy settings updated');
    await screenshot(b, 'messaging-settings-privacy');
    await b.reload();
    await b.getByRole('switch', { name: 'Blur photos' }).waitFor();
    assert.equal(await b.getByRole('switch', { name: 'Blur photos' }).getAttribute('aria-checked'), 'true');
    const saved = (await (await rohan.call('GET', `/api/users/${rohan.userId}/privacy-settings`)).json()) as { blurPhotos: boolean };
    assert.equal(saved.blurPhotos, true);

    await b.getByRole('tab', { name: 'Notifications' }).click();
    await b.getByRole('switch', { name: 'App updates' }).click();
    await waitForToast(b, 'Notification settings updated');
    await screenshot(b, 'messaging-settings-notifications');
    await b.getByRole('tab', { name: 'Security' }).click();
    await b.getByRole('button', { name: 'Update Password' }).waitFor();
    await screenshot(b, 'messaging-settings-security');

    await b.getByRole('button', { name: 'Manage Devices' }).click();
    await b.getByRole('dialog', { name: 'Manage Devices' }).getByText('This device').waitFor();
    await screenshot(b, 'messaging-settings-devices');
    await b.keyboard.press('Escape');

    const download = b.waitForEvent('download');
    await b.getByRole('button', { name: 'Download my data' }).click();
    const file = await download;
    assert.match(file.suggestedFilename(), /\.json$/);
    await closeAll(b);
  });

  test('B allows messages from no one: A’s send is refused with the reason', async () => {
    const a = await memberPage(saathi, ananya);
    const b = await memberPage(saathi, rohan);
    await a.goto(`/chat/${rohan.userId}`);
    await a.getByRole('textbox', { name: 'Message' }).waitFor();

    await b.goto('/settings');
    await b.getByRole('group', { name: 'Who can message me' }).getByText('No one').click();
    await waitForToast(b, 'Privacy settings updated');

    await sendInChat(a, 'Are you there?');
    await waitForToast(a, 'Failed to send message');
    await a.getByText('This member is not accepting messages').first().waitFor();
    // The chat now says why, and the composer is off.
    await a.locator('.chat__notice').getByText('This member is not accepting messages').waitFor();
    assert.equal(await a.getByRole('textbox', { name: 'Message' }).isDisabled(), true);

    await b.getByRole('group', { name: 'Who can message me' }).getByText('Everyone').click();
    await waitForToast(b, 'Privacy settings updated');
    await closeAll(a, b);
  });

  test('two-factor sign-in: set up in Security with recovery codes, then the login asks for a code', async () => {
    const member = await createMember(saathi, 'Kavya Menon', 'kavya_menon');
    const page = await memberPage(saathi, member);
    await page.goto('/settings');
    await page.getByRole('tab', { name: 'Security' }).click();
    await page.getByRole('button', { name: 'Set up 2FA' }).click();
    const dialog = page.getByRole('dialog', { name: 'Set up two-factor authentication' });
    await dialog.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
    const secret = (await dialog.getByRole('textbox', { name: 'Or enter this key' }).inputValue()).trim();
    assert.ok(secret.length >= 16, 'secret shown');
    await screenshot(page, 'messaging-settings-2fa');
    await dialog.getByRole('textbox', { name: '6-digit code' }).fill(await generate({ secret }));
    await dialog.getByRole('button', { name: 'Turn On 2FA' }).click();
    await waitForToast(page, 'Two-factor authentication is on');
    // Ten recovery codes, shown once, to keep for the day the phone is lost.
    const codes = (await dialog.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem').allTextContents()).map((c) => c.trim());
    assert.equal(codes.length, 10);
    await screenshot(page, 'messaging-settings-recovery-codes');
    await dialog.getByRole('button', { name: 'I have saved them' }).click();
    await page.getByRole('button', { name: 'Turn off 2FA' }).waitFor();
    await page.getByText('10 of 10 left', { exact: false }).waitFor();
    await closeAll(page);

    const context = await phoneContext(browser, saathi.url);
    await context.addInitScript(() => window.localStorage.setItem('hasSeenSplash', 'true'));
    const login = await context.newPage();
    await login.goto('/login');
    await login.getByRole('textbox', { name: 'Username', exact: true }).fill(member.username);
    await login.getByRole('textbox', { name: 'Password', exact: true }).fill(member.password);
    await login.getByRole('button', { name: 'Sign In' }).click();
    const code = login.getByRole('textbox', { name: 'Authentication code' });
    await code.waitFor();
    // The code that turned 2FA on cannot sign in again (each code works once); a recovery code stands in for it.
    await code.fill(codes[0]);
    await login.getByRole('button', { name: 'Sign In' }).click();
    await login.waitForURL((url) => url.pathname === '/');
    await context.close();
  });

  test('changing the password ends the member’s other session', async () => {
    const first = await memberPage(saathi, rohan);
    const second = await signInPage(saathi, rohan.username, rohan.password);
    await second.goto('/messages');
    await second.getByRole('heading', { name: 'Messages' }).waitFor();

    await first.goto('/settings');
    await first.getByRole('tab', { name: 'Security' }).click();
    await first.getByLabel('Current password', { exact: true }).fill(rohan.password);
    await first.getByLabel('New password', { exact: true }).fill('chai-and-cricket-2027');
    await first.getByLabel('Confirm new password', { exact: true }).fill('chai-and-cricket-2027');
    await first.getByRole('button', { name: 'Update Password' }).click();
    await waitForToast(first, 'Password updated');
    assert.equal(await first.getByLabel('Current password', { exact: true }).inputValue(), '', 'form cleared');
    rohan.password = 'chai-and-cricket-2027';

    // The other browser is signed out: its next page load lands on /login.
    await second.goto('/messages');
    await second.waitForURL((url) => url.pathname === '/login');
    // This one stays signed in.
    await first.goto('/messages');
    await first.getByRole('heading', { name: 'Messages' }).waitFor();
    assert.equal(await loginStatus(saathi, rohan.username, 'mitti-ki-khushboo-2026'), 401);
    await closeAll(first, second);
  });

  test('deleting the account signs out, the old credentials fail, and B’s list no longer shows A', async () => {
    const a = await memberPage(saathi, ananya);
    await a.goto('/settings');
    await a.getByRole('tab', { name: 'Security' }).click();
    await a.getByRole('link', { name: 'Delete My Account' }).click();
    await a.waitForURL((url) => url.pathname === '/delete-account');
    await a.getByRole('heading', { name: 'Delete Account' }).waitFor();
    await screenshot(a, 'messaging-delete-account');
    await a.getByLabel('Type "delete my account" to confirm').fill('delete account');
    await a.getByRole('button', { name: 'Proceed' }).click();
    await waitForToast(a, 'Incorrect confirmation phrase');
    await a.getByLabel('Type "delete my account" to confirm').fill('Delete My Account');
    await a.getByRole('button', { name: 'Proceed' }).click();
    await a.getByLabel('Your password', { exact: true }).fill('wrong-password-123');
    await a.getByRole('button', { name: 'Delete My Account Permanently' }).click();
    await waitForToast(a, 'Deletion Failed');
    await screenshot(a, 'messaging-delete-account-step2');
    await a.getByLabel('Your password', { exact: true }).fill(ananya.password);
    await a.getByRole('button', { name: 'Delete My Account Permanently' }).click();
    await waitForToast(a, 'Account Deleted');
    await a.waitForURL((url) => url.pathname === '/splash' || url.pathname === '/');
    const me = await a.evaluate(async () => (await fetch('/api/auth/user', { headers: { Accept: 'application/json' } })).status);
    assert.equal(me, 401);
    await a.getByRole('link', { name: 'Login' }).first().waitFor();

    assert.equal(await loginStatus(saathi, ananya.username, ananya.password), 401);

    const b = await memberPage(saathi, rohan);
    // Rohan's API session is the one that changed the password, so it is still signed in.
    await b.goto('/messages');
    await b.getByRole('heading', { name: 'Messages' }).waitFor();
    await b.getByText('No messages yet').waitFor();
    assert.equal(await b.getByRole('link', { name: /Ananya Iyer/ }).count(), 0);
    await closeAll(a, b);
  });
});

describe('the tryme message allowance', () => {
  let saathi: RunningSaathi;

  before(async () => {
    // No launch offer on this server: new members stay on tryme.
    saathi = await startSaathi({ FIRST_FREE_PREMIUM: '0', RATE_LIMIT_REGISTER: '100', RATE_LIMIT_LOGIN: '100' });
  });
  after(async () => {
    await saathi?.stop();
  });

  test('the list and the chat show what is left; the sixth message of the month is kept while the member upgrades', async () => {
    const meera = await createMember(saathi, 'Meera Pillai', 'meera_pillai');
    const arjun = await createMember(saathi, 'Arjun Nair', 'arjun_nair', { gender: 'male', country: 'United Arab Emirates', city: 'Dubai', profession: 'Architect' });
    for (const content of ['Hi Arjun!', 'Loved your travel photos', 'Are you in Dubai too?']) {
      const res = await meera.call('POST', '/api/messages', {
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ receiverId: arjun.userId, content }),
      });
      assert.equal(res.status, 201);
    }
    const page = await memberPage(saathi, meera);
    await page.goto('/messages');
    await page.getByText('2 of 5 free messages left this month').waitFor();
    await page.getByRole('link', { name: 'Upgrade to Premium' }).waitFor();
    await screenshot(page, 'messaging-list-tryme');

    await page.getByRole('link', { name: /Arjun Nair/ }).click();
    await page.waitForURL((url) => url.pathname === `/chat/${arjun.userId}`);
    await page.getByText('2 of 5 free messages left this month').waitFor();
    await sendInChat(page, 'Fourth');
    await page.getByText('Fourth', { exact: true }).waitFor();
    await page.getByText('1 of 5 free messages left this month').waitFor();
    await sendInChat(page, 'Fifth');
    await page.getByText('Fifth', { exact: true }).waitFor();
    await sendInChat(page, 'Sixth — over the limit');
    await waitForToast(page, 'Message Limit Reached');
    await page.getByText(/You've sent all 5 free messages this month/).waitFor();
    assert.equal(await page.getByRole('textbox', { name: 'Message' }).inputValue(), 'Sixth — over the limit', 'kept, not thrown away');
    await screenshot(page, 'chat-tryme-limit-kept');
    await page.getByRole('link', { name: 'Upgrade to send' }).click();
    await page.waitForURL((url) => url.pathname === '/subscription');
    await page.goBack();
    await page.waitForURL((url) => url.pathname === `/chat/${arjun.userId}`);
    assert.equal(await page.getByRole('textbox', { name: 'Message' }).inputValue(), 'Sixth — over the limit', 'still there after a look at the plans');

    await page.goto('/messages');
    await page.getByText('Message Limit Reached').waitFor();
    await closeAll(page);
  });
});
