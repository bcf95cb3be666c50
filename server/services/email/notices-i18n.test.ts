// What the review team, the security checks and the daily jobs tell a member, in the member's language: the
// emails (subject and body, read from the outbox) and the notifications (the bell's list). Words a reviewer or a
// member wrote (a reason, a name, a search's name) stay as they were written.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Client, type TestServer, startTestServer } from '../../test/harness';
import { buildProfile, buildUser, signedInClient } from '../../test/factories';
import { buildVerificationRequest } from '../../test/table-factories';
import { alertHeadline, savedSearchAlertEmail } from './saved-search-alert';
import { digestEmail, familyDeclinedEmail } from './templates';
import { storyConsentEmail, suspensionEmail } from './account-emails';
import { failedNotice, paidNotice, tellMembers } from '../billing/tell';
import type { InvoiceState } from '../billing/types';

let server: TestServer;
let reviewer: Client;
before(async () => {
  server = await startTestServer({ demoMode: false, staffTwoFactorRequired: false, publicUrl: 'http://saathi.example' });
  const { user, password } = await buildUser(server, { role: 'reviewer' });
  reviewer = new Client(server);
  assert.equal((await reviewer.post('/api/ops/session', { username: user.username, password })).status, 200);
});
after(() => server.close());

const lastMailTo = (email: string) => server.db('email_outbox').where({ toEmail: email }).orderBy('id', 'desc').first();
const notesOf = (userId: number) => server.db('notifications').where({ userId }).orderBy('id');
/** Latin words in a text, its links, the brand and the given names aside. */
const englishWords = (text: string, allowed: string[]) => (text.replace(/https?:\/\/\S+/g, '').match(/[A-Za-z]{3,}/g) ?? []).filter((w) => !['Saathi', 'UTC', ...allowed].includes(w));

describe('review decisions in the member’s language', () => {
  test('Hindi: a rejected verification is a Hindi email and a Hindi notification; the reviewer’s reason stays as written', async () => {
    const member = await signedInClient(server, { fullName: 'Sunita Sharma', language: 'hi' });
    const request = await buildVerificationRequest(server.db, { userId: member.user.id });
    const reason = 'Photo of the passport is blurred';
    assert.equal((await reviewer.post(`/api/ops/verifications/${request.id}/reject`, { reason })).status, 200);

    const mail = await lastMailTo(member.user.email);
    assert.equal(mail.subject, 'आपका Saathi सत्यापन स्वीकृत नहीं हुआ');
    assert.match(mail.bodyText, /नमस्ते Sunita Sharma जी,/);
    assert.match(mail.bodyText, /इस बार हम आपकी पहचान सत्यापित नहीं कर सके।/);
    assert.match(mail.bodyText, /कारण: Photo of the passport is blurred/);
    const [note] = await notesOf(member.user.id);
    assert.equal(note.title, 'सत्यापन स्वीकृत नहीं हुआ');
    assert.equal(note.content, 'कारण: Photo of the passport is blurred। आप अपनी प्रोफ़ाइल से नई फ़ोटो भेज सकते हैं।');
  });

  test('Tamil: a suspension with an end is a Tamil email with the date written in Tamil', async () => {
    const member = await signedInClient(server, { fullName: 'Kavitha Raman', language: 'ta' });
    assert.equal((await reviewer.post(`/api/ops/members/${member.user.id}/suspend`, { reason: 'Spam', length: '7d' })).status, 200);
    const mail = await lastMailTo(member.user.email);
    assert.equal(mail.subject, 'உங்கள் Saathi கணக்கு இடைநீக்கம் செய்யப்பட்டது');
    assert.match(mail.bodyText, /உங்கள் Saathi கணக்கு \d{1,2} [\u0B80-\u0BFF]+,? \d{4}, \d{2}:\d{2} UTC வரை இடைநீக்கம் செய்யப்பட்டுள்ளது/);
    assert.match(mail.bodyText, /http:\/\/saathi\.example\/appeal\//);
    assert.deepEqual(englishWords(mail.bodyText, ['Kavitha', 'Raman']), []);
  });

  test('English stays the default: an English member’s suspension email is in English', async () => {
    const member = await signedInClient(server, { fullName: 'Meera Iyer' });
    assert.equal((await reviewer.post(`/api/ops/members/${member.user.id}/suspend`, { reason: 'Spam', length: 'ban' })).status, 200);
    const mail = await lastMailTo(member.user.email);
    assert.equal(mail.subject, 'Your Saathi account is banned');
    assert.match(mail.bodyText, /closed permanently \(banned\)/);
  });
});

describe('security notices and notifications in the member’s language', () => {
  test('Hindi: a sign-in from a new browser is a Hindi email naming the browser', async () => {
    const { user, password } = await buildUser(server, { fullName: 'Deepa Krishnan', language: 'hi' });
    const login = (client: Client, agent: string) => client.request('POST', '/api/auth/login', { form: { username: user.username, password }, headers: { 'User-Agent': agent } });
    assert.equal((await login(new Client(server), 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36')).status, 200);
    assert.equal((await login(new Client(server), 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15')).status, 200);
    const mail = await lastMailTo(user.email);
    assert.equal(mail.subject, 'आपके Saathi खाते में नया साइन इन');
    assert.match(mail.bodyText, /आपके Saathi खाते में अभी एक ऐसे ब्राउज़र से साइन इन हुआ/);
    assert.match(mail.bodyText, /Safari on Mac/);
  });

  test('Hindi: a profile view is written in the owner’s Hindi, with the viewer’s name', async () => {
    const owner = await signedInClient(server, { fullName: 'Ravi Verma', language: 'hi' });
    const profile = await buildProfile(server, owner.user, { gender: 'male', lookingFor: 'female' });
    const viewer = await signedInClient(server, { fullName: 'Anjali Mehta' });
    await buildProfile(server, viewer.user, { gender: 'female', lookingFor: 'male' });
    assert.equal((await viewer.client.post('/api/notifications', { type: 'profile_view', profileId: profile.id })).status, 201);
    const note = (await notesOf(owner.user.id)).find((n) => n.type === 'profile_view');
    assert.equal(note.title, 'किसी ने आपकी प्रोफ़ाइल देखी');
    assert.equal(note.content, 'Anjali Mehta ने आपकी प्रोफ़ाइल देखी');
    const list = (await (await owner.client.get(`/api/notifications/${owner.user.id}`)).json()) as Array<{ title: string }> | { notifications: Array<{ title: string }> };
    const items = Array.isArray(list) ? list : list.notifications;
    assert.ok(items.some((n) => n.title === 'किसी ने आपकी प्रोफ़ाइल देखी'), 'the bell’s list reads it in Hindi');
  });
});

describe('the daily emails and the rest, rendered in each language', () => {
  test('the digest: Hindi plurals, English unchanged', async () => {
    const hi = await digestEmail({ name: 'Sunita', likes: 3, views: 1, period: 'today', url: 'http://x/n', unsubscribeUrl: 'http://x/u', language: 'hi' });
    assert.equal(hi.subject, '3 सदस्यों ने आपकी प्रोफ़ाइल पसंद की और 1 सदस्य ने इसे देखा');
    assert.match(hi.text, /पिछले सारांश के बाद से 3 सदस्यों ने आपकी प्रोफ़ाइल पसंद की और 1 सदस्य ने इसे देखा। जवाब में पसंद करना ही रिश्ते की शुरुआत है।/);
    assert.deepEqual(englishWords(hi.text, ['Sunita']), []);
    const en = await digestEmail({ name: 'Meera', likes: 0, views: 2, period: 'this week', url: 'http://x/n', unsubscribeUrl: 'http://x/u' });
    assert.equal(en.subject, '2 members viewed your profile');
  });

  test('a saved-search alert in Hindi: subject, push title and body; the search’s name as the member wrote it', async () => {
    const searches = [{ name: 'Doctors in Toronto', count: 2, people: [{ firstName: 'Vikram', age: 31, place: 'Vancouver, Canada', profession: 'Doctor', matchPercentage: 82, url: 'http://x/p/1' }], url: 'http://x/s' }];
    const mail = await savedSearchAlertEmail({ name: 'Sunita', searches, listUrl: 'http://x/l', unsubscribeUrl: 'http://x/u', language: 'hi' });
    assert.equal(mail.subject, '‘Doctors in Toronto’ के लिए 2 नई प्रोफ़ाइल');
    assert.equal(alertHeadline(searches, 'hi'), mail.subject);
    assert.match(mail.text, /Doctors in Toronto: 2 नई प्रोफ़ाइल/);
    assert.match(mail.text, /82% मेल/);
    assert.match(mail.text, /और 1 अन्य/);
    assert.equal(alertHeadline(searches), '2 new matches for ‘Doctors in Toronto’');
  });

  test('success-story consent and a declined profile in Tamil and Hindi', async () => {
    const story = await storyConsentEmail({ name: 'Kavitha', partnerName: 'Arjun Rao', url: 'http://x/story-consent/t', reason: 'submitted', language: 'ta' });
    assert.equal(story.subject, 'உங்கள் Saathi வெற்றிக் கதையை உறுதிசெய்யுங்கள்');
    assert.match(story.text, /நீங்கள் சந்தித்த கதையை Arjun Rao எழுதியுள்ளார்/);
    const declined = await familyDeclinedEmail({ name: 'Sunita', candidateName: 'Rohan', url: 'http://x/family', language: 'hi' });
    assert.equal(declined.subject, 'Rohan ने उनके लिए बनाई गई Saathi प्रोफ़ाइल अस्वीकार कर दी');
    const ban = await suspensionEmail({ name: 'Ravi', appealUrl: 'http://x/appeal/t', restriction: { kind: 'ban' }, language: 'hi' });
    assert.equal(ban.subject, 'आपका Saathi खाता प्रतिबंधित कर दिया गया है');
    assert.deepEqual(englishWords(ban.text, ['Ravi']), []);
  });
});

describe('billing notices in the member’s language', () => {
  const invoice = (periodStart: number): InvoiceState => ({
    id: 'in_test_1', subscriptionId: 'sub_1', paymentIntentId: null, tier: 'premium', reason: 'subscription_cycle', amountCents: 1499, currency: 'usd',
    hostedInvoiceUrl: null, periodStart, periodEnd: Date.UTC(2027, 0, 7), attemptCount: 1,
  } as InvoiceState);

  test('Hindi: a failed renewal is a Hindi notification and a Hindi email, the date and the amount in them', async () => {
    const member = await signedInClient(server, { fullName: 'Sunita Sharma', language: 'hi' });
    const grace = Date.UTC(2026, 11, 14);
    await tellMembers(server.services, [failedNotice(member.user.id, 'premium', invoice(Date.UTC(2026, 11, 7)), grace, Date.UTC(2026, 11, 7), '4242')], []);
    const note = (await notesOf(member.user.id)).find((n) => n.type === 'subscription');
    assert.equal(note.title, 'आपका नवीनीकरण भुगतान विफल रहा');
    assert.match(note.content, /^हम Premium के लिए आपके कार्ड से भुगतान नहीं ले सके। आपका प्लान 14 दिस॰ 2026 तक बना रहेगा;/);
    const mail = await lastMailTo(member.user.email);
    assert.equal(mail.subject, 'Saathi: आपका नवीनीकरण भुगतान विफल रहा');
    assert.match(mail.bodyText, /हम आपके Saathi Premium नवीनीकरण \(14\.99 USD\) के लिए आपके कार्ड \(4242 पर समाप्त होने वाले\) से भुगतान नहीं ले सके।/);
    assert.match(mail.bodyText, /सेटिंग्स → प्लान खोलें/);
  });

  test('English stays the default: a receipt in English', async () => {
    const member = await signedInClient(server, { fullName: 'Meera Iyer' });
    await tellMembers(server.services, [paidNotice(member.user.id, 'premium', invoice(Date.UTC(2026, 11, 7)), Date.UTC(2027, 0, 7), false)], []);
    const mail = await lastMailTo(member.user.email);
    assert.equal(mail.subject, 'Your Saathi receipt: Premium, 14.99 USD');
    assert.match(mail.bodyText, /Your plan renews on 7 Jan 2027\. You can change or cancel it in Settings → Plan\./);
  });
});
