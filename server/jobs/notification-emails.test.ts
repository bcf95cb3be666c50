import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { ParsedMail } from 'mailparser';
import { loadSessionKeys } from '../keys';
import { type Mailbox, startMailbox } from '../test/mailbox';
import { Client, type TestServer, startTestServer } from '../test/harness';
import { buildProfile, signedInClient } from '../test/factories';
import { MESSAGE_EMAIL_AFTER_MS, notificationEmailsJob } from './notification-emails';
import { JobScheduler } from './scheduler';
import { buildFamilyMember, buildLike, buildProfileView } from '../test/table-factories';

/** A real SMTP server in the test: every message the app sends is parsed and kept. */
let mailbox: Mailbox;
let server: TestServer;
const PUBLIC = 'http://saathi.example';

before(async () => {
  mailbox = await startMailbox();
  server = await startTestServer({ smtpUrl: mailbox.url, publicUrl: PUBLIC, trustProxy: false });
});

after(async () => {
  await server?.close();
  await mailbox?.close();
});

const runJob = () => new JobScheduler(server.db, [notificationEmailsJob(server.config, loadSessionKeys(server.config))]).runNow('notification-emails');

/** Waits until `count` more emails than `before` have arrived (delivery happens after the job returns). */
async function received(before: number, count: number): Promise<ParsedMail[]> {
  const deadline = Date.now() + 10_000;
  while (mailbox.inbox.length < before + count) {
    if (Date.now() > deadline) throw new Error(`expected ${count} emails, got ${mailbox.inbox.length - before}`);
    await new Promise((r) => setTimeout(r, 25));
  }
  await new Promise((r) => setTimeout(r, 100)); // and no more than that
  return mailbox.inbox.slice(before);
}

/** A raw header's value (mailparser turns List-* headers into objects; the raw line is what a mail client reads). */
const header = (mail: ParsedMail, name: string) => {
  const line = mail.headerLines.find((h) => h.key === name)?.line ?? '';
  return line.slice(line.indexOf(':') + 1).replace(/\r?\n\s+/g, ' ').trim();
};
const to = (mail: ParsedMail) => (Array.isArray(mail.to) ? mail.to[0] : mail.to)?.value[0]?.address;
const away = (userId: number) => server.db('users').where({ id: userId }).update({ lastActiveAt: Date.now() - 60 * 60_000 });

async function pair() {
  const priya = await signedInClient(server, { fullName: 'Priya Sharma', tier: 'premium' });
  const arjun = await signedInClient(server, { fullName: 'Arjun Mehta', tier: 'premium' });
  const priyaProfile = await buildProfile(server, priya.user, { gender: 'female', lookingFor: 'male' });
  const arjunProfile = await buildProfile(server, arjun.user, { gender: 'male', lookingFor: 'female' });
  return { priya, arjun, priyaProfile, arjunProfile };
}

describe('notification emails through a real SMTP server', () => {
  test("a new match is emailed to the two members, never to a family helper whose bell has the candidate's copy", async () => {
    const { priya, arjun, priyaProfile: profile, arjunProfile } = await pair();
    const mother = await signedInClient(server, { fullName: 'Lakshmi Sharma' });
    await buildFamilyMember(server.db, { profileId: profile.id, userId: mother.user.id, relation: 'mother' });
    assert.equal((await priya.client.post('/api/profile-likes', { likedProfileId: arjunProfile.id })).status, 201);
    assert.equal((await arjun.client.post('/api/profile-likes', { likedProfileId: profile.id })).status, 201);
    assert.ok(await server.db('notifications').where({ user_id: mother.user.id, for_profile_id: profile.id, type: 'match' }).first(), "the mother's copy is in her bell");
    const before = mailbox.inbox.length;
    const run = await runJob();
    assert.match(run.result ?? '', /match emails 2/);
    const mails = await received(before, 2);
    assert.equal(mails.filter((m) => to(m) === mother.user.email).length, 0);
  });

  test('a new match emails both members: subject, both parts, a link to the chat, one-click unsubscribe that works without signing in', async () => {
    const { priya, arjun, priyaProfile, arjunProfile } = await pair();
    assert.equal((await priya.client.post('/api/profile-likes', { likedProfileId: arjunProfile.id })).status, 201);
    assert.equal((await arjun.client.post('/api/profile-likes', { likedProfileId: priyaProfile.id })).status, 201);
    const before = mailbox.inbox.length;
    const run = await runJob();
    assert.match(run.result ?? '', /match emails 2/);
    const mails = await received(before, 2);
    assert.equal(mails.length, 2);
    const toPriya = mails.find((m) => to(m) === priya.user.email);
    assert.ok(toPriya, 'Priya got one');
    assert.ok(mails.some((m) => to(m) === arjun.user.email), 'Arjun got one');
    assert.equal(toPriya.subject, "It's a match: you and Arjun like each other");
    assert.match(toPriya.text ?? '', /Namaste Priya/);
    assert.match(toPriya.text ?? '', new RegExp(`${PUBLIC}/chat/${arjun.user.id}`));
    assert.match(String(toPriya.html), new RegExp(`href="${PUBLIC}/chat/${arjun.user.id}"`));
    const listUnsubscribe = header(toPriya, 'list-unsubscribe');
    assert.equal(header(toPriya, 'list-unsubscribe-post'), 'List-Unsubscribe=One-Click');
    const link = /<(http:\/\/saathi\.example\/api\/email\/unsubscribe\?token=[^>]+)>/.exec(listUnsubscribe)?.[1];
    assert.ok(link, listUnsubscribe);
    assert.ok(String(toPriya.html).includes(link.replace(/&/g, '&amp;')) || String(toPriya.html).includes(link), 'the same link is visible in the email');

    // Nothing twice.
    assert.match((await runJob()).result ?? '', /match emails 0/);

    // One-click, as a mail client sends it: no session, no Origin.
    const local = link.replace(PUBLIC, server.url);
    const page = await fetch(local);
    assert.equal(page.status, 200);
    assert.match(await page.text(), /Stop emails about new matches\?/);
    const oneClick = await fetch(local, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
    assert.equal(oneClick.status, 200);
    const settings = await server.db('notification_settings').where({ userId: priya.user.id }).first();
    assert.equal(Boolean(Number(settings.newMatches)), false, 'match emails off');
    assert.equal(Boolean(Number(settings.newMessages)), true, 'only that kind');
    // A changed token is refused and changes nothing.
    const forged = await fetch(local.replace(/token=(\d+)\./, `token=${arjun.user.id}.`), { method: 'POST' });
    assert.equal(forged.status, 400);
    assert.equal(Boolean(Number((await server.db('notification_settings').where({ userId: arjun.user.id }).first()).newMatches)), true);
  });

  test('an unread message is emailed after 15 minutes to a member who is away, once an hour per conversation; not when online, read or turned off', async () => {
    const { priya, arjun } = await pair();
    const message = async (from: typeof priya, toId: number, content: string, minutesAgo: number) => {
      const res = await from.client.post('/api/messages', { receiverId: toId, content });
      assert.equal(res.status, 201, await res.clone().text());
      const { id } = (await res.json()) as { id: number };
      await server.db('messages').where({ id }).update({ createdAt: Date.now() - minutesAgo * 60_000 });
      return id;
    };
    await message(arjun, priya.user.id, 'Namaste Priya! Would you like to talk this weekend?', 20);
    await message(arjun, priya.user.id, 'My parents are in London next month too.', 16);
    // Too recent: nothing yet.
    const fresh = await message(priya, arjun.user.id, 'Hello Arjun', 1);
    await away(priya.user.id);
    await away(arjun.user.id);
    let before = mailbox.inbox.length;
    assert.match((await runJob()).result ?? '', /message emails 1/);
    const [mail] = await received(before, 1);
    assert.equal(to(mail), priya.user.email);
    assert.equal(mail.subject, 'Arjun sent you 2 messages on Saathi');
    assert.match(mail.text ?? '', /My parents are in London next month too\./);
    assert.match(mail.text ?? '', new RegExp(`${PUBLIC}/chat/${arjun.user.id}`));
    assert.match(header(mail, 'list-unsubscribe'), /unsubscribe\?token=/);

    // Within the hour, a further message in the same conversation waits.
    await message(arjun, priya.user.id, 'Are you there?', 16);
    await away(arjun.user.id);
    before = mailbox.inbox.length;
    assert.match((await runJob()).result ?? '', /message emails 0/);

    // Arjun's reply to Priya becomes due, but he is online now: no email.
    await server.db('messages').where({ id: fresh }).update({ createdAt: Date.now() - MESSAGE_EMAIL_AFTER_MS - 60_000 });
    await server.db('users').where({ id: arjun.user.id }).update({ lastActiveAt: Date.now() });
    assert.match((await runJob()).result ?? '', /message emails 0/);
    // He reads it in the app: it is never emailed, even once he is away.
    await arjun.client.get(`/api/messages/${arjun.user.id}/${priya.user.id}`);
    await away(arjun.user.id);
    await away(priya.user.id);
    assert.match((await runJob()).result ?? '', /message emails 0/);

    // A member who turned message emails off gets none.
    const meera = await signedInClient(server, { fullName: 'Meera Iyer', tier: 'premium' });
    await buildProfile(server, meera.user, { gender: 'female', lookingFor: 'male' });
    await meera.client.patch(`/api/users/${meera.user.id}/notification-settings`, { newMessages: false });
    await message(arjun, meera.user.id, 'Hello Meera', 30);
    await away(meera.user.id);
    await away(arjun.user.id);
    assert.match((await runJob()).result ?? '', /message emails 0/);
    await new Promise((r) => setTimeout(r, 200));
    assert.equal(mailbox.inbox.length, before, 'nothing else was sent');
  });
});

describe('unsubscribe links', () => {
  test('a malformed token is a clear 400 page, never a 500', async () => {
    for (const token of ['', 'abc', '1.newMatches.short', `1.bogusKind.${'a'.repeat(32)}`]) {
      const res = await new Client(server).request('GET', `/api/email/unsubscribe?token=${encodeURIComponent(token)}`, { headers: { Accept: 'text/html' } });
      assert.equal(res.status, 400, token);
      assert.match(await res.text(), /This link is not valid/);
    }
  });
});

describe('the email digest of likes and views', () => {
  test('goes out at about 9:00 in each member\'s own time zone, once, only with news, as each member chose', async () => {
    const { sendDigests } = await import('./email-digests');
    const keys = loadSessionKeys(server.config);
    // The members of the tests above were liked at the real clock's time, which these fixed dates can be within a
    // day of (on 29 November 2026 they were): they get no digests here.
    await server.db('notification_settings').update({ digestFrequency: 'off' });
    // Monday 30 November 2026, 09:10 in London (UTC+0) and 04:10 in Toronto.
    const monday = Date.UTC(2026, 10, 30, 9, 10);
    const member = async (name: string, city: string, country: string, settings: Record<string, unknown> = {}) => {
      const m = await signedInClient(server, { fullName: name, tier: 'premium' });
      const profile = await buildProfile(server, m.user, { city, country });
      await server.db('notification_settings').where({ userId: m.user.id }).update({ lastDigestAt: monday - 3 * 86_400_000, ...settings });
      return { ...m, profile };
    };
    const asha = await member('Asha Nair', 'London', 'United Kingdom');
    const ravi = await member('Ravi Rao', 'Toronto', 'Canada');
    await member('Quiet Member', 'London', 'United Kingdom'); // no news: no digest
    const off = await member('Off Member', 'London', 'United Kingdom', { digestFrequency: 'off' });
    const noViews = await member('Nikhil Views', 'London', 'United Kingdom', { profileViews: false });
    const admirers = [];
    for (let i = 0; i < 3; i++) admirers.push(await signedInClient(server, { fullName: `Admirer ${i}` }));
    const like = (from: number, profileId: number) => buildLike(server.db, { userId: from, likedProfileId: profileId, createdAt: monday - 2 * 3_600_000 });
    const view = (from: number, profileId: number) => buildProfileView(server.db, { viewerUserId: from, profileId, viewDate: '2026-11-30', createdAt: monday - 3_600_000 });
    await like(admirers[0].user.id, asha.profile.id);
    await like(admirers[1].user.id, asha.profile.id);
    await view(admirers[2].user.id, asha.profile.id);
    await like(admirers[0].user.id, ravi.profile.id);
    await like(admirers[0].user.id, off.profile.id);
    await view(admirers[0].user.id, noViews.profile.id);

    let before = mailbox.inbox.length;
    assert.equal((await sendDigests(server.db, server.config, keys, PUBLIC, monday)).sent, 1, 'only Asha: Ravi is at 4:10, Quiet has no news, Off turned it off, Nikhil only has views he does not want');
    const [mail] = await received(before, 1);
    assert.equal(to(mail), asha.user.email);
    assert.equal(mail.subject, '2 members liked your profile and 1 member viewed it');
    assert.match(mail.text ?? '', new RegExp(`${PUBLIC}/notifications`));
    assert.match(header(mail, 'list-unsubscribe'), /token=\d+\.digest\./);
    assert.equal((await sendDigests(server.db, server.config, keys, PUBLIC, monday + 20 * 60_000)).sent, 0, 'once a day');

    // Five hours later it is 9:10 in Toronto.
    before = mailbox.inbox.length;
    assert.equal((await sendDigests(server.db, server.config, keys, PUBLIC, monday + 5 * 3_600_000)).sent, 1);
    const [toRavi] = await received(before, 1);
    assert.equal(to(toRavi), ravi.user.email);
    assert.equal(toRavi.subject, '1 member liked your profile');

    // The digest's own unsubscribe turns the digest off, nothing else.
    const link = /<(http:[^>]+)>/.exec(header(mail, 'list-unsubscribe'))?.[1] ?? '';
    assert.equal((await fetch(link.replace(PUBLIC, server.url), { method: 'POST', body: 'List-Unsubscribe=One-Click' })).status, 200);
    const settings = await server.db('notification_settings').where({ userId: asha.user.id }).first();
    assert.equal(settings.digestFrequency, 'off');
    assert.equal(Boolean(Number(settings.newMatches)), true);
  });

  test('a run looks only at the members whose hour has come; a move to another city or a new frequency is followed', async () => {
    const { sendDigests } = await import('./email-digests');
    const keys = loadSessionKeys(server.config);
    // Tuesday 1 December 2026: every member's due time is worked out by the first run of the day.
    const tuesday = Date.UTC(2026, 11, 1, 0, 5);
    await sendDigests(server.db, server.config, keys, PUBLIC, tuesday);
    const quiet = await sendDigests(server.db, server.config, keys, PUBLIC, tuesday + 15 * 60_000);
    assert.deepEqual(quiet, { sent: 0, looked: 0 }, 'nobody is read again before their hour');
    // A member in Toronto (9:00 there is 14:00 UTC) moves to London (9:00 UTC) and has news.
    const m = await signedInClient(server, { fullName: 'Mover Member', tier: 'premium' });
    const profile = await buildProfile(server, m.user, { city: 'Toronto', country: 'Canada' });
    const fan = await signedInClient(server, { fullName: 'Fan Member' });
    await buildLike(server.db, { userId: fan.user.id, likedProfileId: profile.id, createdAt: tuesday });
    const first = await sendDigests(server.db, server.config, keys, PUBLIC, tuesday + 30 * 60_000);
    assert.ok(first.looked >= 1 && first.sent === 0, 'the new member is worked out once, not due yet');
    const due = async () => Number((await server.db('notification_settings').where({ userId: m.user.id }).first()).digestDueAt);
    assert.equal(await due(), Date.UTC(2026, 11, 1, 14, 0), "Toronto's 9:00");
    const res = await m.client.patch(`/api/profiles/${profile.id}`, { city: 'London', country: 'United Kingdom' });
    assert.equal(res.status, 200, await res.text());
    let before = mailbox.inbox.length;
    assert.equal((await sendDigests(server.db, server.config, keys, PUBLIC, Date.UTC(2026, 11, 1, 9, 5))).sent, 1, "London's 9:00");
    assert.equal(to((await received(before, 1))[0]), m.user.email);
    assert.equal(await due(), Date.UTC(2026, 11, 2, 9, 0), 'then the next day at 9:00');
    // Weekly from now on: Mondays at 9:00, and at most one digest a week.
    assert.equal((await m.client.patch(`/api/users/${m.user.id}/notification-settings`, { digestFrequency: 'weekly' })).status, 200);
    assert.equal((await sendDigests(server.db, server.config, keys, PUBLIC, Date.UTC(2026, 11, 2, 9, 5))).sent, 0, 'not on a Wednesday');
    assert.equal(await due(), Date.UTC(2026, 11, 7, 9, 0), 'the next Monday');
    await buildLike(server.db, { userId: (await signedInClient(server)).user.id, likedProfileId: profile.id, createdAt: Date.UTC(2026, 11, 6, 12) });
    assert.equal((await sendDigests(server.db, server.config, keys, PUBLIC, Date.UTC(2026, 11, 7, 9, 5))).sent, 0, "six days after Tuesday's digest");
    assert.equal(await due(), Date.UTC(2026, 11, 14, 9, 0));
    await buildLike(server.db, { userId: (await signedInClient(server)).user.id, likedProfileId: profile.id, createdAt: Date.UTC(2026, 11, 10, 12) });
    before = mailbox.inbox.length;
    assert.equal((await sendDigests(server.db, server.config, keys, PUBLIC, Date.UTC(2026, 11, 14, 9, 5))).sent, 1, 'the Monday after');
    assert.equal(to((await received(before, 1))[0]), m.user.email);
  });

  test("a run's queries grow with its pages, not with the members whose hour it is (9:00 in London is a third of a million members)", async () => {
    const { sendDigests } = await import('./email-digests');
    const keys = loadSessionKeys(server.config);
    // Thursday 3 December 2026, 09:10 in London.
    const thursday = Date.UTC(2026, 11, 3, 9, 10);
    const londoners = [];
    for (let i = 0; i < 30; i++) {
      const m = await signedInClient(server, { fullName: `Londoner ${i}`, tier: 'premium' });
      const profile = await buildProfile(server, m.user, { city: 'London', country: 'United Kingdom' });
      await server.db('notification_settings').where({ userId: m.user.id }).update({ lastDigestAt: thursday - 3 * 86_400_000, digestDueAt: thursday - 10 * 60_000 });
      londoners.push({ ...m, profile });
    }
    const fan = await signedInClient(server, { fullName: 'Fan of One' });
    await buildLike(server.db, { userId: fan.user.id, likedProfileId: londoners[7].profile.id, createdAt: thursday - 3_600_000 });
    let queries = 0;
    const count = () => {
      queries++;
    };
    server.db.on('query', count);
    const before = mailbox.inbox.length;
    let run: { sent: number; looked: number };
    try {
      run = await sendDigests(server.db, server.config, keys, PUBLIC, thursday);
    } finally {
      server.db.off('query', count);
    }
    assert.equal(run.sent, 1, 'only the member with news');
    assert.equal(to((await received(before, 1))[0]), londoners[7].user.email);
    assert.ok(run.looked >= 30);
    // Three queries a member made it 90 and more; a page is a handful, and the one email a few more.
    assert.ok(queries < 30, `${queries} queries for ${run.looked} members`);
    const considered = await server.db('notification_settings').whereIn('userId', londoners.map((m) => m.user.id)).where('lastDigestAt', thursday).count({ n: '*' }).first();
    assert.equal(Number(considered?.n), 30, 'every member whose hour it was is marked considered, news or not');
  });

  test('the next digest hour is 9:00 local, across a clock change and in a half-hour time zone', async () => {
    const { nextDigestHour } = await import('./email-digests');
    // London moves to summer time at 01:00 UTC on 29 March 2026: 9:00 there is then 08:00 UTC.
    assert.equal(nextDigestHour(Date.UTC(2026, 2, 28, 10, 0), 'Europe/London', 'daily'), Date.UTC(2026, 2, 29, 8, 0));
    assert.equal(nextDigestHour(Date.UTC(2026, 2, 28, 8, 30), 'Europe/London', 'daily'), Date.UTC(2026, 2, 28, 9, 0));
    // 9:00 in Kolkata (UTC+5:30) is 03:30 UTC; at 10:30 there it is the next day's.
    assert.equal(nextDigestHour(Date.UTC(2026, 10, 30, 5, 0), 'Asia/Kolkata', 'daily'), Date.UTC(2026, 11, 1, 3, 30));
    // Weekly: from a Monday's 9:10, the next Monday's 9:00; New York in winter is UTC-5.
    assert.equal(nextDigestHour(Date.UTC(2026, 10, 30, 14, 10), 'America/New_York', 'weekly'), Date.UTC(2026, 11, 7, 14, 0));
    assert.equal(nextDigestHour(Date.UTC(2026, 10, 28, 12, 0), 'America/New_York', 'weekly'), Date.UTC(2026, 10, 30, 14, 0));
  });

  test('the digest frequency is a setting: daily, weekly or off, anything else refused', async () => {
    const me = await signedInClient(server);
    const res = await me.client.patch(`/api/users/${me.user.id}/notification-settings`, { digestFrequency: 'weekly' });
    assert.equal(res.status, 200);
    assert.equal(((await res.json()) as { settings: { digestFrequency: string } }).settings.digestFrequency, 'weekly');
    assert.equal((await me.client.patch(`/api/users/${me.user.id}/notification-settings`, { digestFrequency: 'hourly' })).status, 400);
  });
});
