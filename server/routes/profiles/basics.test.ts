import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { PROFILE_MESSAGES } from '../../../contracts/profile';
import { formatIncome } from '../../../contracts/profile-basics';
import { type TestServer, startTestServer } from '../../test/harness';
import { buildProfile, profilePayload, signedInClient } from '../../test/factories';

// The basics families filter on first (issue 44): community, parents' occupations, siblings, where the family lives,
// income with its currency, and the longer mother-tongue list; on whichever database the run uses (SQLite, or
// PostgreSQL with TEST_DATABASE_URL).

let server: TestServer;
before(async () => {
  server = await startTestServer();
});
after(async () => {
  await server.close();
});

type Json = Record<string, unknown>;
const json = async (res: Response) => (await res.json()) as Json;

const BASICS = {
  height: 170,
  maritalStatus: 'never_married',
  diet: 'jain',
  income: 1_000_000,
  incomeCurrency: 'INR',
  community: 'Oswal',
  fatherOccupation: 'Textile trader',
  motherOccupation: 'Homemaker',
  brothers: 2,
  brothersMarried: 1,
  sisters: 1,
  sistersMarried: 0,
  familyLocation: 'Ahmedabad, India',
  motherTongue: 'Marwari',
};

describe('the basics on PATCH /api/profiles/:id', () => {
  test('are saved and returned to the owner; a save of some keeps the others; null clears one to "not specified"', async () => {
    const { client, user } = await signedInClient(server);
    const profile = await buildProfile(server, user);
    const saved = await client.patch(`/api/profiles/${profile.id}`, BASICS);
    assert.equal(saved.status, 200, JSON.stringify(await saved.clone().json()));
    const own = await json(await client.get(`/api/users/${user.id}/profile`));
    for (const [key, value] of Object.entries(BASICS)) assert.deepEqual(own[key], value, key);

    assert.equal((await client.patch(`/api/profiles/${profile.id}`, { community: 'Porwal', brothers: 3 })).status, 200);
    const partial = await json(await client.get(`/api/users/${user.id}/profile`));
    assert.equal(partial.community, 'Porwal');
    assert.equal(partial.brothers, 3);
    assert.equal(partial.fatherOccupation, 'Textile trader', 'absent keys stay as they were');
    assert.equal(partial.incomeCurrency, 'INR');

    assert.equal((await client.patch(`/api/profiles/${profile.id}`, { community: null, brothers: null, incomeCurrency: null })).status, 200);
    const cleared = await json(await client.get(`/api/users/${user.id}/profile`));
    assert.deepEqual([cleared.community, cleared.brothers, cleared.incomeCurrency], [null, null, null]);
    assert.equal(cleared.brothersMarried, 1, 'only the keys sent as null are cleared');
    assert.equal(cleared.familyLocation, 'Ahmedabad, India');
  });

  test('the whole profile as GET returns it (relation included) can be sent back unchanged', async () => {
    const { client, user } = await signedInClient(server);
    const profile = await buildProfile(server, user, { ...BASICS });
    const own = await json(await client.get(`/api/users/${user.id}/profile`));
    assert.equal(own.relation, 'self');
    const res = await client.patch(`/api/profiles/${profile.id}`, own);
    assert.equal(res.status, 200, JSON.stringify(await res.clone().json()));
    assert.equal((await json(res)).community, BASICS.community);
  });

  test('another member sees the family details and the range of the income, never the amount', async () => {
    const owner = await signedInClient(server);
    const profile = await buildProfile(server, owner.user, { community: 'Iyer', brothers: 1, income: 93_500, incomeCurrency: 'CAD' });
    const viewer = await signedInClient(server);
    const seen = await json(await viewer.client.get(`/api/profiles/${profile.id}`));
    assert.equal(seen.community, 'Iyer');
    assert.equal(seen.brothers, 1);
    // The lower bound of its range, which the screens print as "CA$80,000–100,000 a year".
    assert.deepEqual([seen.income, seen.incomeCurrency], [80_000, 'CAD']);
    assert.equal(formatIncome(seen.income as number, seen.incomeCurrency as string), formatIncome(93_500, 'CAD'));
    assert.ok(!JSON.stringify(seen).includes('93500'), 'the amount itself is never sent');
    // Without a currency there is no range to give: nothing.
    const plain = await buildProfile(server, (await signedInClient(server)).user, { income: 70_000, incomeCurrency: null });
    assert.equal((await json(await viewer.client.get(`/api/profiles/${plain.id}`))).income, null);
  });

  test("another member's profile cannot be changed: 404, as if it did not exist, and nothing changes", async () => {
    const owner = await signedInClient(server);
    const profile = await buildProfile(server, owner.user, { community: 'Iyer' });
    const other = await signedInClient(server);
    const res = await other.client.patch(`/api/profiles/${profile.id}`, { community: 'Nair' });
    assert.equal(res.status, 404);
    const row = await server.db('profiles').where({ id: profile.id }).first('community');
    assert.equal(row.community, 'Iyer');
  });

  test('bad values are refused with a 400 naming the field and a clear message, and change nothing', async () => {
    const { client, user } = await signedInClient(server);
    const profile = await buildProfile(server, user, { ...BASICS });
    const cases: Array<[Json, string, string]> = [
      [{ height: 300 }, 'height', PROFILE_MESSAGES.heightRange],
      [{ height: 'tall' }, 'height', PROFILE_MESSAGES.heightRequired],
      [{ incomeCurrency: 'XYZ' }, 'incomeCurrency', PROFILE_MESSAGES.incomeCurrencyInvalid],
      [{ income: -5 }, 'income', PROFILE_MESSAGES.incomeInvalid],
      [{ brothers: -1 }, 'brothers', PROFILE_MESSAGES.siblingsInvalid],
      [{ sisters: 2.5 }, 'sisters', PROFILE_MESSAGES.siblingsInvalid],
      [{ brothers: 1, brothersMarried: 2 }, 'brothersMarried', PROFILE_MESSAGES.brothersMarriedTooMany],
      // Checked against what is stored: two brothers, one married; "no brothers" alone would contradict it.
      [{ brothers: 0 }, 'brothersMarried', PROFILE_MESSAGES.brothersMarriedTooMany],
      [{ sistersMarried: 4 }, 'sistersMarried', PROFILE_MESSAGES.sistersMarriedTooMany],
      [{ community: 'x'.repeat(81) }, 'community', 'Must be at most 80 characters'],
      [{ maritalStatus: 'complicated' }, 'maritalStatus', ''],
      [{ motherTongue: 'Klingon' }, 'motherTongue', ''],
    ];
    for (const [body, field, message] of cases) {
      const res = await client.patch(`/api/profiles/${profile.id}`, body);
      assert.equal(res.status, 400, JSON.stringify(body));
      const answer = await json(res);
      assert.equal(answer.field, field, JSON.stringify(body));
      if (message) assert.equal(answer.message, message, JSON.stringify(body));
      else assert.ok(String(answer.message).length > 0);
    }
    const after = await json(await client.get(`/api/users/${user.id}/profile`));
    for (const [key, value] of Object.entries(BASICS)) assert.deepEqual(after[key], value, `${key} unchanged`);
  });

  test('every mother tongue of the list is accepted, the newer ones (Tulu, Nepali, English…) too', async () => {
    const { client, user } = await signedInClient(server);
    const profile = await buildProfile(server, user);
    for (const tongue of ['Kannada', 'Urdu', 'Odia', 'Konkani', 'Sindhi', 'Assamese', 'Kashmiri', 'Tulu', 'Marwari', 'Maithili', 'Nepali', 'English']) {
      const res = await client.patch(`/api/profiles/${profile.id}`, { motherTongue: tongue });
      assert.equal(res.status, 200, tongue);
      assert.equal((await json(res)).motherTongue, tongue);
    }
    const nri = await client.patch(`/api/profiles/${profile.id}`, { languagePreferences: [{ language: 'tulu', fluency: 'native' }] });
    assert.equal(nri.status, 200, 'the NRI card offers the same languages');
  });
});

describe('the wizard sends the basics with the profile', () => {
  test('a profile made by a parent for a daughter keeps them, and says whom it is for', async () => {
    const { client, user } = await signedInClient(server, { fullName: 'Ramesh Shah' });
    const res = await client.post('/api/profiles', {
      ...profilePayload(),
      gender: 'female',
      profileType: 'parent',
      fullName: 'Priya Shah',
      parentName: 'Ramesh Shah',
      parentRelationship: 'father',
      parentContact: '+1 416 555 0100',
      ...BASICS,
    });
    assert.equal(res.status, 201, JSON.stringify(await res.clone().json()));
    const created = await json(res);
    assert.equal(created.fullName, 'Priya Shah');
    assert.equal(created.relation, 'daughter');
    for (const [key, value] of Object.entries(BASICS)) assert.deepEqual(created[key], value, key);
    const account = await json(await client.get('/api/auth/user'));
    assert.equal(account.fullName, 'Ramesh Shah', "the account keeps its holder's own name");
    assert.equal(user.fullName, 'Ramesh Shah');
  });

  test('a friend can make the profile; the wizard payload is refused without the friend’s name', async () => {
    const { client } = await signedInClient(server);
    const missing = await client.post('/api/profiles', { ...profilePayload(), profileType: 'friend' });
    assert.equal(missing.status, 400);
    assert.equal((await json(missing)).message, PROFILE_MESSAGES.candidateNameRequired);
    const ok = await client.post('/api/profiles', { ...profilePayload(), profileType: 'friend', fullName: 'Arjun Rao' });
    assert.equal(ok.status, 201);
    assert.equal((await json(ok)).relation, 'friend');
  });
});

describe('stage 3 (birth details, religion, mother tongue, community)', () => {
  test('with a birth time it is complete once the chart is computed from a known place, without a sign entered', async () => {
    const { client, user } = await signedInClient(server);
    const profile = await buildProfile(server, user, { zodiacSign: null, rashi: null, nakshatra: null, birthHour: null, birthMinute: null, birthAmPm: null });
    const status = await json(await client.get(`/api/profiles/${user.id}/completion-status`));
    assert.equal((status.stages as Json[])[2].complete, false, 'no birth time and no sign: not complete');
    const res = await client.post(`/api/profiles/${profile.id}/completion/3`, {
      birthHour: 6, birthMinute: 30, birthAmPm: 'AM', birthPlace: 'Chennai, India', religion: 'Jain', motherTongue: 'Gujarati', community: 'Oswal',
    });
    assert.equal(res.status, 200, JSON.stringify(await res.clone().json()));
    const done = (await json(res)).profile as Json;
    assert.equal(done.astrologyInfoComplete, true);
    assert.equal(done.community, 'Oswal');
  });

  test('a birth time with a place the chart cannot use is refused on birthPlace, and nothing is saved', async () => {
    const { client, user } = await signedInClient(server);
    const profile = await buildProfile(server, user, { zodiacSign: null, birthHour: null, birthMinute: null, birthAmPm: null, birthPlace: null });
    const res = await client.post(`/api/profiles/${profile.id}/completion/3`, { birthHour: 6, birthMinute: 30, birthAmPm: 'AM', birthPlace: 'Nowhere Land' });
    assert.equal(res.status, 400);
    assert.deepEqual([(await json(res)).field, (await json(await client.post(`/api/profiles/${profile.id}/completion/3`, {}))).field], ['birthPlace', 'zodiacSign']);
    const row = await server.db('profiles').where({ id: profile.id }).first('birthPlace');
    assert.equal(row.birthPlace, null);
  });
});
