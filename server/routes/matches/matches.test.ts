import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { MutualMatchView } from '../../../contracts/views';
import { type TestServer, startTestServer } from '../../test/harness';
import { buildProfile, signedInClient } from '../../test/factories';

let server: TestServer;
before(async () => {
  server = await startTestServer();
});
after(async () => {
  await server.close();
});

type Member = Awaited<ReturnType<typeof signedInClient>> & { profileId: number };

async function member(name: string, gender: 'male' | 'female'): Promise<Member> {
  const signedIn = await signedInClient(server, { fullName: name, tier: 'premium' });
  const profile = await buildProfile(server, signedIn.user, { gender, lookingFor: gender === 'male' ? 'female' : 'male' });
  return { ...signedIn, profileId: profile.id };
}

async function like(from: Member, to: Member) {
  const res = await from.client.post('/api/profile-likes', { userId: from.user.id, likedProfileId: to.profileId });
  assert.equal(res.status, 201, await res.clone().text());
}

async function matchesOf(m: Member): Promise<MutualMatchView[]> {
  const res = await m.client.get(`/api/users/${m.user.id}/matches`);
  assert.equal(res.status, 200);
  return (await res.json()) as MutualMatchView[];
}

describe('GET /api/users/{id}/matches', () => {
  test('lists mutual likes only, with the last message and unread count, most recent activity first', async () => {
    const priya = await member('Priya Raman', 'female');
    const arjun = await member('Arjun Mehta', 'male');
    const dev = await member('Dev Kapoor', 'male');
    const karan = await member('Karan Sethi', 'male');
    await like(priya, arjun);
    await like(arjun, priya);
    await like(dev, priya);
    await like(priya, dev);
    await like(priya, karan); // one-sided: not a match
    assert.equal((await arjun.client.post('/api/messages', { receiverId: priya.user.id, content: 'Namaste Priya!' })).status, 201);
    assert.equal((await arjun.client.post('/api/messages', { receiverId: priya.user.id, content: 'Chai this weekend?' })).status, 201);

    // Oracle: the match rows and the messages of each pair, straight from the tables.
    const pairs = await server.db('matches').where('user1Id', priya.user.id).orWhere('user2Id', priya.user.id);
    const expectedIds = pairs.map((p) => Number(Number(p.user1Id) === priya.user.id ? p.user2Id : p.user1Id)).sort();
    const list = await matchesOf(priya);
    assert.deepEqual(list.map((m) => m.profile.userId).sort(), expectedIds);
    assert.deepEqual(list.map((m) => m.profile.fullName), ['Arjun Mehta', 'Dev Kapoor'], 'the conversation with news first');
    assert.deepEqual(list[0].lastMessage && [list[0].lastMessage.content, list[0].lastMessage.senderId], ['Chai this weekend?', arjun.user.id]);
    assert.equal(list[0].unreadCount, 2);
    assert.equal(list[1].lastMessage, null);
    assert.equal(list[1].unreadCount, 0);
    assert.deepEqual((await matchesOf(arjun)).map((m) => [m.profile.fullName, m.unreadCount]), [['Priya Raman', 0]]);

    // A blocked match disappears from the list.
    assert.equal((await priya.client.post('/api/blocks', { userId: dev.user.id })).status, 201);
    assert.deepEqual((await matchesOf(priya)).map((m) => m.profile.fullName), ['Arjun Mehta']);
  });

  test('only the member reads their own matches', async () => {
    const owner = await member('Meera Iyer', 'female');
    const stranger = await member('Rahul Nair', 'male');
    const res = await stranger.client.get(`/api/users/${owner.user.id}/matches`);
    assert.ok(res.status === 403 || res.status === 404, String(res.status));
    assert.equal((await matchesOf(owner)).length, 0);
  });
});
