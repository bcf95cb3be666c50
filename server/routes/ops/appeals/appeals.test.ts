import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { REPORT_OUTCOME_TITLE } from '../../../../contracts/enums';
import { Client, type TestServer, startTestServer } from '../../../test/harness';
import { buildProfile, buildUser, signedInClient } from '../../../test/factories';

let server: TestServer;
before(async () => {
  server = await startTestServer();
});
after(async () => {
  await server.close();
});

type Json = Record<string, unknown>;

async function staff(fullName: string) {
  const { user, password } = await buildUser(server, { role: 'reviewer', fullName });
  const client = new Client(server);
  assert.equal((await client.post('/api/ops/session', { username: user.username, password })).status, 200);
  return { client, user };
}

const lastMailTo = (email: string) => server.db('email_outbox').where({ toEmail: email }).orderBy('id', 'desc').first();

/** A member reported from chat by another, and suspended from that report by `by`; the member appeals. */
async function suspendedFromReport(by: Client) {
  const bad = await signedInClient(server, { fullName: 'Scammer Sam', tier: 'premium' });
  await buildProfile(server, bad.user);
  const reporter = await signedInClient(server, { fullName: 'Reporting Riya', tier: 'premium' });
  await buildProfile(server, reporter.user);
  assert.equal((await bad.client.post('/api/messages', { receiverId: reporter.user.id, content: 'Hello, you look kind.' })).status, 201);
  assert.equal((await reporter.client.post('/api/messages', { receiverId: bad.user.id, content: 'Thank you, tell me about yourself.' })).status, 201);
  const filed = await reporter.client.post('/api/reports', { reportedUserId: bad.user.id, reason: 'harassment', details: 'Rude after I said no' });
  const { id: reportId } = (await filed.json()) as { id: number };
  const suspended = await by.post(`/api/ops/reports/${reportId}/suspend`, { note: 'Abusive messages to several members', length: '7d' });
  assert.equal(suspended.status, 200, await suspended.clone().text());
  const token = /\/appeal\/([A-Za-z0-9_-]+)/.exec((await lastMailTo(bad.user.email)).bodyText)?.[1];
  assert.ok(token);
  const appealed = await new Client(server).post(`/api/appeals/${token}`, { message: 'I was rude once and I am sorry; it will not happen again.' });
  assert.equal(appealed.status, 201);
  const appeal = await server.db('reports').where({ reportedUserId: bad.user.id, reason: 'appeal' }).first('id');
  return { bad, reporter, reportId, appealId: appeal.id as number };
}

describe('appeals are their own flow', () => {
  test('an appeal opens with the original report, its conversation, the suspending note and who suspended; it is not in the reports queue', async () => {
    const rekha = await staff('Rekha Reviewer');
    const { bad, reportId, appealId } = await suspendedFromReport(rekha.client);
    const other = await staff('Omar Reviewer');
    const queue = (await (await other.client.get('/api/ops/appeals')).json()) as { items: Json[] };
    assert.ok(queue.items.some((a) => a.id === appealId));
    const reports = (await (await other.client.get('/api/ops/reports')).json()) as { items: Json[] };
    assert.ok(!reports.items.some((r) => r.id === appealId), 'appeals are not in the reports queue');
    const { tiles } = (await (await other.client.get('/api/ops/dashboard')).json()) as { tiles: Record<string, number> };
    const openAppeals = (await server.db('reports').where({ reason: 'appeal', status: 'open' })).length;
    assert.equal(tiles.openAppeals, openAppeals, 'the dashboard counts appeals in their own tile');
    assert.equal(tiles.openReports, (await server.db('reports').where({ status: 'open' })).length - openAppeals);

    const detail = (await (await other.client.get(`/api/ops/appeals/${appealId}`)).json()) as Json & {
      suspension: Json & { suspendedBy: Json }; originalReport: Json & { conversation: { messages: Json[] } }; member: Json;
    };
    assert.match(String(detail.message), /I am sorry/);
    assert.equal(detail.suspension.note, 'Abusive messages to several members');
    assert.equal(detail.suspension.kind, 'suspension');
    assert.ok(detail.suspension.until);
    assert.deepEqual(detail.suspension.suspendedBy, { id: rekha.user.id, fullName: 'Rekha Reviewer' });
    assert.equal(detail.originalReport.id, reportId);
    assert.deepEqual(detail.originalReport.conversation.messages.map((m) => m.content), ['Hello, you look kind.', 'Thank you, tell me about yourself.']);
    assert.equal(detail.member.id, bad.user.id);
    assert.equal(detail.mayDecide, true);
  });

  test('the reviewer who suspended may not decide while another reviewer exists', async () => {
    const rekha = await staff('Rekha Second');
    const { appealId } = await suspendedFromReport(rekha.client);
    const detail = (await (await rekha.client.get(`/api/ops/appeals/${appealId}`)).json()) as Json;
    assert.equal(detail.mayDecide, false);
    const refused = await rekha.client.post(`/api/ops/appeals/${appealId}/overturn`, { reason: 'Changed my mind' });
    assert.equal(refused.status, 403);
    assert.equal((await server.db('reports').where({ id: appealId }).first('status')).status, 'open');
  });

  test('overturn restores access in one click, emails "active again" with the reason, and writes one audit row', async () => {
    const rekha = await staff('Rekha Third');
    const { bad, appealId } = await suspendedFromReport(rekha.client);
    const other = await staff('Omar Second');
    assert.equal((await other.client.post(`/api/ops/appeals/${appealId}/overturn`, { reason: 'x' })).status, 400, 'a reason is required');
    const res = await other.client.post(`/api/ops/appeals/${appealId}/overturn`, { reason: 'The messages were a misunderstanding between both members.' });
    assert.equal(res.status, 200, await res.clone().text());
    const user = await server.db('users').where({ id: bad.user.id }).first('status', 'suspendedUntil');
    assert.deepEqual([user.status, user.suspendedUntil], ['active', null]);
    const mail = await lastMailTo(bad.user.email);
    assert.equal(mail.subject, 'Your Saathi account is active again');
    assert.match(mail.bodyText, /Reason: The messages were a misunderstanding between both members\./);
    const rows = await server.db('audit_log').where({ targetType: 'report', targetId: appealId });
    assert.deepEqual(rows.map((r) => r.action), ['appeal.overturn']);
    assert.equal(rows[0].actorUserId, other.user.id);
    assert.match(String(rows[0].details), /misunderstanding/);
    assert.equal((await other.client.post(`/api/ops/appeals/${appealId}/uphold`, { reason: 'Too late now' })).status, 409, 'decided once');
    // The member signs in again.
    const signIn = await new Client(server).postForm('/api/auth/login', { username: bad.user.username, password: bad.password });
    assert.equal(signIn.status, 200);
  });

  test('uphold keeps the suspension, emails the reason and what stays, and writes one audit row', async () => {
    const rekha = await staff('Rekha Fourth');
    const { bad, appealId } = await suspendedFromReport(rekha.client);
    const other = await staff('Omar Third');
    const res = await other.client.post(`/api/ops/appeals/${appealId}/uphold`, { reason: 'Three members reported the same abusive messages.' });
    assert.equal(res.status, 200);
    assert.equal((await server.db('users').where({ id: bad.user.id }).first('status')).status, 'suspended');
    const mail = await lastMailTo(bad.user.email);
    assert.equal(mail.subject, 'Your appeal was reviewed: the suspension stays');
    assert.match(mail.bodyText, /Reason: Three members reported the same abusive messages\./);
    assert.match(mail.bodyText, /suspended until \d{1,2} \w+ \d{4}, \d{2}:\d{2} UTC/);
    const rows = await server.db('audit_log').where({ targetType: 'report', targetId: appealId });
    assert.deepEqual(rows.map((r) => r.action), ['appeal.uphold']);
  });

  test('an appeal of a suspension that already ended can be overturned, not upheld', async () => {
    const rekha = await staff('Rekha Seventh');
    const { bad, appealId } = await suspendedFromReport(rekha.client);
    const other = await staff('Omar Fourth');
    await server.db('users').where({ id: bad.user.id }).update({ suspendedUntil: Date.now() - 1000 });
    assert.equal((await new Client(server).postForm('/api/auth/login', { username: bad.user.username, password: bad.password })).status, 200);
    assert.equal((await other.client.post(`/api/ops/appeals/${appealId}/uphold`, { reason: 'Too late to uphold' })).status, 409);
    assert.equal((await other.client.post(`/api/ops/appeals/${appealId}/overturn`, { reason: 'It ended already; the report was mistaken.' })).status, 200);
    assert.equal((await server.db('reports').where({ id: appealId }).first('status')).status, 'overturned');
  });

  test('the only reviewer may decide an appeal of their own suspension', async () => {
    const lone = await startTestServer();
    try {
      const { user, password } = await buildUser(lone, { role: 'reviewer' });
      const reviewer = new Client(lone);
      await reviewer.post('/api/ops/session', { username: user.username, password });
      const { user: member } = await buildUser(lone);
      await reviewer.post(`/api/ops/members/${member.id}/suspend`, { reason: 'Spam links', length: 'until_restored' });
      const token = /\/appeal\/([A-Za-z0-9_-]+)/.exec((await lone.db('email_outbox').where({ toEmail: member.email }).orderBy('id', 'desc').first()).bodyText)?.[1];
      await new Client(lone).post(`/api/appeals/${token}`, { message: 'I only shared my own blog, please look again.' });
      const appeal = await lone.db('reports').where({ reason: 'appeal', reportedUserId: member.id }).first('id');
      assert.equal((await reviewer.post(`/api/ops/appeals/${appeal.id}/overturn`, { reason: 'The links were harmless.' })).status, 200);
    } finally {
      await lone.close();
    }
  });
});

describe('members hear what happened', () => {
  test('one suspension from a report writes one audit row', async () => {
    const rekha = await staff('Rekha Fifth');
    const { reportId, bad } = await suspendedFromReport(rekha.client);
    const rows = await server.db('audit_log').where({ subjectUserId: bad.user.id }).whereIn('action', ['report.suspend', 'member.suspend']);
    assert.deepEqual(rows.map((r) => [r.action, r.targetId]), [['report.suspend', reportId]]);
    assert.match(String(rows[0].details), /"length":"7d"/);
  });

  test('the reporter gets report_outcome with no details about the other member when action is taken; not on dismiss', async () => {
    const rekha = await staff('Rekha Sixth');
    const { reporter, bad } = await suspendedFromReport(rekha.client);
    const list = (await (await reporter.client.get(`/api/notifications/${reporter.user.id}`)).json()) as Json[];
    const outcome = list.find((n) => n.type === 'report_outcome');
    assert.ok(outcome, JSON.stringify(list));
    assert.equal(outcome.title, REPORT_OUTCOME_TITLE);
    // What the reporter reads (title, text) names neither the other member nor the action taken, and no link
    // field points at them. Only these fields are checked: the row's own ids and timestamp may contain any digits.
    assert.doesNotMatch(`${outcome.title} ${outcome.content ?? ''}`, new RegExp(`Scammer|\\b${bad.user.id}\\b|suspend`, 'i'));
    for (const field of ['relatedItemId', 'forProfile'] as const) assert.notEqual(outcome[field], bad.user.id, field);
    assert.notEqual(outcome.sourceType, 'user');

    const other = await signedInClient(server);
    const { id } = (await (await other.client.post('/api/reports', { reportedUserId: reporter.user.id, reason: 'other', details: 'not sure' })).json()) as { id: number };
    assert.equal((await rekha.client.post(`/api/ops/reports/${id}/dismiss`, { note: 'Nothing wrong' })).status, 200);
    assert.equal((await server.db('notifications').where({ userId: other.user.id, type: 'report_outcome' })).length, 0);
  });
});
