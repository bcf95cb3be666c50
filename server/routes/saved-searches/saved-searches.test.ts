import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { SavedSearchList, SavedSearchView } from '../../../contracts/saved-searches';
import { buildProfile, signedInClient } from '../../test/factories';
import { priyaWithMother } from '../../test/family-fixture';
import { type TestServer, startTestServer } from '../../test/harness';

let server: TestServer;
before(async () => {
  server = await startTestServer();
});
after(async () => {
  await server.close();
});

/** A woman looking for a man, and two men in Toronto she could find (one a doctor). */
async function seeker(tier: 'tryme' | 'premium' = 'premium') {
  const me = await signedInClient(server, { fullName: 'Meera Iyer', tier });
  await buildProfile(server, me.user, { gender: 'female', lookingFor: 'male', city: 'Toronto', country: 'Canada' });
  return me;
}

const body = async <T>(res: Response) => (await res.json()) as T;

describe('saved searches', () => {
  test('a member saves a search by name and lists it with how many it finds; renames it, turns alerts off, deletes it', async () => {
    const me = await seeker();
    const doctor = await signedInClient(server, { fullName: 'Rohan Doctor' });
    await buildProfile(server, doctor.user, { gender: 'male', lookingFor: 'female', city: 'Toronto', country: 'Canada', profession: 'Cardiologist doctor' });
    const res = await me.client.post('/api/saved-searches', { name: '  Doctors in Canada ', filters: { query: 'doctor', locations: 'Canada', minAge: 25, maxAge: 40 } });
    assert.equal(res.status, 201, await res.clone().text());
    const saved = await body<SavedSearchView>(res);
    assert.equal(saved.name, 'Doctors in Canada');
    assert.deepEqual(saved.filters, { locations: 'Canada', maxAge: '40', minAge: '25', query: 'doctor' });
    assert.equal(saved.emailAlerts, true);
    assert.equal(saved.pushAlerts, true);
    assert.equal(saved.matches, 1);
    assert.equal(saved.needsUpgrade, false);

    const list = await body<SavedSearchList>(await me.client.get('/api/saved-searches'));
    assert.deepEqual(list.searches.map((s) => s.name), ['Doctors in Canada']);
    assert.equal(list.limit, 20);

    const renamed = await me.client.patch(`/api/saved-searches/${saved.id}`, { name: 'Toronto doctors', emailAlerts: false });
    assert.equal(renamed.status, 200);
    const after = await body<SavedSearchView>(renamed);
    assert.equal(after.name, 'Toronto doctors');
    assert.equal(after.emailAlerts, false);
    assert.equal(after.pushAlerts, true);

    assert.equal((await me.client.delete(`/api/saved-searches/${saved.id}`)).status, 200);
    assert.deepEqual((await body<SavedSearchList>(await me.client.get('/api/saved-searches'))).searches, []);
    assert.equal((await me.client.delete(`/api/saved-searches/${saved.id}`)).status, 404);
  });

  test("another member's saved search is not found: not listed, not renamed, not deleted", async () => {
    const me = await seeker();
    const other = await seeker();
    const saved = await body<SavedSearchView>(await me.client.post('/api/saved-searches', { name: 'Mine', filters: { query: 'engineer' } }));
    assert.deepEqual((await body<SavedSearchList>(await other.client.get('/api/saved-searches'))).searches, []);
    const rename = await other.client.patch(`/api/saved-searches/${saved.id}`, { name: 'Stolen' });
    assert.equal(rename.status, 404);
    assert.equal((await body<{ message: string }>(rename)).message, 'Saved search not found');
    assert.equal((await other.client.delete(`/api/saved-searches/${saved.id}`)).status, 404);
    const row = await server.db('saved_searches').where({ id: saved.id }).first();
    assert.equal(row.name, 'Mine');
  });

  test('bad input is a clear 400 that saves nothing: the filters are checked by the schema search uses', async () => {
    const me = await seeker();
    const cases: Array<[unknown, RegExp]> = [
      [{ filters: {} }, /Give the search a name/],
      [{ name: '   ', filters: {} }, /Give the search a name/],
      [{ name: 'x'.repeat(61), filters: {} }, /under 60 characters/],
      [{ name: 'Ages', filters: { minAge: 40, maxAge: 30 } }, /Minimum age cannot be more than maximum age/],
      [{ name: 'Planet', filters: { locations: 'Atlantis' } }, /Unknown country in locations/],
      [{ name: 'Colour', filters: { eyeColour: 'green' } }, /Unknown search filter: eyeColour/],
      [{ name: 'Moods', filters: { matchMood: true } }, /Mood match is not kept in a saved search/],
      [{ name: 'Page', filters: { cursor: 'abc' } }, /not a page of results/],
      [{ name: 'List', filters: ['doctor'] }, /filters/],
      [{ name: 'Extra', filters: {}, colour: 'red' }, /Unknown field: colour/],
      [{ name: 'Alerts', filters: {}, emailAlerts: 'yes' }, /emailAlerts is true or false/],
    ];
    for (const [input, message] of cases) {
      const res = await me.client.post('/api/saved-searches', input);
      assert.equal(res.status, 400, JSON.stringify(input));
      assert.match((await body<{ message: string }>(res)).message, message, JSON.stringify(input));
    }
    const saved = await body<SavedSearchView>(await me.client.post('/api/saved-searches', { name: 'Fine', filters: {} }));
    for (const [input, message] of [
      [{}, /Nothing to change/],
      [{ filters: { query: 'x' } }, /Unknown field: filters/],
      [{ name: '' }, /Give the search a name/],
    ] as const) {
      const res = await me.client.patch(`/api/saved-searches/${saved.id}`, input);
      assert.equal(res.status, 400);
      assert.match((await body<{ message: string }>(res)).message, message);
    }
    assert.equal((await me.client.patch('/api/saved-searches/abc', { name: 'x' })).status, 400);
    assert.equal((await server.db('saved_searches').where({ userId: me.user.id })).length, 1);
  });

  test('the same filters are not saved twice; the Free plan keeps 3 and never saves advanced filters', async () => {
    const me = await seeker('tryme');
    const first = await me.client.post('/api/saved-searches', { name: 'Canada', filters: { locations: 'Canada' } });
    assert.equal(first.status, 201);
    const twin = await me.client.post('/api/saved-searches', { name: 'Again', filters: { locations: 'Canada' } });
    assert.equal(twin.status, 409);
    assert.match((await body<{ message: string }>(twin)).message, /already saved this search as “Canada”/);

    const advanced = await me.client.post('/api/saved-searches', { name: 'Verified', filters: { isVerified: 'true' } });
    assert.equal(advanced.status, 403);
    assert.equal((await body<{ upgradeRequired: boolean }>(advanced)).upgradeRequired, true);

    assert.equal((await me.client.post('/api/saved-searches', { name: 'UK', filters: { locations: 'United Kingdom' } })).status, 201);
    assert.equal((await me.client.post('/api/saved-searches', { name: 'US', filters: { locations: 'United States' } })).status, 201);
    const fourth = await me.client.post('/api/saved-searches', { name: 'India', filters: { locations: 'India' } });
    assert.equal(fourth.status, 403);
    const refusal = await body<{ message: string; upgradeRequired: boolean; limit: number }>(fourth);
    assert.equal(refusal.limit, 3);
    assert.equal(refusal.upgradeRequired, true);
    assert.match(refusal.message, /Free plan keeps 3 saved searches/);
    assert.equal((await body<SavedSearchList>(await me.client.get('/api/saved-searches'))).limit, 3);
  });

  test('a search saved on a paid plan with advanced filters waits for an upgrade once the plan ends', async () => {
    const me = await seeker('premium');
    await me.client.post('/api/saved-searches', { name: 'Verified only', filters: { isVerified: 'true' } });
    await server.db('users').where({ id: me.user.id }).update({ subscriptionTier: 'tryme', subscriptionEnds: null });
    const [search] = (await body<SavedSearchList>(await me.client.get('/api/saved-searches'))).searches;
    assert.equal(search.needsUpgrade, true);
    assert.equal(search.matches, null);
  });

  test('a family member acting for the candidate saves searches for the candidate, only while allowed to search', async () => {
    const { priya, profile, as } = await priyaWithMother(server);
    const saved = await as('POST', '/api/saved-searches', { name: 'From Amma', filters: { locations: 'Canada' } });
    assert.equal(saved.status, 201, await saved.clone().text());
    const mine = await body<SavedSearchList>(await priya.client.get('/api/saved-searches'));
    assert.deepEqual(mine.searches.map((s) => s.name), ['From Amma'], "the candidate's own list holds it");
    await priya.client.patch(`/api/family/${profile.id}/permissions`, { maySearch: false });
    const refused = await as('POST', '/api/saved-searches', { name: 'Another', filters: { locations: 'India' } });
    assert.equal(refused.status, 403);
    assert.equal((await body<{ message: string }>(refused)).message, 'The person this profile is for has not allowed family to search');
    assert.equal((await as('GET', '/api/saved-searches')).status, 403);
    assert.equal((await server.db('saved_searches').where({ userId: priya.user.id })).length, 1);
  });

  test('a visitor who is not signed in gets 401', async () => {
    const res = await fetch(`${server.url}/api/saved-searches`);
    assert.equal(res.status, 401);
  });
});
