import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import Database from 'better-sqlite3';
import type { Browser } from 'playwright-core';
import { type ApiCookies, type ApiSession, type RunningSaathi, apiSession, launchBrowser, portraitJpeg, screenshot, signedInPhonePage, startSaathi, viewportScreenshot } from './harness';
import { checkLanguage, collectMemberWords } from './language-check';

/**
 * Helper mode end to end, in Chromium at phone size: Vikram made profiles for his son Arjun and his daughter Meera,
 * and both took them to accounts of their own. Vikram has no profile himself: his app works on one child's profile
 * at a time, switched in the bar above every screen. He likes Priya for Arjun (Priya reads it was Arjun's father,
 * Arjun that it was his father), edits Arjun's profile (Arjun reads the change in his activity list), and finds no
 * editor for Meera, who keeps editing to herself (and the API refuses him too).
 */
let browser: Browser;
let saathi: RunningSaathi;

const PASSWORD = 'ghar-ki-baat-2026';
const fields = {
  dateOfBirth: '1995-06-21',
  education: "Bachelor's",
  profession: 'Engineer',
  about: 'Enjoys cricket on Sundays, cooking for family and long train journeys.',
  religion: 'Hindu',
  motherTongue: 'Gujarati',
  agePreferenceMin: 24,
  agePreferenceMax: 40,
  country: 'United Kingdom',
  city: 'London',
};
const own = { profileType: 'self', parentName: null, parentRelationship: null, parentContact: null };

interface Member {
  userId: number;
  session: ApiSession;
  cookies: () => ApiCookies;
}

async function register(fullName: string, username: string): Promise<Member> {
  const session = apiSession(saathi.url);
  const reg = await session.call('POST', '/api/auth/register', { json: { fullName, email: `${username}@example.test`, username, password: PASSWORD, confirmPassword: PASSWORD, subscriptionTier: 'tryme' } });
  assert.equal(reg.status, 201, await reg.clone().text());
  const { user } = (await reg.json()) as { user: { id: number } };
  return { userId: user.id, session, cookies: () => session.cookies() };
}

async function createProfile(member: Member, profile: Record<string, unknown>): Promise<number> {
  const created = await member.session.call('POST', '/api/profiles', { json: { userId: member.userId, ...fields, ...profile } });
  assert.equal(created.status, 201, await created.clone().text());
  return ((await created.json()) as { id: number }).id;
}

/** The invitation's token as it arrived in the outbox (no SMTP in the demo instance). */
function invitationToken(to: string): string {
  const db = new Database(path.join(saathi.dataDir, 'saathi.sqlite'), { readonly: true });
  try {
    const row = db.prepare('SELECT body_text FROM email_outbox WHERE to_email = ? ORDER BY id DESC LIMIT 1').get(to) as { body_text: string } | undefined;
    const token = /\/family-invite\/([A-Za-z0-9_-]+)/.exec(row?.body_text ?? '')?.[1];
    assert.ok(token, `an invitation email to ${to}`);
    return token;
  } finally {
    db.close();
  }
}

/** The father makes a profile for his child, invites them, and the child accepts it on an account of their own. */
async function profileForChild(
  father: Member,
  child: { fullName: string; username: string; gender: string; lookingFor: string; permissions?: Record<string, boolean>; profile?: Record<string, unknown> },
): Promise<{ profileId: number; candidate: Member }> {
  const firstName = child.fullName.split(' ')[0];
  const profileId = await createProfile(father, {
    gender: child.gender,
    lookingFor: child.lookingFor,
    profileType: 'parent',
    fullName: child.fullName,
    parentName: 'Vikram Shah',
    parentRelationship: 'father',
    parentContact: '+44 7700 900456',
    profession: child.gender === 'male' ? 'Engineer' : 'Doctor',
    ...child.profile,
  });
  const email = `${child.username}@example.test`;
  const invited = await father.session.call('POST', `/api/family/${profileId}/invitations`, { json: { role: 'candidate', email, firstName } });
  assert.equal(invited.status, 201, await invited.clone().text());
  const session = apiSession(saathi.url);
  const accepted = await session.call('POST', `/api/family-invitations/${invitationToken(email)}`, {
    json: { answer: 'accept', permissions: child.permissions, fullName: child.fullName, username: child.username, password: PASSWORD, confirmPassword: PASSWORD },
  });
  assert.equal(accepted.status, 200, await accepted.clone().text());
  const me = (await (await session.call('GET', '/api/auth/user')).json()) as { id: number };
  return { profileId, candidate: { userId: me.id, session, cookies: () => session.cookies() } };
}

before(async () => {
  browser = await launchBrowser();
  saathi = await startSaathi();
});
after(async () => {
  await browser?.close();
  await saathi?.stop();
});

describe('a father helping two children, in the browser', () => {
  test('he switches between them, likes for Arjun, edits Arjun’s profile; Meera keeps editing to herself', async () => {
    const vikram = await register('Vikram Shah', 'vikram_s');
    const arjun = await profileForChild(vikram, { fullName: 'Arjun Shah', username: 'arjun_shah', gender: 'male', lookingFor: 'female' });
    const meera = await profileForChild(vikram, { fullName: 'Meera Shah', username: 'meera_shah', gender: 'female', lookingFor: 'male', permissions: { mayEdit: false } });
    const priya = await register('Priya Raman', 'priya_r');
    const priyaProfileId = await createProfile(priya, { ...own, gender: 'female', lookingFor: 'male', profession: 'Architect' });
    const rahul = await register('Rahul Iyer', 'rahul_i');
    await createProfile(rahul, { ...own, gender: 'male', lookingFor: 'female', profession: 'Teacher' });

    // Home works on Arjun's profile (the first he helps with): Arjun's matches, never "Create your profile".
    const page = await signedInPhonePage(browser, saathi.url, vikram.cookies());
    await page.goto('/');
    const bar = page.getByRole('region', { name: 'Helper mode' });
    const select = bar.getByRole('combobox', { name: 'Acting for' });
    await select.waitFor();
    assert.deepEqual(await select.locator('option').allTextContents(), ['Arjun', 'Meera']);
    await bar.getByText('as their father').waitFor();
    const arjunsDaily = page.getByRole('list', { name: 'Daily Matches for Arjun' });
    await arjunsDaily.getByText('Priya Raman').waitFor();
    assert.equal(await arjunsDaily.getByText('Rahul Iyer').count(), 0, "Arjun's matches, not Meera's");
    assert.equal(await page.getByRole('link', { name: /Create your profile/ }).count(), 0);
    await screenshot(page, 'family-helper-1-home-for-arjun');

    // The switch: Meera's matches.
    await select.selectOption({ label: 'Meera' });
    const meerasDaily = page.getByRole('list', { name: 'Daily Matches for Meera' });
    await meerasDaily.getByText('Rahul Iyer').waitFor();
    assert.equal(await meerasDaily.getByText('Priya Raman').count(), 0);
    await viewportScreenshot(page, 'family-helper-2-home-for-meera');
    // His own account page does not ask him to make a profile either.
    await page.goto('/profile');
    await page.getByRole('link', { name: /Family/ }).waitFor();
    assert.equal(await page.getByRole('heading', { name: 'Create Your Profile' }).count(), 0);

    // Back to Arjun (the choice stays across pages): he likes Priya for Arjun from her profile.
    await page.goto('/');
    await page.getByRole('combobox', { name: 'Acting for' }).selectOption({ label: 'Arjun' });
    await page.getByRole('list', { name: 'Daily Matches for Arjun' }).getByText('Priya Raman').click();
    await page.waitForURL(`**/profile/${priyaProfileId}`);
    assert.equal(await page.getByRole('link', { name: /Write for Arjun/ }).count(), 0, 'Arjun has not let family write for him');
    await page.getByRole('button', { name: 'Suggest to Arjun' }).waitFor();
    const liked = page.waitForResponse((r) => r.url().endsWith('/api/profile-likes') && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Like for Arjun' }).click();
    assert.equal((await liked).request().headers()['x-saathi-acting-for'], String(arjun.profileId));
    await page.getByText('Liked for Arjun by you').waitFor();
    await page.locator('.toast').getByRole('button', { name: 'Close' }).click();
    await viewportScreenshot(page, 'family-helper-3-liked-for-arjun');
    // The Match tab is Arjun's likes, saying who gave each.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Match' }).click();
    await page.getByRole('heading', { name: 'Liked for Arjun' }).waitFor();
    await page.getByRole('list', { name: 'Liked profiles' }).getByText('Liked for Arjun by you').waitFor();
    await viewportScreenshot(page, 'family-helper-3b-match-tab-for-arjun');
    // Vikram never likes as himself: the API refuses it.
    const asHimself = await vikram.session.call('POST', '/api/profile-likes', { json: { likedProfileId: priyaProfileId } });
    assert.equal(asHimself.status, 403);
    // The like is Arjun's, not Vikram's own.
    const arjunLikes = (await (await arjun.candidate.session.call('GET', `/api/profile-likes/${arjun.candidate.userId}`)).json()) as Array<{ id: number; likedBy: string | null }>;
    assert.deepEqual(arjunLikes.map((c) => [c.id, c.likedBy]), [[priyaProfileId, 'your father']]);

    // Priya reads who liked her: Arjun's father.
    const priyaPage = await signedInPhonePage(browser, saathi.url, priya.cookies());
    await priyaPage.goto('/profile');
    await priyaPage.getByText("Liked by Arjun's father").waitFor();
    await screenshot(priyaPage, 'family-helper-4-other-side-liked-by-father');
    await priyaPage.context().close();

    // Arjun reads it on her profile: liked by his father.
    const arjunPage = await signedInPhonePage(browser, saathi.url, arjun.candidate.cookies());
    await arjunPage.goto(`/profile/${priyaProfileId}`);
    await arjunPage.getByText('Liked by your father').waitFor();
    await viewportScreenshot(arjunPage, 'family-helper-5-candidate-sees-liked-by-father');

    // Arjun lets family edit: Vikram opens Arjun's editor from Family and changes his profession.
    await page.goto('/family');
    await page.getByRole('link', { name: "Edit Arjun's profile" }).waitFor();
    await screenshot(page, 'family-helper-6a-father-family-page');
    await page.getByRole('link', { name: "Edit Arjun's profile" }).click();
    await page.waitForURL(`**/family/${arjun.profileId}/edit`);
    await page.getByRole('heading', { name: "Edit Arjun's profile" }).waitFor();
    await page.getByRole('button', { name: 'Step 2: Personal Details' }).click();
    await page.getByRole('textbox', { name: 'Profession' }).fill('Civil Engineer');
    const saved = page.waitForResponse((r) => r.url().endsWith(`/api/profiles/${arjun.profileId}`) && r.request().method() === 'PATCH');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    assert.equal((await saved).status(), 200);
    await page.getByText('Saved, and listed in their activity as your change.', { exact: true }).waitFor();
    await screenshot(page, 'family-helper-6-father-edits-arjun');
    // And adds a photo for him: it is on Arjun's profile.
    await page.locator('.toast').getByRole('button', { name: 'Close' }).click();
    const photoSaved = page.waitForResponse((r) => r.url().endsWith(`/api/profiles/${arjun.profileId}`) && r.request().method() === 'PATCH');
    await page.getByLabel('Add main photo').setInputFiles({ name: 'arjun.jpg', mimeType: 'image/jpeg', buffer: await portraitJpeg('#7a1f3d', '#f28c28') });
    assert.equal((await photoSaved).status(), 200);
    await page.getByText('Your new photo has been added.', { exact: true }).waitFor();
    const profile = (await (await arjun.candidate.session.call('GET', `/api/profiles/${arjun.profileId}`)).json()) as { profession: string; photos: string[] };
    assert.equal(profile.profession, 'Civil Engineer');
    assert.equal(profile.photos.length, 1);

    // Arjun's activity list says his father changed it.
    await arjunPage.goto('/family');
    const changes = arjunPage.getByRole('list', { name: 'Profile activity' });
    await changes.getByText('Your father changed photos').waitFor();
    await changes.getByText('Your father changed profession').waitFor();
    await changes.getByText('Your father liked Priya').waitFor();
    await screenshot(arjunPage, 'family-helper-7-candidate-activity');
    await arjunPage.context().close();

    // Meera keeps editing to herself: no editor for Vikram, and the API refuses him.
    await page.goto('/family');
    await page.getByRole('heading', { name: "Activity on Meera's profile" }).waitFor();
    assert.equal(await page.getByRole('link', { name: "Edit Meera's profile" }).count(), 0);
    await page.goto(`/family/${meera.profileId}/edit`);
    await page.getByText('Meera has not allowed family to edit their profile.').waitFor();
    // Opening her editor, the app works on Meera's profile: the bar says so.
    assert.equal(await page.getByRole('combobox', { name: 'Acting for' }).inputValue(), String(meera.profileId));
    assert.equal(await page.getByRole('button', { name: 'Save Changes' }).count(), 0);
    await viewportScreenshot(page, 'family-helper-8-no-editor-without-permission');
    const refused = await vikram.session.call('PATCH', `/api/profiles/${meera.profileId}`, { json: { city: 'Leeds' }, headers: { 'X-Saathi-Acting-For': String(meera.profileId) } });
    assert.equal(refused.status, 403);
    assert.equal(((await refused.json()) as { message: string }).message, 'The person this profile is for has not allowed family to edit it');
    await page.context().close();
  });

  test('in helper mode the header, the bell, the Kundali card and a chat link are Karan’s; Karan reads it all in his activity list', async () => {
    const suresh = await register('Suresh Patel', 'suresh_p');
    const karan = await profileForChild(suresh, {
      fullName: 'Karan Patel',
      username: 'karan_p',
      gender: 'male',
      lookingFor: 'female',
      profile: { dateOfBirth: '1991-09-03', birthHour: 11, birthMinute: 10, birthAmPm: 'AM', birthPlace: 'Mumbai, India' },
    });
    const anita = await register('Anita Desai', 'anita_d');
    const anitaProfileId = await createProfile(anita, {
      ...own,
      gender: 'female',
      lookingFor: 'male',
      profession: 'Pharmacist',
      dateOfBirth: '1994-02-20',
      birthHour: 7,
      birthMinute: 45,
      birthAmPm: 'PM',
      birthPlace: 'Chennai, India',
    });
    const acting = { 'X-Saathi-Acting-For': String(karan.profileId) };
    // Suresh likes Anita for Karan; she likes Karan back: a match, which reaches Suresh labelled with Karan's name.
    assert.equal((await suresh.session.call('POST', '/api/profile-likes', { json: { likedProfileId: anitaProfileId }, headers: acting })).status, 201);
    assert.equal((await anita.session.call('POST', '/api/profile-likes', { json: { likedProfileId: karan.profileId } })).status, 201);

    const page = await signedInPhonePage(browser, saathi.url, suresh.cookies());
    await page.goto('/');
    // The header shows Karan, whose profile the app works on, and home shows Karan's plan.
    const avatar = page.getByRole('link', { name: 'Acting for Karan (their profile)' });
    await avatar.waitFor();
    assert.equal(await avatar.textContent(), 'K');
    await page.locator('.member-home__badges').getByText(/^Karan: /).waitFor();
    await viewportScreenshot(page, 'family-helper-9a-home-header-for-karan');
    await page.getByRole('button', { name: /^Notifications, \d+ unread$/ }).click();
    const popover = page.getByRole('dialog', { name: 'Notifications' });
    const match = popover.getByRole('button', { name: /Karan has a new match/ });
    await match.waitFor();
    assert.equal(await match.getByText('For Karan').count(), 1);
    await viewportScreenshot(page, 'family-helper-9-bell-for-karan');

    // The match opens Anita's profile for Karan: the Kundali card is Karan's with her, the same Karan sees.
    const card = page.waitForResponse((r) => r.url().includes('/api/compatibility/') && r.request().method() === 'GET');
    await match.click();
    await page.waitForURL(`**/profile/${anitaProfileId}`);
    const asked = await card;
    assert.ok(asked.url().endsWith(`/api/compatibility/${karan.candidate.userId}/${anitaProfileId}`), asked.url());
    assert.equal(asked.request().headers()['x-saathi-acting-for'], String(karan.profileId));
    assert.equal(asked.status(), 200);
    const astro = page.getByRole('region', { name: 'Astrological Compatibility' });
    await astro.scrollIntoViewIfNeeded();
    const forKaran = await astro.locator('.profile-section__lead').textContent();
    const karansOwn = (await (await karan.candidate.session.call('GET', `/api/compatibility/${karan.candidate.userId}/${anitaProfileId}`)).json()) as { sign1: string; sign2: string };
    assert.equal(forKaran, `${karansOwn.sign1} & ${karansOwn.sign2}`);
    await viewportScreenshot(page, 'family-helper-10-kundali-for-karan');
    // The detailed match is Karan's too (his chart, his plan), never a "create your profile" for Suresh.
    await astro.getByRole('link', { name: 'View detailed Kundali match' }).click();
    await page.waitForURL('**/compatibility?userId=*');
    await page.getByRole('button', { name: 'Check Compatibility' }).click();
    await page.getByRole('region', { name: 'Kundali Match' }).waitFor();
    assert.equal(await page.getByRole('link', { name: 'Create Your Profile' }).count(), 0);
    await viewportScreenshot(page, 'family-helper-10b-detailed-kundali-for-karan');

    // A chat link opened directly: Karan has not let family write, so it says so (never Suresh's own empty chat).
    await page.goto(`/chat/${anita.userId}`);
    await page.getByText("Karan's chats are their own. Karan has not let family write for them.").waitFor();
    await viewportScreenshot(page, 'family-helper-11-chat-link-refused');

    // Karan lets family write; the same link opens his conversation with Anita in the family chat.
    assert.equal((await karan.candidate.session.call('PATCH', `/api/family/${karan.profileId}/permissions`, { json: { mayMessage: true } })).status, 200);
    await page.goto(`/chat/${anita.userId}`);
    await page.waitForURL(`**/family/${karan.profileId}/chat/${anita.userId}`);
    await page.getByRole('textbox', { name: 'Message' }).fill('Namaste Anita, I write for my son Karan');
    const sent = page.waitForResponse((r) => r.url().endsWith('/api/messages') && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Send message' }).click();
    assert.equal((await sent).status(), 201);
    // Anita answers: the message reaches Suresh's bell, for Karan.
    assert.equal((await anita.session.call('POST', '/api/messages', { json: { receiverId: karan.candidate.userId, content: 'Namaste uncle' } })).status, 201);
    await page.getByText('Namaste uncle').waitFor();
    await viewportScreenshot(page, 'family-helper-12-chat-link-opens-family-chat');
    await page.goto('/notifications');
    await page.getByText('New message for Karan from Anita Desai').waitFor();
    await viewportScreenshot(page, 'family-helper-13-notifications-for-karan');

    // Karan's activity list: what his father did for him, and his own permission change, with who and when.
    const karanPage = await signedInPhonePage(browser, saathi.url, karan.candidate.cookies());
    await karanPage.goto('/family');
    const activity = karanPage.getByRole('list', { name: 'Profile activity' });
    await activity.getByText('Your father wrote to Anita').waitFor();
    await activity.getByText('You let family write to members').waitFor();
    await activity.getByText('Your father liked Anita').waitFor();
    await activity.evaluate((list) => list.closest('section')?.scrollIntoView({ block: 'center' }));
    await viewportScreenshot(karanPage, 'family-helper-14-karan-activity');
    // Karan's own bell: his match, worded for him, not his father's copy.
    const karansBell = (await (await karan.candidate.session.call('GET', `/api/notifications/${karan.candidate.userId}`)).json()) as Array<{ title: string; forProfile: unknown }>;
    assert.ok(karansBell.some((n) => n.title === "It's a match!") && karansBell.every((n) => n.forProfile === null));
    await karanPage.context().close();
    await page.context().close();
  });

  test('a father who reads Hindi: his home, the helper bar, the family page, a profile and his son’s editor, all in Hindi', async () => {
    const mohan = await register('Mohan Verma', 'mohan_v');
    const rohan = await profileForChild(mohan, { fullName: 'Rohan Verma', username: 'rohan_v', gender: 'male', lookingFor: 'female', permissions: { mayEdit: true } });
    const kavya = await register('Kavya Menon', 'kavya_m');
    const kavyaProfileId = await createProfile(kavya, { ...own, gender: 'female', lookingFor: 'male', profession: 'Architect' });
    assert.equal((await mohan.session.call('PUT', `/api/users/${mohan.userId}/language`, { json: { language: 'hi' } })).status, 200);

    const page = await signedInPhonePage(browser, saathi.url, mohan.cookies());
    const memberWords = collectMemberWords(page);
    await page.goto('/');
    const bar = page.getByRole('region', { name: 'सहायक मोड' });
    // His relation agrees with the sentence: "उनके पिता के रूप में", not the relation's key.
    await bar.getByText('उनके पिता के रूप में').waitFor();
    await page.locator('.daily-card, .home-section__empty').first().waitFor();
    await checkLanguage(page, memberWords, 'helper-home', 'hi');
    await page.goto('/family');
    await page.locator('h1').first().waitFor();
    await page.locator('.family__helped').first().waitFor();
    await checkLanguage(page, memberWords, 'helper-family', 'hi');
    await page.goto(`/profile/${kavyaProfileId}`);
    await page.locator('.profile-intro').waitFor();
    await checkLanguage(page, memberWords, 'helper-profile', 'hi');
    await page.goto(`/family/${rohan.profileId}/edit`);
    await page.locator('form').first().waitFor();
    await checkLanguage(page, memberWords, 'helper-editor', 'hi');
    await page.context().close();
  });
});
