import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { MOOD_TEXTS } from '../../../contracts/moods';
import { adaptationLevel, moodCompatibility } from '../../services/moods';
import { Client, type TestServer, startTestServer } from '../../test/harness';
import { buildProfile, signedInClient } from '../../test/factories';

let server: TestServer;
before(async () => {
  server = await startTestServer();
});
after(async () => {
  await server.close();
});

type Json = Record<string, unknown>;
const typeId = async (name: string) => (await server.db('mood_types').where({ name }).first()).id as number;

describe('formulas', () => {
  test('adaptation level: all 5s with no homesickness is 100, the opposite 0, the middle 50', () => {
    const base = { culturalIdentityStrength: 5, localCultureComfortLevel: 5, localFriendships: 5, indianCommunityConnection: 5 };
    assert.equal(adaptationLevel({ homesicknessLevel: 1, ...base }), 100);
    assert.equal(adaptationLevel({ homesicknessLevel: 5, culturalIdentityStrength: 1, localCultureComfortLevel: 1, localFriendships: 1, indianCommunityConnection: 1 }), 0);
    assert.equal(adaptationLevel({ homesicknessLevel: 3, culturalIdentityStrength: 3, localCultureComfortLevel: 3, localFriendships: 3, indianCommunityConnection: 3 }), 50);
  });

  test('mood compatibility by hand: same mood → 100; happy vs sad', () => {
    const happy = { typeId: 1, valence: 2, energy: 4, intensity: 3, category: 'general' };
    const sad = { typeId: 6, valence: -2, energy: 2, intensity: 3, category: 'general' };
    assert.deepEqual(moodCompatibility([happy], [happy], null, null), {
      score: 100,
      details: [{ aspect: 'emotionalTone', score: 100 }, { aspect: 'energy', score: 100 }, { aspect: 'sharedFeelings', score: 100 }],
    });
    // tone 100 − 4/4×100 = 0; energy 100 − 2/4×100 = 50; shared 0/2 = 0 → mean 17
    assert.equal(moodCompatibility([happy], [sad], null, null).score, 17);
    assert.deepEqual(moodCompatibility([], [], null, null), { score: null, details: [] });
  });
});

describe('mood API', () => {
  test('records both shapes with the spec validation; history, current and should-prompt', async () => {
    const { client } = await signedInClient(server);
    assert.deepEqual(await (await client.get('/api/moods/should-prompt')).json(), { shouldPrompt: true });
    const short = await client.post('/api/moods', { description: ' ok ', intensity: 50 });
    assert.equal(((await short.json()) as Json).message, MOOD_TEXTS.descriptionShort);
    assert.equal((await client.post('/api/moods', { description: 'Missing home today', intensity: 52 })).status, 400);
    assert.equal((await client.post('/api/moods', { description: 'Missing home today', intensity: 55 })).status, 201);
    assert.deepEqual(await (await client.get('/api/moods/should-prompt')).json(), { shouldPrompt: false });
    assert.equal((await client.post('/api/moods', { moodTypeId: await typeId('Hopeful'), intensity: 6 })).status, 400);
    const tracked = await client.post('/api/moods', { moodTypeId: await typeId('Hopeful'), intensity: 4, note: '  Met someone kind  ', isPrivate: true });
    assert.equal(tracked.status, 201);
    const record = (await tracked.json()) as Json;
    assert.equal((record.moodType as Json).name, 'Hopeful');
    assert.equal(record.note, 'Met someone kind');
    const current = (await (await client.get('/api/moods/current')).json()) as Json;
    assert.equal(current.id, record.id);
    const history = (await (await client.get('/api/moods/history?limit=30')).json()) as Json[];
    assert.equal(history.length, 2);
    const types = (await (await client.get('/api/moods/types')).json()) as Json[];
    assert.deepEqual([...new Set(types.map((t) => t.category))].sort(), ['cultural', 'general', 'relationship']);
  });

  test('cultural adaptation assessments', async () => {
    const { client } = await signedInClient(server);
    assert.ok(((await (await client.get('/api/moods/cultural-adaptation')).json()) as Json).message);
    const bad = await client.post('/api/moods/cultural-adaptation', { homesicknessLevel: 6, culturalIdentityStrength: 3, localCultureComfortLevel: 3, localFriendships: 3, indianCommunityConnection: 3 });
    assert.equal(bad.status, 400);
    const ok = await client.post('/api/moods/cultural-adaptation', { homesicknessLevel: 2, culturalIdentityStrength: 4, localCultureComfortLevel: 4, localFriendships: 3, indianCommunityConnection: 5, note: 'Settling in' });
    assert.equal(ok.status, 201);
    assert.equal(((await (await client.get('/api/moods/cultural-adaptation')).json()) as Json).adaptationLevel, 75);
  });

  test('compatibility, insight and starters use only shared moods, and only for visible members', async () => {
    const a = await signedInClient(server, { fullName: 'Neha Joshi' });
    const b = await signedInClient(server, { fullName: 'Rohan Kulkarni' });
    await buildProfile(server, a.user, { about: 'I love hiking and cooking Maharashtrian food.', motherTongue: 'Marathi', city: 'Toronto', country: 'Canada' });
    await buildProfile(server, b.user, { gender: 'male', about: 'Weekend hiking, weekday data science.', motherTongue: 'Marathi', city: 'Toronto', country: 'Canada' });
    const compatibility = async () => ((await (await a.client.get(`/api/matches/${b.user.id}/mood-compatibility`)).json()) as Json).score;
    const starters = async () => ((await (await a.client.get(`/api/moods/${b.user.id}/conversation-starters`)).json()) as { starters: string[] }).starters;
    assert.equal(await compatibility(), null);

    // Sharing is off unless the member turns it on: moods recorded meanwhile, private or not, are nobody else's.
    for (const client of [a.client, b.client]) {
      assert.equal(((await (await client.get(`/api/users/${client === a.client ? a.user.id : b.user.id}/privacy-settings`)).json()) as Json).shareMoods, false);
    }
    await a.client.post('/api/moods', { moodTypeId: await typeId('Happy'), intensity: 3, isPrivate: false });
    await b.client.post('/api/moods', { moodTypeId: await typeId('Happy'), intensity: 3, isPrivate: false });
    assert.equal(await compatibility(), null, 'not shared: sharing is off on both sides');
    assert.ok(!(await starters()).some((s) => /feeling happy/.test(s)));
    await a.client.patch(`/api/users/${a.user.id}/privacy-settings`, { shareMoods: true });
    assert.equal(await compatibility(), null, 'his mood is still his');
    await b.client.patch(`/api/users/${b.user.id}/privacy-settings`, { shareMoods: true });
    assert.equal(await compatibility(), 100, 'the moods stored before count once both share');

    // While sharing is on, a mood kept private still never counts.
    await b.client.post('/api/moods', { moodTypeId: await typeId('Sad'), intensity: 5, isPrivate: true });
    const compat = (await (await a.client.get(`/api/matches/${b.user.id}/mood-compatibility`)).json()) as Json;
    assert.equal(compat.score, 100, 'a private mood never counts');

    const insight = (await (await a.client.get(`/api/moods/${b.user.id}/cultural-insight`)).json()) as Json;
    assert.equal(insight.adaptationLevel, 65, 'from the profile when there is no assessment');
    const shown = await starters();
    assert.match(shown[0], /hiking/);
    assert.ok(shown.some((s) => s.includes('Marathi')));
    assert.ok(shown.some((s) => s.includes('Toronto')));
    assert.ok(shown.some((s) => /feeling happy/.test(s)));

    await b.client.patch(`/api/users/${b.user.id}/privacy-settings`, { profileVisibility: 'none' });
    for (const p of [`/api/matches/${b.user.id}/mood-compatibility`, `/api/moods/${b.user.id}/cultural-insight`, `/api/moods/${b.user.id}/conversation-starters`]) {
      assert.equal((await a.client.get(p)).status, 404, p);
      assert.equal((await new Client(server).get(p)).status, 401, p);
    }
  });

  test('a member without a name left is "this member" in the reader\'s language in the cultural insight', async () => {
    const reader = await signedInClient(server, { fullName: 'Sunita Sharma', language: 'hi' });
    const nameless = await signedInClient(server, { fullName: 'Vikram Rao' });
    await buildProfile(server, reader.user, { city: 'Toronto', country: 'Canada' });
    await buildProfile(server, nameless.user, { gender: 'male', city: 'Toronto', country: 'Canada', profession: 'Architect' });
    await server.db('users').where({ id: nameless.user.id }).update({ fullName: '' });
    const insight = async (client: Client) => ((await (await client.get(`/api/moods/${nameless.user.id}/cultural-insight`)).json()) as Json).description as string;
    assert.match(await insight(reader.client), /^संबंधित सदस्य विदेश के जीवन/);
    await server.db('users').where({ id: reader.user.id }).update({ language: 'ta' });
    assert.match(await insight(reader.client), /^இந்த உறுப்பினர் /);
    await server.db('users').where({ id: reader.user.id }).update({ language: 'en' });
    assert.match(await insight(reader.client), /^This member is /);
  });

  test("a mood's note, and the prompt's description, never reach another member, shared or not", async () => {
    const a = await signedInClient(server, { fullName: 'Asha Menon', tier: 'premium' });
    const b = await signedInClient(server, { fullName: 'Vikram Rao', tier: 'premium' });
    await buildProfile(server, a.user, { city: 'Leeds', country: 'United Kingdom' });
    const his = await buildProfile(server, b.user, { gender: 'male', lookingFor: 'female', city: 'Leeds', country: 'United Kingdom' });
    for (const client of [a.client, b.client]) {
      const id = client === a.client ? a.user.id : b.user.id;
      await client.patch(`/api/users/${id}/privacy-settings`, { shareMoods: true });
      await client.post('/api/moods', { moodTypeId: await typeId('Sad'), intensity: 5, note: `NOTE-OF-${id} my father is unwell`, isPrivate: false });
      await client.post('/api/moods', { description: `DESCRIPTION-OF-${id} missing home`, intensity: 90 });
    }
    const seen: string[] = [];
    for (const path of [
      `/api/matches/${b.user.id}/mood-compatibility`,
      `/api/moods/${b.user.id}/conversation-starters`,
      `/api/moods/${b.user.id}/cultural-insight`,
      `/api/profiles/${his.id}`,
      `/api/search?query=leeds`,
      `/api/search?query=leeds&matchMood=true&minMoodScore=50`,
    ]) {
      const res = await a.client.get(path);
      assert.equal(res.status, 200, path);
      seen.push(await res.text());
    }
    assert.ok(seen[0].includes('"score":100'), 'the shared moods are used');
    for (const text of seen) {
      assert.ok(!text.includes(`NOTE-OF-${b.user.id}`) && !text.includes(`DESCRIPTION-OF-${b.user.id}`), text.slice(0, 200));
    }
  });
});
