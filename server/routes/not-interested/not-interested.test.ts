import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Client, type TestServer, startTestServer } from '../../test/harness';
import { buildProfile, buildUser, signedInClient } from '../../test/factories';

let server: TestServer;
before(async () => {
  server = await startTestServer();
});
after(async () => {
  await server.close();
});

type Card = { id: number; userId: number };

describe('not interested', () => {
  test('a marked profile leaves search and daily matches, is listed in settings, and comes back when undone', async () => {
    const me = await signedInClient(server, { tier: 'premium' });
    await buildProfile(server, me.user, { gender: 'female', lookingFor: 'male', city: 'Leicester' });
    const men = [];
    for (let i = 0; i < 3; i++) {
      const { user } = await buildUser(server);
      men.push(await buildProfile(server, user, { gender: 'male', lookingFor: 'female', city: 'Leicester' }));
    }
    const [setAside] = men;
    const search = async () => ((await (await me.client.get('/api/search?query=leicester')).json()) as Card[]).map((c) => c.id);
    assert.ok((await search()).includes(setAside.id));

    const res = await me.client.post('/api/not-interested', { profileId: setAside.id });
    assert.equal(res.status, 201);
    assert.ok(!(await search()).includes(setAside.id), 'gone from search at once');
    const daily = ((await (await me.client.get('/api/matches/daily')).json()) as Card[]).map((c) => c.id);
    assert.ok(!daily.includes(setAside.id), 'never offered in daily matches');
    assert.ok(daily.includes(men[1].id));
    const listed = ((await (await me.client.get('/api/not-interested')).json()) as Card[]).map((c) => c.id);
    assert.deepEqual(listed, [setAside.id]);
    // Marking twice is harmless.
    assert.equal((await me.client.post('/api/not-interested', { profileId: setAside.id })).status, 201);

    assert.equal((await me.client.delete(`/api/not-interested/${setAside.id}`)).status, 204);
    assert.ok((await search()).includes(setAside.id), 'back after undo');
    assert.deepEqual(await (await me.client.get('/api/not-interested')).json(), []);
  });

  test('denials: visitors, own profile, hidden profiles, and another member\'s marks', async () => {
    const me = await signedInClient(server);
    const mine = await buildProfile(server, me.user, { gender: 'female', lookingFor: 'male' });
    const { user: hiddenUser } = await buildUser(server);
    const hidden = await buildProfile(server, hiddenUser, { gender: 'male', lookingFor: 'female' });
    await server.db('privacy_settings').where({ userId: hiddenUser.id }).update({ profileVisibility: 'none' });
    const other = await signedInClient(server);
    await buildProfile(server, other.user, { gender: 'male', lookingFor: 'female' });

    assert.equal((await new Client(server).post('/api/not-interested', { profileId: hidden.id })).status, 401);
    assert.equal((await me.client.post('/api/not-interested', { profileId: mine.id })).status, 400);
    assert.equal((await me.client.post('/api/not-interested', { profileId: hidden.id })).status, 404, 'a hidden profile is as if it did not exist');
    assert.equal((await me.client.post('/api/not-interested', { profileId: 'abc' })).status, 400);
    assert.equal((await me.client.post('/api/not-interested', { profileId: 99_999_999 })).status, 404);

    // Another member's mark on my profile is theirs: my DELETE of that profile id removes nothing of theirs.
    assert.equal((await other.client.post('/api/not-interested', { profileId: mine.id })).status, 201);
    await me.client.delete(`/api/not-interested/${mine.id}`);
    assert.equal((await server.db('not_interested').where({ userId: other.user.id, profileId: mine.id })).length, 1);
  });
});
