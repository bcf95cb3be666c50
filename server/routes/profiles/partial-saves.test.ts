import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import fc from 'fast-check';
import {
  CULTURAL_INTEGRATION_LEVELS,
  DIETS,
  EDUCATION_LEVELS,
  FAMILY_TYPES,
  FAMILY_VALUES,
  GENDERS,
  LANGUAGE_FLUENCY,
  MARITAL_STATUSES,
  MOTHER_TONGUES,
  NAKSHATRAS,
  NRI_LANGUAGES,
  RASHIS,
  RELIGIONS,
  RETURN_TO_INDIA_PLANS,
  ZODIAC_SIGNS,
} from '../../../contracts/enums';
import { INCOME_CURRENCIES } from '../../../contracts/profile-basics';
import { PROFILE_READ_ONLY_FIELDS } from '../../../contracts/read-only';
import { type TestServer, startTestServer } from '../../test/harness';
import { buildProfile, signedInClient } from '../../test/factories';

// A save changes only what it saves: a key that is absent stays as it was, an explicit null clears the answer.
// Random partial updates, through PATCH /api/profiles/:id and the completion stages, on whichever database the run
// uses (SQLite, or PostgreSQL with TEST_DATABASE_URL).

let server: TestServer;
before(async () => {
  server = await startTestServer();
});
after(async () => {
  await server.close();
});

type Json = Record<string, unknown>;

const word = fc.constantFrom('Pune', 'data', 'Tamil', 'ok', 'Zürich', 'नमस्ते', 'O\'Brien', 'café', 'x');
const text = (max = 60) => fc.array(word, { minLength: 1, maxLength: 4 }).map((words) => words.join(' ').slice(0, max).trim() || 'x');
const longText = fc.array(word, { minLength: 3, maxLength: 12 }).map((words) => `${words.join(' ')} and more`);
const orNull = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: null, freq: 4 });
const choice = <T extends readonly string[]>(values: T) => fc.constantFrom(...values);
const COUNTRIES = ['India', 'United Kingdom', 'Canada', 'United States', 'Germany', 'Hong Kong SAR China'] as const;
const languages = fc.uniqueArray(fc.record({ language: choice(NRI_LANGUAGES), fluency: choice(LANGUAGE_FLUENCY) }), {
  maxLength: 3,
  selector: (entry) => entry.language,
});

/** Every field a member edits (the profile type and the fields it governs have their own rule, tested beside the route). */
const FIELDS: Record<string, fc.Arbitrary<unknown>> = {
  gender: choice(GENDERS),
  lookingFor: orNull(choice(GENDERS)),
  dateOfBirth: fc.constantFrom('1990-01-31', '1994-06-15', '1999-12-01'),
  country: choice(COUNTRIES),
  city: text(40),
  height: orNull(fc.integer({ min: 120, max: 230 })),
  education: orNull(choice(EDUCATION_LEVELS)),
  educationDetails: orNull(text()),
  profession: orNull(text()),
  company: orNull(text()),
  income: orNull(fc.integer({ min: 0, max: 100_000_000 })),
  incomeCurrency: orNull(choice(INCOME_CURRENCIES)),
  maritalStatus: orNull(choice(MARITAL_STATUSES)),
  about: orNull(longText),
  motherTongue: orNull(choice(MOTHER_TONGUES)),
  religion: orNull(choice(RELIGIONS)),
  diet: orNull(choice(DIETS)),
  birthHour: orNull(fc.integer({ min: 1, max: 12 })),
  birthMinute: orNull(fc.integer({ min: 0, max: 59 })),
  birthAmPm: orNull(fc.constantFrom('AM', 'PM')),
  // Places the gazetteer knows: with a birth time, stage 3 is complete once the chart is computed from them.
  birthPlace: orNull(fc.constantFrom('Pune, India', 'Toronto, Canada', 'London, United Kingdom', 'Zürich, Switzerland')),
  zodiacSign: orNull(choice(ZODIAC_SIGNS)),
  rashi: orNull(choice(RASHIS)),
  nakshatra: orNull(choice(NAKSHATRAS)),
  manglik: orNull(fc.boolean()),
  gotra: orNull(text()),
  familyType: orNull(choice(FAMILY_TYPES)),
  familyValues: orNull(choice(FAMILY_VALUES)),
  siblingDetails: orNull(text()),
  community: orNull(text()),
  fatherOccupation: orNull(text()),
  motherOccupation: orNull(text()),
  // Counts that cannot cross, whichever of the two a save carries.
  brothers: orNull(fc.integer({ min: 3, max: 10 })),
  brothersMarried: orNull(fc.integer({ min: 0, max: 2 })),
  sisters: orNull(fc.integer({ min: 3, max: 10 })),
  sistersMarried: orNull(fc.integer({ min: 0, max: 2 })),
  familyLocation: orNull(text()),
  familyBackground: orNull(longText),
  // Ranges that cannot cross, whichever of the two a save carries.
  agePreferenceMin: orNull(fc.integer({ min: 18, max: 30 })),
  agePreferenceMax: orNull(fc.integer({ min: 31, max: 70 })),
  locationPreference: fc.uniqueArray(choice(COUNTRIES), { maxLength: 4 }),
  educationPreference: orNull(text()),
  professionPreference: orNull(text()),
  nriResidenceCountry: orNull(text(40)),
  nriCommunity: orNull(text()),
  culturalIntegrationLevel: orNull(choice(CULTURAL_INTEGRATION_LEVELS)),
  returnToIndiaPlans: orNull(choice(RETURN_TO_INDIA_PLANS)),
  languagePreferences: orNull(languages),
  visaImmigrationExperience: orNull(text()),
};

/** What GET answers for a field after it was saved with `value`. */
function stored(field: string, value: unknown): unknown {
  if (field === 'languagePreferences') return value === null ? null : JSON.stringify(value);
  return value;
}

/** Answers that follow from others (the location from city and country, completion flags, the age): not answers themselves. */
const DERIVED = new Set<string>([...PROFILE_READ_ONLY_FIELDS, 'bio', 'fullName', 'languages', 'astroSource']);

function answersOf(profile: Json): Json {
  const out: Json = {};
  for (const [key, value] of Object.entries(profile)) if (!DERIVED.has(key)) out[key] = value;
  return out;
}

const nonNull = <T>(arb: fc.Arbitrary<T>) => arb.filter((v) => v !== null && !(Array.isArray(v) && v.length === 0));

/** Every field answered, so that a field a save wrongly touches shows. */
const answeredProfile = fc.record(Object.fromEntries(Object.entries(FIELDS).map(([field, arb]) => [field, nonNull(arb)])) as Record<string, fc.Arbitrary<unknown>>);

const partialUpdate = fc.dictionary(fc.constantFrom(...Object.keys(FIELDS)), fc.constant(null), { minKeys: 1, maxKeys: 6 }).chain((keys) =>
  fc.record(Object.fromEntries(Object.keys(keys).map((field) => [field, FIELDS[field]])) as Record<string, fc.Arbitrary<unknown>>),
);

/**
 * The profile's answers as GET gives them, except the member's own astrological entries: the rashi, nakshatra,
 * Manglik and sign a profile shows follow from the birth details when those resolve (kundali/effective.ts), so the
 * entries themselves are read from the row.
 */
async function ownProfile(client: Awaited<ReturnType<typeof signedInClient>>['client'], userId: number): Promise<Json> {
  const res = await client.get(`/api/users/${userId}/profile`);
  assert.equal(res.status, 200);
  const view = (await res.json()) as Json;
  const row = await server.db('profiles').where({ userId, isDeleted: false }).first('zodiacSign', 'rashi', 'nakshatra', 'manglik');
  return { ...view, ...row, manglik: row.manglik === null ? null : Boolean(Number(row.manglik)) };
}

function assertOnlyChanged(before: Json, after: Json, sent: Json): void {
  const was = answersOf(before);
  const now = answersOf(after);
  for (const key of Object.keys(was)) {
    if (key in sent) assert.deepEqual(now[key], stored(key, sent[key]), `${key} is what was saved`);
    else assert.deepEqual(now[key], was[key], `${key} was not in the save (${Object.keys(sent).join(', ')}) and must stay as it was`);
  }
}

async function answerEverything(client: Awaited<ReturnType<typeof signedInClient>>['client'], profileId: number, answers: Json): Promise<void> {
  const res = await client.patch(`/api/profiles/${profileId}`, answers);
  assert.equal(res.status, 200, JSON.stringify(await res.clone().json()));
}

const REPORT = { includeErrorInReport: true } as const;

test('PATCH /api/profiles/:id changes exactly the fields it carries, over random partial updates', async () => {
  const { client, user } = await signedInClient(server);
  const profile = await buildProfile(server, user);
  await fc.assert(
    fc.asyncProperty(answeredProfile, partialUpdate, async (answers, update) => {
      await answerEverything(client, profile.id, answers);
      const before = await ownProfile(client, user.id);
      const res = await client.patch(`/api/profiles/${profile.id}`, update);
      assert.equal(res.status, 200, JSON.stringify(await res.clone().json()));
      assertOnlyChanged(before, await ownProfile(client, user.id), update);
    }),
    { numRuns: 60, ...REPORT },
  );
});

test('the NRI Details card alone leaves the preferred locations (and every other answer) as they were', async () => {
  const { client, user } = await signedInClient(server);
  const profile = await buildProfile(server, user, { locationPreference: ['Canada', 'United States'] });
  const before = await ownProfile(client, user.id);
  const nriCard = {
    nriResidenceCountry: 'Ireland',
    nriCommunity: null,
    culturalIntegrationLevel: 'modern',
    returnToIndiaPlans: 'unlikely',
    languagePreferences: JSON.stringify([{ language: 'english', fluency: 'fluent' }]),
    visaImmigrationExperience: null,
  };
  assert.equal((await client.patch(`/api/profiles/${profile.id}`, nriCard)).status, 200);
  const after = await ownProfile(client, user.id);
  assert.deepEqual(after.locationPreference, ['Canada', 'United States']);
  assertOnlyChanged(before, after, { ...nriCard, languagePreferences: [{ language: 'english', fluency: 'fluent' }] });
});

test('an explicit null clears an answer; an absent key keeps it', async () => {
  const { client, user } = await signedInClient(server);
  const profile = await buildProfile(server, user, { returnToIndiaPlans: 'definite', diet: 'vegan' });
  assert.equal((await client.patch(`/api/profiles/${profile.id}`, { returnToIndiaPlans: null })).status, 200);
  const after = await ownProfile(client, user.id);
  assert.equal(after.returnToIndiaPlans, null);
  assert.equal(after.diet, 'vegan');
  assert.equal((await client.patch(`/api/profiles/${profile.id}`, { locationPreference: [] })).status, 200);
  assert.deepEqual((await ownProfile(client, user.id)).locationPreference, [], 'an empty list is "no preference", saved as such');
});

/** A stage's own fields, required ones always, optional ones sometimes. */
const STAGE_SAVES: Record<number, fc.Arbitrary<Json>> = {
  1: fc.record(
    { gender: choice(GENDERS), dateOfBirth: FIELDS.dateOfBirth, profileType: fc.constant('self'), country: choice(COUNTRIES), city: text(40) },
    { requiredKeys: ['gender', 'dateOfBirth', 'profileType', 'country', 'city'] },
  ),
  2: fc.record(
    {
      height: fc.integer({ min: 120, max: 230 }),
      education: choice(EDUCATION_LEVELS),
      profession: text(),
      maritalStatus: choice(MARITAL_STATUSES),
      diet: FIELDS.diet,
      income: orNull(fc.integer({ min: 0, max: 100_000_000 })),
      incomeCurrency: FIELDS.incomeCurrency,
      about: longText,
    },
    { requiredKeys: ['height', 'education', 'profession', 'maritalStatus', 'about'] },
  ),
  3: fc.record(
    {
      zodiacSign: choice(ZODIAC_SIGNS),
      rashi: orNull(choice(RASHIS)),
      nakshatra: orNull(choice(NAKSHATRAS)),
      manglik: orNull(fc.boolean()),
      community: FIELDS.community,
      motherTongue: FIELDS.motherTongue,
    },
    { requiredKeys: ['zodiacSign'] },
  ),
  4: fc.record(
    {
      fatherOccupation: FIELDS.fatherOccupation,
      brothers: FIELDS.brothers,
      sistersMarried: FIELDS.sistersMarried,
      familyLocation: FIELDS.familyLocation,
      familyType: orNull(choice(FAMILY_TYPES)),
      familyValues: orNull(choice(FAMILY_VALUES)),
      siblingDetails: orNull(text()),
      familyBackground: longText,
    },
    { requiredKeys: ['familyBackground'] },
  ),
  5: fc.record(
    {
      agePreferenceMin: fc.integer({ min: 18, max: 30 }),
      agePreferenceMax: fc.integer({ min: 31, max: 70 }),
      locationPreference: FIELDS.locationPreference,
      educationPreference: orNull(text()),
      professionPreference: orNull(text()),
    },
    { requiredKeys: ['agePreferenceMin', 'agePreferenceMax'] },
  ),
};

test('a completion stage changes exactly the fields it carries, over random stage saves', async () => {
  const { client, user } = await signedInClient(server);
  const profile = await buildProfile(server, user);
  await fc.assert(
    fc.asyncProperty(
      answeredProfile,
      fc.integer({ min: 1, max: 5 }).chain((stage) => fc.tuple(fc.constant(stage), STAGE_SAVES[stage])),
      async (answers, [stage, fields]) => {
        await answerEverything(client, profile.id, answers);
        const before = await ownProfile(client, user.id);
        const res = await client.post(`/api/profiles/${profile.id}/completion/${stage}`, fields);
        assert.equal(res.status, 200, JSON.stringify(await res.clone().json()));
        assertOnlyChanged(before, await ownProfile(client, user.id), fields);
      },
    ),
    { numRuns: 40, ...REPORT },
  );
});
