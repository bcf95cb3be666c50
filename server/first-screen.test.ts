// A signed-in member's home and search pages carry the screen's first cards (firstScreenFor): exactly the cards the
// screen's first API answer gives that member, rendered by the app's own components; never a member the answer
// would not show, never unescaped text, nothing for an account that may not see the screen.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, test } from 'node:test';
import { Photo } from './models/photo';
import type { Profile } from './models/profile';
import { PrivacySettings } from './models/settings';
import type { User } from './models/user';
import { firstScreenFor } from './services/first-screen';
import { type TestServer, startTestServer } from './test/harness';
import { buildProfile, buildUser, signedInClient } from './test/factories';

let server: TestServer;
before(async () => {
  server = await startTestServer();
});
after(() => server.close());

type Card = { id: number; fullName: string; photos: string[] };

async function withPhoto(profile: Profile, user: User) {
  await Photo.query(server.db).insert({
    userId: user.id, profileId: profile.id, purpose: 'profile', position: 0, fileKey: randomBytes(16).toString('hex'), width: 800, height: 1000, bytes: 1000, createdAt: Date.now(),
  } as Partial<Photo>);
  return profile;
}

/** A man in `city` with a photo, whom a woman looking for a man is offered. */
async function man(fullName: string, city = 'Toronto') {
  const { user } = await buildUser(server, { fullName });
  return { user, profile: await withPhoto(await buildProfile(server, user, { gender: 'male', lookingFor: 'female', city, country: 'Canada' }), user) };
}

async function viewer(fullName: string) {
  const member = await signedInClient(server, { fullName });
  await buildProfile(server, member.user, { gender: 'female', lookingFor: 'male', city: 'Toronto', country: 'Canada' });
  return member;
}

const answer = async (client: Awaited<ReturnType<typeof viewer>>['client'], path: string) => {
  const res = await client.get(path);
  assert.equal(res.status, 200);
  return (await res.json()) as Card[];
};

/** The profiles the first screen's cards link to, in order. */
const cardsIn = (html: string) => [...html.matchAll(/href="\/profile\/(\d+)"/g)].map((m) => Number(m[1]));

test("home: the first daily matches as GET /api/matches/daily gives them to the member, with that answer's photo address", async () => {
  for (const name of ['Arjun Mehta', 'Dev Malhotra', 'Kabir Shah']) await man(name);
  const priya = await viewer('Priya Nair');
  const daily = await answer(priya.client, '/api/matches/daily');
  assert.ok(daily.length >= 2, 'the member has daily matches');
  const screen = await firstScreenFor(server.services, '/', priya.user.id);
  assert.ok(screen);
  assert.deepEqual(cardsIn(screen.html), daily.slice(0, 2).map((card) => card.id), 'the first row, in the answer\'s order');
  assert.ok(daily[0].photos[0]?.startsWith('/media/'), String(daily[0].photos[0]));
  assert.deepEqual(screen.images, [daily[0].photos[0]]);
  assert.ok(screen.html.includes(`src="${daily[0].photos[0]}"`));
  assert.match(screen.html, /<h1 id="home-title" class="member-home__title">Welcome, Priya!<\/h1>/);
  // The lists home loads besides stay in their loading state: the app fills them in.
  assert.match(screen.html, /aria-label="Loading featured matches"/);
});

test('search: the first result as an unfiltered GET /api/search gives it to the member, with the total', async () => {
  const asha = await viewer('Asha Rao');
  const res = await asha.client.get('/api/search?limit=20');
  const results = (await res.json()) as Card[];
  assert.ok(results.length > 0);
  const screen = await firstScreenFor(server.services, '/search', asha.user.id);
  assert.ok(screen);
  assert.deepEqual(cardsIn(screen.html), [results[0].id]);
  assert.deepEqual(screen.images, [results[0].photos[0]]);
  const total = Number(res.headers.get('x-total-count'));
  assert.match(screen.html, new RegExp(`${total.toLocaleString('en-GB')} members, best match first`));
});

/** A woman looking for a woman: her candidates are only the members of the pool the test makes for her. */
async function woman(fullName: string) {
  const { user } = await buildUser(server, { fullName });
  return { user, profile: await withPhoto(await buildProfile(server, user, { gender: 'female', lookingFor: 'female', city: 'Kingston', country: 'Canada' }), user) };
}

test('a member who blocked, was blocked by or is hidden from the viewer never appears, as in the API\'s answers', async () => {
  const kavya = await signedInClient(server, { fullName: 'Kavya Iyer' });
  await buildProfile(server, kavya.user, { gender: 'female', lookingFor: 'female', city: 'Kingston', country: 'Canada' });
  const [blocked, blocker, hidden] = [await woman('Bhavna Bhatt'), await woman('Rupa Bose'), await woman('Hema Hegde')];
  const pool = [blocked, blocker, hidden].map((m) => m.profile.id);
  // Before: they are the member's matches, and the first screens show them.
  assert.deepEqual((await answer(kavya.client, '/api/search?limit=20')).map((c) => c.id).sort(), [...pool].sort());
  for (const route of ['/', '/search']) {
    const shown = cardsIn((await firstScreenFor(server.services, route, kavya.user.id))?.html ?? '');
    assert.ok(shown.length > 0 && shown.every((id) => pool.includes(id)), `${route}: ${shown}`);
  }

  assert.equal((await kavya.client.post('/api/blocks', { userId: blocked.user.id })).status, 201);
  await server.db('blocks').insert({ blockerId: blocker.user.id, blockedId: kavya.user.id, createdAt: Date.now() });
  await PrivacySettings.query(server.db).insert({ userId: hidden.user.id, profileVisibility: 'none', updatedAt: Date.now() } as Partial<PrivacySettings>).onConflict('userId').merge();
  // After: the answers are empty, and so the pages have no first screen at all.
  assert.deepEqual(await answer(kavya.client, '/api/search?limit=20'), []);
  assert.deepEqual(await answer(kavya.client, '/api/matches/daily'), []);
  assert.equal(await firstScreenFor(server.services, '/search', kavya.user.id), null);
  assert.equal(await firstScreenFor(server.services, '/', kavya.user.id), null);
});

test("a card's text is escaped: markup in a name or a profession is shown as text", async () => {
  const { user } = await buildUser(server, { fullName: 'Rohan <img src=x onerror=alert(1)>' });
  await withPhoto(await buildProfile(server, user, { gender: 'male', lookingFor: 'male', city: 'Moncton', country: 'Canada', profession: '"><script>alert(2)</script>' }), user);
  const nikhil = await signedInClient(server, { fullName: 'Nikhil Verma' });
  await buildProfile(server, nikhil.user, { gender: 'male', lookingFor: 'male', city: 'Moncton', country: 'Canada' });
  const screen = await firstScreenFor(server.services, '/search', nikhil.user.id);
  assert.ok(screen);
  assert.ok(screen.html.includes('Rohan &lt;img src=x onerror=alert(1)&gt;'), screen.html);
  assert.ok(screen.html.includes('&gt;&lt;script&gt;alert(2)&lt;/script&gt;'), 'the profession, as text');
  assert.ok(!screen.html.includes('<img src=x') && !screen.html.includes('<script>'));
});

test('nothing for an account that is not an active member, a member without a profile on home, or another route', async () => {
  for (const name of ['Vikram Rao', 'Sameer Khan']) await man(name);
  const meera = await viewer('Meera Pillai');
  assert.ok(await firstScreenFor(server.services, '/', meera.user.id));
  assert.equal(await firstScreenFor(server.services, '/settings', meera.user.id), null);
  assert.equal(await firstScreenFor(server.services, '/profile/$id', meera.user.id), null);
  await server.db('users').where({ id: meera.user.id }).update({ status: 'suspended' });
  assert.equal(await firstScreenFor(server.services, '/', meera.user.id), null);
  assert.equal(await firstScreenFor(server.services, '/search', meera.user.id), null);
  const gone = await viewer('Gone Member');
  await server.db('users').where({ id: gone.user.id }).update({ isDeleted: true });
  assert.equal(await firstScreenFor(server.services, '/search', gone.user.id), null);
  assert.equal(await firstScreenFor(server.services, '/', 999_999), null);
  // A family member's own account (no profile): the app leads them to the profile they help with, not a home.
  const mother = await signedInClient(server, { fullName: 'Sunita Deshpande' });
  assert.equal(await firstScreenFor(server.services, '/', mother.user.id), null);
  const reviewer = await buildUser(server, { fullName: 'Ravi Reviewer', role: 'reviewer' });
  assert.equal(await firstScreenFor(server.services, '/search', reviewer.user.id), null);
});
