import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { type TestServer, startTestServer } from '../../test/harness';
import { buildProfile, jpegBytes, signedInClient } from '../../test/factories';

let server: TestServer;
before(async () => {
  server = await startTestServer();
});
after(async () => {
  await server.close();
});

type Json = Record<string, unknown>;

describe('GET-then-PATCH: what the server returned goes back as it is', () => {
  for (const resource of ['privacy-settings', 'notification-settings']) {
    test(`${resource}: the GET object is accepted (read-only fields ignored), unknown keys still refused`, async () => {
      const { client, user } = await signedInClient(server);
      const path = `/api/users/${user.id}/${resource}`;
      const got = (await (await client.get(path)).json()) as Json;
      assert.equal(typeof got.updatedAt, 'string', 'the GET carries a read-only field');
      const flipped = resource === 'privacy-settings' ? { blurPhotos: !got.blurPhotos } : { appUpdates: !got.appUpdates };
      const res = await client.patch(path, { ...got, ...flipped, updatedAt: '1999-01-01T00:00:00.000Z' });
      assert.equal(res.status, 200, await res.clone().text());
      const { settings } = (await res.json()) as { settings: Json };
      for (const [key, value] of Object.entries(flipped)) assert.equal(settings[key], value);
      assert.notEqual(settings.updatedAt, '1999-01-01T00:00:00.000Z', 'the server keeps its own timestamp');
      const unknown = await client.patch(path, { ...got, isAdmin: true });
      assert.equal(unknown.status, 400);
      assert.match(String(((await unknown.json()) as Json).message), /isAdmin/);
    });
  }

  test('profile: the object GET returned is accepted by PATCH; read-only fields ignored, unknown keys refused', async () => {
    const { client, user } = await signedInClient(server, { fullName: 'Neha Kulkarni' });
    const photo = (await (await client.upload('/api/upload/photo', 'photo', await jpegBytes(), 'me.jpg', 'image/jpeg')).json()) as { id: number };
    const profile = await buildProfile(server, user, { city: 'Pune', country: 'India' });
    assert.equal((await client.patch(`/api/profiles/${profile.id}`, { photoIds: [photo.id] })).status, 200);
    const got = (await (await client.get(`/api/profiles/${profile.id}`)).json()) as Json;
    const before = await server.db('profiles').where({ id: profile.id }).first();
    const res = await client.patch(`/api/profiles/${profile.id}`, { ...got, city: 'Mumbai', id: 999, userId: 999, isVerified: true, age: 99, updatedAt: '1999-01-01T00:00:00.000Z' });
    assert.equal(res.status, 200, await res.clone().text());
    const after = (await res.json()) as Json;
    assert.equal(after.city, 'Mumbai');
    assert.deepEqual([after.id, after.userId, after.isVerified], [profile.id, user.id, false], 'read-only fields did not change anything');
    assert.equal((after.photos as string[]).length, 1, 'the photos stay');
    const row = await server.db('profiles').where({ id: profile.id }).first();
    assert.equal(row.about, before.about);
    const unknown = await client.patch(`/api/profiles/${profile.id}`, { ...got, subscriptionTier: 'elite' });
    assert.equal(unknown.status, 400);
  });
});
