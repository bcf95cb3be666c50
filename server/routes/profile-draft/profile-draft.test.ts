import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Client, type TestServer, startTestServer } from '../../test/harness';
import { buildProfile, jpegBytes, signedInClient } from '../../test/factories';

let server: TestServer;
before(async () => {
  server = await startTestServer();
});
after(async () => {
  await server.close();
});

interface DraftBody {
  step: number;
  values: Record<string, unknown>;
  photos: Array<{ id: number; url: string }>;
  updatedAt: string | null;
}

async function upload(client: Client): Promise<Response> {
  return client.upload('/api/upload/photo', 'photo', await jpegBytes(), 'me.jpg', 'image/jpeg');
}

async function draftOf(client: Client): Promise<DraftBody> {
  const res = await client.get('/api/profile-draft');
  assert.equal(res.status, 200);
  return (await res.json()) as DraftBody;
}

async function signInAgain(username: string, password: string): Promise<Client> {
  const other = new Client(server);
  const res = await other.postForm('/api/auth/login', { username, password });
  assert.equal(res.status, 200);
  return other;
}

describe('photos uploaded in the wizard belong to the draft', () => {
  test('after a reload the draft shows the earlier uploads, the limit counts them, and removing one frees a place', async () => {
    const { client, user, password } = await signedInClient(server);
    const first = (await (await upload(client)).json()) as { id: number };
    const second = (await (await upload(client)).json()) as { id: number };
    // A reload, or another device: a new session of the same member sees both photos.
    const laptop = await signInAgain(user.username, password);
    const draft = await draftOf(laptop);
    assert.deepEqual(draft.photos.map((p) => p.id), [first.id, second.id]);
    assert.equal((await upload(laptop)).status, 201, 'the third photo fits');
    const refused = await upload(laptop);
    assert.equal(refused.status, 409);
    assert.equal(((await refused.json()) as { message: string }).message, 'You can add at most 3 photos');
    assert.equal((await laptop.delete(`/api/upload/photo/${first.id}`)).status, 200);
    assert.equal((await upload(laptop)).status, 201, 'a removed photo frees its place');
    assert.equal((await draftOf(client)).photos.length, 3);
  });

  test('"start over" removes the draft and its photos; three new photos fit again', async () => {
    const { client } = await signedInClient(server);
    for (let i = 0; i < 3; i++) assert.equal((await upload(client)).status, 201);
    const saved = await client.request('PUT', '/api/profile-draft', { json: { step: 3, values: { city: 'Leicester' }, photoIds: [] } });
    assert.equal(saved.status, 200, await saved.clone().text());
    const cleared = await client.delete('/api/profile-draft');
    assert.equal(cleared.status, 200);
    const draft = await draftOf(client);
    assert.deepEqual([draft.step, draft.values, draft.photos], [1, {}, []]);
    for (let i = 0; i < 3; i++) assert.equal((await upload(client)).status, 201);
  });

  test('a member with a profile: photos uploaded and never attached stop counting and are removed', async () => {
    const { client, user } = await signedInClient(server);
    await buildProfile(server, user);
    for (let i = 0; i < 3; i++) assert.equal((await upload(client)).status, 201);
    assert.equal((await upload(client)).status, 409, 'three in flight at once is the limit');
    // An hour later nobody attached them (the tab was closed).
    await server.db('photos').where({ userId: user.id }).whereNull('profileId').update({ createdAt: Date.now() - 3600_000 });
    assert.equal((await upload(client)).status, 201);
    const rows = await server.db('photos').where({ userId: user.id }).whereNull('profileId');
    assert.equal(rows.length, 1, 'the abandoned uploads are gone');
  });
});

describe('the wizard draft is kept on the server for the signed-in member', () => {
  test('saved step, values and photo order follow the member to another session; GET-then-PUT round-trips', async () => {
    const { client, user, password } = await signedInClient(server);
    const a = (await (await upload(client)).json()) as { id: number };
    const b = (await (await upload(client)).json()) as { id: number };
    const values = { gender: 'male', fullName: 'Rohan Patel', profileType: 'parent', city: 'Leicester', locationPreference: ['United Kingdom', 'Canada'] };
    const res = await client.request('PUT', '/api/profile-draft', { json: { step: 4, values, photoIds: [b.id, a.id] } });
    assert.equal(res.status, 200, await res.clone().text());
    const phone = await signInAgain(user.username, password);
    const draft = await draftOf(phone);
    assert.equal(draft.step, 4);
    assert.deepEqual(draft.values, values);
    assert.deepEqual(draft.photos.map((p) => p.id), [b.id, a.id], 'the main photo the member chose stays first');
    // What GET returned goes back as it is (photos and updatedAt accepted and ignored).
    const again = await phone.request('PUT', '/api/profile-draft', { json: { ...draft, photoIds: [b.id, a.id] } });
    assert.equal(again.status, 200, await again.clone().text());
  });

  test('refusals: unknown fields, a step out of range, another member\'s photo', async () => {
    const { client } = await signedInClient(server);
    const other = await signedInClient(server);
    const theirs = (await (await upload(other.client)).json()) as { id: number };
    const cases: Array<[unknown, number]> = [
      [{ step: 2, values: { isAdmin: 'yes' }, photoIds: [] }, 400],
      [{ step: 9, values: {}, photoIds: [] }, 400],
      [{ step: 2, values: {}, photoIds: [], role: 'admin' }, 400],
      [{ step: 2, values: {}, photoIds: [theirs.id] }, 400],
    ];
    for (const [body, status] of cases) {
      const res = await client.request('PUT', '/api/profile-draft', { json: body });
      assert.equal(res.status, status, JSON.stringify(body));
      assert.equal(typeof ((await res.json()) as { message: string }).message, 'string');
    }
    assert.deepEqual((await draftOf(client)).photos, [], 'another member\'s photos never appear in my draft');
    assert.equal((await draftOf(other.client)).photos.length, 1, 'and theirs stays theirs');
    assert.equal((await new Client(server).get('/api/profile-draft')).status, 401);
  });

  test('creating the profile ends the draft', async () => {
    const { client, user } = await signedInClient(server);
    const photo = (await (await upload(client)).json()) as { id: number };
    await client.request('PUT', '/api/profile-draft', { json: { step: 5, values: { city: 'Pune' }, photoIds: [photo.id] } });
    const created = await client.post('/api/profiles', {
      userId: user.id, gender: 'female', dateOfBirth: '1994-02-03', profileType: 'self', country: 'India', city: 'Pune',
      education: "Master's", profession: 'Architect', photoIds: [photo.id],
    });
    assert.equal(created.status, 201, await created.clone().text());
    const draft = await draftOf(client);
    assert.deepEqual([draft.step, draft.values, draft.photos], [1, {}, []]);
  });
});

test('the draft is part of the data export and goes with a deleted account', async () => {
  const { client, user, password } = await signedInClient(server);
  await client.request('PUT', '/api/profile-draft', { json: { step: 2, values: { city: 'Nairobi', about: 'DRAFT-ABOUT-TEXT' }, photoIds: [] } });
  const exported = (await (await client.get(`/api/users/${user.id}/export`)).json()) as { profileDraft: { step: number; values: { city: string } } };
  assert.deepEqual([exported.profileDraft.step, exported.profileDraft.values.city], [2, 'Nairobi']);
  assert.equal((await client.post('/api/user/delete', { password })).status, 200);
  assert.equal(await server.db('profile_drafts').where({ userId: user.id }).first(), undefined);
});
