import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import Database from 'better-sqlite3';
import type { Browser, Page } from 'playwright-core';
import { type ApiCookies, type RunningSaathi, apiSession, launchBrowser, screenshot, signedInPhonePage, startSaathi, viewportScreenshot } from './harness';

/**
 * Family access end to end, in Chromium at phone size: a mother made a profile for her daughter Priya and keeps it
 * hidden until Priya confirms; she invites Priya (and cannot answer for her); Priya sees the profile as members do,
 * accepts it on an account of her own and sets what family may do; the mother keeps her account and session and
 * suggests Arjun with a note; Priya likes him from the family shortlist and writes to him.
 */
let browser: Browser;
let saathi: RunningSaathi;

interface ApiMember {
  userId: number;
  username: string;
  password: string;
  call: (method: string, path: string, json?: unknown) => Promise<Response>;
  cookies: ApiCookies;
}

const PASSWORD = 'mitti-ki-khushboo-2026';
const profileFields = {
  dateOfBirth: '1995-02-11',
  education: "Master's",
  educationDetails: 'MSc, Imperial College',
  about: 'Loves Carnatic music, long walks by the Thames and cooking for friends.',
  birthHour: 7,
  birthMinute: 15,
  birthAmPm: 'AM',
  birthPlace: 'Chennai, India',
  religion: 'Hindu',
  motherTongue: 'Tamil',
  agePreferenceMin: 25,
  agePreferenceMax: 40,
  familyBackground: 'Close-knit family; parents are retired teachers in Chennai.',
  country: 'United Kingdom',
  city: 'London',
};

/** Registers over the API and creates a profile, as the app's register form and profile wizard send them. */
async function register(fullName: string, username: string, profile: Record<string, unknown>): Promise<ApiMember> {
  const session = apiSession(saathi.url);
  const call: ApiMember['call'] = (method, p, json) => session.call(method, p, json === undefined ? {} : { json });
  const reg = await call('POST', '/api/auth/register', { fullName, email: `${username}@example.test`, username, password: PASSWORD, confirmPassword: PASSWORD, subscriptionTier: 'tryme' });
  assert.equal(reg.status, 201, await reg.clone().text());
  const { user } = (await reg.json()) as { user: { id: number } };
  const created = await call('POST', '/api/profiles', { userId: user.id, ...profileFields, ...profile });
  assert.equal(created.status, 201, await created.clone().text());
  return { userId: user.id, username, password: PASSWORD, call, cookies: session.cookies() };
}

/** The family invitation link as it arrived in the outbox (no SMTP in the demo instance). */
function invitationLink(to: string): string {
  const db = new Database(path.join(saathi.dataDir, 'saathi.sqlite'), { readonly: true });
  try {
    const row = db.prepare('SELECT body_text FROM email_outbox WHERE to_email = ? ORDER BY id DESC LIMIT 1').get(to) as { body_text: string } | undefined;
    const match = /\/family-invite\/[A-Za-z0-9_-]+/.exec(row?.body_text ?? '');
    assert.ok(match, `an invitation email to ${to}`);
    return match[0];
  } finally {
    db.close();
  }
}

/**
 * A chat's message box and send button are whole and in view above the tab bar: at 390×844, and at 390×500 as with
 * the on-screen keyboard open (it shrinks the viewport). Shots `{name}-844` and `{name}-500` show what the phone does.
 */
async function assertComposerInView(page: Page, name: string): Promise<void> {
  for (const height of [844, 500]) {
    await page.setViewportSize({ width: 390, height });
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    const tabBar = await page.getByRole('navigation', { name: 'Main' }).boundingBox();
    assert.ok(tabBar, 'the tab bar');
    for (const control of [page.getByRole('textbox', { name: 'Message' }), page.getByRole('button', { name: 'Send message' })]) {
      const box = await control.boundingBox();
      assert.ok(box && box.y >= 0 && box.y + box.height <= tabBar.y, `${name} at 390×${height}: ${JSON.stringify(box)} ends above the tab bar at ${tabBar.y}`);
    }
    await viewportScreenshot(page, `${name}-${height}`);
  }
  await page.setViewportSize({ width: 390, height: 844 });
}

const newPage = (cookies: ApiCookies = []) => signedInPhonePage(browser, saathi.url, cookies);

before(async () => {
  browser = await launchBrowser();
  saathi = await startSaathi();
});
after(async () => {
  await browser?.close();
  await saathi?.stop();
});

describe('family access in the browser', () => {
  // The profiles' accounts, for the ops console's test after the members' tests made them.
  const people = { priyaUserId: 0, vikramUserId: 0 };

  test('a parent creates a profile, invites the candidate, who accepts and sets permissions; the parent suggests a match; the candidate likes and chats', async () => {
    const mother = await register('Lakshmi Raman', 'lakshmi_r', {
      gender: 'female',
      lookingFor: 'male',
      profileType: 'parent',
      fullName: 'Priya Raman',
      parentName: 'Lakshmi Raman',
      parentRelationship: 'mother',
      parentContact: '+44 7700 900123',
      profession: 'Architect',
    });
    const arjun = await register('Arjun Mehta', 'arjun_m', { gender: 'male', lookingFor: 'female', profileType: 'self', parentName: null, parentRelationship: null, parentContact: null, profession: 'Doctor' });
    const ravi = await register('Ravi Kumar', 'ravi_k', { gender: 'male', lookingFor: 'female', profileType: 'self', parentName: null, parentRelationship: null, parentContact: null, profession: 'Engineer' });
    const priyaProfileId = ((await (await arjun.call('GET', `/api/profiles/user/${mother.userId}`)).json()) as { id: number }).id;

    // Before Priya accepts, other members are told who runs the profile.
    const arjunPage = await newPage(arjun.cookies);
    await arjunPage.goto(`/profile/${priyaProfileId}`);
    await arjunPage.getByRole('note').getByText('Managed by family, not yet confirmed by Priya').waitFor();
    await screenshot(arjunPage, 'family-0-others-see-unconfirmed');
    await arjunPage.context().close();

    // The mother, signed in, opens Family from her account page and invites Priya.
    const parentPage = await newPage(mother.cookies);
    await parentPage.goto('/profile');
    await parentPage.getByRole('link', { name: /Family/ }).click();
    await parentPage.waitForURL('**/family');
    await parentPage.getByText('Managed by family, not yet confirmed by Priya.').waitFor();
    await parentPage.getByRole('textbox', { name: 'Their email' }).fill('priya.raman@example.test');
    await parentPage.getByRole('button', { name: 'Send invitation' }).click();
    await parentPage.getByText('Invitation sent. The link works once, for 7 days.').waitFor();
    await parentPage.getByText('Invited to confirm').waitFor();
    await screenshot(parentPage, 'family-1-parent-invites');

    // The mother chooses to keep the profile hidden until Priya confirms it: Arjun no longer finds it.
    const gateSaved = parentPage.waitForResponse((r) => r.url().endsWith('/consent-gate') && r.request().method() === 'PATCH');
    await parentPage.getByRole('checkbox', { name: 'Hide from members until Priya confirms' }).check();
    assert.equal((await gateSaved).status(), 200);
    await parentPage.getByText('Nobody finds the profile until Priya accepts it.').waitFor();
    assert.equal((await arjun.call('GET', `/api/profiles/${priyaProfileId}`)).status, 404, 'behind the consent gate');
    await screenshot(parentPage, 'family-1b-parent-hides-until-confirmed');

    // Signed in as herself, the mother cannot answer for Priya: the link counts only for Priya's address.
    const link = invitationLink('priya.raman@example.test');
    await parentPage.goto(link);
    await parentPage.getByText('Sign in with p****@example.test to answer this invitation: it counts only for that address.').waitFor();
    assert.equal(await parentPage.getByRole('button', { name: 'Accept the profile' }).count(), 0);
    await screenshot(parentPage, 'family-1c-parent-cannot-answer');

    // Priya opens the link from her email: she sees the profile as members see it before answering.
    const priyaPage = await newPage();
    await priyaPage.goto(link);
    await priyaPage.getByRole('heading', { name: 'Priya, a profile was made for you' }).waitFor();
    const asMembersSeeIt = priyaPage.getByRole('region', { name: 'Your profile, as members see it' });
    await asMembersSeeIt.getByText('Hidden from members until Priya confirms it.').waitFor();
    await asMembersSeeIt.getByText(profileFields.about).waitFor();
    await screenshot(priyaPage, 'family-2-candidate-invitation');
    await priyaPage.getByRole('textbox', { name: 'Your full name' }).fill('Priya Raman');
    await priyaPage.getByRole('textbox', { name: 'Username' }).fill('priya_raman');
    await priyaPage.getByLabel('Password', { exact: true }).fill('priya-own-password-1');
    await priyaPage.getByLabel('Confirm password', { exact: true }).fill('priya-own-password-1');
    // She keeps editing to herself, and lets family write to members, on the accept form itself.
    const form = priyaPage.getByRole('form', { name: 'Accept the profile' });
    await form.getByRole('checkbox', { name: 'Edit my profile' }).uncheck();
    await form.getByRole('checkbox', { name: 'Write to members as my family' }).check();
    await viewportScreenshot(priyaPage, 'family-2b-candidate-sets-permissions-on-accept');
    await priyaPage.getByRole('button', { name: 'Accept the profile' }).click();
    await priyaPage.waitForURL('**/family');
    await priyaPage.getByText('You hold this profile. Your family helps as you allow.').waitFor();
    await priyaPage.getByText('Confirmed by email').waitFor();
    assert.equal(await priyaPage.getByRole('checkbox', { name: 'Edit my profile' }).isChecked(), false);
    assert.equal(await priyaPage.getByRole('checkbox', { name: 'Write to members as my family' }).isChecked(), true);
    await screenshot(priyaPage, 'family-3-candidate-permissions');
    // The profile is on Priya's own account now, shown to members as confirmed by email.
    const priyaUserId = ((await (await arjun.call('GET', `/api/profiles/${priyaProfileId}`)).json()) as { userId: number; familyStatus: string }).userId;
    assert.notEqual(priyaUserId, mother.userId);
    people.priyaUserId = priyaUserId;
    const arjunAfter = await newPage(arjun.cookies);
    await arjunAfter.goto(`/profile/${priyaProfileId}`);
    await arjunAfter.getByRole('note').getByText('Confirmed by email', { exact: true }).waitFor();
    await viewportScreenshot(arjunAfter, 'family-3b-others-read-confirmed-by-email');
    await arjunAfter.context().close();

    // The mother keeps her own account: the same session goes on, now as Priya's family.
    await parentPage.goto('/family');
    await parentPage.getByRole('heading', { name: 'Helping Priya as their mother' }).waitFor();
    await parentPage.getByRole('button', { name: 'Find matches for Priya' }).click();
    await parentPage.getByRole('link', { name: 'Arjun Mehta', exact: true }).waitFor();
    const arjunItem = parentPage.getByRole('listitem').filter({ has: parentPage.getByRole('link', { name: 'Arjun Mehta', exact: true }) });
    await arjunItem.getByRole('textbox', { name: 'Note for Priya' }).fill('A doctor in London, and his parents are lovely');
    await parentPage.getByRole('button', { name: 'Suggest Arjun Mehta to Priya' }).click();
    await parentPage.getByText('Suggested to Priya').waitFor();
    // Priya lets family like for her: the mother likes Ravi, and Ravi is told it was Priya's mother.
    await parentPage.getByRole('button', { name: 'Like Ravi Kumar for Priya' }).click();
    await parentPage.getByText('Liked for Priya: they see it came from you').waitFor();
    await screenshot(parentPage, 'family-4-parent-suggests');
    const raviBell = (await (await ravi.call('GET', `/api/notifications/${ravi.userId}`)).json()) as Array<{ content: string | null }>;
    assert.ok(raviBell.some((n) => n.content === "Priya's mother liked your profile"), JSON.stringify(raviBell));

    // Priya lets family write to members: the mother writes to Ravi for her from the app. Ravi, his chat with Priya
    // open, sees at once (no reload) that it was Priya's mother who wrote.
    const raviPage = await newPage(ravi.cookies);
    const raviStream = raviPage.waitForResponse((r) => r.url().endsWith('/api/events'));
    await raviPage.goto(`/chat/${priyaUserId}`);
    await raviStream;
    await raviPage.getByText('Say namaste! Your conversation starts here.').waitFor();
    await parentPage.getByRole('link', { name: 'Write to Ravi Kumar for Priya' }).click();
    await parentPage.waitForURL(`**/family/${priyaProfileId}/chat/${ravi.userId}`);
    await parentPage.getByRole('note').getByText('You write for Priya as Priya’s mother', { exact: false }).waitFor();
    const motherBox = parentPage.getByRole('textbox', { name: 'Message' });
    await motherBox.fill('Namaste Ravi, I am Priya’s mother. Priya would like to know you.');
    await motherBox.press('Enter');
    const sentBubble = parentPage.locator('.bubble').filter({ hasText: 'Priya would like to know you.' });
    assert.equal(await sentBubble.locator('.bubble__by').textContent(), "Priya's mother");
    await screenshot(parentPage, 'family-4b-parent-writes-for-candidate');
    await assertComposerInView(parentPage, 'family-4b-composer');
    const liveBubble = raviPage.locator('.bubble').filter({ hasText: 'Priya would like to know you.' });
    await liveBubble.waitFor();
    assert.equal(await liveBubble.locator('.bubble__by').textContent(), "Priya's mother");
    await screenshot(raviPage, 'family-4c-other-side-sees-family-live');
    // His conversation list says so too, under the thread's name for her.
    await raviPage.getByRole('link', { name: 'Back' }).or(raviPage.getByRole('button', { name: 'Back' })).click();
    await raviPage.waitForURL('**/messages');
    const preview = raviPage.getByRole('link', { name: /^Priya Raman/ }).locator('.conversation__preview');
    assert.equal(await preview.textContent(), "Priya's mother: Namaste Ravi, I am Priya’s mother. Priya would like to know you.");
    await viewportScreenshot(raviPage, 'family-4d-other-side-list-names-family');
    await raviPage.context().close();
    await parentPage.goto('/family');

    // Priya sees who suggested him and why, and likes him from the shortlist.
    await priyaPage.reload();
    await priyaPage.getByText('Suggested by Lakshmi Raman (mother)').waitFor();
    await priyaPage.getByText('A doctor in London, and his parents are lovely').waitFor();
    // She talks it over with her family first, in the suggestion's own family-only thread.
    await priyaPage.getByRole('button', { name: 'Discuss' }).click();
    await priyaPage.getByRole('textbox', { name: 'Discuss Arjun Mehta with your family' }).fill('Tell me more about him, Amma');
    await priyaPage.locator('.family__reply').getByRole('button', { name: 'Send', exact: true }).click();
    await priyaPage.getByRole('list', { name: 'Family discussion about Arjun Mehta' }).getByText('Tell me more about him, Amma').waitFor();
    await parentPage.reload();
    await parentPage.getByRole('list', { name: 'Family discussion about Arjun Mehta' }).getByText('Tell me more about him, Amma').waitFor();
    await priyaPage.getByRole('button', { name: 'Like Arjun Mehta' }).click();
    await priyaPage.getByText('Liked', { exact: true }).waitFor();
    await screenshot(priyaPage, 'family-5-candidate-likes');

    // Arjun likes her back; Priya writes to him herself.
    assert.equal((await arjun.call('POST', '/api/profile-likes', { likedProfileId: priyaProfileId })).status, 201);
    await priyaPage.goto(`/chat/${arjun.userId}`);
    const box = priyaPage.getByRole('textbox', { name: 'Message' });
    await box.fill('Namaste Arjun, my mother speaks highly of you');
    await box.press('Enter');
    await priyaPage.getByText('Namaste Arjun, my mother speaks highly of you').waitFor();
    await screenshot(priyaPage, 'family-6-candidate-chats');
    await assertComposerInView(priyaPage, 'family-6-composer');
    // Her conversation is hers alone until she shares it with her family.
    await priyaPage.goto('/family');
    const share = priyaPage.getByRole('checkbox', { name: 'With Arjun Mehta' });
    assert.equal(await share.isChecked(), false);
    await share.check();
    await priyaPage.waitForResponse((r) => r.url().includes('/shared-conversations/') && r.ok()).catch(() => {});
    await priyaPage.waitForLoadState('networkidle');
    assert.equal(await share.isChecked(), true);
    await screenshot(priyaPage, 'family-7-candidate-shares-conversation');
    const thread = (await (await arjun.call('GET', `/api/messages/${arjun.userId}/${priyaUserId}`)).json()) as Array<{ content: string; sentBy: unknown }>;
    assert.deepEqual(thread.map((m) => [m.content, m.sentBy]), [['Namaste Arjun, my mother speaks highly of you', null]], 'Arjun reads it as from Priya herself');
    const like = (await (await arjun.call('GET', '/api/notifications/' + arjun.userId)).json()) as Array<{ content: string | null }>;
    assert.ok(like.some((n) => n.content === 'Priya Raman liked your profile'), 'her own like carries her own name');

    // Priya turns messaging as the family off: the mother's chat says why and offers no composer, and so does Family.
    const saved = priyaPage.waitForResponse((r) => r.url().endsWith('/permissions') && r.request().method() === 'PATCH');
    await priyaPage.getByRole('checkbox', { name: 'Write to members as my family' }).uncheck();
    assert.equal((await saved).ok(), true);
    await parentPage.goto(`/family/${priyaProfileId}/chat/${ravi.userId}`);
    await parentPage.getByRole('alert').getByText('Priya has not allowed family to write to members for them.', { exact: false }).waitFor();
    assert.equal(await parentPage.getByRole('textbox', { name: 'Message' }).count(), 0);
    await screenshot(parentPage, 'family-10-parent-messaging-off');
    await parentPage.getByRole('link', { name: 'Back to Family' }).click();
    await parentPage.getByRole('region', { name: 'Conversations for Priya' }).getByText('Priya has not allowed family to write to members for them.').waitFor();
    await parentPage.getByRole('button', { name: 'Find matches for Priya' }).click();
    await parentPage.getByRole('button', { name: 'Suggest Ravi Kumar to Priya' }).waitFor();
    assert.equal(await parentPage.getByRole('link', { name: 'Write to Ravi Kumar for Priya' }).count(), 0);
  });

  test('the person a profile was made for declines it and, by their own choice, reports it made without their consent', async () => {
    const father = await register('Suresh Iyer', 'suresh_i', {
      gender: 'male',
      lookingFor: 'female',
      profileType: 'parent',
      fullName: 'Vikram Iyer',
      parentName: 'Suresh Iyer',
      parentRelationship: 'father',
      parentContact: '+44 7700 900456',
      profession: 'Teacher',
    });
    const viewer = await register('Meena Das', 'meena_d', { gender: 'female', lookingFor: 'male', profileType: 'self', parentName: null, parentRelationship: null, parentContact: null, profession: 'Lawyer' });
    const vikramProfileId = ((await (await viewer.call('GET', `/api/profiles/user/${father.userId}`)).json()) as { id: number }).id;
    people.vikramUserId = father.userId;
    const invited = await father.call('POST', `/api/family/${vikramProfileId}/invitations`, { role: 'candidate', email: 'vikram.iyer@example.test', firstName: 'Vikram' });
    assert.equal(invited.status, 201, await invited.clone().text());

    const vikramPage = await newPage();
    await vikramPage.goto(invitationLink('vikram.iyer@example.test'));
    await vikramPage.getByRole('heading', { name: 'Vikram, a profile was made for you' }).waitFor();
    const decline = vikramPage.getByRole('region', { name: 'Not for you?' });
    await decline.getByText('Suresh Iyer is told you declined').waitFor();
    await decline.getByRole('checkbox', { name: /made without my consent/ }).check();
    await decline.getByRole('textbox', { name: 'What happened (optional)' }).fill('My father made this without asking me.');
    await decline.getByText('Your family is not told that you reported it.').waitFor();
    await screenshot(vikramPage, 'family-8-candidate-declines-and-reports');
    await decline.getByRole('button', { name: 'Decline and report' }).click();
    await vikramPage.getByRole('status').getByText("Saathi's safety team has your report and looks at it first.", { exact: false }).waitFor();
    await screenshot(vikramPage, 'family-9-declined-and-reported');

    // Hidden from every member; the family told of the decline (not of the report); the report waits first in the ops queue.
    assert.equal((await viewer.call('GET', `/api/profiles/${vikramProfileId}`)).status, 404);
    const bell = (await (await father.call('GET', `/api/notifications/${father.userId}`)).json()) as Array<{ title: string; content: string | null }>;
    assert.ok(bell.some((n) => n.title === 'Vikram declined the profile'), JSON.stringify(bell));
    assert.ok(!bell.some((n) => /report/i.test(`${n.title} ${n.content}`)));
    const db = new Database(path.join(saathi.dataDir, 'saathi.sqlite'), { readonly: true });
    try {
      const report = db.prepare('SELECT reason, priority, reporter_id, reported_profile_id, details FROM reports ORDER BY id DESC LIMIT 1').get() as Record<string, unknown>;
      assert.deepEqual([report.reason, report.priority, report.reporter_id, report.reported_profile_id], ['made_without_consent', 1, null, vikramProfileId]);
      assert.match(String(report.details), /My father made this without asking me\./);
    } finally {
      db.close();
    }
  });

  test('ops console (1440x900): the consent report waits first; a reviewer opening a profile sees its people and their roles', async () => {
    const reviewer = { username: 'meera.reviews', password: 'chai-and-checklists-2026', fullName: 'Meera Nair' };
    const created = saathi.cli(['reviewer', 'create', reviewer.username, '--name', reviewer.fullName], `${reviewer.password}\n`);
    assert.equal(created.status, 0, created.stderr);
    // An ordinary report filed later than Vikram's: the consent report still comes first.
    const kiran = await register('Kiran Rao', 'kiran_r', { gender: 'female', lookingFor: 'male', profileType: 'self', parentName: null, parentRelationship: null, parentContact: null, profession: 'Nurse' });
    const dev = await register('Dev Shah', 'dev_s', { gender: 'male', lookingFor: 'female', profileType: 'self', parentName: null, parentRelationship: null, parentContact: null, profession: 'Pilot' });
    assert.equal((await kiran.call('POST', '/api/reports', { reportedUserId: dev.userId, reason: 'harassment', details: 'Rude messages' })).status, 201);
    const context = await browser.newContext({ baseURL: saathi.url, viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await page.goto('/ops');
    await page.getByLabel('Username').fill(reviewer.username);
    await page.getByLabel('Password').fill(reviewer.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('banner').getByText(reviewer.fullName).waitFor();

    // Vikram's report from his decline is first in the queue, marked priority; the reviewer opens the profile.
    await page.getByRole('navigation', { name: 'Console areas' }).getByRole('link', { name: 'Reports' }).click();
    const firstRow = page.getByRole('table').getByRole('row').nth(1);
    await firstRow.getByText('Made without consent').waitFor();
    await firstRow.getByText('Priority').waitFor();
    await firstRow.getByText('On declining the profile').waitFor();
    await firstRow.getByText('The person it was made for (no account)').waitFor();
    const secondRow = page.getByRole('table').getByRole('row').nth(2);
    await secondRow.getByText('Harassment').waitFor();
    assert.equal(await secondRow.getByText('Priority').count(), 0);
    await screenshot(page, 'family-ops-1-consent-report-first');
    await firstRow.getByRole('link', { name: 'Suresh Iyer' }).click();
    await page.getByRole('heading', { level: 1, name: 'Suresh Iyer' }).waitFor();
    const vikramFamily = page.getByRole('region', { name: /^Family and roles/ });
    await vikramFamily.getByText('Declined by the candidate (hidden)').waitFor();
    assert.deepEqual(await vikramFamily.getByRole('listitem').allInnerTexts(), ['Suresh Iyer · family (father)']);
    await vikramFamily.scrollIntoViewIfNeeded();
    await screenshot(page, 'family-ops-2-declined-profile-people');

    // Priya's profile: Priya the candidate, her mother as family; the mother's own page says whom she helps.
    await page.goto(`/ops/members/${people.priyaUserId}`);
    await page.getByRole('heading', { level: 1, name: 'Priya Raman' }).waitFor();
    const priyaFamily = page.getByRole('region', { name: /^Family and roles/ });
    await priyaFamily.getByText('Made by family, confirmed by the candidate').waitFor();
    await priyaFamily.getByText(/Confirmed by email on .*: the candidate answered the invitation sent to priya\.raman@example\.test, with a new account made with that address\. Identity not verified yet\./).waitFor();
    assert.deepEqual(await priyaFamily.getByRole('listitem').allInnerTexts(), ['Priya Raman · candidate', 'Lakshmi Raman · family (mother)']);
    await priyaFamily.scrollIntoViewIfNeeded();
    await screenshot(page, 'family-ops-3-profile-people-and-roles');
    await priyaFamily.getByRole('link', { name: 'Lakshmi Raman' }).click();
    await page.getByRole('heading', { level: 1, name: 'Lakshmi Raman' }).waitFor();
    const motherFamily = page.getByRole('region', { name: /^Family and roles/ });
    await motherFamily.getByText('Helps Priya as their mother').waitFor();
    await context.close();
  });
});
