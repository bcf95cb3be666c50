import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Profile } from '../../models/profile';
import { type TestServer, startTestServer } from '../../test/harness';
import { buildProfile, buildUser, signedInClient } from '../../test/factories';

let server: TestServer;
before(async () => {
  server = await startTestServer();
});
after(async () => {
  await server.close();
});

type Card = { id: number; userId: number; matchPercentage: number | null; city: string | null; rashi: string | null };

async function man(overrides: Partial<Profile> = {}) {
  const { user } = await buildUser(server);
  return buildProfile(server, user, { gender: 'male', lookingFor: 'female', dateOfBirth: '1993-02-02', city: 'Toronto', country: 'Canada', ...overrides });
}

async function searcher(tier: 'premium' | 'tryme' = 'premium', overrides: Partial<Profile> = {}) {
  const me = await signedInClient(server, { tier });
  await buildProfile(server, me.user, { gender: 'female', lookingFor: 'male', ...overrides });
  return me;
}

async function cards(client: Awaited<ReturnType<typeof searcher>>['client'], path: string): Promise<{ cards: Card[]; total: number }> {
  const res = await client.get(path);
  assert.equal(res.status, 200, `${path}: ${await res.clone().text()}`);
  return { cards: (await res.json()) as Card[], total: Number(res.headers.get('x-total-count')) };
}

describe('search by distance', () => {
  test('a member in Mississauga is within 60 km of Toronto, Vancouver is not; metros and ISO codes name places too', async () => {
    const me = await searcher();
    const mississauga = await man({ city: 'Mississauga' });
    const brampton = await man({ city: 'Brampton' });
    const toronto = await man({ city: 'Toronto' });
    const vancouver = await man({ city: 'Vancouver' });
    // A city the gazetteer does not know is left out of every distance search.
    const unknown = await man({ city: 'Maple Leaf Acres' });
    const near = [mississauga.id, brampton.id, toronto.id].sort();
    for (const query of ['near=Toronto, Canada&withinKm=60', 'near=toronto,%20CA&withinKm=60', 'near=GTA', 'near=Greater%20Toronto']) {
      const { cards: found, total } = await cards(me.client, `/api/search?${query.replaceAll(' ', '%20')}&limit=50`);
      assert.deepEqual(found.map((c) => c.id).sort(), near, query);
      assert.equal(total, 3, query);
    }
    const wide = await cards(me.client, '/api/search?near=Toronto,%20Canada&withinKm=500&limit=50');
    assert.ok(!wide.cards.some((c) => c.id === vancouver.id || c.id === unknown.id));
    const west = await cards(me.client, '/api/search?near=Vancouver,%20Canada&limit=50');
    assert.deepEqual(west.cards.map((c) => c.id), [vancouver.id]);
  });

  test('an unknown place, a distance without a place, or an absurd distance is a 400 saying what to write', async () => {
    const me = await searcher();
    await man({ city: 'Mississauga' });
    for (const [path, words] of [
      ['/api/search?near=Atlantis,%20Nowhere', 'City, Country'],
      ['/api/search?near=Toronto', 'City, Country'],
      ['/api/search?withinKm=50', 'needs a place'],
      ['/api/search?near=GTA&withinKm=0', 'Distance'],
      ['/api/search?near=GTA&withinKm=5000', 'Distance'],
    ] as const) {
      const res = await me.client.get(path);
      assert.equal(res.status, 400, path);
      const body = (await res.json()) as { message: string };
      assert.ok(body.message.includes(words), `${path}: ${body.message}`);
    }
  });
});

describe('search sorts', () => {
  test('newest, recently active and youngest first; best match by default; a bad sort is a 400', async () => {
    const me = await searcher('premium', { city: 'Pune', country: 'India' });
    const city = { city: 'Nagpur', country: 'India' };
    const a = await man({ ...city, dateOfBirth: '1990-01-01' });
    const b = await man({ ...city, dateOfBirth: '1996-06-06' });
    const c = await man({ ...city, dateOfBirth: '1993-03-03' });
    const hour = 3_600_000;
    const now = Date.now();
    await server.db('profiles').where({ id: a.id }).update({ createdAt: now - 3 * hour });
    await server.db('profiles').where({ id: b.id }).update({ createdAt: now - 30 * hour });
    await server.db('profiles').where({ id: c.id }).update({ createdAt: now - 1 * hour });
    await server.db('users').where({ id: a.userId }).update({ lastActiveAt: now - 50 * hour });
    await server.db('users').where({ id: b.userId }).update({ lastActiveAt: now - 2 * hour });
    await server.db('users').where({ id: c.userId }).update({ lastActiveAt: null });
    server.services.engine.localWrite();
    const order = async (sort: string, limit = 50) => (await cards(me.client, `/api/search?near=Nagpur,%20India&withinKm=5&sort=${sort}&limit=${limit}`)).cards.map((x) => x.id);
    assert.deepEqual(await order('newest'), [c.id, a.id, b.id]);
    assert.deepEqual(await order('active'), [b.id, a.id, c.id], 'never active: last');
    assert.deepEqual(await order('age'), [b.id, c.id, a.id], 'youngest first');
    // Paging a sorted search: one card a page, in the same order.
    const paged: number[] = [];
    let cursor = '';
    for (let page = 0; page < 5; page++) {
      const res = await me.client.get(`/api/search?near=Nagpur,%20India&withinKm=5&sort=age&limit=1${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      paged.push(...((await res.json()) as Card[]).map((x) => x.id));
      cursor = res.headers.get('x-next-cursor') ?? '';
      if (!cursor) break;
    }
    assert.deepEqual(paged, [b.id, c.id, a.id]);
    const best = (await cards(me.client, '/api/search?near=Nagpur,%20India&withinKm=5&limit=50')).cards;
    for (let i = 1; i < best.length; i++) assert.ok((best[i - 1].matchPercentage ?? 0) >= (best[i].matchPercentage ?? 0));
    const bad = await me.client.get('/api/search?sort=random');
    assert.equal(bad.status, 400);
    assert.match(((await bad.json()) as { message: string }).message, /Sort is one of best, newest, active, age/);
  });
});

describe('search by height and rashi', () => {
  test('a height range keeps members inside it and leaves out those without a height; min above max is a 400', async () => {
    const me = await searcher();
    const city = { city: 'Surat', country: 'India' };
    const short = await man({ ...city, height: 160 });
    const tall = await man({ ...city, height: 185 });
    const inside = await man({ ...city, height: 175 });
    await man({ ...city, height: null });
    const found = await cards(me.client, '/api/search?near=Surat,%20IN&minHeightCm=170&maxHeightCm=180&limit=50');
    assert.deepEqual(found.cards.map((c) => c.id), [inside.id]);
    const over = await cards(me.client, '/api/search?near=Surat,%20IN&minHeightCm=170&limit=50');
    assert.deepEqual(over.cards.map((c) => c.id).sort(), [tall.id, inside.id].sort());
    assert.ok(!over.cards.some((c) => c.id === short.id));
    for (const path of ['/api/search?minHeightCm=180&maxHeightCm=170', '/api/search?minHeightCm=90', '/api/search?maxHeightCm=tall']) {
      const res = await me.client.get(path);
      assert.equal(res.status, 400, path);
      assert.match(((await res.json()) as { message: string }).message, /height/i);
    }
  });

  test('the rashi filter keeps the rashi the card shows (computed from birth details when they resolve); tryme may not use it', async () => {
    const me = await searcher();
    const city = { city: 'Indore', country: 'India' };
    // Born at a known time and place: the computed Moon sign is the profile's, whatever was entered.
    const computed = await man({ ...city, rashi: 'Mesha', nakshatra: 'Ashwini', birthPlace: 'Chennai, India', birthHour: 6, birthMinute: 30, birthAmPm: 'AM', dateOfBirth: '1993-02-02' });
    // No birth time: the entered rashi is the profile's.
    const entered = await man({ ...city, rashi: 'Kumbha', nakshatra: null, birthHour: null, birthMinute: null, birthAmPm: null });
    const all = await cards(me.client, '/api/search?near=Indore,%20India&limit=50');
    const rashiOf = new Map(all.cards.map((c) => [c.id, c.rashi]));
    assert.equal(rashiOf.get(entered.id), 'Kumbha');
    const computedRashi = rashiOf.get(computed.id);
    assert.ok(computedRashi, 'the computed card shows a rashi');
    const byComputed = await cards(me.client, `/api/search?near=Indore,%20India&rashis=${computedRashi}&limit=50`);
    assert.deepEqual(byComputed.cards.map((c) => c.id), computedRashi === 'Kumbha' ? [computed.id, entered.id].sort((x, y) => x - y) : [computed.id]);
    const byEntered = await cards(me.client, '/api/search?near=Indore,%20India&rashis=Kumbha&limit=50');
    assert.ok(byEntered.cards.some((c) => c.id === entered.id));
    assert.ok(byEntered.cards.every((c) => c.rashi === 'Kumbha'));
    const bad = await me.client.get('/api/search?rashis=Ophiuchus');
    assert.equal(bad.status, 400);
    const free = await searcher('tryme');
    const denied = await free.client.get('/api/search?rashis=Kumbha');
    assert.equal(denied.status, 403);
  });
});

describe('partner preferences', () => {
  test('saved through the editor, shown back, and counted in the score: the card and the profile page agree', async () => {
    const me = await searcher('premium', { city: 'Leicester', country: 'United Kingdom' });
    const him = await man({ city: 'Leicester', country: 'United Kingdom', height: 168, diet: 'non_vegetarian', maritalStatus: 'never_married', community: 'Iyer' });
    const before = (await cards(me.client, '/api/search?near=Leicester,%20GB&withinKm=5&limit=50')).cards.find((c) => c.id === him.id);
    assert.ok(before);
    const saved = await me.client.patch(`/api/profiles/${me.user.id}`, {
      heightPreferenceMin: 175, heightPreferenceMax: 190, dietPreference: ['vegetarian'], maritalStatusPreference: ['never_married'], communityPreference: ['iyer'],
      religionPreference: ['Hindu'], motherTonguePreference: ['Tamil', 'Telugu'],
    });
    assert.equal(saved.status, 200, await saved.clone().text());
    const mine = (await (await me.client.get(`/api/profiles/${me.user.id}`)).json()) as Record<string, unknown>;
    assert.equal(mine.heightPreferenceMin, 175);
    assert.deepEqual(mine.dietPreference, ['vegetarian']);
    assert.deepEqual(mine.motherTonguePreference, ['Tamil', 'Telugu']);
    const after = (await cards(me.client, '/api/search?near=Leicester,%20GB&withinKm=5&limit=50')).cards.find((c) => c.id === him.id);
    assert.ok(after && before.matchPercentage !== null && after.matchPercentage !== null);
    assert.ok(after.matchPercentage < before.matchPercentage, `too short and not vegetarian: ${before.matchPercentage} → ${after.matchPercentage}`);
    const page = (await (await me.client.get(`/api/profiles/${him.userId}`)).json()) as {
      matchPercentage: number;
      matchFactors: Array<{ factor: string; weight: number; earned: number }>;
    };
    assert.equal(page.matchPercentage, after.matchPercentage);
    // The page explains it factor by factor: 168 cm is 7 cm short of 175 (0.3 of 4 points), a non-vegetarian diet earns nothing.
    const factor = (name: string) => page.matchFactors.find((f) => f.factor === name);
    assert.deepEqual(factor('height (yours)'), { factor: 'height (yours)', weight: 4, earned: 1.2, detail: '168 cm vs preferred 175–190 cm' });
    assert.equal(factor('diet (yours)')?.earned, 0);
    assert.equal(factor('community (yours)')?.earned, 2);
    const own = (await (await me.client.get(`/api/profiles/${me.user.id}`)).json()) as { matchFactors: unknown };
    assert.equal(own.matchFactors, null, 'no match with oneself');
  });

  test('a height range upside down or an unknown diet is a 400 and changes nothing', async () => {
    const me = await searcher('premium', { heightPreferenceMin: 160, heightPreferenceMax: 180 } as Partial<Profile>);
    for (const body of [{ heightPreferenceMin: 190, heightPreferenceMax: 170 }, { dietPreference: ['carnivore'] }, { heightPreferenceMax: 400 }]) {
      const res = await me.client.patch(`/api/profiles/${me.user.id}`, body);
      assert.equal(res.status, 400, JSON.stringify(body));
      assert.ok(((await res.json()) as { message: string }).message.length > 5);
    }
    const mine = (await (await me.client.get(`/api/profiles/${me.user.id}`)).json()) as Record<string, unknown>;
    assert.deepEqual([mine.heightPreferenceMin, mine.heightPreferenceMax, mine.dietPreference], [160, 180, []]);
  });
});
