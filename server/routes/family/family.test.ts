import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Client, type TestServer, startTestServer } from '../../test/harness';
import { buildProfile, profilePayload, signedInClient } from '../../test/factories';
import { buildFamilyMember, buildRecoveryCode } from '../../test/table-factories';

let server: TestServer;
before(async () => {
  server = await startTestServer();
});
after(() => server.close());

const ACCOUNT = { fullName: 'Priya Raman', password: 'priya-secret-pass', confirmPassword: 'priya-secret-pass' };

/** The invitation link's token from the last email sent to `to` (the outbox keeps it without SMTP). */
async function inviteToken(to: string): Promise<string> {
  const mail = await server.db('email_outbox').where({ toEmail: to }).orderBy('id', 'desc').first();
  const match = /\/family-invite\/([A-Za-z0-9_-]+)/.exec(mail?.bodyText ?? '');
  assert.ok(match, `an invitation email to ${to}`);
  return match[1];
}

/** A mother who made a profile for her daughter Priya (the profile's account is the mother's sign-in). */
async function parentManagedProfile() {
  const parent = await signedInClient(server, { fullName: 'Lakshmi Raman' });
  const profile = await buildProfile(server, parent.user, { profileType: 'parent', parentName: 'Lakshmi Raman', parentRelationship: 'mother', parentContact: '+44 7700 900456', fullName: 'Priya Raman' });
  return { parent, profile };
}

describe('family access: a parent-managed profile and its candidate', () => {
  test('the creator is the first family member; others see "not yet confirmed by Priya"', async () => {
    const { parent, profile } = await parentManagedProfile();
    const res = await parent.client.get(`/api/family/${profile.id}`);
    assert.equal(res.status, 200);
    const body = (await res.json()) as { consent: string; you: { role: string }; people: Array<{ role: string; relation: string; fullName: string }> };
    assert.equal(body.consent, 'unconfirmed');
    assert.equal(body.you.role, 'family');
    assert.deepEqual(body.people.map((p) => [p.role, p.relation, p.fullName]), [['family', 'mother', 'Lakshmi Raman']]);

    const other = await signedInClient(server);
    assert.equal((await other.client.get(`/api/family/${profile.id}`)).status, 404, 'a stranger does not learn who runs a profile');
    assert.equal((await new Client(server).get(`/api/family/${profile.id}`)).status, 401);
  });

  test('the parent invites Priya; she accepts with her own password and the parent moves to an account of her own', async () => {
    const { parent, profile } = await parentManagedProfile();
    const email = `priya.${profile.id}@example.test`;
    const invited = await parent.client.post(`/api/family/${profile.id}/invitations`, { role: 'candidate', email, firstName: 'Priya' });
    assert.equal(invited.status, 201);
    assert.equal(((await invited.json()) as { message: string }).message, `Invitation sent to ${email}`);
    const token = await inviteToken(email);
    const stored = await server.db('family_invitations').where({ profileId: profile.id }).first();
    assert.notEqual(stored.tokenHash, token, 'only a hash of the token is stored');
    assert.ok(!JSON.stringify(stored).includes(token));

    const visitor = new Client(server);
    const seen = (await (await visitor.get(`/api/family-invitations/${token}`)).json()) as { role: string; inviterName: string; candidateFirstName: string };
    assert.deepEqual([seen.role, seen.inviterName, seen.candidateFirstName], ['candidate', 'Lakshmi Raman', 'Priya']);

    const candidate = new Client(server);
    const bad = await candidate.post(`/api/family-invitations/${token}`, { answer: 'accept', ...ACCOUNT, username: 'x', });
    assert.equal(bad.status, 400, 'a bad account changes nothing');
    assert.equal((await server.db('profile_family').where({ profileId: profile.id }).first()).consent, 'unconfirmed');

    const accepted = await candidate.post(`/api/family-invitations/${token}`, { answer: 'accept', ...ACCOUNT, username: `priya_${profile.id}` });
    assert.equal(accepted.status, 200, await accepted.clone().text());
    const me = (await (await candidate.get('/api/auth/user')).json()) as { id: number; fullName: string; email: string };
    assert.notEqual(me.id, parent.user.id, 'Priya has an account of her own');
    assert.deepEqual([me.fullName, me.email], ['Priya Raman', email]);
    assert.equal(Number((await server.db('profiles').where({ id: profile.id }).first()).userId), me.id, 'the profile moved to her account');

    // The link works once.
    assert.equal((await new Client(server).post(`/api/family-invitations/${token}`, { answer: 'decline' })).status, 410);

    // The mother keeps her account: the same session goes on working, now as one of Priya's family.
    const mother = (await (await parent.client.get('/api/auth/user')).json()) as { id: number; fullName: string; subscriptionTier: string };
    assert.deepEqual([mother.id, mother.fullName], [parent.user.id, 'Lakshmi Raman']);
    const again = parent.client;
    const family = (await (await again.get(`/api/family/${profile.id}`)).json()) as { consent: string; you: { role: string }; people: Array<{ role: string; userId: number }> };
    assert.equal(family.consent, 'confirmed');
    assert.equal(family.you.role, 'family');
    assert.deepEqual(family.people.map((p) => [p.role, p.userId]), [['candidate', me.id], ['family', parent.user.id]]);
    const helped = (await (await again.get('/api/family')).json()) as Array<{ profileId: number; candidateName: string }>;
    assert.deepEqual(helped.map((h) => [h.profileId, h.candidateName]), [[profile.id, 'Priya']]);
    const told = await server.db('notifications').where({ userId: parent.user.id, sourceType: 'family' }).orderBy('id', 'desc').first();
    assert.equal(told.title, 'Priya accepted the profile');

    // Only the candidate decides what family may do.
    assert.equal((await again.patch(`/api/family/${profile.id}/permissions`, { mayMessage: true })).status, 403);
    const set = await candidate.patch(`/api/family/${profile.id}/permissions`, { mayMessage: true, mayEdit: false });
    assert.equal(set.status, 200);
    assert.deepEqual(((await set.json()) as { permissions: Record<string, boolean> }).permissions, { mayEdit: false, maySearch: true, mayLike: true, mayShortlist: true, mayMessage: true, mayShare: true, mayCall: false });
    assert.equal((await candidate.patch(`/api/family/${profile.id}/permissions`, { mayFly: true })).status, 400);
  });

  test("the parent's sign-in stays hers (password, two-factor, recovery codes); Priya starts with her own", async () => {
    const { parent, profile } = await parentManagedProfile();
    await server.db('users').where({ id: parent.user.id }).update({ totpSecret: 'JBSWY3DPEHPK3PXP', totpEnabled: true });
    await buildRecoveryCode(server.db, { userId: parent.user.id, codeHash: 'a'.repeat(64) });
    const email = `priya.2fa.${profile.id}@example.test`;
    await parent.client.post(`/api/family/${profile.id}/invitations`, { role: 'candidate', email, firstName: 'Priya' });
    const res = await new Client(server).post(`/api/family-invitations/${await inviteToken(email)}`, { answer: 'accept', ...ACCOUNT, username: `priya_2fa_${profile.id}` });
    assert.equal(res.status, 200);
    const mother = await server.db('users').where({ id: parent.user.id }).first();
    assert.equal(mother.usernameLower, parent.user.username.toLowerCase());
    assert.equal(Boolean(Number(mother.totpEnabled)), true);
    assert.equal(mother.totpSecret, 'JBSWY3DPEHPK3PXP');
    assert.equal(Number((await server.db('totp_recovery_codes').where({ userId: parent.user.id }).count({ n: '*' }).first())?.n), 1);
    const candidate = await server.db('users').where({ usernameLower: `priya_2fa_${profile.id}` }).first();
    assert.equal(Boolean(Number(candidate.totpEnabled)), false);
    assert.equal(candidate.totpSecret, null);
    // Signing in with the parent's password still asks for her second factor, on her own account.
    const login = await new Client(server).postForm('/api/auth/login', { username: parent.user.username, password: parent.password });
    assert.equal(login.status, 401);
    assert.equal(((await login.json()) as { totpRequired?: boolean }).totpRequired, true, 'the password is right; the code is asked for');
  });

  test('a parent who makes the profile through the wizard is its first family member at once: its people show before anyone opens Family', async () => {
    const parent = await signedInClient(server, { fullName: 'Anjali Kapoor' });
    const created = await parent.client.post('/api/profiles', profilePayload({ profileType: 'parent', fullName: 'Rohan Kapoor', gender: 'male', parentName: 'Anjali Kapoor', parentRelationship: 'mother', parentContact: '+44 7700 900789' }));
    assert.equal(created.status, 201, await created.clone().text());
    const { id } = (await created.json()) as { id: number };
    assert.deepEqual(await server.db('profile_family').where({ profileId: id }).first('consent', 'candidateFirstName'), { consent: 'unconfirmed', candidateFirstName: 'Rohan' });
    assert.deepEqual(await server.db('family_members').where({ profileId: id }).select('userId', 'relation', 'status'), [{ userId: parent.user.id, relation: 'mother', status: 'active' }]);
    const admin = await signedInClient(server, { role: 'admin' });
    const page = (await (await admin.client.get(`/api/ops/members/${parent.user.id}`)).json()) as { family: { ownProfile: { consent: string; people: Array<{ role: string; relation: string | null; fullName: string }> } } };
    assert.equal(page.family.ownProfile.consent, 'unconfirmed');
    assert.deepEqual(page.family.ownProfile.people.map((p) => [p.role, p.relation, p.fullName]), [['family', 'mother', 'Anjali Kapoor']]);
    // A member who makes their own profile has no family to record.
    const self = await signedInClient(server);
    const own = (await (await self.client.post('/api/profiles', profilePayload())).json()) as { id: number };
    assert.equal(await server.db('family_members').where({ profileId: own.id }).first(), undefined);
  });

  test('declining hides the profile from everyone and tells the family in the bell and by email', async () => {
    const { parent, profile } = await parentManagedProfile();
    const viewer = await signedInClient(server);
    await buildProfile(server, viewer.user, { gender: 'male' });
    assert.equal((await viewer.client.get(`/api/profiles/${profile.id}`)).status, 200);
    const email = `priya.decline.${profile.id}@example.test`;
    await parent.client.post(`/api/family/${profile.id}/invitations`, { role: 'candidate', email, firstName: 'Priya' });
    const res = await new Client(server).post(`/api/family-invitations/${await inviteToken(email)}`, { answer: 'decline' });
    assert.equal(res.status, 200);
    assert.equal((await viewer.client.get(`/api/profiles/${profile.id}`)).status, 404, 'declined: hidden');
    const bell = await server.db('notifications').where({ userId: parent.user.id, sourceType: 'family' }).first();
    assert.match(bell.title, /Priya declined/);
    const mail = await server.db('email_outbox').where({ toEmail: parent.user.email }).orderBy('id', 'desc').first();
    assert.match(mail.subject, /Priya declined/);
    const family = (await (await parent.client.get(`/api/family/${profile.id}`)).json()) as { consent: string };
    assert.equal(family.consent, 'declined');
  });

  test('declining may also report "made without my consent": the ops queue shows it first; a plain decline files nothing', async () => {
    const { parent, profile } = await parentManagedProfile();
    const email = `priya.report.${profile.id}@example.test`;
    await parent.client.post(`/api/family/${profile.id}/invitations`, { role: 'candidate', email, firstName: 'Priya' });
    const token = await inviteToken(email);
    const mixed = await new Client(server).post(`/api/family-invitations/${token}`, { answer: 'accept', report: true, ...ACCOUNT, username: `priya_r_${profile.id}` });
    assert.equal(mixed.status, 400, 'a report goes with a decline only');
    assert.equal((await server.db('profile_family').where({ profileId: profile.id }).first()).consent, 'unconfirmed');
    const other = await signedInClient(server);
    await buildProfile(server, other.user);
    const reporter = await signedInClient(server);
    assert.equal((await reporter.client.post('/api/reports', { reportedUserId: other.user.id, reason: 'harassment' })).status, 201);

    const res = await new Client(server).post(`/api/family-invitations/${token}`, { answer: 'decline', report: true, details: 'My mother made this; I do not want to marry now.' });
    assert.equal(res.status, 200, await res.clone().text());
    assert.match(((await res.json()) as { message: string }).message, /safety team has your report/);
    assert.equal((await server.db('profile_family').where({ profileId: profile.id }).first()).consent, 'declined');
    const admin = await signedInClient(server, { role: 'admin' });
    const queue = (await (await admin.client.get('/api/ops/reports')).json()) as { items: Array<{ id: number; reason: string; priority: boolean; source: string; reporter: unknown; reported: { id: number } }> };
    const first = queue.items[0];
    // No reporter account: the queue says it came from declining the profile, not from a deleted account.
    assert.deepEqual([first?.reason, first?.priority, first?.source, first?.reporter, first?.reported.id], ['made_without_consent', true, 'family_decline', null, parent.user.id]);
    const stored = await server.db('reports').where({ id: first?.id }).first();
    assert.equal(stored.reportedProfileId, profile.id);
    assert.match(stored.details, /Declined by the person the profile was made for \(invited at priya\.report\.\d+@example\.test\)\.\n\nMy mother made this/);
    // The family are told of the decline, not of the report.
    const told = await server.db('notifications').where({ userId: parent.user.id, sourceType: 'family' });
    assert.equal(told.length, 1);
    assert.doesNotMatch(`${told[0].title} ${told[0].content}`, /report|safety/i);

    // A decline without the report files none.
    const second = await parentManagedProfile();
    const email2 = `priya.plain.${second.profile.id}@example.test`;
    await second.parent.client.post(`/api/family/${second.profile.id}/invitations`, { role: 'candidate', email: email2, firstName: 'Priya' });
    const before = await server.db('reports').count({ n: '*' }).first();
    assert.equal((await new Client(server).post(`/api/family-invitations/${await inviteToken(email2)}`, { answer: 'decline' })).status, 200);
    assert.deepEqual(await server.db('reports').count({ n: '*' }).first(), before);
  });

  test('taking over removes every family member and signs them out', async () => {
    const { parent, profile } = await parentManagedProfile();
    const email = `priya.takeover.${profile.id}@example.test`;
    await parent.client.post(`/api/family/${profile.id}/invitations`, { role: 'candidate', email, firstName: 'Priya' });
    const candidate = new Client(server);
    const res = await candidate.post(`/api/family-invitations/${await inviteToken(email)}`, { answer: 'take_over', ...ACCOUNT, username: `priya_to_${profile.id}` });
    assert.equal(res.status, 200);
    const family = (await (await candidate.get(`/api/family/${profile.id}`)).json()) as { people: Array<{ role: string }> };
    assert.deepEqual(family.people.map((p) => p.role), ['candidate']);
    assert.equal((await parent.client.get('/api/auth/user')).status, 401, 'the removed mother was signed out');
    const again = new Client(server);
    await again.postForm('/api/auth/login', { username: parent.user.username, password: parent.password });
    assert.equal((await again.get(`/api/family/${profile.id}`)).status, 404, 'the removed mother is no longer one of its people');
    const me = (await (await again.get('/api/auth/user')).json()) as { id: number };
    assert.equal(me.id, parent.user.id, 'her own account, kept');
    const bell = (await (await again.get(`/api/notifications/${me.id}`)).json()) as Array<{ title: string; content: string | null }>;
    assert.ok(bell.some((n) => n.title === 'Priya took the profile over' && /you were signed out/.test(n.content ?? '')), JSON.stringify(bell));
  });
});

describe('family access: a candidate who signed up alone', () => {
  test("the answer to an invitation is in the inviter's language", async () => {
    const candidate = await signedInClient(server, { fullName: 'Kavya Iyer', language: 'hi' });
    const profile = await buildProfile(server, candidate.user);
    const father = `kavya.father.${profile.id}@example.test`;
    const hindi = await candidate.client.post(`/api/family/${profile.id}/invitations`, { role: 'family', email: father, relation: 'father' });
    assert.equal(hindi.status, 201);
    assert.equal(((await hindi.json()) as { message: string }).message, `${father} पर निमंत्रण भेज दिया गया है।`);
    await server.db('users').where({ id: candidate.user.id }).update({ language: 'ta' });
    const mother = `kavya.mother.${profile.id}@example.test`;
    const tamil = await candidate.client.post(`/api/family/${profile.id}/invitations`, { role: 'family', email: mother, relation: 'mother' });
    assert.equal(((await tamil.json()) as { message: string }).message, `${mother} முகவரிக்கு அழைப்பு அனுப்பப்பட்டது.`);
  });

  test('invites family the same way, and removing one ends their sessions at once', async () => {
    const candidate = await signedInClient(server, { fullName: 'Arjun Mehta' });
    const profile = await buildProfile(server, candidate.user, { gender: 'male' });
    const email = `arjun.father.${profile.id}@example.test`;
    assert.equal((await candidate.client.post(`/api/family/${profile.id}/invitations`, { role: 'candidate', email, firstName: 'Arjun' })).status, 403, 'he is the candidate already');
    assert.equal((await candidate.client.post(`/api/family/${profile.id}/invitations`, { role: 'family', email, relation: 'uncle' })).status, 400);
    assert.equal((await candidate.client.post(`/api/family/${profile.id}/invitations`, { role: 'family', email, relation: 'father' })).status, 201);

    const father = new Client(server);
    const joined = await father.post(`/api/family-invitations/${await inviteToken(email)}`, { fullName: 'Rakesh Mehta', username: `rakesh_${profile.id}`, password: 'rakesh-pass-123', confirmPassword: 'rakesh-pass-123' });
    assert.equal(joined.status, 200, await joined.clone().text());
    const view = (await (await father.get(`/api/family/${profile.id}`)).json()) as { you: { role: string }; people: Array<{ role: string; relation: string | null; memberId: number | null }> };
    assert.equal(view.you.role, 'family');
    assert.deepEqual(view.people.map((p) => [p.role, p.relation]), [['candidate', null], ['family', 'father']]);
    assert.equal((await father.post(`/api/family/${profile.id}/invitations`, { role: 'family', email: 'aunt@example.test', relation: 'relative' })).status, 403, 'only the candidate invites family');
    const memberId = view.people[1].memberId;
    assert.equal((await father.delete(`/api/family/${profile.id}/members/${memberId}`)).status, 403, 'family do not remove family');

    const stranger = await signedInClient(server);
    assert.equal((await stranger.client.delete(`/api/family/${profile.id}/members/${memberId}`)).status, 404);
    assert.equal((await candidate.client.delete(`/api/family/${profile.id}/members/${memberId}`)).status, 200);
    assert.equal((await father.get(`/api/family/${profile.id}`)).status, 401, "the removed member's session ended at once");
    // Signing in again, he finds why.
    const back = new Client(server);
    assert.equal((await back.post('/api/auth/login', { username: `rakesh_${profile.id}`, password: 'rakesh-pass-123' })).status, 200);
    const me = (await (await back.get('/api/auth/user')).json()) as { id: number };
    const bell = (await (await back.get(`/api/notifications/${me.id}`)).json()) as Array<{ title: string; content: string | null }>;
    assert.deepEqual(
      bell.filter((n) => /removed/.test(n.title)).map((n) => [n.title, n.content]),
      [['Arjun removed you from their family on Saathi', 'You no longer help with Arjun’s profile, and were signed out. What you suggested and wrote stays with them.']],
    );
  });

  test("a family member's own lists leave out the candidate they help with, until they are removed", async () => {
    const name = `Zorawar Candidate${Date.now() % 100000}`;
    const candidate = await signedInClient(server, { fullName: name });
    const profile = await buildProfile(server, candidate.user, { gender: 'male' });
    const email = `zorawar.sister.${profile.id}@example.test`;
    assert.equal((await candidate.client.post(`/api/family/${profile.id}/invitations`, { role: 'family', email, relation: 'sibling' })).status, 201);
    const sister = new Client(server);
    const joined = await sister.post(`/api/family-invitations/${await inviteToken(email)}`, { fullName: 'Simran Candidate', username: `simran_${profile.id}`, password: 'simran-pass-123', confirmPassword: 'simran-pass-123' });
    assert.equal(joined.status, 200, await joined.clone().text());
    const found = async (client: Client) => ((await (await client.get(`/api/search?query=${encodeURIComponent(name)}`)).json()) as Array<{ id: number }>).map((c) => c.id);
    const daily = async (client: Client) => ((await (await client.get('/api/matches/daily')).json()) as Array<{ id: number }>).map((c) => c.id);
    assert.deepEqual(await found(sister), [], 'his sister is not offered her own brother');
    assert.ok(!(await daily(sister)).includes(profile.id));
    const stranger = await signedInClient(server);
    assert.deepEqual(await found(stranger.client), [profile.id], 'anyone else finds him by name');

    const memberId = ((await (await candidate.client.get(`/api/family/${profile.id}`)).json()) as { people: Array<{ memberId: number | null }> }).people[1].memberId;
    assert.equal((await candidate.client.delete(`/api/family/${profile.id}/members/${memberId}`)).status, 200);
    const back = new Client(server);
    assert.equal((await back.post('/api/auth/login', { username: `simran_${profile.id}`, password: 'simran-pass-123' })).status, 200);
    assert.deepEqual(await found(back), [profile.id], 'no longer his family: an ordinary member again');
  });

  test('two children helped by one parent are never offered to each other, nor the parent to them', async () => {
    const tag = Date.now() % 100000;
    const arjun = await signedInClient(server, { fullName: `Arjun Sibling${tag}` });
    const arjunProfile = await buildProfile(server, arjun.user, { gender: 'male', lookingFor: 'female' });
    const meera = await signedInClient(server, { fullName: `Meera Sibling${tag}` });
    const meeraProfile = await buildProfile(server, meera.user, { gender: 'female', lookingFor: 'male' });
    const father = await signedInClient(server, { fullName: `Vikram Sibling${tag}` });
    await buildProfile(server, father.user, { gender: 'male', lookingFor: 'female' });
    const found = async (client: Client, name: string) => ((await (await client.get(`/api/search?query=${encodeURIComponent(name)}`)).json()) as Array<{ id: number }>).map((c) => c.id);
    // Before they are one family, Meera is an ordinary member to Arjun (and the engine holds his relations).
    assert.deepEqual(await found(arjun.client, `Meera Sibling${tag}`), [meeraProfile.id]);
    // Their father then helps with both profiles, and has a profile of his own: the very next search knows.
    for (const profileId of [arjunProfile.id, meeraProfile.id]) await buildFamilyMember(server.db, { profileId, userId: father.user.id, relation: 'father' });
    const daily = async (client: Client) => ((await (await client.get('/api/matches/daily')).json()) as Array<{ id: number }>).map((c) => c.id);
    assert.deepEqual(await found(arjun.client, `Meera Sibling${tag}`), [], 'Arjun is not offered his sister');
    assert.deepEqual(await found(meera.client, `Arjun Sibling${tag}`), [], 'Meera is not offered her brother');
    assert.deepEqual(await found(meera.client, `Vikram Sibling${tag}`), [], 'nor her own father');
    assert.ok(!(await daily(arjun.client)).includes(meeraProfile.id));
    assert.ok(!(await daily(meera.client)).includes(arjunProfile.id));
    const stranger = await signedInClient(server);
    assert.deepEqual(await found(stranger.client, `Meera Sibling${tag}`), [meeraProfile.id], 'anyone else finds her');
  });

  test('at most three family members, counting open invitations; expired links are refused', async () => {
    const candidate = await signedInClient(server);
    const profile = await buildProfile(server, candidate.user);
    for (const relation of ['mother', 'father', 'sibling']) {
      assert.equal((await candidate.client.post(`/api/family/${profile.id}/invitations`, { role: 'family', email: `${relation}.${profile.id}@example.test`, relation })).status, 201);
    }
    const fourth = await candidate.client.post(`/api/family/${profile.id}/invitations`, { role: 'family', email: `aunt.${profile.id}@example.test`, relation: 'relative' });
    assert.equal(fourth.status, 409);
    const token = await inviteToken(`mother.${profile.id}@example.test`);
    await server.db('family_invitations').where({ profileId: profile.id, email: `mother.${profile.id}@example.test` }).update({ expiresAt: Date.now() - 1 });
    assert.equal((await new Client(server).get(`/api/family-invitations/${token}`)).status, 410);
    assert.equal((await new Client(server).get('/api/family-invitations/not-a-real-token-at-all-xyz')).status, 404);
  });
});

test('other members read "Managed by family, not yet confirmed by Priya" on the profile until she accepts', async () => {
  const { profile } = await parentManagedProfile();
  const viewer = await signedInClient(server);
  await buildProfile(server, viewer.user, { gender: 'male' });
  const view = (await (await viewer.client.get(`/api/profiles/${profile.id}`)).json()) as { familyStatus: string | null };
  assert.equal(view.familyStatus, 'Managed by family, not yet confirmed by Priya');
  const self = await signedInClient(server);
  const own = await buildProfile(server, self.user);
  assert.equal(((await (await viewer.client.get(`/api/profiles/${own.id}`)).json()) as { familyStatus: string | null }).familyStatus, null);
});

describe('family invitations are no spam relay', () => {
  test('the email to the outside address has a fixed subject and no member-typed text but a first name', async () => {
    const parent = await signedInClient(server, { fullName: 'http://evil.example Raman' });
    const profile = await buildProfile(server, parent.user, { profileType: 'parent', parentRelationship: 'mother', fullName: 'Priya Raman' });
    const email = `relay.${profile.id}@example.test`;
    const linkAsName = await parent.client.post(`/api/family/${profile.id}/invitations`, { role: 'candidate', email, firstName: 'http://evil.example' });
    assert.equal(linkAsName.status, 400);
    assert.equal(((await linkAsName.json()) as { message: string }).message, 'Use only letters for their first name');
    assert.equal((await server.db('email_outbox').where({ toEmail: email })).length, 0, 'nothing was sent');

    assert.equal((await parent.client.post(`/api/family/${profile.id}/invitations`, { role: 'candidate', email, firstName: 'Priya' })).status, 201);
    const mail = await server.db('email_outbox').where({ toEmail: email }).first();
    assert.equal(mail.subject, 'A family member made a Saathi profile for you');
    assert.doesNotMatch(mail.bodyText, /evil|Raman/, 'the inviter’s first word is not a name, so the name is left out');
    assert.match(mail.bodyText, /A family member \(/);
    assert.match(mail.bodyText, /Namaste Priya/);
  });

  test('invitations are limited per profile and per recipient address', async () => {
    const parent = await signedInClient(server, { fullName: 'Lakshmi Raman' });
    const profile = await buildProfile(server, parent.user, { profileType: 'parent', parentRelationship: 'mother' });
    const send = (email: string) => parent.client.post(`/api/family/${profile.id}/invitations`, { role: 'candidate', email, firstName: 'Priya' });
    const target = `flooded.${profile.id}@example.test`;
    for (let i = 0; i < 5; i++) assert.equal((await send(target)).status, 201, `invitation ${i + 1}`);
    const sixth = await send(`another.${profile.id}@example.test`);
    assert.equal(sixth.status, 429, 'five a day for one profile (and from one member)');
    assert.equal(((await sixth.json()) as { message: string }).message, 'That is as many invitations as Saathi sends in a day. Please try again tomorrow.');
    assert.ok(Number(sixth.headers.get('retry-after')) > 3600);
    assert.equal((await server.db('email_outbox').where({ toEmail: target })).length, 5);
    assert.equal((await server.db('email_outbox').where({ toEmail: `another.${profile.id}@example.test` })).length, 0);

    // Another member cannot send a sixth to the same address either; a fresh address is fine.
    const other = await signedInClient(server);
    const otherProfile = await buildProfile(server, other.user, { profileType: 'parent', parentRelationship: 'father' });
    const invite = (email: string) => other.client.post(`/api/family/${otherProfile.id}/invitations`, { role: 'candidate', email, firstName: 'Priya' });
    assert.equal((await invite(target.toUpperCase())).status, 429);
    assert.equal((await invite(`fresh.${otherProfile.id}@example.test`)).status, 201);
  });
});
