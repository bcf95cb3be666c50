import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { sunSignOfBirthDate } from '../services/kundali/astro';
import { Client, type TestServer, startTestServer } from '../test/harness';
import { buildProfile, signedInClient } from '../test/factories';

let server: TestServer;
before(async () => {
  server = await startTestServer();
});
after(async () => {
  await server.close();
});

test('the sign a birth date gives, mid-sign and either side of a cusp', () => {
  // Oracle: the tropical signs' usual date ranges, away from the cusps by a day or more.
  const cases: Array<[string, string]> = [
    ['1995-06-10', 'Gemini'], ['1990-01-05', 'Capricorn'], ['1988-03-25', 'Aries'], ['1992-12-15', 'Sagittarius'],
    ['1996-07-24', 'Leo'], ['1996-07-21', 'Cancer'], ['2000-02-29', 'Pisces'], ['1985-10-30', 'Scorpio'],
  ];
  for (const [date, sign] of cases) assert.equal(sunSignOfBirthDate(date), sign, date);
  assert.equal(sunSignOfBirthDate('not a date'), null);
  assert.equal(sunSignOfBirthDate(null), null);
});

test('the shared page and the profile carry the derived sign where the member entered none', async () => {
  const { client, user } = await signedInClient(server);
  // Without a birth time: the sign comes from the date alone.
  const profile = await buildProfile(server, user, { dateOfBirth: '1995-06-10', zodiacSign: null, birthHour: null });
  const created = await client.post(`/api/profiles/${profile.id}/share`, { expirationDays: 7 });
  assert.equal(created.status, 201, await created.clone().text());
  const { shareCode } = (await created.json()) as { shareCode: string };
  const shared = (await (await new Client(server).get(`/api/shares/${shareCode}`)).json()) as {
    profile: { zodiacSign: string | null; zodiacSignFromBirthDate: string | null; astroSource: { zodiacSign: string | null } };
  };
  assert.deepEqual([shared.profile.zodiacSign, shared.profile.zodiacSignFromBirthDate, shared.profile.astroSource.zodiacSign], ['Gemini', 'Gemini', 'computed']);
  const own = (await (await client.get(`/api/profiles/${profile.id}`)).json()) as { zodiacSignFromBirthDate: string | null };
  assert.equal(own.zodiacSignFromBirthDate, 'Gemini');
});
