import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Client, type TestServer, startTestServer } from '../../test/harness';
import { buildProfile, jpegBytes, profilePayload, signedInClient } from '../../test/factories';

let server: TestServer;
before(async () => {
  server = await startTestServer();
});
after(() => server.close());

const PASSWORD = 'arjun-own-password-1';
const account = (username: string) => ({ fullName: 'Arjun Mehta', username, password: PASSWORD, confirmPassword: PASSWORD });

async function inviteToken(to: string): Promise<string> {
  const mail = await server.db('email_outbox').where({ toEmail: to }).orderBy('id', 'desc').first();
  const match = /\/family-invite\/([A-Za-z0-9_-]+)/.exec(mail?.bodyText ?? '');
  assert.ok(match, `an invitation email to ${to}`);
  return match[1];
}

const registrations = async () => Number((await server.db('counters').where({ name: 'registrations' }).first())?.value ?? 0);

/** A father (one of the first 500: premium for a year) who made a profile for his son Arjun through the wizard. */
async function fatherAndProfile(profileType: 'parent' | 'sibling' = 'parent', name = 'Arjun Mehta') {
  const father = await signedInClient(server, { fullName: 'Rakesh Mehta', countRegistration: true });
  const fields = profileType === 'parent' ? { parentName: 'Rakesh Mehta', parentRelationship: 'father', parentContact: '+44 7700 900111' } : {};
  const created = await father.client.post('/api/profiles', profilePayload({ profileType, fullName: name, gender: 'male', lookingFor: 'female', ...fields }));
  assert.equal(created.status, 201, await created.clone().text());
  const { id } = (await created.json()) as { id: number };
  return { father, profileId: id };
}

async function invite(father: Awaited<ReturnType<typeof fatherAndProfile>>['father'], profileId: number, email: string) {
  const res = await father.client.post(`/api/family/${profileId}/invitations`, { role: 'candidate', email, firstName: 'Arjun' });
  assert.equal(res.status, 201, await res.clone().text());
  return inviteToken(email);
}

describe('the helper keeps his own account', () => {
  test('accepting moves the profile, and what was done for it, to a new account; the father keeps his sign-in, plan and session', async () => {
    const { father, profileId } = await fatherAndProfile();
    const fatherBefore = await server.db('users').where({ id: father.user.id }).first();
    assert.equal(fatherBefore.subscriptionTier, 'premium', 'one of the first 500');
    // What the father did for the profile while he ran it: a like answered (a match), a conversation, a profile seen,
    // a member set aside, a block; and what members did to it: a like received.
    const priya = await signedInClient(server, { fullName: 'Priya Raman' });
    const priyaProfile = await buildProfile(server, priya.user);
    const seen = await signedInClient(server);
    const seenProfile = await buildProfile(server, seen.user);
    const blocked = await signedInClient(server);
    await buildProfile(server, blocked.user);
    assert.equal((await father.client.post('/api/profile-likes', { likedProfileId: priyaProfile.id })).status, 201);
    assert.equal((await priya.client.post('/api/profile-likes', { likedProfileId: profileId })).status, 201);
    assert.equal((await father.client.post('/api/messages', { receiverId: priya.user.id, content: 'Namaste Priya, I am Arjun’s father' })).status, 201);
    assert.equal((await priya.client.post('/api/messages', { receiverId: father.user.id, content: 'Namaste uncle' })).status, 201);
    assert.equal((await father.client.get(`/api/profiles/${seenProfile.id}`)).status, 200);
    assert.equal((await father.client.post('/api/not-interested', { profileId: seenProfile.id })).status < 300, true);
    assert.equal((await father.client.post('/api/blocks', { userId: blocked.user.id })).status, 201);
    await server.db('privacy_settings').where({ userId: father.user.id }).update({ allowMessagesFrom: 'matches' });
    const countedBefore = await registrations();

    const email = `arjun.${profileId}@example.test`;
    const token = await invite(father, profileId, email);
    const arjun = new Client(server);
    const accepted = await arjun.post(`/api/family-invitations/${token}`, { answer: 'accept', ...account(`arjun_${profileId}`), permissions: { mayMessage: true, mayEdit: false } });
    assert.equal(accepted.status, 200, await accepted.clone().text());
    const me = (await (await arjun.get('/api/auth/user')).json()) as { id: number; email: string; subscriptionTier: string };
    assert.notEqual(me.id, father.user.id);
    assert.equal(me.email, email);
    assert.equal(await registrations(), countedBefore + 1, 'the new account counts toward the first 500');
    assert.equal(me.subscriptionTier, 'premium', 'and gets its free year like any registration');

    // The father: same account, same sign-in, same plan, and his session goes on.
    const fatherAfter = await server.db('users').where({ id: father.user.id }).first();
    for (const key of ['username', 'email', 'passwordHash', 'subscriptionTier', 'subscriptionEnds', 'registrationNumber', 'fullName']) assert.deepEqual(fatherAfter[key], fatherBefore[key], key);
    assert.equal(((await (await father.client.get('/api/auth/user')).json()) as { id: number }).id, father.user.id);

    // What was done for the profile is Arjun's now, in one piece.
    const db = server.db;
    assert.equal(Number((await db('profiles').where({ id: profileId }).first()).userId), me.id);
    assert.deepEqual((await db('profile_likes').where({ likedProfileId: priyaProfile.id })).map((l) => Number(l.userId)), [me.id]);
    assert.deepEqual((await db('profile_likes').where({ likedProfileId: profileId })).map((l) => Number(l.userId)), [priya.user.id], 'likes it received stay with the profile');
    const [low, high] = [me.id, priya.user.id].sort((a, b) => a - b);
    assert.ok(await db('matches').where({ user1Id: low, user2Id: high }).first(), 'the match is Arjun’s');
    assert.equal(await db('matches').where('user1Id', father.user.id).orWhere('user2Id', father.user.id).first(), undefined);
    assert.equal(Number((await db('messages').where({ senderId: me.id, receiverId: priya.user.id }).count({ n: '*' }).first())?.n), 1);
    assert.equal(Number((await db('messages').where({ senderId: priya.user.id, receiverId: me.id }).count({ n: '*' }).first())?.n), 1);
    assert.equal(await db('messages').where('senderId', father.user.id).orWhere('receiverId', father.user.id).first(), undefined);
    assert.deepEqual((await db('profile_views').where({ profileId: seenProfile.id })).map((v) => Number(v.viewerUserId)), [me.id]);
    assert.deepEqual((await db('not_interested').where({ profileId: seenProfile.id })).map((v) => Number(v.userId)), [me.id]);
    assert.deepEqual((await db('blocks').where({ blockedId: blocked.user.id }).orderBy('blockerId')).map((b) => Number(b.blockerId)), [father.user.id, me.id].sort((a, b) => a - b), 'blocks are copied, never lifted');
    assert.equal((await db('privacy_settings').where({ userId: me.id }).first()).allowMessagesFrom, 'matches', 'the profile keeps how it is shown');
    assert.ok(await db('notifications').where({ userId: me.id, type: 'message' }).first(), 'the message notification is about the profile');
    assert.ok(await db('notifications').where({ userId: father.user.id, sourceType: 'family' }).first(), 'the father is told, on his own account');
    // The like and the message the father made are recorded as his, so both sides read "Arjun's father".
    assert.deepEqual((await db('family_acts').where({ profileId }).orderBy('kind')).map((a) => [a.kind, Number(a.actedBy)]), [['like', father.user.id], ['message', father.user.id]]);
    const priyaSees = (await (await priya.client.get(`/api/messages/${priya.user.id}`)).json()) as Array<{ otherUser: { id: number } }>;
    assert.deepEqual(priyaSees.map((c) => c.otherUser.id), [me.id], 'Priya’s conversation is with Arjun’s account');

    // The father is one of Arjun's family, with what Arjun granted on the accept form.
    const family = (await (await father.client.get(`/api/family/${profileId}`)).json()) as { you: { role: string }; permissions: Record<string, boolean>; consent: string };
    assert.deepEqual([family.you.role, family.consent], ['family', 'confirmed']);
    assert.deepEqual(family.permissions, { mayEdit: false, maySearch: true, mayLike: true, mayShortlist: true, mayMessage: true, mayShare: true, mayCall: false });
    const acting = { 'X-Saathi-Acting-For': String(profileId) };
    assert.equal(((await (await father.client.request('GET', '/api/auth/user', { headers: acting })).json()) as { id: number }).id, me.id);
    const thread = await father.client.request('GET', `/api/messages/${me.id}/${priya.user.id}`, { headers: acting });
    assert.equal(thread.status, 200, 'he still reads the conversation he began, as family');
    assert.equal((await father.client.request('PATCH', `/api/profiles/${profileId}`, { json: { city: 'Leeds' }, headers: acting })).status, 403, 'editing was not granted');
    // Nobody else may act for it.
    const stranger = await signedInClient(server);
    assert.equal((await stranger.client.request('GET', '/api/auth/user', { headers: acting })).status, 404);
  });

  test('with an existing account: accepted for the invited address without a live profile; refused for another account or one with a profile', async () => {
    const { father, profileId } = await fatherAndProfile();
    const email = `arjun.own.${profileId}@example.test`;
    const token = await invite(father, profileId, email);
    const masked = `a****@example.test`;

    // The father, signed in, cannot answer for his son.
    const byFather = await father.client.post(`/api/family-invitations/${token}`, { answer: 'accept' });
    assert.equal(byFather.status, 403);
    assert.equal(((await byFather.json()) as { message: string }).message, `Sign in with ${masked} to answer this invitation: it counts only for that address`);
    const shown = (await (await father.client.get(`/api/family-invitations/${token}`)).json()) as { maskedEmail: string; account: { invitedAddress: boolean } };
    assert.deepEqual([shown.maskedEmail, shown.account.invitedAddress], [masked, false]);
    // Nor can anyone make a new account with an address that has one.
    const existing = await signedInClient(server, { fullName: 'Arjun Mehta', email });
    const asNew = await new Client(server).post(`/api/family-invitations/${token}`, { answer: 'accept', ...account(`arjun_new_${profileId}`) });
    assert.equal(asNew.status, 409);
    assert.match(((await asNew.json()) as { message: string }).message, /An account with a\*\*\*\*@example\.test exists already: sign in with it/);

    // His own account, with a live profile of its own: refused, clearly.
    const own = await buildProfile(server, existing.user, { gender: 'male' });
    const withProfile = await existing.client.post(`/api/family-invitations/${token}`, { answer: 'take_over' });
    assert.equal(withProfile.status, 409);
    assert.match(((await withProfile.json()) as { message: string }).message, /already has a profile of its own/);
    assert.equal(Number((await server.db('profiles').where({ id: profileId }).first()).userId), father.user.id, 'nothing moved');

    // Without it, the profile moves to that account; no account is made.
    await server.db('profiles').where({ id: own.id }).update({ isDeleted: true });
    const users = Number((await server.db('users').count({ n: '*' }).first())?.n);
    const accepted = await existing.client.post(`/api/family-invitations/${token}`, { answer: 'accept' });
    assert.equal(accepted.status, 200, await accepted.clone().text());
    assert.equal(Number((await server.db('users').count({ n: '*' }).first())?.n), users);
    assert.equal(Number((await server.db('profiles').where({ id: profileId }).first()).userId), existing.user.id);
    const stored = await server.db('profile_family').where({ profileId }).first();
    assert.deepEqual([stored.consent, stored.confirmedEmail, stored.confirmedWith], ['confirmed', email, 'existing_account']);
  });

  test('parallel answers of one link: one succeeds, the others are 409 or 410, never 500', async () => {
    const { father, profileId } = await fatherAndProfile();
    const token = await invite(father, profileId, `arjun.race.${profileId}@example.test`);
    const answers = await Promise.all(
      ['accept', 'accept', 'take_over', 'accept', 'decline'].map((answer, i) =>
        new Client(server).post(`/api/family-invitations/${token}`, answer === 'decline' ? { answer } : { answer, ...account(`arjun_race_${i}_${profileId}`) }),
      ),
    );
    const statuses = answers.map((r) => r.status);
    assert.equal(statuses.filter((s) => s === 200).length, 1, JSON.stringify(statuses));
    assert.ok(statuses.every((s) => s === 200 || s === 409 || s === 410), JSON.stringify(statuses));
    for (const r of answers) assert.doesNotMatch(await r.text(), /SQL|constraint|stack/i);
    assert.equal(Number((await server.db('users').where('usernameLower', 'like', `arjun_race_%_${profileId}`).count({ n: '*' }).first())?.n) <= 1, true, 'no account made by a refused answer');
    const invitation = await server.db('family_invitations').where({ profileId, role: 'candidate' }).first();
    assert.ok(invitation.usedAt);
  });
});

describe('informed consent', () => {
  test('the invitation shows the profile as members see it, its photos through the link only while it is open', async () => {
    const { father, profileId } = await fatherAndProfile();
    const upload = await father.client.upload('/api/upload/photo', 'photo', await jpegBytes(), 'arjun.jpg', 'image/jpeg');
    assert.equal(upload.status, 201, await upload.clone().text());
    const { id: photoId } = (await upload.json()) as { id: number };
    await server.db('photos').where({ id: photoId }).update({ profileId });
    const token = await invite(father, profileId, `arjun.preview.${profileId}@example.test`);
    const visitor = new Client(server);
    const res = await visitor.get(`/api/family-invitations/${token}`);
    assert.equal(res.status, 200);
    const view = (await res.json()) as { profile: { fullName: string; about: string; dateOfBirth: string; birthPlace: string; agePreferenceMin: number; photoDetails: Array<{ url: string; blurred: boolean }> }; email?: string };
    assert.equal(view.email, undefined, 'the full address is not in the page');
    assert.equal(view.profile.fullName, 'Arjun Mehta');
    const member = await signedInClient(server);
    await buildProfile(server, member.user);
    const asMember = (await (await member.client.get(`/api/profiles/${profileId}`)).json()) as Record<string, unknown>;
    for (const key of ['about', 'dateOfBirth', 'birthPlace', 'agePreferenceMin', 'agePreferenceMax', 'religion', 'education']) assert.deepEqual((view.profile as Record<string, unknown>)[key], asMember[key], key);
    const photo = view.profile.photoDetails[0];
    assert.ok(photo && !photo.blurred);
    assert.match(photo.url, new RegExp(`^/media/family-invitations/${token}/[a-f0-9]{32}\\.jpg$`));
    assert.equal((await visitor.get(photo.url)).status, 200);
    // Another open link does not open this photo; the answered link opens nothing.
    const other = await fatherAndProfile();
    const otherToken = await invite(other.father, other.profileId, `other.preview.${other.profileId}@example.test`);
    assert.equal((await visitor.get(photo.url.replace(token, otherToken))).status, 404);
    assert.equal((await visitor.post(`/api/family-invitations/${token}`, { answer: 'decline' })).status, 200);
    assert.equal((await visitor.get(photo.url)).status, 404);
  });

  test('the consent gate: a sibling profile is hidden from search, daily matches and its page until the candidate confirms', async () => {
    const name = `Kabir Gate${Date.now() % 100000}`;
    const { father: sister, profileId } = await fatherAndProfile('sibling', name);
    const viewer = await signedInClient(server);
    await buildProfile(server, viewer.user, { gender: 'female', lookingFor: 'male' });
    const found = async () => ((await (await viewer.client.get(`/api/search?query=${encodeURIComponent(name)}`)).json()) as Array<{ id: number }>).map((c) => c.id);
    const daily = async () => ((await (await viewer.client.get('/api/matches/daily')).json()) as Array<{ id: number }>).map((c) => c.id);
    const family = (await (await sister.client.get(`/api/family/${profileId}`)).json()) as { hiddenUntilConfirmed: boolean };
    assert.equal(family.hiddenUntilConfirmed, true, 'hidden by default for a sibling’s profile');
    assert.equal((await viewer.client.get(`/api/profiles/${profileId}`)).status, 404);
    assert.deepEqual(await found(), []);
    assert.ok(!(await daily()).includes(profileId));
    assert.equal((await sister.client.get(`/api/profiles/${profileId}`)).status, 200, 'its maker still sees it');
    assert.equal((await sister.client.get('/api/search')).status, 200, 'and searches with it');

    // Its maker may show it meanwhile; nobody else may switch it.
    assert.equal((await viewer.client.patch(`/api/family/${profileId}/consent-gate`, { hiddenUntilConfirmed: false })).status, 404);
    assert.equal((await sister.client.patch(`/api/family/${profileId}/consent-gate`, { hiddenUntilConfirmed: 'no' })).status, 400);
    assert.equal((await sister.client.patch(`/api/family/${profileId}/consent-gate`, { hiddenUntilConfirmed: false })).status, 200);
    assert.equal((await viewer.client.get(`/api/profiles/${profileId}`)).status, 200);
    assert.deepEqual(await found(), [profileId]);
    assert.equal((await sister.client.patch(`/api/family/${profileId}/consent-gate`, { hiddenUntilConfirmed: true })).status, 200);
    assert.deepEqual(await found(), []);

    // Confirmed by the candidate: shown to everyone; the gate is no longer the family's to set.
    const token = await invite(sister, profileId, `kabir.${profileId}@example.test`);
    const kabir = new Client(server);
    assert.equal((await kabir.post(`/api/family-invitations/${token}`, { answer: 'accept', ...account(`kabir_${profileId}`) })).status, 200);
    assert.equal((await viewer.client.get(`/api/profiles/${profileId}`)).status, 200);
    assert.deepEqual(await found(), [profileId]);
    assert.equal((await sister.client.patch(`/api/family/${profileId}/consent-gate`, { hiddenUntilConfirmed: true })).status, 403);
    assert.equal((await kabir.patch(`/api/family/${profileId}/consent-gate`, { hiddenUntilConfirmed: true })).status, 403);
  });

  test('a profile a parent makes is shown meanwhile unless the parent chooses the gate as they make it', async () => {
    const { profileId } = await fatherAndProfile();
    assert.equal(Boolean(Number((await server.db('profile_family').where({ profileId }).first()).hiddenUntilConfirmed)), false);
    const mother = await signedInClient(server, { fullName: 'Sunita Rao' });
    const fields = { profileType: 'parent', fullName: 'Kiran Rao', gender: 'male', parentName: 'Sunita Rao', parentRelationship: 'mother', parentContact: '+44 7700 900222' };
    assert.equal((await mother.client.post('/api/profiles', profilePayload({ ...fields, hiddenUntilConfirmed: 'yes' }))).status, 400);
    const created = await mother.client.post('/api/profiles', profilePayload({ ...fields, hiddenUntilConfirmed: true }));
    assert.equal(created.status, 201, await created.clone().text());
    const { id } = (await created.json()) as { id: number };
    assert.equal(((await (await mother.client.get(`/api/family/${id}`)).json()) as { hiddenUntilConfirmed: boolean }).hiddenUntilConfirmed, true);
    const viewer = await signedInClient(server);
    await buildProfile(server, viewer.user, { gender: 'female' });
    assert.equal((await viewer.client.get(`/api/profiles/${id}`)).status, 404);
  });
});

describe('consent the family cannot produce on its own', () => {
  test('the candidate invitation cannot go to an address of the profile’s own people', async () => {
    const { father, profileId } = await fatherAndProfile();
    const res = await father.client.post(`/api/family/${profileId}/invitations`, { role: 'candidate', email: father.user.email.toUpperCase(), firstName: 'Arjun' });
    assert.equal(res.status, 409);
    assert.equal(((await res.json()) as { message: string }).message, 'That address belongs to someone who runs this profile: invite Arjun at their own address');
    assert.equal(await server.db('email_outbox').where({ toEmail: father.user.email }).where('subject', 'like', '%profile for you%').first(), undefined);
  });

  test('others read "Confirmed by email" until the candidate verifies, then "Confirmed by Arjun, verified"; ops see how', async () => {
    const { father, profileId } = await fatherAndProfile();
    const email = `arjun.label.${profileId}@example.test`;
    const token = await invite(father, profileId, email);
    const viewer = await signedInClient(server);
    await buildProfile(server, viewer.user);
    const label = async () => ((await (await viewer.client.get(`/api/profiles/${profileId}`)).json()) as { familyStatus: string | null }).familyStatus;
    assert.equal(await label(), 'Managed by family, not yet confirmed by Arjun');
    const admin = await signedInClient(server, { role: 'admin' });
    const pending = (await (await admin.client.get(`/api/ops/members/${father.user.id}`)).json()) as { family: { ownProfile: { consentEvidence: { openInvitationEmail: string; hiddenUntilConfirmed: boolean } } } };
    assert.deepEqual(pending.family.ownProfile.consentEvidence.openInvitationEmail, email);

    const arjun = new Client(server);
    assert.equal((await arjun.post(`/api/family-invitations/${token}`, { answer: 'accept', ...account(`arjun_label_${profileId}`) })).status, 200);
    assert.equal(await label(), 'Confirmed by email');
    const me = (await (await arjun.get('/api/auth/user')).json()) as { id: number };
    const page = (await (await admin.client.get(`/api/ops/members/${me.id}`)).json()) as { family: { ownProfile: { consent: string; consentEvidence: Record<string, unknown> } } };
    const evidence = page.family.ownProfile.consentEvidence;
    assert.equal(page.family.ownProfile.consent, 'confirmed');
    assert.deepEqual([evidence.confirmedEmail, evidence.confirmedWith, evidence.candidateVerified], [email, 'new_account', false]);
    assert.ok(typeof evidence.confirmedAt === 'string');
    // Identity verification (a reviewer's approval sets the badge).
    await server.db('users').where({ id: me.id }).update({ isVerified: true });
    assert.equal(await label(), 'Confirmed by Arjun, verified');
    const verified = (await (await admin.client.get(`/api/ops/members/${me.id}`)).json()) as { family: { ownProfile: { consentEvidence: { candidateVerified: boolean } } } };
    assert.equal(verified.family.ownProfile.consentEvidence.candidateVerified, true);
    // A profile its member made alone carries no family label.
    const self = await signedInClient(server);
    const own = await buildProfile(server, self.user);
    assert.equal(((await (await viewer.client.get(`/api/profiles/${own.id}`)).json()) as { familyStatus: string | null }).familyStatus, null);
  });

  test('a family member allowed to message counts unread only in the conversations family may see', async () => {
    const priya = await signedInClient(server, { fullName: 'Priya Raman', tier: 'premium' });
    const profile = await buildProfile(server, priya.user);
    const email = `mother.unread.${profile.id}@example.test`;
    await priya.client.post(`/api/family/${profile.id}/invitations`, { role: 'family', email, relation: 'mother' });
    const mother = new Client(server);
    assert.equal((await mother.post(`/api/family-invitations/${await inviteToken(email)}`, { fullName: 'Lakshmi Raman', username: `lakshmi_u_${profile.id}`, password: 'lakshmi-pass-1', confirmPassword: 'lakshmi-pass-1' })).status, 200);
    const acting = { 'X-Saathi-Acting-For': String(profile.id) };
    const unread = async (client: Client, headers: Record<string, string> = {}) => {
      const res = await client.request('GET', `/api/messages/${priya.user.id}/unread-count`, { headers });
      return res.status === 200 ? ((await res.json()) as { count: number }).count : res.status;
    };
    assert.equal(await unread(mother, acting), 403, 'messaging is not granted by default');
    await priya.client.patch(`/api/family/${profile.id}/permissions`, { mayMessage: true });
    const arjun = await signedInClient(server, { fullName: 'Arjun Mehta', tier: 'premium' });
    await buildProfile(server, arjun.user, { gender: 'male' });
    const ravi = await signedInClient(server, { fullName: 'Ravi Kumar', tier: 'premium' });
    await buildProfile(server, ravi.user, { gender: 'male' });
    // Arjun writes to Priya privately; the mother writes to Ravi for Priya and Ravi answers twice.
    assert.equal((await arjun.client.post('/api/messages', { receiverId: priya.user.id, content: 'Hello Priya' })).status, 201);
    assert.equal((await mother.request('POST', '/api/messages', { json: { receiverId: ravi.user.id, content: 'Namaste Ravi' }, headers: acting })).status, 201);
    for (const content of ['Namaste', 'How are you all?']) assert.equal((await ravi.client.post('/api/messages', { receiverId: priya.user.id, content })).status, 201);
    assert.equal(await unread(priya.client), 3, 'Priya counts all her unread messages');
    assert.equal(await unread(mother, acting), 2, 'her mother only those of the conversation family may see');
    // Priya shares Arjun's conversation: it counts for the family too.
    assert.equal((await priya.client.request('PUT', `/api/family/${profile.id}/shared-conversations/${arjun.user.id}`, { json: { shared: true } })).status, 200);
    assert.equal(await unread(mother, acting), 3);
  });
});
