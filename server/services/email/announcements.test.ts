// Product news ("App updates"): sent through the outbox to a real SMTP server started in the test, only to members
// who turned App updates on (it is off by default) and keep email on; its one-click unsubscribe turns App updates
// off; bad text is refused before anything is queued.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { ParsedMail } from 'mailparser';
import { emailDeliveryJob } from '../../jobs/email-delivery';
import { JobScheduler } from '../../jobs/scheduler';
import { type Mailbox, startMailbox } from '../../test/mailbox';
import { Client, type TestServer, startTestServer } from '../../test/harness';
import { buildUser, signedInClient } from '../../test/factories';
import { buildAnnouncement } from '../../test/table-factories';
import { announcementDigest, countAnnouncementRecipients, sendAnnouncement } from './announcements';

let mailbox: Mailbox;
let server: TestServer;

before(async () => {
  mailbox = await startMailbox();
  server = await startTestServer({ demoMode: false, smtpUrl: mailbox.url, publicUrl: 'https://saathi.example' });
});
after(async () => {
  await server?.close();
  await mailbox?.close();
});

/** A header as sent (mailparser turns List-Unsubscribe into an object). */
const header = (mail: ParsedMail, name: string) => {
  const line = mail.headerLines.find((h) => h.key === name)?.line ?? '';
  return line.slice(line.indexOf(':') + 1).replace(/\r?\n\s+/g, ' ').trim();
};
const addressOf = (mail: ParsedMail) => (Array.isArray(mail.to) ? mail.to[0] : mail.to)?.value[0]?.address;
const deliveryJob = () => new JobScheduler(server.db, [emailDeliveryJob(server.config)]).runNow('email-delivery');
const news = { subject: 'New: video calls on Saathi', message: 'You can now call a match by video.\n\nNo phone numbers are shared: the call stays in the app.', link: '/messages', button: 'Try a video call' };

describe('App updates: product news by email', () => {
  test('goes only to members who turned App updates on and keep email on; its unsubscribe turns App updates off', async () => {
    const keen = await signedInClient(server, { fullName: 'Lakshmi Pillai', email: 'lakshmi.keen@example.test' });
    const quiet = await signedInClient(server, { fullName: 'Deepak Joshi', email: 'deepak.default@example.test' });
    const noEmail = await signedInClient(server, { fullName: 'Farah Ali', email: 'farah.noemail@example.test' });
    const suspended = await signedInClient(server, { fullName: 'Gaurav Sen', email: 'gaurav.suspended@example.test' });
    const reviewer = await buildUser(server, { role: 'reviewer', email: 'ops.reviewer@example.test' });
    const settings = (m: { user: { id: number } }) => `/api/users/${m.user.id}/notification-settings`;
    // The default is off: a member who never touched the setting gets no news.
    assert.equal(((await (await quiet.client.get(settings(quiet))).json()) as { appUpdates: boolean }).appUpdates, false);
    for (const m of [keen, noEmail, suspended]) assert.equal((await m.client.patch(settings(m), { appUpdates: true })).status, 200);
    assert.equal((await noEmail.client.patch(settings(noEmail), { emailNotifications: false })).status, 200);
    await server.db('users').where({ id: suspended.user.id }).update({ status: 'suspended' });
    await server.db('notification_settings').where({ userId: reviewer.user.id }).update({ appUpdates: true });

    assert.equal(await countAnnouncementRecipients(server.db), 1);
    assert.deepEqual(await sendAnnouncement(server.config, server.db, news), { queued: 1, total: 1 });
    const [row] = await server.db('email_outbox').where({ subject: news.subject });
    assert.equal(row.toEmail, 'lakshmi.keen@example.test');
    assert.equal(Number(row.attempts), 0, 'queued for the delivery job, not sent by the command');
    assert.equal((await server.db('audit_log').where({ action: 'announcement.sent' }).first()).actorRole, 'cli');

    const run = await deliveryJob();
    assert.match(String(run.result), /^sent 1,/);
    const received = mailbox.inbox.filter((m) => m.subject === news.subject);
    assert.deepEqual(received.map(addressOf), ['lakshmi.keen@example.test']);
    const [mail] = received;
    assert.match(mail.text ?? '', /Namaste Lakshmi,/);
    assert.match(mail.text ?? '', /You can now call a match by video\./);
    assert.match(mail.text ?? '', /No phone numbers are shared/);
    assert.match(String(mail.html), /<a[^>]+href="https:\/\/saathi\.example\/messages"[^>]*>[\s\S]*Try a video call/);
    assert.match(String(mail.text), /You receive this because App updates are on in your Saathi settings/);
    const unsubscribe = /<([^>]+)>/.exec(header(mail, 'list-unsubscribe'))?.[1] ?? '';
    assert.match(unsubscribe, /^https:\/\/saathi\.example\/api\/email\/unsubscribe\?token=/);
    assert.equal(header(mail, 'list-unsubscribe-post'), 'List-Unsubscribe=One-Click');
    assert.ok(String(mail.html).includes(unsubscribe.replace(/&/g, '&amp;')), 'the visible link is the same');

    // One click in the mail client (RFC 8058), without signing in: App updates off, nothing else.
    const path = unsubscribe.replace('https://saathi.example', '');
    const page = await new Client(server).get(path);
    assert.match(await page.text(), /Stop emails about news about Saathi features and offers\?/);
    assert.equal((await new Client(server).postForm(path, { 'List-Unsubscribe': 'One-Click' })).status, 200);
    const after = (await (await keen.client.get(settings(keen))).json()) as { appUpdates: boolean; newMatches: boolean; emailNotifications: boolean };
    assert.deepEqual([after.appUpdates, after.newMatches, after.emailNotifications], [false, true, true]);
    assert.deepEqual(await sendAnnouncement(server.config, server.db, { ...news, subject: 'Second news' }), { queued: 0, total: 0 });
  });

  test('bad text is refused with a clear message and queues nothing', async () => {
    const before = Number((await server.db('email_outbox').count({ n: '*' }).first())?.n);
    const cases: Array<[Record<string, string>, RegExp]> = [
      [{ subject: '  ' }, /The subject is empty/],
      [{ message: '' }, /The message is empty/],
      [{ link: 'https://evil.example/' }, /The link must be a path on Saathi/],
      [{ link: '//evil.example/' }, /The link must be a path on Saathi/],
      [{ button: 'x'.repeat(41) }, /button text is longer than 40/],
    ];
    for (const [change, message] of cases) await assert.rejects(sendAnnouncement(server.config, server.db, { ...news, ...change }), message);
    assert.equal(Number((await server.db('email_outbox').count({ n: '*' }).first())?.n), before);
  });

  test('the same news is queued once: a second run, the same text respaced or with another button, and two runs at once', async () => {
    const readers = await membersWithAppUpdates(2);
    const once = { subject: 'Horoscope matching for every plan', message: 'Compare charts with any match.\n\nFree this month.' };
    assert.deepEqual(await sendAnnouncement(server.config, server.db, once), { queued: 2, total: 2 });
    const queued = await outboxFor(once.subject);
    for (const again of [once, { ...once, message: '  Compare charts   with any match.\n\n\nFree this month. ' }, { ...once, button: 'See it', link: '/compatibility' }]) {
      await assert.rejects(sendAnnouncement(server.config, server.db, again), /^Error: "Horoscope matching for every plan" was already queued for 2 members on \d{4}-\d\d-\d\d \d\d:\d\d UTC; an announcement is sent once, so change its text to send new news\.$/);
    }
    assert.deepEqual(await outboxFor(once.subject), queued, 'nobody got it twice');

    // Two runs at the same moment: one queues it, the other is refused, each member is written to once.
    const twice = { subject: 'Video calls are here', message: 'Call a match by video from the chat.' };
    const runs = await Promise.allSettled([sendAnnouncement(server.config, server.db, twice), sendAnnouncement(server.config, server.db, twice)]);
    assert.deepEqual(runs.map((r) => r.status).sort(), ['fulfilled', 'rejected']);
    const refused = runs.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    assert.equal(refused.reason.message, '"Video calls are here" is being queued by another saathi announce at this moment; this one queued nothing.');
    const to = await outboxFor(twice.subject);
    assert.equal(to.length, new Set(to).size, 'no member twice');
    for (const reader of readers) assert.ok(to.includes(reader.user.email));
  });

  test('a run that stopped part-way is refused until --resume, which queues only the members it had not reached', async () => {
    const readers = await membersWithAppUpdates(3);
    const news = { subject: 'Saathi in Tamil', message: 'The app now speaks Tamil.' };
    // What an interrupted run leaves: its row, and the mail of the members it reached (here the first of ours).
    const everyone = (await server.db('users').join('notification_settings as ns', 'ns.userId', 'users.id').where('ns.appUpdates', true).where('ns.emailNotifications', true).where('users.status', 'active').where('users.role', 'member').whereNotNull('users.emailConfirmedAt').orderBy('users.id').select('users.id', 'users.email')) as Array<{ id: number; email: string }>;
    const reached = everyone.filter((u) => u.id <= readers[0].user.id);
    await buildAnnouncement(server.db, { digest: announcementDigest(news), subject: news.subject, queued: reached.length, lastRecipientId: readers[0].user.id, finishedAt: null });
    await assert.rejects(sendAnnouncement(server.config, server.db, news), new RegExp(`stopped after ${reached.length} members?; run the same command with --resume`));
    await assert.rejects(sendAnnouncement(server.config, server.db, { ...news, subject: 'Never started' }, { resume: true }), /nothing to resume/);
    const left = everyone.length - reached.length;
    assert.equal(await countAnnouncementRecipients(server.db, readers[0].user.id), left);
    assert.deepEqual(await sendAnnouncement(server.config, server.db, news, { resume: true }), { queued: left, total: everyone.length });
    assert.deepEqual((await outboxFor(news.subject)).sort(), everyone.slice(reached.length).map((u) => u.email).sort(), 'only those it had not reached');
    await assert.rejects(sendAnnouncement(server.config, server.db, news, { resume: true }), /was already queued for/);
  });
});

/** Members who turned App updates on (email on), made for one test. */
async function membersWithAppUpdates(n: number) {
  const made = [];
  for (let i = 0; i < n; i++) {
    const member = await buildUser(server);
    await server.db('notification_settings').where({ userId: member.user.id }).update({ appUpdates: true, emailNotifications: true });
    made.push(member);
  }
  return made;
}

async function outboxFor(subject: string): Promise<string[]> {
  return (await server.db('email_outbox').where({ subject }).orderBy('id').select('toEmail')).map((r) => String(r.toEmail));
}
