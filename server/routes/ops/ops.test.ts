import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { opsRoutes } from './ops';
import { Client, type TestServer, startTestServer } from '../../test/harness';
import { buildProfile, buildUser, jpegBytes, signedInClient } from '../../test/factories';
import { isPostgres } from '../../db';
import { assertSameErrorAnswer } from '../../test/error-bodies';
import { buildPhoto, buildVerificationRequest } from '../../test/table-factories';

let server: TestServer;
before(async () => {
  server = await startTestServer();
});
after(async () => {
  await server.close();
});

type Json = Record<string, unknown>;

async function staffClient(role: 'reviewer' | 'admin' = 'reviewer') {
  const { user, password } = await buildUser(server, { role });
  const client = new Client(server);
  const res = await client.post('/api/ops/session', { username: user.username, password });
  assert.equal(res.status, 200);
  return { client, user };
}

describe('access', () => {
  test('every /api/ops route: 401 for visitors, 403 for members (walks the route table)', async () => {
    const member = await signedInClient(server);
    const visitor = new Client(server);
    const layers = opsRoutes().stack.filter((l) => l.methods.length > 0);
    assert.ok(layers.length >= 20, `found ${layers.length} routes`);
    for (const layer of layers) {
      const path = String(layer.path).replace(/:[A-Za-z]+/g, "1");
      for (const method of layer.methods.filter((m) => m !== 'HEAD')) {
        const asMember = await member.client.request(method, path, { json: method === 'GET' ? undefined : {} });
        assert.equal(asMember.status, 403, `member ${method} ${path}`);
        const asVisitor = await visitor.request(method, path, { json: method === 'GET' ? undefined : {} });
        assert.equal(asVisitor.status, 401, `visitor ${method} ${path}`);
      }
    }
  });

  test("the ops sign-in refuses a member's right password exactly like a wrong one, without a session", async () => {
    const { user, password } = await buildUser(server);
    const client = new Client(server);
    const right = await client.post('/api/ops/session', { username: user.username, password });
    const wrong = await new Client(server).post('/api/ops/session', { username: user.username, password: 'not-the-password' });
    assert.equal(right.status, 401);
    assert.equal(wrong.status, 401);
    await assertSameErrorAnswer(right, wrong, 'no password oracle for member accounts');
    assert.equal((await client.get('/api/auth/user')).status, 401);
  });

  test('only admins list and create reviewers', async () => {
    const reviewer = await staffClient('reviewer');
    const admin = await staffClient('admin');
    assert.equal((await reviewer.client.get('/api/ops/reviewers')).status, 403);
    const created = await admin.client.post('/api/ops/reviewers', { username: 'gita.ops', fullName: 'Gita Rao', email: 'gita@ops.test' });
    assert.equal(created.status, 201);
    const audit = (await (await admin.client.get('/api/ops/audit?action=reviewer.create')).json()) as { items: Json[] };
    assert.ok(audit.items.some((i) => (i.details as Json).username === 'gita.ops'));
  });
});

describe('identity verification', () => {
  test('member submits, reviewer approves: Verified, notified, images gone', async () => {
    const member = await signedInClient(server, { fullName: 'Sunil Das' });
    await buildProfile(server, member.user, { gender: 'male' });
    assert.equal(((await (await member.client.get('/api/verification')).json()) as Json).status, 'not_submitted');
    const form = new FormData();
    form.append('documentType', 'passport');
    form.append('selfie', new Blob([new Uint8Array(await jpegBytes())], { type: 'image/jpeg' }), 'selfie.jpg');
    form.append('document', new Blob([new Uint8Array(await jpegBytes({ width: 120 }))], { type: 'image/jpeg' }), 'passport.jpg');
    const submit = await fetch(`${server.url}/api/verification`, { method: 'POST', headers: { Cookie: member.client.cookieHeader(), Origin: server.origin, Accept: 'application/json' }, body: form });
    assert.equal(submit.status, 201, await submit.clone().text());
    assert.equal(((await submit.json()) as Json).status, 'pending');

    const reviewer = await staffClient();
    const queue = (await (await reviewer.client.get('/api/ops/verifications')).json()) as { items: Array<Json & { selfieUrl: string; documentUrl: string }> };
    const item = queue.items.find((i) => (i.user as Json).id === member.user.id);
    assert.ok(item);
    assert.equal((await reviewer.client.get(item.selfieUrl)).status, 200, 'reviewers read ID images');
    assert.equal((await member.client.get(item.documentUrl)).status, 404, 'the member cannot read them back');
    assert.equal((await new Client(server).get(item.documentUrl)).status, 404);

    assert.equal((await reviewer.client.post(`/api/ops/verifications/${item.id}/approve`)).status, 200);
    assert.equal((await reviewer.client.get(item.selfieUrl)).status, 404, 'deleted once decided');
    assert.equal((await reviewer.client.post(`/api/ops/verifications/${item.id}/approve`)).status, 409);
    const me = (await (await member.client.get('/api/auth/user')).json()) as Json;
    assert.equal(me.isVerified, true);
    const note = await server.db('notifications').where({ userId: member.user.id, type: 'verification' }).first();
    assert.equal(note.title, 'You are verified!');
    assert.equal((await server.db('identity_verifications').where({ userId: member.user.id })).length, 1);
    assert.equal(((await (await member.client.get('/api/verification')).json()) as Json).status, 'approved');
  });

  test('rejection needs a reason, notifies, and allows a resubmission', async () => {
    const member = await signedInClient(server);
    const reviewer = await staffClient();
    const selfie = await buildPhoto(server.db, { userId: member.user.id, purpose: 'verification_selfie', position: 0, fileKey: 'b'.repeat(32), width: 1, height: 1, bytes: 1 });
    const { id } = await buildVerificationRequest(server.db, { userId: member.user.id, documentType: 'national_id', selfiePhotoId: selfie.id, status: 'pending' });
    assert.equal((await reviewer.client.post(`/api/ops/verifications/${id}/reject`, { reason: '' })).status, 400);
    assert.equal((await reviewer.client.post(`/api/ops/verifications/${id}/reject`, { reason: 'The ID photo is blurred' })).status, 200);
    const status = (await (await member.client.get('/api/verification')).json()) as Json;
    assert.deepEqual([status.status, status.rejectionReason], ['rejected', 'The ID photo is blurred']);
    const note = await server.db('notifications').where({ userId: member.user.id, type: 'verification' }).first();
    assert.match(note.content, /The ID photo is blurred/);
    assert.equal((await server.db('photos').where({ fileKey: 'b'.repeat(32) })).length, 0);
  });
});

describe('stories, shares, reports, members, dashboard', () => {
  test('a published story reaches the member API; an unpublished one does not', async () => {
    const reviewer = await staffClient();
    const { user: a } = await buildUser(server, { fullName: 'Meena Pillai' });
    const { user: b } = await buildUser(server, { fullName: 'Arun Pillai' });
    const lookup = (await (await reviewer.client.get('/api/ops/members/lookup?q=pillai')).json()) as Json[];
    assert.equal(lookup.length, 2);
    const created = (await (await reviewer.client.post('/api/ops/stories', { user1Id: a.id, user2Id: b.id, matchDate: '2025-01-10', marriageDate: '2025-11-20', location: 'Kochi', testimonial: 'We found each other across two continents thanks to Saathi.' })).json()) as Json;
    const visible = async () => ((await (await new Client(server).get('/api/success-stories')).json()) as Json[]).some((s) => (s.user1 as Json).fullName === 'Meena Pillai');
    assert.equal(await visible(), false);
    // Both members agree through the links they are sent.
    await reviewer.client.post(`/api/ops/stories/${created.id}/consent`);
    for (const member of [a, b]) {
      const mail = await server.db('email_outbox').where({ toEmail: member.email }).orderBy('id', 'desc').first();
      const token = /\/story-consent\/([A-Za-z0-9_-]+)/.exec(mail.bodyText)?.[1];
      assert.equal((await new Client(server).post(`/api/story-consent/${token}`, { answer: 'accept' })).status, 200);
    }
    await reviewer.client.post(`/api/ops/stories/${created.id}/publish`);
    assert.equal(await visible(), true);
    await reviewer.client.post(`/api/ops/stories/${created.id}/unpublish`);
    assert.equal(await visible(), false);
    assert.equal((await reviewer.client.post('/api/ops/stories', { user1Id: a.id, user2Id: a.id, matchDate: '2025-01-10', testimonial: 'x'.repeat(30) })).status, 400);
  });

  test('share audit: filter, sort by views, deactivate, CSV export', async () => {
    const owner = await signedInClient(server, { fullName: 'Farah Khan' });
    const profile = await buildProfile(server, owner.user);
    const share = (await (await owner.client.post(`/api/profiles/${profile.id}/share`, {})).json()) as { shareCode: string; id: number };
    await new Client(server).get(`/api/shares/${share.shareCode}`);
    const reviewer = await staffClient();
    const list = (await (await reviewer.client.get('/api/ops/shares?owner=farah&sort=views&dir=desc')).json()) as { items: Json[]; total: number };
    assert.equal(list.total, 1);
    assert.deepEqual([list.items[0].accessCount, list.items[0].state], [1, 'active']);
    assert.equal((await reviewer.client.post(`/api/ops/shares/${share.id}/deactivate`, { reason: 'Posted on a public forum' })).status, 200);
    assert.equal((await new Client(server).get(`/api/shares/${share.shareCode}`)).status, 410);
    const csv = await reviewer.client.get('/api/ops/shares.csv?state=deactivated&owner=farah');
    assert.match(csv.headers.get('content-type') ?? '', /text\/csv/);
    const text = await csv.text();
    assert.match(text.split('\n')[0], /^id,code_prefix,profile_id,owner/);
    assert.match(text, /Farah Khan/);
    assert.match(text, /deactivated/);
  });

  test('suspending a reported member ends their sessions and they cannot sign in until restored', async () => {
    const bad = await signedInClient(server);
    await buildProfile(server, bad.user);
    const reporter = await signedInClient(server);
    await reporter.client.post('/api/reports', { reportedUserId: bad.user.id, reason: 'harassment', details: 'Rude messages' });
    const reviewer = await staffClient();
    const queue = (await (await reviewer.client.get('/api/ops/reports')).json()) as { items: Json[] };
    const report = queue.items.find((r) => (r.reported as Json).id === bad.user.id);
    assert.ok(report);
    assert.equal((await reviewer.client.post(`/api/ops/reports/${report.id}/suspend`, { note: 'Repeated harassment' })).status, 200);
    assert.equal((await bad.client.get('/api/auth/user')).status, 401);
    // Refused exactly like a wrong password (the reason goes by email).
    assert.equal((await new Client(server).postForm('/api/auth/login', { username: bad.user.username, password: bad.password })).status, 401);
    const members = (await (await reviewer.client.get(`/api/ops/members?q=${bad.user.username}`)).json()) as { items: Json[] };
    assert.equal(members.items[0].status, 'suspended');
    assert.equal((await reviewer.client.post(`/api/ops/members/${bad.user.id}/restore`)).status, 400, 'restoring takes a note');
    assert.equal((await reviewer.client.post(`/api/ops/members/${bad.user.id}/restore`, { note: 'The reporter withdrew the complaint' })).status, 200);
    assert.equal((await new Client(server).postForm('/api/auth/login', { username: bad.user.username, password: bad.password })).status, 200);
    const audit = (await (await reviewer.client.get('/api/ops/audit')).json()) as { items: Json[] };
    // One row for the one action: the report's suspension is not written again as a member suspension.
    assert.ok(audit.items.some((i) => i.action === 'report.suspend' && i.targetId === report.id));
    assert.ok(!audit.items.some((i) => i.action === 'member.suspend' && i.targetId === bad.user.id));
    assert.ok(audit.items.some((i) => i.action === 'member.restore'));
  });

  test('the dashboard has tiles and 30-day series', async () => {
    const reviewer = await staffClient();
    const dash = (await (await reviewer.client.get('/api/ops/dashboard')).json()) as Record<string, unknown> & { registrationsPerDay: Array<{ date: string; count: number }>; membersByTier: Record<string, number> };
    assert.equal(dash.registrationsPerDay.length, 30);
    assert.equal(dash.registrationsPerDay[29].date, new Date().toISOString().slice(0, 10));
    assert.ok(dash.registrationsPerDay[29].count > 0);
    assert.ok(dash.membersByTier.tryme > 0);
    for (const key of ['verificationDecisionsPerDay', 'verificationApprovalsPerDay', 'verificationRejectionsPerDay', 'shareViewsPerDay', 'moodCheckInsPerDay']) assert.equal((dash[key] as unknown[]).length, 30);
    // Approvals and rejections are the decisions, split.
    const sum = (key: string) => (dash[key] as Array<{ count: number }>).reduce((n, d) => n + d.count, 0);
    assert.equal(sum('verificationApprovalsPerDay') + sum('verificationRejectionsPerDay'), sum('verificationDecisionsPerDay'));
    assert.ok(sum('verificationRejectionsPerDay') > 0);
  });
});

describe('audit entries are written with the action or not at all', () => {
  test('when the audit entry cannot be written, the decision is rolled back and the request stays pending', async () => {
    const member = await signedInClient(server);
    const reviewer = await staffClient();
    const { id } = await buildVerificationRequest(server.db, { userId: member.user.id, documentType: 'passport', status: 'pending' });
    const pg = isPostgres(server.db);
    // Make the audit log refuse this one action, as a full disk or a lost connection would.
    if (pg) {
      await server.db.raw(`CREATE OR REPLACE FUNCTION refuse_audit() RETURNS trigger AS $$ BEGIN IF NEW.action = 'verification.approve' THEN RAISE EXCEPTION 'audit refused'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql`);
      await server.db.raw('CREATE TRIGGER refuse_audit BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION refuse_audit()');
    } else {
      await server.db.raw("CREATE TRIGGER refuse_audit BEFORE INSERT ON audit_log WHEN NEW.action = 'verification.approve' BEGIN SELECT RAISE(ABORT, 'audit refused'); END");
    }
    try {
      assert.equal((await reviewer.client.post(`/api/ops/verifications/${id}/approve`)).status, 500);
    } finally {
      await server.db.raw(pg ? 'DROP TRIGGER refuse_audit ON audit_log' : 'DROP TRIGGER refuse_audit');
    }
    const request = await server.db('verification_requests').where({ id }).first();
    assert.equal(request.status, 'pending');
    assert.equal((await server.db('users').where({ id: member.user.id }).first()).isVerified, pg ? false : 0);
    assert.equal((await server.db('identity_verifications').where({ userId: member.user.id })).length, 0);
    assert.equal((await reviewer.client.post(`/api/ops/verifications/${id}/approve`)).status, 200, 'and it can be decided again');
    assert.equal((await server.db('audit_log').where({ action: 'verification.approve', targetId: id })).length, 1);
  });
});
