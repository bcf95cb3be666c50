import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { KUNDALI_TEXTS } from '../../../contracts/kundali';
import { Client, type TestServer, startTestServer } from '../../test/harness';
import { buildProfile, signedInClient } from '../../test/factories';
import { withoutErrorId } from '../../test/error-bodies';
import { buildBlock } from '../../test/table-factories';

let server: TestServer;
before(async () => {
  server = await startTestServer();
});
after(async () => {
  await server.close();
});

type Json = Record<string, unknown>;
const json = async (res: Response) => (await res.json()) as Json;

/** Two members with full birth data (she in Chennai, he in New York) and the given tiers. */
async function pair(tier: 'tryme' | 'premium' = 'tryme') {
  const a = await signedInClient(server, { fullName: 'Ananya Iyer', tier });
  const b = await signedInClient(server, { fullName: 'Vikram Rao', tier: 'premium' });
  const pa = await buildProfile(server, a.user, { gender: 'female', dateOfBirth: '1994-02-20', birthHour: 7, birthMinute: 45, birthAmPm: 'PM', birthPlace: 'Chennai, India', rashi: 'Mesha', nakshatra: 'Ashwini' });
  const pb = await buildProfile(server, b.user, { gender: 'male', lookingFor: 'female', dateOfBirth: '1991-09-03', birthHour: 11, birthMinute: 10, birthAmPm: 'AM', birthPlace: 'New York, USA', rashi: 'Kanya', nakshatra: 'Hasta' });
  return { a, b, pa, pb };
}

describe('GET /api/kundali-compatibility/{userId1}/{userId2}', () => {
  test('the basic result from both birth charts, with the inputs and houses used', async () => {
    const { a, b } = await pair();
    const res = await a.client.get(`/api/kundali-compatibility/${a.user.id}/${b.user.id}`);
    assert.equal(res.status, 200);
    const body = await json(res);
    const astro = body.astrologicalCompatibility as { ashtakoot: Json & { breakdown: Record<string, number> }; zodiac: Json; manglik: Json };
    assert.equal(astro.ashtakoot.maxScore, 36);
    const total = Object.values(astro.ashtakoot.breakdown).reduce((s, v) => s + v, 0);
    assert.equal(astro.ashtakoot.score, total);
    assert.equal(body.kundaliScore, total);
    assert.equal(body.matchPercentage, Math.round((100 * total) / 36));
    assert.equal(body.horoscopeMatch, total >= 18);
    assert.deepEqual(Object.keys(astro.ashtakoot.breakdown), ['varna', 'vashya', 'tara', 'yoni', 'grahaMaitri', 'gana', 'bhakoot', 'nadi']);
    assert.equal(astro.zodiac.sign1, 'Pisces'); // 20 Feb 1994 19:45 IST: the Sun had entered Pisces (18 Feb)
    assert.equal(astro.zodiac.sign2, 'Virgo');
    const inputs = body.inputsUsed as { profile1: Json; profile2: Json };
    assert.equal(inputs.profile1.moon, 'birth-chart');
    assert.equal(inputs.profile1.utcOffset, '+05:30');
    assert.equal(inputs.profile2.utcOffset, '-04:00'); // EDT in September
    assert.equal(inputs.profile2.birthUtc, '1991-09-03T15:10:00.000Z');
    const houses = body.housesUsed as Json;
    assert.deepEqual(houses.manglikHouses, [1, 2, 4, 7, 8, 12]);
    assert.equal((houses.profile1 as Json).from, 'ascendant');
    assert.equal(body.manglicCompatibility, astro.manglik.profile1IsManglik === astro.manglik.profile2IsManglik);
  });

  test('only for the session\'s own user (403) and a profile the viewer may see (404)', async () => {
    const { a, b } = await pair();
    const c = await signedInClient(server);
    const notMine = await c.client.get(`/api/kundali-compatibility/${a.user.id}/${b.user.id}`);
    assert.equal(notMine.status, 403);
    assert.equal((await json(notMine)).message, KUNDALI_TEXTS.ownOnly);
    await buildBlock(server.db, { blockerId: b.user.id, blockedId: a.user.id });
    assert.equal((await a.client.get(`/api/kundali-compatibility/${a.user.id}/${b.user.id}`)).status, 404);
    assert.equal((await a.client.get(`/api/kundali-compatibility/${a.user.id}/999999`)).status, 404);
    assert.equal((await new Client(server).get(`/api/kundali-compatibility/${a.user.id}/${b.user.id}`)).status, 401);
  });

  test('incomplete astrological data gives the spec\'s 422, never a made-up score', async () => {
    const { a, b, pb } = await pair();
    await server.db('profiles').where({ id: pb.id }).update({ birthHour: null, rashi: null, nakshatra: null });
    const res = await a.client.get(`/api/kundali-compatibility/${a.user.id}/${b.user.id}`);
    assert.equal(res.status, 422);
    assert.deepEqual(withoutErrorId(await json(res)), { message: 'Please make sure both profiles have complete astrological information.', code: 'unprocessable' });
    // With the member's own entries it falls back and says so.
    await server.db('profiles').where({ id: pb.id }).update({ rashi: 'Kanya', nakshatra: 'Hasta' });
    const fallback = await json(await a.client.get(`/api/kundali-compatibility/${a.user.id}/${b.user.id}`));
    const p2 = (fallback.inputsUsed as { profile2: Json }).profile2;
    assert.equal(p2.moon, 'entered');
    // Without a birth time his own Manglik answer (the factory's "No") counts.
    assert.equal(p2.manglik, 'entered');
  });

  test('cached per pair and recomputed when either member\'s birth data changes', async () => {
    const { a, b, pb } = await pair();
    const url = `/api/kundali-compatibility/${a.user.id}/${b.user.id}`;
    const first = await json(await a.client.get(url));
    const row = await server.db('kundali_cache').where({ pairKey: `basic:${a.user.id}:${b.user.id}:` }).first();
    assert.ok(row, 'cached');
    // A cached row with the same hash is served as stored.
    const marked = { ...first, kundaliScore: -1 };
    await server.db('kundali_cache').where({ pairKey: row.pairKey }).update({ result: JSON.stringify(marked) });
    assert.equal((await json(await a.client.get(url))).kundaliScore, -1);
    // Changing his birth time changes the hash: recomputed, and the new birth time is what was used.
    await server.db('profiles').where({ id: pb.id }).update({ birthHour: 3, birthAmPm: 'PM' });
    const second = await json(await a.client.get(url));
    assert.notEqual(second.kundaliScore, -1);
    assert.equal(((second.inputsUsed as { profile2: Json }).profile2).birthTime, '15:10');
    const after = await server.db('kundali_cache').where({ pairKey: row.pairKey }).first();
    assert.notEqual(after.inputHash, row.inputHash);
  });
});

describe('GET /api/ai-kundali-compatibility/{userId1}/{userId2}', () => {
  test('tryme members get 403 with upgradeRequired', async () => {
    const { a, b } = await pair('tryme');
    const res = await a.client.get(`/api/ai-kundali-compatibility/${a.user.id}/${b.user.id}`);
    assert.equal(res.status, 403);
    assert.deepEqual(withoutErrorId(await json(res)), { message: 'This feature requires a Premium or Elite subscription', code: 'forbidden', upgradeRequired: true });
  });

  test('premium members get the advanced result written by the rules engine', async () => {
    const { a, b } = await pair('premium');
    const res = await a.client.get(`/api/ai-kundali-compatibility/${a.user.id}/${b.user.id}`);
    assert.equal(res.status, 200);
    const body = await json(res);
    assert.equal(body.generator, 'rules');
    assert.match(String(body.aiAnalysis), /^## Ashtakoot factors$/m);
    assert.match(String(body.aiAnalysis), /^- Nadi: \d/m);
    const adv = body.advancedAnalysis as { overallAdvancedScore: Json; compatibility: Record<string, Json>; profile1: Record<string, Json>; profile2: Record<string, Json> };
    const scores = ['planetaryHarmony', 'dashaCompatibility', 'spiritualConnection', 'timingScore'].map((k) => adv.compatibility[k].score as number);
    for (const s of scores) assert.ok(s >= 0 && s <= 100);
    assert.equal(adv.overallAdvancedScore.score, Math.round(scores.reduce((x, y) => x + y, 0) / 4));
    assert.equal(adv.profile1.basicDetails.birthPlace, 'Chennai, India');
    assert.ok(['strong', 'weak'].includes(adv.profile1.planetaryInfluences.marsInfluence as string));
    assert.ok(typeof adv.profile2.dashaPeriods.remainingYears === 'number');
    const basic = await json(await a.client.get(`/api/kundali-compatibility/${a.user.id}/${b.user.id}`));
    assert.equal((body.traditionalScores as { kundali: Json }).kundali.matchPercentage, basic.matchPercentage);
  });

  test('a Hindi reader gets the report in Hindi: the same scores and sections, Hindi words; the English reader’s cached report is not reused', async () => {
    const { a, b } = await pair('premium');
    const url = `/api/ai-kundali-compatibility/${a.user.id}/${b.user.id}`;
    const english = await json(await a.client.get(url));
    await server.db('users').where({ id: a.user.id }).update({ language: 'hi' });
    const hindi = await json(await a.client.get(url));
    type Adv = { overallAdvancedScore: { score: number; description: string }; compatibility: Record<string, { score: number; description: string }> };
    const [en, hi] = [english.advancedAnalysis as Adv, hindi.advancedAnalysis as Adv];
    assert.equal(hi.overallAdvancedScore.score, en.overallAdvancedScore.score);
    for (const key of Object.keys(en.compatibility)) assert.equal(hi.compatibility[key].score, en.compatibility[key].score, key);
    const narrative = String(hindi.aiAnalysis);
    assert.match(narrative, /^## अष्टकूट के पहलू$/m);
    assert.match(narrative, /^- नाड़ी: 8 में से \d/m);
    assert.equal(narrative.match(/^## /gm)?.length, String(english.aiAnalysis).match(/^## /gm)?.length, 'the same sections');
    // Only the names the members gave stay in Latin letters.
    const latin = [narrative, hi.overallAdvancedScore.description, ...Object.values(hi.compatibility).map((c) => c.description)].join(' ').replace(/Ananya|Vikram/g, '');
    assert.doesNotMatch(latin, /[A-Za-z]{2}/, latin);
  });

  test('premium, but the other profile lacks a birth date: 422 with the AI card\'s text', async () => {
    const { a, b, pb } = await pair('premium');
    await server.db('profiles').where({ id: pb.id }).update({ dateOfBirth: null });
    const res = await a.client.get(`/api/ai-kundali-compatibility/${a.user.id}/${b.user.id}`);
    assert.equal(res.status, 422);
    assert.equal((await json(res)).message, KUNDALI_TEXTS.aiIncomplete);
  });
});

describe('GET /api/compatibility/{userId}/{profileId} and /api/profiles/search', () => {
  test('the astrological card is the koota groups as percentages', async () => {
    const { a, pb } = await pair();
    const res = await a.client.get(`/api/compatibility/${a.user.id}/${pb.id}`);
    assert.equal(res.status, 200);
    const card = await json(res);
    assert.deepEqual(Object.keys(card).sort(), ['basis', 'communication', 'emotional', 'overall', 'sign1', 'sign2', 'temperament', 'values']);
    const basic = await json(await a.client.get(`/api/kundali-compatibility/${a.user.id}/${pb.userId}`));
    assert.equal(card.overall, basic.matchPercentage);
    // Each bar says what it adds up: the kootas' points from the basic result, of the points available.
    const breakdown = ((basic.astrologicalCompatibility as Json).ashtakoot as Json).breakdown as Record<string, number>;
    const basis = card.basis as Record<string, { kootas: string[]; points: number; max: number }>;
    assert.deepEqual(basis.communication, { kootas: ['Graha Maitri', 'Vashya'], points: breakdown.grahaMaitri + breakdown.vashya, max: 7 });
    assert.deepEqual(basis.values, { kootas: ['Varna', 'Nadi'], points: breakdown.varna + breakdown.nadi, max: 9 });
    assert.equal(card.communication, Math.round((basis.communication.points / 7) * 100));
    const other = await signedInClient(server);
    assert.equal((await other.client.get(`/api/compatibility/${a.user.id}/${pb.id}`)).status, 403);
  });

  test('the dropdown lists visible profiles other than the member\'s own, without deleted ones', async () => {
    const { a, b, pa } = await pair();
    const gone = await signedInClient(server, { fullName: 'Zed Deleted' });
    const goneProfile = await buildProfile(server, gone.user, { gender: 'male' });
    await server.db('profiles').where({ id: goneProfile.id }).update({ isDeleted: true });
    const res = await a.client.get('/api/profiles/search');
    assert.equal(res.status, 200);
    const list = (await res.json()) as Json[];
    assert.ok(!list.some((p) => p.id === pa.id), 'own profile excluded');
    assert.ok(!list.some((p) => p.id === goneProfile.id), 'deleted excluded');
    const him = list.find((p) => p.userId === b.user.id);
    assert.ok(him);
    assert.deepEqual(
      { userId: him.userId, gender: him.gender, is_deleted: him.is_deleted, user: him.user, fullName: him.fullName, relation: him.relation },
      { userId: b.user.id, gender: 'male', is_deleted: false, user: { id: b.user.id, fullName: 'Vikram Rao' }, fullName: 'Vikram Rao', relation: null },
    );
    assert.equal(typeof him.age, 'number');
    assert.doesNotMatch(JSON.stringify(list), /subscriptionTier|premium|elite|tryme/, "no one's plan is shown to others");
    // Profiles by id still resolve through the profile routes.
    assert.equal((await a.client.get(`/api/profiles/${pa.id}`)).status, 200);
  });
});
