import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Client, type TestServer, startTestServer } from '../../test/harness';
import { buildProfile, buildUser, signedInClient } from '../../test/factories';
import { buildBlock, buildMessage, buildPhoto, buildReport, buildVerificationRequest } from '../../test/table-factories';

let server: TestServer;
before(async () => {
  server = await startTestServer();
});
after(async () => {
  await server.close();
});

type Json = Record<string, unknown>;
type Entry = Json & { action: string; member: { id: number; fullName: string } | null; note: string | null; requestId: string | null; actor: Json };

async function staffClient(role: 'reviewer' | 'admin' = 'reviewer', fullName = 'Rita Reviewer') {
  const { user, password } = await buildUser(server, { role, fullName });
  const client = new Client(server);
  assert.equal((await client.post('/api/ops/session', { username: user.username, password })).status, 200);
  return { client, user, password };
}

async function json<T = Json>(res: Response): Promise<T> {
  assert.ok(res.ok, `${res.status} ${res.url}`);
  return (await res.json()) as T;
}

describe('report detail', () => {
  test('a chat report shows the reported profile, only the two members\' messages up to the report, earlier reports, and who handled it with their note', async () => {
    const reported = await signedInClient(server, { fullName: 'Vikram Sethi' });
    const reportedProfile = await buildProfile(server, reported.user, { city: 'Leicester' });
    const reporter = await signedInClient(server, { fullName: 'Nisha Kapoor' });
    const bystander = await signedInClient(server, { fullName: 'Other Person' });
    const t0 = Date.now() - 60_000;
    const message = (senderId: number, receiverId: number, content: string, at: number) =>
      buildMessage(server.db, { senderId, receiverId, content, isRead: false, createdAt: at });
    await message(reporter.user.id, reported.user.id, 'Hello, nice to meet you', t0);
    await message(reported.user.id, reporter.user.id, 'Send me 500 pounds for my visa', t0 + 1000);
    await message(reported.user.id, bystander.user.id, 'A message to someone else', t0 + 2000);
    // An earlier report about the same member, already handled.
    await buildReport(server.db, { reporterId: bystander.user.id, reportedUserId: reported.user.id, reason: 'fake_profile', status: 'dismissed', createdAt: t0 - 5000 });

    const long = `He asked for money twice. ${'More context follows. '.repeat(20)}The end of the details.`;
    const filed = await json<{ id: number }>(await reporter.client.post('/api/reports', { reportedUserId: reported.user.id, reason: 'scam_or_money_request', details: long }));
    await message(reported.user.id, reporter.user.id, 'Written after the report', Date.now() + 1000);

    const reviewer = await staffClient('reviewer', 'Priya Reviewer');
    const list = await json<{ items: Array<Json & { reported: Json }> }>(await reviewer.client.get('/api/ops/reports'));
    const row = list.items.find((r) => r.id === filed.id);
    assert.ok(row);
    assert.equal(row.reported.profileId, reportedProfile.id, 'a chat report still shows the member\'s profile');
    assert.equal(row.source, 'chat');

    const detail = await json<Json & { reportedProfile: Json; conversation: { messages: Json[]; total: number }; otherReports: Json[] }>(await reviewer.client.get(`/api/ops/reports/${filed.id}`));
    assert.equal(detail.details, long, 'the full details, not a clamped excerpt');
    assert.equal(detail.reportedProfile.city, 'Leicester');
    assert.deepEqual(detail.conversation.messages.map((m) => [m.content, m.fromReported]), [
      ['Hello, nice to meet you', false],
      ['Send me 500 pounds for my visa', true],
    ]);
    assert.equal(detail.conversation.total, 3);
    assert.deepEqual(detail.otherReports.map((r) => [r.reason, r.status]), [['fake_profile', 'dismissed']]);

    assert.equal((await reviewer.client.post(`/api/ops/reports/${filed.id}/warn`, { note: 'Money requests are not allowed' })).status, 200);
    const handled = await json<Json & { handledBy: Json }>(await reviewer.client.get(`/api/ops/reports/${filed.id}`));
    assert.deepEqual([handled.status, handled.handledBy.fullName, handled.resolutionNote], ['warned', 'Priya Reviewer', 'Money requests are not allowed']);
    const log = await json<{ items: Entry[] }>(await reviewer.client.get(`/api/ops/audit?targetType=report&targetId=${filed.id}`));
    assert.equal(log.items[0].action, 'report.warn');
    assert.equal(log.items[0].note, 'Money requests are not allowed', 'the note reaches the audit log');
    assert.deepEqual(log.items[0].member, { id: reported.user.id, fullName: 'Vikram Sethi', isStaff: false });
  });

  test('an unknown report is a 404', async () => {
    const reviewer = await staffClient();
    assert.equal((await reviewer.client.get('/api/ops/reports/999999')).status, 404);
  });
});

describe('member page', () => {
  test('profile, verification with who decided, reports by and about, blocks, sessions and audit trail; billing only on its own endpoint', async () => {
    const member = await signedInClient(server, { fullName: 'Asha Menon' });
    await buildProfile(server, member.user, { city: 'Dubai', profileType: 'parent', maritalStatus: 'divorced', religion: 'Hindu', community: 'Nair', motherTongue: 'Malayalam' });
    const other = await signedInClient(server, { fullName: 'Karan Shah' });
    await buildProfile(server, other.user, { gender: 'male' });
    const admin = await staffClient('admin', 'Anil Admin');
    const { id: requestId } = await buildVerificationRequest(server.db, { userId: member.user.id, documentType: 'national_id', status: 'pending' });
    assert.equal((await admin.client.post(`/api/ops/verifications/${requestId}/reject`, { reason: 'The photo is too dark' })).status, 200);
    await member.client.post('/api/reports', { reportedUserId: other.user.id, reason: 'harassment', details: 'Rude' });
    await other.client.post('/api/reports', { reportedUserId: member.user.id, reason: 'fake_profile' });
    await buildBlock(server.db, { blockerId: member.user.id, blockedId: other.user.id });
    assert.equal((await admin.client.post(`/api/ops/members/${member.user.id}/suspend`, { reason: 'Testing the trail' })).status, 200);

    const page = await json<Json & { member: Json; profile: Json; verification: Json[]; reportsAbout: Json[]; reportsBy: Json[]; blocks: Json[]; sessions: Json[]; audit: { items: Entry[]; total: number } }>(
      await admin.client.get(`/api/ops/members/${member.user.id}`),
    );
    assert.deepEqual([page.member.fullName, page.member.status], ['Asha Menon', 'suspended']);
    assert.equal(page.profile.city, 'Dubai');
    // Who made the profile and the basics a family states: a reviewer weighs a report with them.
    assert.deepEqual(
      [page.profile.profileType, page.profile.maritalStatus, page.profile.religion, page.profile.community, page.profile.motherTongue],
      ['parent', 'divorced', 'Hindu', 'Nair', 'Malayalam'],
    );
    assert.equal(page.verification[0].status, 'rejected');
    assert.equal((page.verification[0].decidedBy as Json).fullName, 'Anil Admin');
    assert.deepEqual(page.reportsAbout.map((r) => (r.reporter as Json).fullName), ['Karan Shah']);
    assert.deepEqual(page.reportsBy.map((r) => (r.reported as Json).fullName), ['Karan Shah']);
    assert.deepEqual(page.blocks.map((b) => [b.direction, (b.other as Json).fullName]), [['blocked', 'Karan Shah']]);
    assert.equal('subscription' in page, false, 'payments are not repeated here: subscriptions and invoices are the one record (GET …/billing)');
    assert.equal(page.sessions.length, 0, 'suspension ended every session');
    assert.deepEqual(page.audit.items.map((e) => e.action), ['member.suspend', 'verification.reject']);
    assert.equal(page.audit.items[0].note, 'Testing the trail');
  });

  test('sessions are listed while open; an unknown member is a 404; members may not read the page', async () => {
    const member = await signedInClient(server);
    const reviewer = await staffClient();
    const page = await json<{ sessions: Json[] }>(await reviewer.client.get(`/api/ops/members/${member.user.id}`));
    assert.equal(page.sessions.length, 1);
    assert.equal((await reviewer.client.get('/api/ops/members/999999')).status, 404);
    assert.equal((await member.client.get(`/api/ops/members/${member.user.id}`)).status, 403);
  });
});

describe('audit log', () => {
  test('sign-in success, failure and refusal, and sign-out are recorded and listed in their own view', async () => {
    const { user, password } = await buildUser(server, { role: 'reviewer', fullName: 'Sam Signin' });
    const member = await buildUser(server);
    const client = new Client(server);
    assert.equal((await client.post('/api/ops/session', { username: user.username, password: 'wrong-password' })).status, 401);
    // A member is refused exactly like a wrong password (no oracle), yet the log tells the two apart.
    assert.equal((await new Client(server).post('/api/ops/session', { username: member.user.username, password: member.password })).status, 401);
    const signIn = await client.post('/api/ops/session', { username: user.username, password });
    assert.equal(signIn.status, 200);
    const requestId = signIn.headers.get('x-request-id');
    assert.equal((await client.post('/api/ops/sign-out')).status, 200);
    assert.equal((await client.get('/api/ops/me')).status, 401, 'the session is gone');

    const admin = await staffClient('admin');
    const signIns = await json<{ items: Entry[] }>(await admin.client.get('/api/ops/audit?kind=sign_ins&pageSize=200'));
    // A failure names no account (the sign-in service does not say whether one exists), only what was typed.
    const mine = signIns.items.filter((e) => e.member?.id === user.id || (e.details as Json | null)?.login === user.username).map((e) => e.action);
    assert.deepEqual(mine, ['ops.sign_out', 'ops.sign_in', 'ops.sign_in_failed']);
    assert.ok(signIns.items.some((e) => e.action === 'ops.sign_in_refused' && e.member?.id === member.user.id));
    assert.equal(signIns.items.find((e) => e.action === 'ops.sign_in' && e.member?.id === user.id)?.requestId, requestId, 'the entry carries the request id of the response');
    const actions = await json<{ items: Entry[] }>(await admin.client.get('/api/ops/audit?kind=actions&pageSize=200'));
    assert.ok(actions.items.every((e) => !e.action.startsWith('ops.sign_')), 'sign-ins do not drown the actions');
  });

  test('filters by actor, member and kind agree with a brute-force filter of the whole log', async () => {
    const a = await staffClient('reviewer', 'Filter One');
    const b = await staffClient('reviewer', 'Filter Two');
    const m1 = await signedInClient(server);
    const m2 = await signedInClient(server);
    await a.client.post(`/api/ops/members/${m1.user.id}/suspend`, { reason: 'one' });
    await b.client.post(`/api/ops/members/${m1.user.id}/restore`, { note: 'restored' });
    await b.client.post(`/api/ops/members/${m2.user.id}/suspend`, { reason: 'two' });
    const all = (await json<{ items: Entry[] }>(await a.client.get('/api/ops/audit?pageSize=200'))).items;
    for (const [query, keep] of [
      [`actor=${b.user.id}`, (e: Entry) => e.actor.id === b.user.id],
      [`member=${m1.user.id}`, (e: Entry) => e.member?.id === m1.user.id],
      [`actor=${a.user.id}&kind=actions`, (e: Entry) => e.actor.id === a.user.id && !e.action.startsWith('ops.sign_')],
      ['action=member.', (e: Entry) => e.action.startsWith('member.')],
    ] as const) {
      const got = (await json<{ items: Entry[] }>(await a.client.get(`/api/ops/audit?pageSize=200&${query}`))).items.map((e) => e.id);
      assert.deepEqual(got, all.filter(keep).map((e) => e.id), query);
    }
  });

  test('opening an ID image is recorded against the member', async () => {
    const member = await signedInClient(server, { fullName: 'Dev Document' });
    const reviewer = await staffClient();
    const fileKey = 'c'.repeat(32);
    const { id: photoId } = await buildPhoto(server.db, { userId: member.user.id, purpose: 'verification_document', position: 0, fileKey, width: 1, height: 1, bytes: 1 });
    const { id: requestId } = await buildVerificationRequest(server.db, { userId: member.user.id, documentType: 'passport', documentPhotoId: photoId, status: 'pending' });
    await reviewer.client.get(`/media/photos/${fileKey}.jpg`);
    const log = await json<{ items: Entry[] }>(await reviewer.client.get(`/api/ops/audit?member=${member.user.id}`));
    assert.equal(log.items[0].action, 'verification.view_document');
    assert.equal(log.items[0].targetId, requestId);
    assert.equal(log.items[0].actor.id, reviewer.user.id);
  });
});

describe('inbox', () => {
  test('a contact message from a signed-in member names them, for the link to their page; a visitor\'s does not', async () => {
    const member = await signedInClient(server, { fullName: 'Writing Member' });
    const form = { name: 'Writing Member', email: member.user.email, subject: 'My photo upload fails', message: 'The upload keeps failing on my phone, please help.' };
    assert.equal((await member.client.post('/api/contact', form)).status, 201);
    assert.equal((await new Client(server).post('/api/contact', { ...form, name: 'A Visitor', email: 'visitor@example.test' })).status, 201);
    const reviewer = await staffClient();
    const inbox = await json<{ items: Json[] }>(await reviewer.client.get('/api/ops/inbox/contact?pageSize=200'));
    assert.equal(inbox.items.find((m) => m.name === 'Writing Member')?.userId, member.user.id);
    assert.equal(inbox.items.find((m) => m.name === 'A Visitor')?.userId, null);
  });
});
