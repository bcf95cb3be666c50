import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { SavedSearchView } from '../../contracts/saved-searches';
import { createDb } from '../db';
import { loadSessionKeys } from '../keys';
import { type AlertContext, sendSavedSearchAlerts } from '../services/saved-searches/alerts';
import { buildProfile, signedInClient } from '../test/factories';
import { type TestServer, startTestServer } from '../test/harness';
import { buildBlock, buildPushSubscription } from '../test/table-factories';
import { savedSearchAlertsJob } from './saved-search-alerts';
import { JobScheduler } from './scheduler';

let server: TestServer;
const PUBLIC = 'http://saathi.example';
before(async () => {
  server = await startTestServer({ publicUrl: PUBLIC });
});
after(async () => {
  await server.close();
});

const HOUR = 3_600_000;
/** Tuesday 8 December 2026, 9:10 in Toronto (UTC−5). */
const TUESDAY = Date.UTC(2026, 11, 8, 14, 10);
const context = (now: number, db = server.db): AlertContext => ({
  db,
  services: server.services,
  config: server.config,
  keys: loadSessionKeys(server.config),
  origin: PUBLIC,
  now,
});

/** A woman in Toronto with a search for doctors, alerts on, a browser subscribed to pushes. */
async function seeker(name: string) {
  const me = await signedInClient(server, { fullName: name, tier: 'premium' });
  await buildProfile(server, me.user, { gender: 'female', lookingFor: 'male', city: 'Toronto', country: 'Canada' });
  await buildPushSubscription(server.db, { userId: me.user.id });
  return me;
}

async function doctor(name: string, city = 'Toronto') {
  const him = await signedInClient(server, { fullName: name });
  const profile = await buildProfile(server, him.user, { gender: 'male', lookingFor: 'female', city, country: 'Canada', profession: 'Doctor' });
  return { ...him, profile };
}

const emailsTo = (email: string) => server.db('email_outbox').where({ toEmail: email }).orderBy('id');
const pushesTo = (userId: number) =>
  server.db('push_outbox').join('push_subscriptions', 'push_subscriptions.id', 'push_outbox.subscriptionId').where('push_subscriptions.userId', userId).select('push_outbox.payload');

describe('saved-search alerts', () => {
  test('a new member who matches is one email and one push at 9:00 local; a second run, and a quiet day, send nothing', async () => {
    // Every doctor of the other tests' members is known to this search before it is saved: a search of its own.
    const known = await doctor('Rohan Iyer');
    const meera = await seeker('Meera Iyer');
    const saved = await meera.client.post('/api/saved-searches', { name: 'Doctors in Toronto', filters: { query: 'doctor', locations: 'Canada' } });
    assert.equal(saved.status, 201);
    const search = (await saved.json()) as SavedSearchView;
    assert.ok((search.matches ?? 0) >= 1);

    // The first run works out Meera's alert hour (tomorrow's 9:00 in Toronto) and sends nothing.
    assert.deepEqual(await sendSavedSearchAlerts(context(TUESDAY)), { members: 0, emails: 0, pushes: 0 });
    const row = await server.db('saved_searches').where({ id: search.id }).first();
    assert.equal(Number(row.alertDueAt), Date.UTC(2026, 11, 9, 14, 0));

    const vikram = await doctor('Vikram Rao', 'Vancouver');
    const blocked = await doctor('Blocked Doctor');
    await buildBlock(server.db, { blockerId: blocked.user.id, blockedId: meera.user.id });
    const hidden = await doctor('Hidden Doctor');
    await server.db('privacy_settings').where({ userId: hidden.user.id }).update({ profileVisibility: 'none' });

    const wednesday = Date.UTC(2026, 11, 9, 14, 5);
    const first = await sendSavedSearchAlerts(context(wednesday));
    assert.equal(first.emails, 1);
    assert.equal(first.pushes, 1);
    const [mail, ...more] = await emailsTo(meera.user.email);
    assert.equal(more.length, 0, 'one email');
    assert.equal(mail.subject, '1 new match for ‘Doctors in Toronto’');
    assert.match(mail.bodyText, /Vikram/);
    assert.match(mail.bodyText, new RegExp(`${PUBLIC}/profile/${vikram.profile.id}`));
    assert.match(mail.bodyText, /Vancouver, Canada/);
    for (const absent of ['Rohan', 'Blocked', 'Hidden']) assert.doesNotMatch(mail.bodyText, new RegExp(absent), `${absent} is not listed`);
    assert.match(mail.bodyText, new RegExp(`${PUBLIC}/search\\?locations=Canada&query=doctor`));
    assert.match(mail.bodyText, /\/api\/email\/unsubscribe\?token=\d+\.savedSearches\./);
    const pushes = await pushesTo(meera.user.id);
    assert.equal(pushes.length, 1, 'one push');
    const payload = JSON.parse(pushes[0].payload);
    assert.equal(payload.title, '1 new match for ‘Doctors in Toronto’');
    assert.equal(payload.url, '/search?locations=Canada&query=doctor');
    assert.ok(known.profile.id > 0);

    // Again a quarter of an hour later: not due. The next morning: nothing new, nothing sent.
    assert.deepEqual(await sendSavedSearchAlerts(context(wednesday + 15 * 60_000)), { members: 0, emails: 0, pushes: 0 });
    const thursday = await sendSavedSearchAlerts(context(wednesday + 24 * HOUR));
    assert.deepEqual({ emails: thursday.emails, pushes: thursday.pushes }, { emails: 0, pushes: 0 });
    assert.equal((await emailsTo(meera.user.email)).length, 1);
    assert.equal((await pushesTo(meera.user.id)).length, 1);

    // Once unblocked, a member is new to the search: announced the day after.
    await server.db('blocks').where({ blockerId: blocked.user.id }).delete();
    await sendSavedSearchAlerts(context(wednesday + 48 * HOUR));
    const latest = (await emailsTo(meera.user.email)).at(-1);
    assert.match(latest.bodyText, /Blocked/);
    assert.doesNotMatch(latest.bodyText, /Vikram|Hidden/);

    // A member already announced who hides and shows their profile again is not new to the search.
    await server.db('privacy_settings').where({ userId: vikram.user.id }).update({ profileVisibility: 'none' });
    await sendSavedSearchAlerts(context(wednesday + 72 * HOUR));
    await server.db('privacy_settings').where({ userId: vikram.user.id }).update({ profileVisibility: 'all' });
    const before = (await emailsTo(meera.user.email)).length;
    await sendSavedSearchAlerts(context(wednesday + 96 * HOUR));
    assert.equal((await emailsTo(meera.user.email)).length, before);
  });

  test('one email for all of a member’s searches; the settings and the unsubscribe link are honoured', async () => {
    const asha = await seeker('Asha Nair');
    await asha.client.post('/api/saved-searches', { name: 'Doctors', filters: { query: 'doctor' } });
    await asha.client.post('/api/saved-searches', { name: 'In Ottawa', filters: { query: 'ottawa' } });
    await asha.client.post('/api/saved-searches', { name: 'No alerts', filters: { query: 'doctor', locations: 'Canada' }, emailAlerts: false, pushAlerts: false });
    const day = Date.UTC(2026, 11, 20, 14, 5);
    await sendSavedSearchAlerts(context(day - 24 * HOUR));
    await doctor('Kiran Menon', 'Ottawa');
    await sendSavedSearchAlerts(context(day));
    const mails = await emailsTo(asha.user.email);
    assert.equal(mails.length, 1);
    assert.equal(mails[0].subject, '2 new matches for your saved searches');
    assert.match(mails[0].bodyText, /Doctors: 1 new match/);
    assert.match(mails[0].bodyText, /In Ottawa: 1 new match/);
    assert.doesNotMatch(mails[0].bodyText, /No alerts/);
    const [push] = await pushesTo(asha.user.id);
    assert.equal(JSON.parse(push.payload).url, '/saved-searches');

    // "Stop saved search emails" turns off just these emails, without signing in; pushes go on.
    const link = /(http:\/\/saathi\.example\/api\/email\/unsubscribe\?token=[^\s)\]]+)/.exec(mails[0].bodyText)?.[1] ?? '';
    assert.equal((await fetch(link.replace(PUBLIC, server.url), { method: 'POST', body: 'List-Unsubscribe=One-Click' })).status, 200);
    const settings = await server.db('notification_settings').where({ userId: asha.user.id }).first();
    assert.equal(Boolean(Number(settings.savedSearchEmails)), false);
    assert.equal(Boolean(Number(settings.newMatches)), true);
    await doctor('Second Ottawa Doctor', 'Ottawa');
    await sendSavedSearchAlerts(context(day + 24 * HOUR));
    assert.equal((await emailsTo(asha.user.email)).length, 1, 'no email once turned off');
    assert.equal((await pushesTo(asha.user.id)).length, 2, 'the push still comes');

    // Push notifications off in Settings: no push either.
    await server.db('notification_settings').where({ userId: asha.user.id }).update({ pushNotifications: false });
    await doctor('Third Ottawa Doctor', 'Ottawa');
    await sendSavedSearchAlerts(context(day + 48 * HOUR));
    assert.equal((await pushesTo(asha.user.id)).length, 2);
  });

  test('two processes running the alerts at the same moment send one email and one push', async () => {
    const lata = await seeker('Lata Joshi');
    await lata.client.post('/api/saved-searches', { name: 'Halifax doctors', filters: { query: 'halifax' } });
    const day = Date.UTC(2026, 11, 28, 14, 5);
    await sendSavedSearchAlerts(context(day - 24 * HOUR));
    await doctor('Neil Halifax', 'Halifax');
    // A second connection pool on the same database stands for a second process.
    const other = createDb(server.config);
    const lastEmail = Number((await server.db('email_outbox').max('id as id').first())?.id ?? 0);
    try {
      const runs = await Promise.all([sendSavedSearchAlerts(context(day)), sendSavedSearchAlerts(context(day, other)), sendSavedSearchAlerts(context(day))]);
      // The members of the tests above are due at that hour too: each of them, like Lata, once.
      const sent = await server.db('email_outbox').where('id', '>', lastEmail).select('toEmail');
      assert.equal(new Set(sent.map((m) => m.toEmail)).size, sent.length, 'nobody twice');
      assert.equal(runs.reduce((n, r) => n + r.emails, 0), sent.length);
    } finally {
      await other.destroy();
    }
    assert.equal((await emailsTo(lata.user.email)).length, 1);
    assert.equal((await pushesTo(lata.user.id)).length, 1);
  });

  test('the job runs through the scheduler with the engine it is given, and refuses to run without one', async () => {
    const job = savedSearchAlertsJob(server.config, loadSessionKeys(server.config));
    const withEngine = await new JobScheduler(server.db, [job], () => {}, server.services).runNow('saved-search-alerts');
    assert.equal(withEngine.ran, true);
    assert.match(withEngine.result ?? '', /^alerts: \d+ emails, \d+ pushes/);
    const without = await new JobScheduler(server.db, [job]).runNow('saved-search-alerts');
    assert.match(without.result ?? '', /failed: it needs the match engine/);
  });
});
