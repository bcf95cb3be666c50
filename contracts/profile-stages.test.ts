import assert from 'node:assert/strict';
import { test } from 'node:test';
import { COMPLETION_STAGES, WIZARD_SCREENS, nriFields, stageOfField, stageSchemas, updateProfileSchema, wizardStepOfField } from './profile';
import { PROFILE_FOR, PROFILE_FOR_VALUES, relationOf } from './profile-for';
import { INDIAN_LANGUAGES, MOTHER_TONGUES, NRI_LANGUAGES } from './enums';
import { communitySuggestions, formatHeight, formatIncome } from './profile-basics';

// The completion stages are the one definition of which field belongs where: the wizard, the editor and the completion
// status all read it.

test('every field a member edits belongs to exactly one stage, except the NRI card and the photos', () => {
  const editable = Object.keys(updateProfileSchema.shape);
  const outside = new Set([...Object.keys(nriFields), 'photoIds']);
  const staged = COMPLETION_STAGES.flatMap((s) => [...s.fields]);
  assert.equal(new Set(staged).size, staged.length, 'no field in two stages');
  assert.deepEqual(editable.filter((f) => !outside.has(f) && stageOfField(f) === null), [], 'editable fields without a stage');
  assert.deepEqual(staged.filter((f) => !editable.includes(f)), [], 'stage fields the API cannot edit');
  for (const stage of COMPLETION_STAGES) {
    const schemaKeys = Object.keys((stageSchemas[stage.stage as 1 | 2 | 3 | 4 | 5] as unknown as { shape: object }).shape ?? {});
    if (schemaKeys.length) assert.deepEqual([...schemaKeys].sort(), [...stage.fields].sort(), `stage ${stage.stage}: its schema checks its fields`);
  }
});

test('the wizard screens follow the stages: photos, stage 1, stage 2, stage 3, stages 4 and 5', () => {
  assert.deepEqual(WIZARD_SCREENS.map((s) => [...s.stages]), [[], [1], [2], [3], [4, 5]]);
  const cases: Array<[string, number]> = [
    ['photoIds', 1], ['profileType', 2], ['fullName', 2], ['height', 3], ['maritalStatus', 3], ['diet', 3], ['income', 3], ['incomeCurrency', 3],
    ['about', 3], ['birthPlace', 4], ['religion', 4], ['motherTongue', 4], ['community', 4], ['fatherOccupation', 5], ['brothersMarried', 5],
    ['familyLocation', 5], ['familyBackground', 5], ['agePreferenceMin', 5],
  ];
  for (const [field, step] of cases) assert.equal(wizardStepOfField(field), step, field);
});

test('"This profile is for": one table to the profile type, and back through the gender', () => {
  assert.deepEqual(PROFILE_FOR_VALUES, ['self', 'son', 'daughter', 'brother', 'sister', 'relative', 'friend']);
  assert.deepEqual(PROFILE_FOR_VALUES.map((k) => PROFILE_FOR[k].profileType), ['self', 'parent', 'parent', 'sibling', 'sibling', 'relative', 'friend']);
  for (const key of PROFILE_FOR_VALUES) {
    const { profileType, gender } = PROFILE_FOR[key];
    assert.equal(relationOf(profileType, gender ?? 'female'), key, key);
  }
  assert.equal(relationOf('parent', 'other'), null, 'a gender that does not say son or daughter');
});

test('one list of Indian languages: the mother tongues and the NRI card, the stored codes kept', () => {
  assert.equal(INDIAN_LANGUAGES.length, 20);
  assert.deepEqual(MOTHER_TONGUES.slice(0, 8), ['Hindi', 'Punjabi', 'Gujarati', 'Tamil', 'Telugu', 'Malayalam', 'Bengali', 'Marathi']);
  assert.equal(MOTHER_TONGUES.at(-1), 'Other');
  for (const code of ['hindi', 'english', 'punjabi', 'tamil', 'telugu', 'marathi', 'gujarati', 'bengali', 'kannada', 'malayalam', 'odia', 'urdu']) {
    assert.ok((NRI_LANGUAGES as readonly string[]).includes(code), `the stored code ${code} is still offered`);
  }
  assert.deepEqual(NRI_LANGUAGES, INDIAN_LANGUAGES.map((name) => name.toLowerCase()));
});

test('height with feet and inches; income as the range it falls in, with its currency', () => {
  assert.equal(formatHeight(170), '170 cm (5 ft 7 in)');
  assert.equal(formatHeight(152), '152 cm (5 ft 0 in)');
  assert.equal(formatHeight(null), null);
  assert.equal(formatIncome(1_200_000, 'INR'), '₹10–15 lakh a year');
  assert.equal(formatIncome(250_000, 'INR'), 'Up to ₹3 lakh a year');
  assert.equal(formatIncome(750_000, 'INR'), '₹7.5–10 lakh a year');
  assert.equal(formatIncome(25_000_000, 'INR'), '₹1 crore or more a year');
  assert.equal(formatIncome(85_000, 'CAD'), 'CA$80,000–100,000 a year');
  assert.equal(formatIncome(400_000, 'USD'), '$300,000 or more a year');
  assert.equal(formatIncome(85_000, null), '85,000 a year');
  assert.equal(formatIncome(null, 'INR'), null);
});

test('community suggestions follow religion and mother tongue; none without a religion', () => {
  assert.ok(communitySuggestions('Hindu', 'Tamil').includes('Iyer'));
  assert.ok(!communitySuggestions('Hindu', 'Tamil').includes('Nair'));
  assert.ok(communitySuggestions('Christian', 'Malayalam').includes('Syrian Catholic'));
  assert.ok(communitySuggestions('Christian', 'Malayalam').includes('Catholic'), "the religion's own come after");
  assert.deepEqual(communitySuggestions(null, 'Tamil'), []);
});
