import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { type TestServer, startTestServer } from '../../test/harness';
import { buildProfile, signedInClient } from '../../test/factories';
import { priyaWithMother } from '../../test/family-fixture';
import { Client } from '../../test/harness';

let server: TestServer;
before(async () => {
  server = await startTestServer();
});
after(() => server.close());

interface Shown {
  id: number;
  type: string;
  title: string;
  content: string | null;
  sourceId: number | null;
  isRead: boolean;
  forProfile: { profileId: number; name: string } | null;
}

const idOf = async (client: Client) => ((await (await client.get('/api/auth/user')).json()) as { id: number }).id;
const notificationsOf = async (client: Client) => {
  const res = await client.get(`/api/notifications/${await idOf(client)}`);
  assert.equal(res.status, 200, await res.clone().text());
  return (await res.json()) as Shown[];
};
const countOf = async (client: Client) => ((await (await client.get(`/api/notifications/${await idOf(client)}/count`)).json()) as { count: number }).count;

describe("the candidate's notifications that reach her family", () => {
  test('a like, a new match and a message in a conversation family may read reach the helper, labelled with the candidate', async () => {
    const { priya, profile, mother, arjun, arjunProfile, as } = await priyaWithMother(server);
    await priya.client.patch(`/api/family/${profile.id}/permissions`, { mayMessage: true });
    assert.equal((await arjun.client.post('/api/profile-likes', { likedProfileId: profile.id })).status, 201);
    assert.equal((await as('POST', '/api/profile-likes', { likedProfileId: arjunProfile.id })).status, 201);
    assert.equal((await as('POST', '/api/messages', { receiverId: arjun.user.id, content: 'Namaste from Priya’s mother' })).status, 201);
    assert.equal((await arjun.client.post('/api/messages', { receiverId: priya.user.id, content: 'Namaste auntie' })).status, 201);

    const forPriya = { profileId: profile.id, name: 'Priya' };
    const seen = (await notificationsOf(mother)).reverse();
    assert.deepEqual(
      seen.map((n) => [n.type, n.title, n.content, n.forProfile]),
      [
        ['like', "Someone liked Priya's profile", "Arjun Mehta liked Priya's profile", forPriya],
        ['match', 'Priya has a new match', 'Priya and Arjun Mehta like each other', forPriya],
        ['message', 'New message for Priya from Arjun Mehta', 'Namaste auntie', forPriya],
      ],
    );
    assert.equal(await countOf(mother), 3);
    // Priya's own bell keeps hers, worded for her; none of her mother's copies.
    const own = await notificationsOf(priya.client);
    assert.ok(own.some((n) => n.type === 'match' && n.content === 'You and Arjun Mehta like each other' && n.forProfile === null));
    assert.ok(own.every((n) => n.forProfile === null));
    // The helper reads her copy as read without touching Priya's.
    const message = seen[2];
    assert.equal((await mother.patch(`/api/notifications/${message.id}/mark-read`)).status, 200);
    assert.equal(await countOf(mother), 2);
    assert.ok((await notificationsOf(priya.client)).some((n) => n.type === 'message' && !n.isRead), 'hers is still unread');
  });

  test("a helper who reads Hindi gets the family's copy in Hindi", async () => {
    const { profile, mother, arjun } = await priyaWithMother(server);
    assert.equal((await mother.request('PUT', `/api/users/${await idOf(mother)}/language`, { json: { language: 'hi' } })).status, 200);
    assert.equal((await arjun.client.post('/api/profile-likes', { likedProfileId: profile.id })).status, 201);
    const [copy] = await notificationsOf(mother);
    assert.deepEqual([copy.type, copy.title, copy.content], ['like', 'किसी ने Priya की प्रोफ़ाइल पसंद की', 'Arjun Mehta ने Priya की प्रोफ़ाइल पसंद की']);
  });

  test("nothing reaches the helper that the candidate keeps to herself: likes without like permission, her own conversations", async () => {
    const { priya, profile, mother, arjun } = await priyaWithMother(server);
    await priya.client.patch(`/api/family/${profile.id}/permissions`, { mayLike: false, mayMessage: true });
    assert.equal((await arjun.client.post('/api/profile-likes', { likedProfileId: profile.id })).status, 201);
    // A conversation Priya began herself, never shared: hers alone.
    assert.equal((await priya.client.post('/api/messages', { receiverId: arjun.user.id, content: 'Hi Arjun' })).status, 201);
    assert.equal((await arjun.client.post('/api/messages', { receiverId: priya.user.id, content: 'Hi Priya' })).status, 201);
    assert.deepEqual(await notificationsOf(mother), []);
    assert.equal(await countOf(mother), 0);
    // Another member cannot read the mother's list.
    assert.equal((await arjun.client.get(`/api/notifications/${await idOf(mother)}`)).status, 403);
  });

  test("the candidate's plan decides what the copy shows, and a helper removed from the family no longer sees them", async () => {
    const { priya, profile, mother } = await priyaWithMother(server);
    await server.db('users').where({ id: priya.user.id }).update({ subscription_tier: 'tryme', subscription_ends: null });
    const someone = await signedInClient(server, { fullName: 'Kiran Rao' });
    await buildProfile(server, someone.user, { gender: 'male' });
    assert.equal((await someone.client.post('/api/profile-likes', { likedProfileId: profile.id })).status, 201);
    const [copy] = await notificationsOf(mother);
    assert.equal(copy.title, "Someone liked Priya's profile");
    assert.equal(copy.content, 'Upgrade to Premium or Elite to see who.', "Priya's free plan does not show who liked her");
    assert.equal(copy.sourceId, null);

    const { people } = (await (await priya.client.get(`/api/family/${profile.id}`)).json()) as { people: Array<{ memberId: number | null; relation: string | null }> };
    const memberId = people.find((p) => p.relation === 'mother')?.memberId;
    assert.equal((await priya.client.delete(`/api/family/${profile.id}/members/${memberId}`)).status, 200);
    const again = new Client(server);
    assert.equal((await again.post('/api/auth/login', { username: `lakshmi_${profile.id}`, password: 'lakshmi-pass-1' })).status, 200);
    const shown = await notificationsOf(again);
    assert.ok(shown.length > 0 && shown.every((n) => n.forProfile === null), 'only her own: that she was removed');
    assert.equal(await countOf(again), shown.filter((n) => !n.isRead).length);
  });

  test('a suggestion answered reaches the family member who made it, labelled with the candidate', async () => {
    const { priya, profile, mother, arjunProfile } = await priyaWithMother(server);
    const saved = await mother.post(`/api/family/${profile.id}/suggestions`, { suggestedProfileId: arjunProfile.id, note: 'A kind family' });
    assert.equal(saved.status, 201, await saved.clone().text());
    const { id } = (await saved.json()) as { id: number };
    assert.equal((await priya.client.post(`/api/family/${profile.id}/suggestions/${id}/decision`, { decision: 'dismiss' })).status, 200);
    const [answer] = await notificationsOf(mother);
    assert.equal(answer.title, 'Priya passed on your suggestion: Arjun Mehta');
    assert.deepEqual(answer.forProfile, { profileId: profile.id, name: 'Priya' });
  });
});
