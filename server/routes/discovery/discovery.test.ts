import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Client, type TestServer, startTestServer } from '../../test/harness';
import { buildProfile, buildUser, signedInClient } from '../../test/factories';
import { buildBlock, buildCulturalAssessment, buildPhoto, buildSuccessStory, buildUserMood } from '../../test/table-factories';

let server: TestServer;
before(async () => {
  server = await startTestServer();
});
after(async () => {
  await server.close();
});

type Card = { id: number; userId: number; matchPercentage: number | null; city: string | null; country: string | null; countryCode: string | null; fullName: string };

async function men(count: number, overrides: Record<string, unknown> = {}) {
  const out = [];
  for (let i = 0; i < count; i++) {
    const { user } = await buildUser(server, { fullName: `Groom ${i}` });
    out.push(await buildProfile(server, user, { gender: 'male', lookingFor: 'female', dateOfBirth: '1993-02-02', city: 'Toronto', country: 'Canada', ...overrides }));
  }
  return out;
}

/** These members turn mood sharing on (it is off unless they do). */
async function shareMoods(...userIds: number[]) {
  await server.db('privacy_settings').whereIn('userId', userIds).update({ shareMoods: true });
}

describe('featured and daily matches', () => {
  test('never include own, hidden, blocked, deleted, suspended or wrong-gender profiles; daily is stable', async () => {
    const me = await signedInClient(server, { tier: 'premium' });
    await buildProfile(server, me.user, { gender: 'female', lookingFor: 'male' });
    const visible = await men(4);
    const [hidden, blocked, deleted, suspended] = await men(4);
    await server.db('privacy_settings').where({ userId: hidden.userId }).update({ profileVisibility: 'none' });
    await buildBlock(server.db, { blockerId: blocked.userId, blockedId: me.user.id });
    await server.db('profiles').where({ id: deleted.id }).update({ isDeleted: true });
    await server.db('users').where({ id: suspended.userId }).update({ status: 'suspended' });
    const { user: woman } = await buildUser(server);
    const otherWoman = await buildProfile(server, woman, { gender: 'female', lookingFor: 'male' });

    const daily = (await (await me.client.get('/api/matches/daily')).json()) as Card[];
    const ids = daily.map((c) => c.id).sort();
    assert.deepEqual(ids, visible.map((p) => p.id).sort());
    assert.ok(daily.every((c) => typeof c.matchPercentage === 'number' && c.matchPercentage > 0));
    for (let i = 1; i < daily.length; i++) assert.ok((daily[i - 1].matchPercentage ?? 0) >= (daily[i].matchPercentage ?? 0), 'best first');
    assert.ok(!ids.includes(otherWoman.id));

    // A new candidate arriving later the same day does not change today's set.
    await men(1);
    const again = (await (await me.client.get('/api/matches/daily')).json()) as Card[];
    assert.deepEqual(again.map((c) => c.id), daily.map((c) => c.id));

    // Featured needs a photo: none of these have one.
    assert.deepEqual(await (await me.client.get('/api/matches/featured')).json(), []);
    await buildPhoto(server.db, { userId: visible[0].userId, profileId: visible[0].id, purpose: 'profile', position: 0, fileKey: 'a'.repeat(32) });
    await server.db('daily_matches').where({ userId: me.user.id, kind: 'featured' }).delete();
    const featured = (await (await me.client.get('/api/matches/featured')).json()) as Card[];
    assert.deepEqual(featured.map((c) => c.id), [visible[0].id]);
    // The card's two letters are worked out on the server (the app names no countries to show them).
    assert.deepEqual([featured[0].country, featured[0].countryCode], ['Canada', 'CA']);

    // Someone who hides their profile mid-day drops out of the stored set at once.
    await server.db('privacy_settings').where({ userId: visible[1].userId }).update({ profileVisibility: 'none' });
    const later = (await (await me.client.get('/api/matches/daily')).json()) as Card[];
    assert.ok(!later.some((c) => c.id === visible[1].id));
    assert.equal((await new Client(server).get('/api/matches/daily')).status, 401);
  });
});

describe('featured and daily together', () => {
  test('the two lists start with different members when there are enough candidates', async () => {
    const me = await signedInClient(server, { tier: 'premium' });
    await buildProfile(server, me.user, { gender: 'female', lookingFor: 'male', city: 'Vancouver', country: 'Canada' });
    const candidates = await men(13, { city: 'Vancouver' });
    let n = 0;
    for (const p of candidates) {
      n += 1;
      await buildPhoto(server.db, { userId: p.userId, profileId: p.id, purpose: 'profile', position: 0, fileKey: n.toString(16).padStart(32, 'b') });
    }
    const daily = ((await (await me.client.get('/api/matches/daily')).json()) as Card[]).map((c) => c.id);
    const featured = ((await (await me.client.get('/api/matches/featured')).json()) as Card[]).map((c) => c.id);
    assert.equal(daily.length, 10);
    assert.equal(featured.length, 10);
    // At least 3 of the candidates are not in today's daily list: featured opens with them.
    const fresh = featured.filter((id) => !daily.includes(id));
    assert.ok(fresh.length >= 3, `featured repeats daily: ${featured} / ${daily}`);
    assert.deepEqual(featured.slice(0, fresh.length), fresh);
  });
});

describe('search', () => {
  test('finds by city, accent- and case-insensitively, ordered by match, with filters and a cursor', async () => {
    const me = await signedInClient(server, { tier: 'premium' });
    await buildProfile(server, me.user, { gender: 'female', lookingFor: 'male', city: 'Montréal', country: 'Canada' });
    const { user: u1 } = await buildUser(server, { fullName: 'Rahul Verma' });
    const montreal = await buildProfile(server, u1, { gender: 'male', lookingFor: 'female', city: 'Montréal', country: 'Canada', dateOfBirth: '1994-01-01' });
    const { user: u2 } = await buildUser(server, { fullName: 'Sanjay Iyer' });
    const montrealParent = await buildProfile(server, u2, { gender: 'male', lookingFor: 'female', city: 'Montreal', country: 'Canada', dateOfBirth: '1980-01-01', profileType: 'parent', parentName: 'K. Iyer', parentRelationship: 'father', parentContact: '1' });

    const byCity = (await (await me.client.get('/api/search?query=MONTREAL')).json()) as Card[];
    assert.deepEqual(byCity.map((c) => c.id).sort(), [montreal.id, montrealParent.id].sort());
    assert.ok(byCity.every((c) => typeof c.matchPercentage === 'number'));
    assert.ok((byCity[0].matchPercentage ?? 0) >= (byCity[1].matchPercentage ?? 0));

    const byName = (await (await me.client.get('/api/search?query=rahul')).json()) as Card[];
    assert.deepEqual(byName.map((c) => c.id), [montreal.id]);
    const young = (await (await me.client.get('/api/search?query=montreal&minAge=25&maxAge=35')).json()) as Card[];
    assert.deepEqual(young.map((c) => c.id), [montreal.id]);
    const parents = (await (await me.client.get('/api/search?query=montreal&profileType=parent')).json()) as Card[];
    assert.deepEqual(parents.map((c) => c.id), [montrealParent.id]);
    const none = (await (await me.client.get('/api/search?query=zzqqxxnonsense')).json()) as Card[];
    assert.deepEqual(none, []);
    const sqlish = await me.client.get(`/api/search?query=${encodeURIComponent("x' OR 1=1 --")}`);
    assert.equal(sqlish.status, 200);
    assert.deepEqual(await sqlish.json(), []);

    await men(5, { city: 'Kitchener' });
    const first = await me.client.get('/api/search?query=kitchener&limit=2');
    const page1 = (await first.json()) as Card[];
    const cursor = first.headers.get('x-next-cursor');
    assert.equal(page1.length, 2);
    assert.ok(cursor);
    const seen = new Set(page1.map((c) => c.id));
    let next: string | null = cursor;
    while (next) {
      const res = await me.client.get(`/api/search?query=kitchener&limit=2&cursor=${encodeURIComponent(next)}`);
      for (const c of (await res.json()) as Card[]) {
        assert.ok(!seen.has(c.id), 'no duplicates across pages');
        seen.add(c.id);
      }
      next = res.headers.get('x-next-cursor');
    }
    assert.equal(seen.size, 5);
  });

  test('own, hidden and blocked profiles never appear; bad filters are 400s', async () => {
    const me = await signedInClient(server, { tier: 'elite' });
    await buildProfile(server, me.user, { gender: 'female', lookingFor: 'male', city: 'Dundee', country: 'United Kingdom' });
    const [shown, hidden, blocker] = await men(3, { city: 'Dundee', country: 'United Kingdom' });
    await server.db('privacy_settings').where({ userId: hidden.userId }).update({ profileVisibility: 'none' });
    await buildBlock(server.db, { blockerId: me.user.id, blockedId: blocker.userId });
    const results = (await (await me.client.get('/api/search?query=dundee')).json()) as Card[];
    assert.deepEqual(results.map((c) => c.id), [shown.id]);
    assert.equal((await me.client.get('/api/search?minAge=10')).status, 400);
    assert.equal((await me.client.get('/api/search?locations=Atlantis')).status, 400);
    assert.equal((await me.client.get('/api/search?minAge=40&maxAge=30')).status, 400);
  });

  test('the mood filter keeps results whose mood compatibility reaches the minimum; private and unshared moods never count', async () => {
    const me = await signedInClient(server, { tier: 'premium' });
    await buildProfile(server, me.user, { gender: 'female', lookingFor: 'male', city: 'Perth', country: 'Australia' });
    const [cheerful, gloomy, secretive, unshared] = await men(4, { city: 'Perth', country: 'Australia' });
    await shareMoods(me.user.id, cheerful.userId, gloomy.userId, secretive.userId);
    const mood = async (name: string) => (await server.db('mood_types').where({ name }).first()).id as number;
    const now = Date.now();
    await buildUserMood(server.db, { userId: unshared.userId, moodTypeId: await mood('Happy'), intensity: 4, scale: 'tracker', isPrivate: false, createdAt: now });
    await buildUserMood(server.db, { userId: me.user.id, moodTypeId: await mood('Happy'), intensity: 4, scale: 'tracker', isPrivate: false, createdAt: now });
    await buildUserMood(server.db, { userId: cheerful.userId, moodTypeId: await mood('Happy'), intensity: 4, scale: 'tracker', isPrivate: false, createdAt: now });
    await buildUserMood(server.db, { userId: gloomy.userId, moodTypeId: await mood('Sad'), intensity: 4, scale: 'tracker', isPrivate: false, createdAt: now });
    await buildUserMood(server.db, { userId: secretive.userId, moodTypeId: await mood('Happy'), intensity: 4, scale: 'tracker', isPrivate: true, createdAt: now });
    type MoodCard = Card & { moodScore: number | null };
    const all = (await (await me.client.get('/api/search?query=perth')).json()) as MoodCard[];
    const byId = new Map(all.map((c) => [c.id, c.moodScore]));
    assert.equal(byId.get(cheerful.id), 100);
    assert.ok((byId.get(gloomy.id) ?? 100) < 50);
    assert.equal(byId.get(secretive.id), null);
    assert.equal(byId.get(unshared.id), null, 'a member who has not turned mood sharing on shares no mood');
    const filtered = (await (await me.client.get('/api/search?query=perth&matchMood=true&minMoodScore=75')).json()) as MoodCard[];
    assert.deepEqual(filtered.map((c) => c.id), [cheerful.id]);
  });

  test('turning mood sharing on or off takes effect on the next searches (the moods stored before included)', async () => {
    const me = await signedInClient(server, { tier: 'premium' });
    await buildProfile(server, me.user, { gender: 'female', lookingFor: 'male', city: 'Cairns', country: 'Australia' });
    const he = await signedInClient(server);
    const him = await buildProfile(server, he.user, { gender: 'male', lookingFor: 'female', dateOfBirth: '1993-02-02', city: 'Cairns', country: 'Australia' });
    await shareMoods(me.user.id);
    const happy = (await server.db('mood_types').where({ name: 'Happy' }).first()).id as number;
    await buildUserMood(server.db, { userId: me.user.id, moodTypeId: happy, intensity: 4, isPrivate: false, createdAt: Date.now() });
    await buildUserMood(server.db, { userId: he.user.id, moodTypeId: happy, intensity: 4, isPrivate: false, createdAt: Date.now() });
    const scoreOf = async () => ((await (await me.client.get('/api/search?query=cairns')).json()) as Array<Card & { moodScore: number | null }>).find((c) => c.id === him.id)?.moodScore;
    const eventually = async (want: number | null) => {
      let score = await scoreOf();
      for (const deadline = Date.now() + 1_000; score !== want && Date.now() < deadline; score = await scoreOf()) await new Promise((r) => setTimeout(r, 20));
      return score;
    };
    assert.equal(await scoreOf(), null, 'his mood was stored while sharing was off');
    const on = await he.client.patch(`/api/users/${he.user.id}/privacy-settings`, { shareMoods: true });
    assert.equal(((await on.json()) as { settings: { shareMoods: boolean } }).settings.shareMoods, true);
    assert.equal(await eventually(100), 100, 'shared from the moment he turns sharing on');
    await he.client.patch(`/api/users/${he.user.id}/privacy-settings`, { shareMoods: false });
    assert.equal(await eventually(null), null, 'and no longer once he turns it off');
  });

  test('a searcher with only private or old moods has no mood scores; one with only an assessment has them', async () => {
    const me = await signedInClient(server, { tier: 'premium' });
    await buildProfile(server, me.user, { gender: 'female', lookingFor: 'male', city: 'Hobart', country: 'Australia' });
    const [settled] = await men(1, { city: 'Hobart', country: 'Australia' });
    await shareMoods(me.user.id, settled.userId);
    const happy = (await server.db('mood_types').where({ name: 'Happy' }).first()).id as number;
    const now = Date.now();
    await buildUserMood(server.db, { userId: settled.userId, moodTypeId: happy, intensity: 4, isPrivate: false, createdAt: now });
    await buildCulturalAssessment(server.db, { userId: settled.userId, homesicknessLevel: 2 });
    await buildUserMood(server.db, { userId: me.user.id, moodTypeId: happy, intensity: 4, isPrivate: true, createdAt: now });
    await buildUserMood(server.db, { userId: me.user.id, moodTypeId: happy, intensity: 4, isPrivate: false, createdAt: now - 365 * 86_400_000 });
    const scoreOf = async () => ((await (await me.client.get('/api/search?query=hobart')).json()) as Array<Card & { moodScore: number | null }>).find((c) => c.id === settled.id)?.moodScore;
    assert.equal(await scoreOf(), null);
    // Written straight to the database, as another process would: the change feed tells this one (within a second).
    await buildCulturalAssessment(server.db, { userId: me.user.id, homesicknessLevel: 4 });
    let score = await scoreOf();
    for (const deadline = Date.now() + 1_000; score === null && Date.now() < deadline; score = await scoreOf()) await new Promise((r) => setTimeout(r, 20));
    // Cultural outlook alone: 100 − mean |difference| (2 on one answer of five) / 4 × 100.
    assert.equal(score, 90);
  });

  test("a card's mood score follows the member's new moods and drops a mood that stops being recent", async () => {
    const me = await signedInClient(server, { tier: 'premium' });
    await buildProfile(server, me.user, { gender: 'female', lookingFor: 'male', city: 'Darwin', country: 'Australia' });
    const [changing, fading] = await men(2, { city: 'Darwin', country: 'Australia' });
    await shareMoods(me.user.id, changing.userId, fading.userId);
    const mood = async (name: string) => (await server.db('mood_types').where({ name }).first()).id as number;
    const now = Date.now();
    await buildUserMood(server.db, { userId: me.user.id, moodTypeId: await mood('Happy'), intensity: 4, scale: 'tracker', isPrivate: false, createdAt: now });
    await buildUserMood(server.db, { userId: changing.userId, moodTypeId: await mood('Happy'), intensity: 4, scale: 'tracker', isPrivate: false, createdAt: now });
    // Recent for two more seconds (recent: the last 14 days).
    await buildUserMood(server.db, { userId: fading.userId, moodTypeId: await mood('Happy'), intensity: 4, scale: 'tracker', isPrivate: false, createdAt: now - 14 * 86_400_000 + 2_000 });
    const scores = async () =>
      new Map(((await (await me.client.get('/api/search?query=darwin')).json()) as Array<Card & { moodScore: number | null }>).map((c) => [c.id, c.moodScore]));
    let seen = await scores();
    assert.equal(seen.get(changing.id), 100);
    assert.equal(seen.get(fading.id), 100);
    // Newer, sadder moods, written straight to the database as another process would: the next pages show them.
    for (let i = 1; i <= 3; i++) {
      await buildUserMood(server.db, { userId: changing.userId, moodTypeId: await mood('Sad'), intensity: 5, scale: 'tracker', isPrivate: false, createdAt: now + i });
    }
    for (const deadline = Date.now() + 1_000; seen.get(changing.id) === 100 && Date.now() < deadline; seen = await scores()) await new Promise((r) => setTimeout(r, 20));
    assert.ok((seen.get(changing.id) ?? 100) < 60, `the sadder moods count (${seen.get(changing.id)})`);
    // Once its only mood is older than 14 days, the member has no score with anyone.
    await new Promise((r) => setTimeout(r, Math.max(0, now + 2_100 - Date.now())));
    assert.equal((await scores()).get(fading.id), null);
  });

  test('a tryme member cannot use the advanced filters', async () => {
    const me = await signedInClient(server, { tier: 'tryme' });
    for (const q of ['profileType=parent', 'isVerified=true', 'matchMood=true']) {
      const res = await me.client.get(`/api/search?${q}`);
      assert.equal(res.status, 403, q);
      assert.equal(((await res.json()) as { upgradeRequired: boolean }).upgradeRequired, true);
    }
    assert.equal((await me.client.get('/api/search?locations=Canada&minAge=25&maxAge=35')).status, 200);
  });
});

describe('success stories, contact, expo info', () => {
  test('only published stories are listed', async () => {
    const { user: a } = await buildUser(server, { fullName: 'Kiran Shah' });
    const { user: b } = await buildUser(server, { fullName: 'Rhea Shah' });
    const now = Date.now();
    await buildSuccessStory(server.db, { user1Id: a.id, user2Id: b.id, matchDate: '2025-02-14', testimonial: 'We met on Saathi.', location: 'Leicester', isPublished: true, sortOrder: 1, createdAt: now, updatedAt: now });
    await buildSuccessStory(server.db, { user1Id: a.id, user2Id: b.id, matchDate: '2025-03-01', testimonial: 'Draft story', isPublished: false, sortOrder: 0, createdAt: now, updatedAt: now });
    const stories = (await (await new Client(server).get('/api/success-stories')).json()) as Array<{ user1: { fullName: string }; story: { testimonial: string } }>;
    assert.ok(stories.some((s) => s.story.testimonial === 'We met on Saathi.' && s.user1.fullName === 'Kiran Shah'));
    assert.ok(!stories.some((s) => s.story.testimonial === 'Draft story'));
  });

  test('the contact form validates, stores, copies to the outbox', async () => {
    const visitor = new Client(server);
    const bad = await visitor.post('/api/contact', { name: 'A', email: 'a@b.co', subject: 'Hello there', message: 'A long enough message.' });
    assert.equal(bad.status, 400);
    assert.equal(((await bad.json()) as { message: string }).message, 'Name must be at least 2 characters');
    for (const [field, value, message] of [
      ['email', 'nope', 'Please enter a valid email address'],
      ['subject', 'Hey', 'Subject must be at least 5 characters'],
      ['message', 'Too short', 'Message must be at least 10 characters'],
    ]) {
      const res = await visitor.post('/api/contact', { name: 'Asha', email: 'asha@example.test', subject: 'Question about Kundali', message: 'How does matching work?', [field]: value });
      assert.equal(((await res.json()) as { message: string }).message, message);
    }
    const ok = await visitor.post('/api/contact', { name: 'Asha', email: 'asha@example.test', subject: 'Question about Kundali', message: 'How does matching work?' });
    assert.equal(ok.status, 201);
    assert.equal((await server.db('contact_messages').where({ email: 'asha@example.test' })).length, 1);
    assert.equal((await server.db('email_outbox').where({ kind: 'contact_copy' })).length, 1);
  });

  test('expo info is a real PNG QR code of the dev URL', async () => {
    assert.equal((await new Client(server).get('/api/dev/expo-info')).status, 401, 'not for visitors');
    const { client } = await signedInClient(server);
    const res = await client.get('/api/dev/expo-info');
    const info = (await res.json()) as { qrCodeImageUrl: string; devUrl: string; port: number; status: string };
    assert.match(info.qrCodeImageUrl, /^data:image\/png;base64,/);
    assert.match(info.devUrl, /^exp:\/\/.+:19000\//);
    assert.equal(info.status, 'ready');
    const png = Buffer.from(info.qrCodeImageUrl.split(',')[1], 'base64');
    assert.equal(png.subarray(1, 4).toString(), 'PNG');
  });
});

describe('search: bad input is a clear 4xx', () => {
  test('unknown filters, malformed or foreign cursors, absurd ranges and a guna minimum without birth details', async () => {
    const me = await signedInClient(server, { tier: 'premium' });
    await buildProfile(server, me.user, { gender: 'female', lookingFor: 'male', city: 'Cardiff', birthPlace: null, rashi: null, nakshatra: null, dateOfBirth: '1994-05-05', manglik: null });
    await men(12, { city: 'Cardiff', country: 'United Kingdom' });
    const other = await signedInClient(server, { tier: 'premium' });
    await buildProfile(server, other.user, { gender: 'female', lookingFor: 'male', city: 'Cardiff' });
    const first = await me.client.get('/api/search?query=cardiff&limit=5');
    assert.equal(first.status, 200);
    assert.ok(Number(first.headers.get('x-total-count')) >= 12);
    const cursor = first.headers.get('x-next-cursor') ?? '';
    assert.ok(cursor);
    const cases: Array<[typeof me.client, string, number]> = [
      [me.client, '/api/search?colour=blue', 400],
      [me.client, '/api/search?query=cardiff&cursor=nonsense', 400],
      [me.client, `/api/search?query=bristol&cursor=${encodeURIComponent(cursor)}`, 400],
      [other.client, `/api/search?query=cardiff&cursor=${encodeURIComponent(cursor)}`, 400],
      [me.client, '/api/search?minAge=999', 400],
      [me.client, '/api/search?minGuna=-1', 400],
      [me.client, '/api/search?activeWithinDays=5', 400],
      [me.client, '/api/search?religions=Atlantean', 400],
      [me.client, '/api/search?minGuna=18', 422],
    ];
    for (const [client, path, status] of cases) {
      const res = await client.get(path);
      assert.equal(res.status, status, path);
      const body = (await res.json()) as { message?: string };
      assert.ok(body.message && body.message.length > 10, `${path}: ${JSON.stringify(body)}`);
    }
    // The member's own profile changes between pages: 409, start again.
    await server.db('profiles').where({ userId: me.user.id }).update({ country: 'Canada' });
    // Written behind the app's back: on PostgreSQL the engine hears of it by NOTIFY, so it is told to wait for it
    // as it does after a write made through the app.
    server.services.engine.localWrite();
    const stale = await me.client.get(`/api/search?query=cardiff&limit=5&cursor=${encodeURIComponent(cursor)}`);
    assert.equal(stale.status, 409);
  });
});

describe('search says why a text hit matched', () => {
  test('a card found by text carries the matched fields as its snippet and the terms found; a search without text carries neither', async () => {
    const me = await signedInClient(server, { tier: 'premium' });
    await buildProfile(server, me.user, { gender: 'female', lookingFor: 'male' });
    const { user } = await buildUser(server, { fullName: 'Vikram Snippet' });
    const him = await buildProfile(server, user, { gender: 'male', lookingFor: 'female', fullName: 'Vikram Snippet', profession: 'Software Engineer', education: 'masters', city: 'Zürich', country: 'Switzerland' });
    type Hit = Card & { snippet?: string | null; matchedTerms?: string[] };
    const hits = (await (await me.client.get(`/api/search?query=${encodeURIComponent('engin zurich')}`)).json()) as Hit[];
    const card = hits.find((c) => c.id === him.id);
    assert.ok(card, 'found by a word part and an accent-free city');
    assert.equal(card.snippet, 'Software Engineer · Zürich, Switzerland');
    assert.deepEqual(card.matchedTerms, ['engin', 'zurich']);
    const byName = ((await (await me.client.get('/api/search?query=vikram')).json()) as Hit[]).find((c) => c.id === him.id);
    assert.equal(byName?.snippet, null);
    assert.deepEqual(byName?.matchedTerms, ['vikram']);
    const plain = ((await (await me.client.get('/api/search')).json()) as Hit[]).find((c) => c.id === him.id);
    assert.ok(plain && !('snippet' in plain) && !('matchedTerms' in plain));
  });
});
