import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Client, type TestServer, startTestServer } from '../../test/harness';
import { buildProfile, buildUser, signedInClient } from '../../test/factories';
import { buildVerificationRequest } from '../../test/table-factories';

let server: TestServer;
before(async () => {
  server = await startTestServer();
});
after(async () => {
  await server.close();
});

type Json = Record<string, unknown>;

async function reviewer() {
  const { user, password } = await buildUser(server, { role: 'reviewer', fullName: 'Rekha Reviewer' });
  const client = new Client(server);
  assert.equal((await client.post('/api/ops/session', { username: user.username, password })).status, 200);
  return client;
}

async function lastMailTo(email: string) {
  return server.db('email_outbox').where({ toEmail: email }).orderBy('id', 'desc').first();
}

describe('members are told', () => {
  test('verification approved and rejected: an email each, with the reason', async () => {
    const staff = await reviewer();
    const a = await signedInClient(server, { fullName: 'Approved Member' });
    const b = await signedInClient(server, { fullName: 'Rejected Member' });
    for (const m of [a, b]) await buildVerificationRequest(server.db, { userId: m.user.id, documentType: 'passport', status: 'pending' });
    const idOf = async (userId: number) => (await server.db('verification_requests').where({ userId }).first('id')).id as number;
    assert.equal((await staff.post(`/api/ops/verifications/${await idOf(a.user.id)}/approve`)).status, 200);
    assert.equal((await staff.post(`/api/ops/verifications/${await idOf(b.user.id)}/reject`, { reason: 'The passport photo is cut off' })).status, 200);
    assert.equal((await lastMailTo(a.user.email)).subject, 'You are verified on Saathi');
    const rejected = await lastMailTo(b.user.email);
    assert.equal(rejected.subject, 'Your Saathi verification was not approved');
    assert.match(rejected.bodyText, /Reason: The passport photo is cut off/);
  });

  test('a warning is emailed with the reviewer\'s message', async () => {
    const staff = await reviewer();
    const bad = await signedInClient(server);
    await buildProfile(server, bad.user);
    const reporter = await signedInClient(server);
    const { id } = (await (await reporter.client.post('/api/reports', { reportedUserId: bad.user.id, reason: 'harassment' })).json()) as { id: number };
    assert.equal((await staff.post(`/api/ops/reports/${id}/warn`, { note: 'Please stop messaging people who have not replied.' })).status, 200);
    const mail = await lastMailTo(bad.user.email);
    assert.equal(mail.subject, 'A warning from the Saathi team');
    assert.match(mail.bodyText, /Please stop messaging people who have not replied\./);
  });
});

describe('appeals', () => {
  test('a suspended member appeals through the emailed link once; the appeal reaches the appeals queue', async () => {
    const staff = await reviewer();
    const member = await signedInClient(server, { fullName: 'Suspended Sunil' });
    assert.equal((await staff.post(`/api/ops/members/${member.user.id}/suspend`, { reason: 'Several scam reports' })).status, 200);
    const mail = await lastMailTo(member.user.email);
    assert.equal(mail.subject, 'Your Saathi account is suspended');
    assert.doesNotMatch(mail.bodyText, /Several scam reports/, 'the internal note stays internal');
    const token = /\/appeal\/([A-Za-z0-9_-]+)/.exec(mail.bodyText)?.[1];
    assert.ok(token, mail.bodyText);

    const visitor = new Client(server);
    const info = (await (await visitor.get(`/api/appeals/${token}`)).json()) as Json;
    assert.deepEqual([info.fullName, info.suspended], ['Suspended Sunil', true]);
    assert.equal((await visitor.post(`/api/appeals/${token}`, { message: 'too short' })).status, 400);
    const sent = await visitor.post(`/api/appeals/${token}`, { message: 'I was travelling and someone else used my phone; I never asked anyone for money.' });
    assert.equal(sent.status, 201, await sent.clone().text());
    assert.equal((await visitor.post(`/api/appeals/${token}`, { message: 'A second appeal through the same link, long enough.' })).status, 410);
    assert.equal((await visitor.get('/api/appeals/not-a-real-token-at-all-000')).status, 404);

    const queue = (await (await staff.get('/api/ops/appeals')).json()) as { items: Array<Json & { member: Json; suspension: Json }> };
    const appeal = queue.items.find((r) => r.member.id === member.user.id);
    assert.ok(appeal, 'in the open appeals queue');
    assert.equal(appeal.suspension.note, 'Several scam reports');
    assert.match(String(appeal.message), /someone else used my phone/);
  });

  test('two submissions racing through one link file one appeal', async () => {
    const staff = await reviewer();
    const member = await signedInClient(server);
    await staff.post(`/api/ops/members/${member.user.id}/suspend`, { reason: 'Testing the race' });
    const token = /\/appeal\/([A-Za-z0-9_-]+)/.exec((await lastMailTo(member.user.email)).bodyText)?.[1];
    const message = 'Please look at this again, it was a misunderstanding.';
    const results = await Promise.all([1, 2].map(() => new Client(server).post(`/api/appeals/${token}`, { message })));
    assert.deepEqual(results.map((r) => r.status).sort(), [201, 410]);
    const appeals = await server.db('reports').where({ reportedUserId: member.user.id, reason: 'appeal' }).select('id');
    assert.equal(appeals.length, 1);
  });

  test('an expired link says so', async () => {
    const staff = await reviewer();
    const member = await signedInClient(server);
    await staff.post(`/api/ops/members/${member.user.id}/suspend`, { reason: 'Testing expiry' });
    const token = /\/appeal\/([A-Za-z0-9_-]+)/.exec((await lastMailTo(member.user.email)).bodyText)?.[1];
    await server.db('appeal_tokens').where({ userId: member.user.id }).update({ expiresAt: Date.now() - 1 });
    const res = await new Client(server).post(`/api/appeals/${token}`, { message: 'Please look at this again, it was a misunderstanding.' });
    assert.equal(res.status, 410);
    assert.match(((await res.json()) as Json).message as string, /expired/);
  });
});
