import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { Client, type TestServer, startTestServer } from '../../test/harness';
import { buildProfile, buildUser } from '../../test/factories';
import { buildMatch, buildSuccessStory } from '../../test/table-factories';
import { siteCounts, siteFiguresCache } from '../../services/site-figures';

// The landing's "120+ matches · 50+ countries · 10+ success stories": counted from the database, not written in.

let server: TestServer;
before(async () => {
  server = await startTestServer();
});
after(async () => {
  await server.close();
});

const COUNTRIES = ['India', 'Canada', 'United Kingdom', 'United States', 'Australia', 'Germany', 'Singapore', 'United Arab Emirates', 'New Zealand'];

test('the figures are real counts: matches, countries of active members, published stories; each shown from 10, rounded down', async () => {
  const visitor = new Client(server);
  assert.deepEqual(await (await visitor.get('/api/site-figures')).json(), { matches: null, countries: null, successStories: null }, 'nothing to claim yet');

  const members = [];
  for (const country of COUNTRIES) {
    const { user } = await buildUser(server);
    await buildProfile(server, user, { country });
    members.push(user);
  }
  // Not members any more, or not members at all: their countries do not count.
  const { user: suspended } = await buildUser(server);
  await buildProfile(server, suspended, { country: 'Japan' });
  await server.db('users').where({ id: suspended.id }).update({ status: 'suspended' });
  const { user: gone } = await buildUser(server);
  const deleted = await buildProfile(server, gone, { country: 'Kenya' });
  await server.db('profiles').where({ id: deleted.id }).update({ isDeleted: true });
  const { user: reviewer } = await buildUser(server, { role: 'reviewer' });
  await buildProfile(server, reviewer, { country: 'Brazil' });

  const ids = members.map((m) => m.id).sort((a, b) => a - b);
  for (let i = 0; i < 6; i++) for (let j = i + 1; j < 6; j++) await buildMatch(server.db, { user1Id: ids[i], user2Id: ids[j] }); // 15
  for (let i = 0; i < 12; i++) await buildSuccessStory(server.db, { isPublished: i < 9 });

  assert.deepEqual(await siteCounts(server.db), { matches: 15, countries: 9, successStories: 9 });

  const res = await visitor.get('/api/site-figures');
  assert.equal(res.headers.get('cache-control'), 'public, max-age=300');
  assert.deepEqual(await res.json(), { matches: null, countries: null, successStories: null }, 'counted when first asked, kept for five minutes');

  const now = { t: 1_000_000 };
  const figures = siteFiguresCache(server.db, { ttlMs: 300_000, now: () => now.t });
  assert.deepEqual(await figures(), { matches: 10, countries: null, successStories: null }, '15 matches are "10+"; 9 countries and 9 stories are not claimed');

  await server.db('users').where({ id: suspended.id }).update({ status: 'active' });
  await server.db('success_stories').where({ isPublished: false }).update({ isPublished: true });
  now.t += 299_000;
  assert.deepEqual(await figures(), { matches: 10, countries: null, successStories: null }, 'within five minutes: the kept figures');
  now.t += 1_000;
  assert.deepEqual(await figures(), { matches: 10, countries: 10, successStories: 10 });
});

test('concurrent asks share one count', async () => {
  let counts = 0;
  const db = server.db;
  const countingDb = new Proxy(db, {
    apply: (target, self, args: Parameters<typeof db>) => {
      if (args[0] === 'matches') counts += 1;
      return Reflect.apply(target, self, args);
    },
  });
  const figures = siteFiguresCache(countingDb);
  await Promise.all([figures(), figures(), figures()]);
  await figures();
  assert.equal(counts, 1);
});
