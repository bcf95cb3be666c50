import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { type TestServer, startTestServer } from '../../test/harness';
import { buildProfile, signedInClient } from '../../test/factories';
import { priyaWithMother } from '../../test/family-fixture';

let server: TestServer;
before(async () => {
  server = await startTestServer();
});
after(() => server.close());

interface Activity {
  action: string;
  fields: string[];
  by: { userId: number | null; name: string | null; relation: string | null; you: boolean; candidate: boolean };
  subject: { userId: number; profileId: number; firstName: string } | null;
  createdAt: string;
}

const activityOf = async (client: { get: (path: string) => Promise<Response> }, profileId: number) => {
  const res = await client.get(`/api/family/${profileId}/activity`);
  assert.equal(res.status, 200, await res.clone().text());
  return ((await res.json()) as Activity[]).reverse();
};

/** "mother like Arjun": each entry as who, what and about whom, oldest first. */
const summary = (list: Activity[]) => list.map((a) => [a.by.candidate ? 'Priya' : (a.by.relation ?? '?'), a.action, a.fields.join(','), a.subject?.firstName ?? ''].filter(Boolean).join(' '));

describe("the candidate's activity list", () => {
  test('lists what the family and the candidate did for the profile: likes, messages, shortlist, suggestions, permissions, edits', async () => {
    const { priya, profile, mother, arjun, arjunProfile, as } = await priyaWithMother(server);
    const meera = await signedInClient(server, { fullName: 'Meera Iyer' });
    const meeraProfile = await buildProfile(server, meera.user, { gender: 'male' });

    assert.equal((await priya.client.patch(`/api/family/${profile.id}/permissions`, { mayMessage: true })).status, 200);
    assert.equal((await as('POST', '/api/profile-likes', { likedProfileId: arjunProfile.id })).status, 201);
    assert.equal((await as('POST', '/api/messages', { receiverId: arjun.user.id, content: 'Namaste, I write for Priya' })).status, 201);
    const saved = await mother.post(`/api/shortlist/${profile.id}`, { savedProfileId: meeraProfile.id });
    assert.equal(saved.status, 201, await saved.clone().text());
    const { id: suggestionId } = (await saved.json()) as { id: number };
    assert.equal((await priya.client.post(`/api/family/${profile.id}/suggestions/${suggestionId}/decision`, { decision: 'discuss' })).status, 200);
    assert.equal((await priya.client.delete(`/api/shortlist/${profile.id}/${suggestionId}`)).status, 200);
    assert.equal((await priya.client.post(`/api/shortlist/${profile.id}`, { savedProfileId: meeraProfile.id })).status, 201);
    assert.equal((await priya.client.patch(`/api/profiles/${profile.id}`, { city: 'Leeds' })).status, 200);
    assert.equal((await priya.client.delete(`/api/profile-likes/${priya.user.id}/${arjunProfile.id}`)).status, 200);
    // Her own message is hers alone: not in the list her family reads.
    assert.equal((await priya.client.post('/api/messages', { receiverId: meera.user.id, content: 'Hello Meera' })).status, 201);

    const list = await activityOf(priya.client, profile.id);
    assert.deepEqual(summary(list), [
      'Priya permissions mayMessage:on',
      'mother like Arjun',
      'mother message Arjun',
      'mother suggest Meera',
      'Priya decide discussing Meera',
      'Priya unshortlist Meera',
      'Priya shortlist Meera',
      'Priya edit city',
      'Priya unlike Arjun',
    ]);
    assert.ok(list.every((a) => !Number.isNaN(Date.parse(a.createdAt))), 'each says when');
    const motherId = ((await (await mother.get('/api/auth/user')).json()) as { id: number }).id;
    assert.deepEqual(list[1].by, { userId: motherId, name: 'Lakshmi Raman', relation: 'mother', you: false, candidate: false });
    assert.deepEqual(list[1].subject, { userId: arjun.user.id, profileId: arjunProfile.id, firstName: 'Arjun' });
  });

  test("a helper reads the candidate's likes and the family's messages only as the candidate lets them like and write", async () => {
    const { priya, profile, mother, arjun, arjunProfile, as } = await priyaWithMother(server);
    await priya.client.patch(`/api/family/${profile.id}/permissions`, { mayMessage: true });
    assert.equal((await as('POST', '/api/messages', { receiverId: arjun.user.id, content: 'Namaste' })).status, 201);
    assert.equal((await priya.client.post('/api/profile-likes', { likedProfileId: arjunProfile.id })).status, 201);
    assert.deepEqual(summary(await activityOf(mother, profile.id)), ['Priya permissions mayMessage:on', 'mother message Arjun', 'Priya like Arjun']);

    await priya.client.patch(`/api/family/${profile.id}/permissions`, { mayLike: false, mayMessage: false });
    const withheld = summary(await activityOf(mother, profile.id));
    assert.deepEqual(withheld, ['Priya permissions mayMessage:on', 'Priya permissions mayLike:off,mayMessage:off']);
    // Priya herself still reads every entry.
    assert.equal((await activityOf(priya.client, profile.id)).length, 4);
  });

  test('a member who blocked the candidate since is no longer named in it, and a refused act lists nothing', async () => {
    const { priya, profile, arjun, arjunProfile, as } = await priyaWithMother(server);
    assert.equal((await as('POST', '/api/profile-likes', { likedProfileId: arjunProfile.id })).status, 201);
    assert.equal((await arjun.client.post('/api/blocks', { userId: priya.user.id })).status, 201);
    const [like] = await activityOf(priya.client, profile.id);
    assert.equal(like.action, 'like');
    assert.equal(like.subject, null);
    // Writing is not allowed (mayMessage is off by default): refused, and nothing recorded.
    assert.equal((await as('POST', '/api/messages', { receiverId: arjun.user.id, content: 'Hello' })).status, 403);
    assert.deepEqual(summary(await activityOf(priya.client, profile.id)), ['mother like']);
  });

  test("someone who is not one of the profile's people cannot read it", async () => {
    const { profile, arjun } = await priyaWithMother(server);
    assert.equal((await arjun.client.get(`/api/family/${profile.id}/activity`)).status, 404);
  });
});
