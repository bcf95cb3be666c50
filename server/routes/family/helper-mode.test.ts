import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { type TestServer, startTestServer } from '../../test/harness';
import { buildProfile, signedInClient } from '../../test/factories';
import { priyaWithMother } from '../../test/family-fixture';
import { buildFamilyMember } from '../../test/table-factories';

let server: TestServer;
before(async () => {
  server = await startTestServer();
});
after(() => server.close());

const family = () => priyaWithMother(server);

interface Helped {
  profileId: number;
  candidateUserId: number;
  candidateTier: string;
  candidateName: string;
  may: Record<string, boolean>;
}
interface Activity {
  action: string;
  fields: string[];
  by: { userId: number | null; name: string | null; relation: string | null; you: boolean; candidate: boolean };
  subject: { userId: number; profileId: number; firstName: string } | null;
}

describe("a helper's app", () => {
  test('lists each profile it helps with, whose account it is and what the candidate allows now', async () => {
    const { priya, profile, mother } = await family();
    const [helped] = (await (await mother.get('/api/family')).json()) as Helped[];
    assert.equal(helped.profileId, profile.id);
    assert.equal(helped.candidateUserId, priya.user.id);
    assert.equal(helped.candidateTier, 'premium', "the candidate's plan, which governs what the helper may use for her");
    assert.deepEqual(helped.may, { edit: true, search: true, like: true, suggest: true, shortlist: true, message: false, share: true });
    await priya.client.patch(`/api/family/${profile.id}/permissions`, { mayEdit: false, mayMessage: true });
    const [after] = (await (await mother.get('/api/family')).json()) as Helped[];
    assert.equal(after.may.edit, false);
    assert.equal(after.may.message, true);
    // Priya's own account helps with no profile: its list is empty.
    assert.deepEqual(await (await priya.client.get('/api/family')).json(), []);
  });

  test("an edit made for the candidate, and her own, are in the candidate's activity list with who made each", async () => {
    const { priya, profile, as, mother } = await family();
    const edited = await as('PATCH', `/api/profiles/${profile.id}`, { city: 'Leeds', profession: 'Architect' });
    assert.equal(edited.status, 200, await edited.clone().text());
    assert.equal((await priya.client.patch(`/api/profiles/${profile.id}`, { company: 'Arup' })).status, 200);

    const seenByPriya = (await (await priya.client.get(`/api/family/${profile.id}/activity`)).json()) as Activity[];
    assert.deepEqual(
      seenByPriya.map((a) => [a.action, a.fields, a.by.you]),
      [
        ['edit', ['company'], true],
        ['edit', ['city', 'profession'], false],
      ],
    );
    const motherId = ((await (await mother.get('/api/auth/user')).json()) as { id: number }).id;
    assert.deepEqual(seenByPriya[1].by, { userId: motherId, name: 'Lakshmi Raman', relation: 'mother', you: false, candidate: false });
    assert.equal(seenByPriya[0].by.candidate, true);
    const seenByMother = (await (await mother.get(`/api/family/${profile.id}/activity`)).json()) as Activity[];
    assert.equal(seenByMother[1].by.you, true);
  });

  test('without edit permission the API refuses the edit with the reason, and nothing is changed or listed', async () => {
    const { priya, profile, as } = await family();
    await priya.client.patch(`/api/family/${profile.id}/permissions`, { mayEdit: false });
    const refused = await as('PATCH', `/api/profiles/${profile.id}`, { city: 'York' });
    assert.equal(refused.status, 403);
    assert.equal(((await refused.json()) as { message: string }).message, 'The person this profile is for has not allowed family to edit it');
    assert.notEqual((await server.db('profiles').where({ id: profile.id }).first()).city, 'York');
    const listed = (await (await priya.client.get(`/api/family/${profile.id}/activity`)).json()) as Activity[];
    assert.deepEqual(
      listed.map((a) => [a.action, a.fields]),
      [['permissions', ['mayEdit:off']]],
      'only her own permission change',
    );
  });

  test("the helper's editor reads the candidate's profile whatever they allow; other members' profiles need search", async () => {
    const { priya, profile, arjunProfile, as } = await family();
    await priya.client.patch(`/api/family/${profile.id}/permissions`, { maySearch: false });
    const own = await as('GET', `/api/profiles/${profile.id}`);
    assert.equal(own.status, 200, await own.clone().text());
    assert.equal(((await own.json()) as { id: number }).id, profile.id);
    const other = await as('GET', `/api/profiles/${arjunProfile.id}`);
    assert.equal(other.status, 403);
    assert.equal(((await other.json()) as { message: string }).message, 'The person this profile is for has not allowed family to search');
  });

  test("someone who is not one of the profile's people cannot read its activity list", async () => {
    const { profile, arjun } = await family();
    assert.equal((await arjun.client.get(`/api/family/${profile.id}/activity`)).status, 404);
  });

  test('a like given for the candidate says who gave it: "you" to the helper, "your mother" to the candidate', async () => {
    const { priya, arjunProfile, as } = await family();
    assert.equal((await as('POST', '/api/profile-likes', { likedProfileId: arjunProfile.id })).status, 201);
    const check = (await (await as('GET', `/api/profile-likes/${priya.user.id}/${arjunProfile.id}/check`)).json()) as { isLiked: boolean; likedBy: string | null };
    assert.deepEqual(check, { isLiked: true, likedBy: 'you' });
    const own = (await (await priya.client.get(`/api/profile-likes/${priya.user.id}/${arjunProfile.id}/check`)).json()) as { likedBy: string | null };
    assert.equal(own.likedBy, 'your mother');
    const list = (await (await priya.client.get(`/api/profile-likes/${priya.user.id}`)).json()) as Array<{ id: number; likedBy: string | null }>;
    assert.deepEqual(list.map((c) => [c.id, c.likedBy]), [[arjunProfile.id, 'your mother']]);
  });

  test("the candidate's own like carries no family label, and a helper without like permission is refused", async () => {
    const { priya, profile, arjunProfile, as } = await family();
    assert.equal((await priya.client.post('/api/profile-likes', { likedProfileId: arjunProfile.id })).status, 201);
    const own = (await (await priya.client.get(`/api/profile-likes/${priya.user.id}/${arjunProfile.id}/check`)).json()) as { likedBy: string | null };
    assert.equal(own.likedBy, null);
    await priya.client.patch(`/api/family/${profile.id}/permissions`, { mayLike: false });
    const refused = await as('DELETE', `/api/profile-likes/${priya.user.id}/${arjunProfile.id}`);
    assert.equal(refused.status, 403);
    assert.equal(((await refused.json()) as { message: string }).message, 'The person this profile is for has not allowed family to like profiles');
    assert.ok(await server.db('profile_likes').where({ userId: priya.user.id, likedProfileId: arjunProfile.id }).first(), 'the like stays');
  });

  test('a helper with no profile of their own never likes or writes as themself; with one of their own they may', async () => {
    const { profile, mother, arjun, arjunProfile, as } = await family();
    const asSelf = await mother.post('/api/profile-likes', { likedProfileId: arjunProfile.id });
    assert.equal(asSelf.status, 403);
    assert.equal(((await asSelf.json()) as { message: string }).message, 'You help with a family member’s profile: like and write for them, in helper mode');
    assert.equal((await mother.post('/api/messages', { receiverId: arjun.user.id, content: 'Namaste' })).status, 403);
    const motherId = ((await (await mother.get('/api/auth/user')).json()) as { id: number }).id;
    assert.equal(await server.db('profile_likes').where({ userId: motherId }).first(), undefined, 'nothing liked as herself');
    // For the candidate it is allowed, as the candidate lets her.
    assert.equal((await as('POST', '/api/profile-likes', { likedProfileId: arjunProfile.id })).status, 201);

    // A helper who also has a profile of their own likes for themself as any member does.
    const uncle = await signedInClient(server, { fullName: 'Ravi Raman', tier: 'premium' });
    await buildProfile(server, uncle.user, { gender: 'male' });
    await buildFamilyMember(server.db, { profileId: profile.id, userId: uncle.user.id, relation: 'relative' });
    const woman = await signedInClient(server);
    const womanProfile = await buildProfile(server, woman.user, { gender: 'female' });
    assert.equal((await uncle.client.post('/api/profile-likes', { likedProfileId: womanProfile.id })).status, 201);
  });
});

describe("the profile page's insights in helper mode", () => {
  test('the Kundali card and the mood and cultural insights are computed for the candidate, not for the helper', async () => {
    const { priya, arjunProfile, arjun, as } = await family();
    const path = `/api/compatibility/${priya.user.id}/${arjunProfile.id}`;
    const forPriya = await as('GET', path);
    assert.equal(forPriya.status, 200, await forPriya.clone().text());
    assert.deepEqual(await forPriya.json(), await (await priya.client.get(path)).json(), "the same card Priya's own app shows her");
    for (const insight of [`/api/matches/${arjun.user.id}/mood-compatibility`, `/api/moods/${arjun.user.id}/cultural-insight`, `/api/moods/${arjun.user.id}/conversation-starters`]) {
      const asHelper = await as('GET', insight);
      assert.equal(asHelper.status, 200, `${insight}: ${await asHelper.clone().text()}`);
      assert.deepEqual(await asHelper.json(), await (await priya.client.get(insight)).json(), insight);
    }
  });

  test("a helper gets no card for the candidate without the acting header, without search permission, or for a profile they don't help with", async () => {
    const { priya, profile, mother, arjunProfile, as } = await family();
    const path = `/api/compatibility/${priya.user.id}/${arjunProfile.id}`;
    // As herself she is not Priya: the path's own id must be the one asking.
    assert.equal((await mother.get(path)).status, 403);
    const stranger = await signedInClient(server, { fullName: 'Vikram Shah' });
    const strangerActing = await stranger.client.request('GET', path, { headers: { 'X-Saathi-Acting-For': String(profile.id) } });
    assert.equal(strangerActing.status, 404, 'only her people act for her');
    await priya.client.patch(`/api/family/${profile.id}/permissions`, { maySearch: false });
    const refused = await as('GET', path);
    assert.equal(refused.status, 403);
    assert.equal(((await refused.json()) as { message: string }).message, 'The person this profile is for has not allowed family to search');
  });
});
