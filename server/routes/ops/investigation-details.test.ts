import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { VERIFICATION_REJECTION_REASONS } from '../../../contracts/ops';
import { Client, type TestServer, startTestServer } from '../../test/harness';
import { buildProfile, buildUser, signedInClient } from '../../test/factories';
import { buildSignInAttempt, buildVerificationRequest } from '../../test/table-factories';

let server: TestServer;
before(async () => {
  server = await startTestServer();
});
after(async () => {
  await server.close();
});

type Json = Record<string, unknown>;
type Page = { items: Json[]; total: number; page: number; pageSize: number };

async function reviewer() {
  const { user, password } = await buildUser(server, { role: 'reviewer' });
  const client = new Client(server);
  assert.equal((await client.post('/api/ops/session', { username: user.username, password })).status, 200);
  return client;
}

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

describe('investigation details', () => {
  test('the verification queue shows the profile\'s date of birth, gender and country beside the ID; the canned reasons reject', async () => {
    const member = await signedInClient(server, { fullName: 'Kavya Menon' });
    await buildProfile(server, member.user, { dateOfBirth: '1994-08-21', gender: 'female', country: 'United Kingdom' });
    const request = await buildVerificationRequest(server.db, { userId: member.user.id });
    const staff = await reviewer();
    const queue = (await (await staff.get('/api/ops/verifications')).json()) as Page;
    const item = queue.items.find((i) => i.id === request.id) as Json & { profile: Json };
    assert.deepEqual(item.profile, { dateOfBirth: '1994-08-21', gender: 'female', country: 'United Kingdom' });

    const reason = VERIFICATION_REJECTION_REASONS[3];
    assert.equal((await staff.post(`/api/ops/verifications/${request.id}/reject`, { reason })).status, 200);
    const note = await server.db('notifications').where({ userId: member.user.id, type: 'verification' }).first();
    assert.match(note.content, /date of birth on the ID does not match/);

    // A member without a profile yet: the panel says so rather than inventing facts.
    const bare = await signedInClient(server);
    const other = await buildVerificationRequest(server.db, { userId: bare.user.id });
    const again = (await (await staff.get('/api/ops/verifications')).json()) as Page;
    assert.equal((again.items.find((i) => i.id === other.id) as Json).profile, null);
  });

  test('member search finds a member by user id, profile id or a pasted share link — and nobody else', async () => {
    const owner = await signedInClient(server, { fullName: 'Zubin Mistry' });
    const profile = await buildProfile(server, owner.user);
    const bystander = await signedInClient(server, { fullName: 'Zubin Other' });
    await buildProfile(server, bystander.user);
    const share = (await (await owner.client.post(`/api/profiles/${profile.id}/share`, {})).json()) as { shareCode: string };
    const staff = await reviewer();
    const found = async (q: string) => ((await (await staff.get(`/api/ops/members?q=${encodeURIComponent(q)}`)).json()) as Page).items.map((i) => i.id);

    // A number is a user id or a profile id: the member with that id, and the owner of the profile with that id.
    const byNumber = await found(String(owner.user.id));
    const profileOwner = (await server.db('profiles').where({ id: owner.user.id }).first())?.userId;
    assert.deepEqual([...byNumber].sort(), [...new Set([owner.user.id, ...(profileOwner ? [profileOwner] : [])])].sort(), 'by user id');
    assert.ok((await found(`#${profile.id}`)).includes(owner.user.id), 'by profile id');
    assert.deepEqual(await found(`https://saathi.example/shared/${share.shareCode}`), [owner.user.id], 'by a pasted link: its owner only');
    assert.deepEqual(await found(`https://saathi.example/shared/${'Z'.repeat(24)}`), [], 'an unknown link finds no one');
    assert.ok((await found('Zubin')).includes(bystander.user.id), 'names still match');
  });

  test('the member page lists sign-in attempts, failures included, with device and address; staff-only; kept 90 days', async () => {
    const member = await signedInClient(server, { fullName: 'Rahul Bose' });
    await new Client(server).request('POST', '/api/auth/login', { form: { username: member.user.username, password: 'not-the-password' }, headers: { 'User-Agent': IPHONE } });
    await buildSignInAttempt(server.db, { userId: member.user.id, createdAt: Date.now() - 91 * 24 * 3600_000 });
    await new Client(server).request('POST', '/api/auth/login', { form: { username: member.user.username, password: member.password }, headers: { 'User-Agent': IPHONE } });
    const staff = await reviewer();
    const detail = (await (await staff.get(`/api/ops/members/${member.user.id}`)).json()) as { signIns: Json[] };
    assert.deepEqual(detail.signIns.slice(0, 3).map((s) => [s.outcome, s.reason, s.device]), [
      ['success', null, 'Safari on iPhone'],
      ['failure', 'invalid', 'Safari on iPhone'],
      ['success', null, 'App or script'],
    ]);
    assert.equal(detail.signIns.length, 3, 'the 91-day-old attempt is not shown');
    assert.ok(detail.signIns.every((s) => typeof s.ip === 'string' && typeof s.at === 'string'));
    assert.equal((await server.db('sign_in_attempts').where({ userId: member.user.id })).length, 3, 'and it was deleted at the next attempt');
    assert.equal((await member.client.get(`/api/ops/members/${member.user.id}`)).status, 403, 'members never see it here');
  });

  test('a revoked share link takes a reason and tells its owner, in the app and by email', async () => {
    const owner = await signedInClient(server, { fullName: 'Sana Shaikh' });
    const profile = await buildProfile(server, owner.user);
    const share = (await (await owner.client.post(`/api/profiles/${profile.id}/share`, {})).json()) as { id: number; shareCode: string };
    const staff = await reviewer();
    const noReason = await staff.post(`/api/ops/shares/${share.id}/deactivate`, {});
    assert.equal(noReason.status, 400);
    assert.equal((await new Client(server).get(`/api/shares/${share.shareCode}`)).status, 200, 'refused without a reason: still works');

    assert.equal((await staff.post(`/api/ops/shares/${share.id}/deactivate`, { reason: 'Posted on a public forum with your phone number' })).status, 200);
    assert.equal((await new Client(server).get(`/api/shares/${share.shareCode}`)).status, 410);
    const note = await server.db('notifications').where({ userId: owner.user.id, sourceType: 'profile_share' }).first();
    assert.equal(note.title, 'A share link of your profile was turned off');
    assert.match(note.content, /public forum/);
    const mail = await server.db('email_outbox').where({ toEmail: owner.user.email }).orderBy('id', 'desc').first();
    assert.equal(mail.subject, 'A share link of your Saathi profile was turned off');
    assert.match(mail.bodyText, /public forum/);
    const listed = (await (await staff.get(`/api/ops/shares?q=${share.id}`)).json()) as Page;
    assert.equal(listed.items[0].deactivationReason, 'Posted on a public forum with your phone number');
    assert.equal((await staff.post(`/api/ops/shares/${share.id}/deactivate`, { reason: 'Again' })).status, 409);
  });

  test('an out-of-range page is clamped to the last page (or the first); not a number is a 400', async () => {
    for (let i = 0; i < 3; i++) await signedInClient(server, { fullName: `Clamp Person ${i}` });
    const staff = await reviewer();
    const past = (await (await staff.get('/api/ops/members?q=Clamp%20Person&pageSize=2&page=999')).json()) as Page;
    assert.deepEqual([past.page, past.total, past.items.length], [2, 3, 1]);
    const below = (await (await staff.get('/api/ops/members?q=Clamp%20Person&pageSize=2&page=-4')).json()) as Page;
    assert.deepEqual([below.page, below.items.length], [1, 2]);
    const none = (await (await staff.get('/api/ops/members?q=nobody-at-all&page=7')).json()) as Page;
    assert.deepEqual([none.page, none.total], [1, 0]);
    assert.equal((await staff.get('/api/ops/members?page=abc')).status, 400);
  });
});
