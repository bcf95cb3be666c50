import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { KundaliAiResult } from '../../../contracts/kundali';
import type { AstroCardView } from '../../../contracts/kundali';
import type { ProfileCardView, ProfileView } from '../../../contracts/views';
import { buildProfile, signedInClient } from '../../test/factories';
import { type TestServer, startTestServer } from '../../test/harness';

// One Moon: a profile whose entries say Vrishchika/Anuradha while its birth details (New York, 3 Sep 1991, 11:10)
// put the Moon in Mithuna/Ardra shows the computed values everywhere, and the entries only without a birth time.
// Runs on SQLite, and on PostgreSQL with TEST_DATABASE_URL.

let server: TestServer;
before(async () => {
  server = await startTestServer();
});
after(async () => {
  await server.close();
});

const ENTERED = { zodiacSign: 'Aries', rashi: 'Vrishchika', nakshatra: 'Anuradha', manglik: false };
const COMPUTED = { zodiacSign: 'Virgo', rashi: 'Mithuna', nakshatra: 'Ardra', manglik: true };

async function pair() {
  const viewer = await signedInClient(server, { fullName: 'Ananya Iyer', tier: 'premium' });
  await buildProfile(server, viewer.user, {
    gender: 'female', lookingFor: 'male', dateOfBirth: '1994-02-20', birthHour: 7, birthMinute: 45, birthAmPm: 'PM', birthPlace: 'Chennai, India',
    city: 'Zagreb', country: 'Croatia',
  });
  const him = await signedInClient(server, { fullName: 'Vikram Rao' });
  const profile = await buildProfile(server, him.user, {
    gender: 'male', lookingFor: 'female', dateOfBirth: '1991-09-03', birthHour: 11, birthMinute: 10, birthAmPm: 'AM', birthPlace: 'New York, USA',
    city: 'Zagreb', country: 'Croatia', ...ENTERED,
  });
  return { viewer, him, profile };
}

const astroOf = (v: { zodiacSign: string | null; rashi: string | null; nakshatra: string | null; manglik: boolean | null }) => ({
  zodiacSign: v.zodiacSign, rashi: v.rashi, nakshatra: v.nakshatra, manglik: v.manglik,
});
const all = (source: 'computed' | 'entered') => ({ rashi: source, nakshatra: source, manglik: source, zodiacSign: source });

async function searchIds(client: Awaited<ReturnType<typeof pair>>['viewer']['client'], minGuna: number): Promise<ProfileCardView[]> {
  const res = await client.get(`/api/search?query=zagreb&minGuna=${minGuna}`);
  assert.equal(res.status, 200, await res.clone().text());
  return (await res.json()) as ProfileCardView[];
}

describe('one Moon: the profile, its card, search and the Kundali report read the same values', () => {
  test('with birth date, time and place the computed values are shown everywhere, marked computed', async () => {
    const { viewer, him, profile } = await pair();

    const own = (await (await him.client.get(`/api/profiles/${profile.id}`)).json()) as ProfileView;
    assert.deepEqual(astroOf(own), COMPUTED);
    assert.deepEqual(own.astroSource, all('computed'));
    const seen = (await (await viewer.client.get(`/api/profiles/${profile.id}`)).json()) as ProfileView;
    assert.deepEqual(astroOf(seen), COMPUTED);

    // The engine scores the pair from the computed Moon: 24 gunas (the entries would give 21.5).
    const found = await searchIds(viewer.client, 24);
    const card = found.find((c) => c.id === profile.id);
    assert.ok(card, 'found with a minimum of 24 gunas');
    assert.deepEqual(astroOf(card), COMPUTED);
    assert.deepEqual(card.astroSource, all('computed'));
    assert.equal((await searchIds(viewer.client, 25)).some((c) => c.id === profile.id), false);

    const report = await viewer.client.get(`/api/ai-kundali-compatibility/${viewer.user.id}/${him.user.id}`);
    assert.equal(report.status, 200);
    const details = ((await report.json()) as KundaliAiResult).advancedAnalysis.profile2.basicDetails;
    assert.deepEqual({ zodiacSign: details.zodiacSign, rashi: details.moonSign, nakshatra: details.nakshatra, manglik: details.manglik }, COMPUTED);
    const basic = (await (await viewer.client.get(`/api/kundali-compatibility/${viewer.user.id}/${him.user.id}`)).json()) as { kundaliScore: number };
    assert.equal(basic.kundaliScore, 24);
    const compat = (await (await viewer.client.get(`/api/compatibility/${viewer.user.id}/${profile.id}`)).json()) as AstroCardView;
    assert.equal(compat.sign2, COMPUTED.zodiacSign);
  });

  test('without a birth time the member\'s entries are the values everywhere, marked entered', async () => {
    const { viewer, him, profile } = await pair();
    const res = await him.client.patch(`/api/profiles/${profile.id}`, { birthHour: null });
    assert.equal(res.status, 200, await res.clone().text());
    const own = (await res.json()) as ProfileView;
    assert.deepEqual(astroOf(own), ENTERED);
    assert.deepEqual(own.astroSource, all('entered'));

    assert.equal((await searchIds(viewer.client, 24)).some((c) => c.id === profile.id), false);
    const card = (await searchIds(viewer.client, 21)).find((c) => c.id === profile.id);
    assert.ok(card, 'found with a minimum of 21 gunas (21.5 from the entries)');
    assert.deepEqual(astroOf(card), ENTERED);
    assert.deepEqual(card.astroSource, all('entered'));

    const report = (await (await viewer.client.get(`/api/ai-kundali-compatibility/${viewer.user.id}/${him.user.id}`)).json()) as KundaliAiResult;
    const details = report.advancedAnalysis.profile2.basicDetails;
    assert.deepEqual({ rashi: details.moonSign, nakshatra: details.nakshatra, manglik: details.manglik }, { rashi: ENTERED.rashi, nakshatra: ENTERED.nakshatra, manglik: ENTERED.manglik });
    assert.equal(report.inputsUsed.profile2.manglik, 'entered');
  });
});
