import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { type MatchProfile, WEIGHTS, ageFit, computeMatch, educationFit, genderCompatible, professionFit } from './matching';
import { translatorFor } from '../i18n';

const today = new Date('2026-11-22T12:00:00Z');

function person(overrides: Partial<MatchProfile> = {}): MatchProfile {
  return {
    userId: 1,
    gender: 'female',
    lookingFor: 'male',
    dateOfBirth: '1996-05-01', // 30 on the test day
    country: 'United Kingdom',
    education: "Master's",
    profession: 'Software Engineer',
    religion: 'Hindu',
    motherTongue: 'Tamil',
    agePreferenceMin: 28,
    agePreferenceMax: 34,
    locationPreference: ['United Kingdom', 'India'],
    educationPreference: "Master's or above",
    professionPreference: 'Engineer or Doctor',
    culturalIntegrationLevel: 'moderate',
    returnToIndiaPlans: 'considering',
    isVerified: false,
    height: 165,
    maritalStatus: 'never_married',
    diet: 'vegetarian',
    community: 'Iyer',
    heightPreferenceMin: null,
    heightPreferenceMax: null,
    maritalStatusPreference: null,
    dietPreference: null,
    communityPreference: null,
    ...overrides,
  };
}

describe('factor functions', () => {
  test('age: inside the range is full, one point per year outside', () => {
    assert.equal(ageFit(30, 28, 34), 1);
    assert.equal(ageFit(36, 28, 34), 1 - 2 / 8);
    assert.equal(ageFit(20, 28, 34), 0);
    assert.equal(ageFit(null, 28, 34), null);
    assert.equal(ageFit(null, null, null), 1);
  });
  test('education: "or above" accepts higher levels; a bare level needs that level', () => {
    assert.equal(educationFit('Doctorate', "Master's or above"), 1);
    assert.equal(educationFit("Bachelor's", "Master's or above"), 0);
    assert.equal(educationFit("Bachelor's", "Bachelor's"), 1);
    assert.equal(educationFit("Master's", "Bachelor's"), 0);
    assert.equal(educationFit('High School', 'Any'), 1);
    assert.equal(educationFit(null, "Master's"), null);
  });
  test('profession: shared words count, "any" is open', () => {
    assert.equal(professionFit('Civil Engineer', 'Engineer or Doctor'), 1);
    assert.equal(professionFit('Chartered Accountant', 'Engineer or Doctor'), 0);
    assert.equal(professionFit('Chartered Accountant', 'Any'), 1);
  });
  test('looking-for is a filter both ways', () => {
    assert.equal(genderCompatible({ gender: 'female', lookingFor: 'male' }, { gender: 'male', lookingFor: 'female' }), true);
    assert.equal(genderCompatible({ gender: 'female', lookingFor: 'male' }, { gender: 'female', lookingFor: 'male' }), false);
    assert.equal(genderCompatible({ gender: 'male', lookingFor: null }, { gender: 'female', lookingFor: 'female' }), false);
  });
});

/** Every factor judged both ways, without Kundali: 85 points of the first eleven, and the basics' preferences each way. */
const ALL = 85 + 2 * (WEIGHTS.height + WEIGHTS.maritalStatus + WEIGHTS.diet + WEIGHTS.community);

describe('computeMatch, hand-computed', () => {
  test('an ideal pair scores 100', () => {
    const her = person();
    const him = person({ userId: 2, gender: 'male', lookingFor: 'female', dateOfBirth: '1994-03-10', profession: 'Civil Engineer', education: 'Doctorate', agePreferenceMin: 26, agePreferenceMax: 32, educationPreference: null, professionPreference: null, isVerified: true });
    const result = computeMatch(her, him, { today });
    assert.equal(result.available, ALL);
    assert.equal(result.earned, ALL);
    assert.equal(result.percentage, 100);
  });

  test('different religion, tongue and country, unverified: 100 × (111 − 12 − 8 − 6 − 5 − 6 − 6) / 111 = 61', () => {
    // Each side's location preference is missed too (him in Canada; her not in his preferred USA).
    const her = person();
    const him = person({ userId: 2, gender: 'male', lookingFor: 'female', dateOfBirth: '1994-03-10', country: 'Canada', religion: 'Sikh', motherTongue: 'Punjabi', locationPreference: ['United States'], educationPreference: null, professionPreference: null });
    const r = computeMatch(her, him, { today });
    const lost = WEIGHTS.religion + WEIGHTS.motherTongue + WEIGHTS.residence + WEIGHTS.verified + WEIGHTS.location * 2;
    assert.equal(r.earned, ALL - lost);
    assert.equal(r.percentage, Math.round((100 * (ALL - lost)) / ALL));
    assert.equal(r.percentage, 61);
  });

  test('return plans and integration on their scales: definite vs never loses all 8, moderate vs modern half of 6', () => {
    const her = person({ returnToIndiaPlans: 'definite' });
    const him = person({ userId: 2, gender: 'male', lookingFor: 'female', dateOfBirth: '1994-03-10', returnToIndiaPlans: 'never', culturalIntegrationLevel: 'modern', educationPreference: null, professionPreference: null, isVerified: true });
    const r = computeMatch(her, him, { today });
    assert.equal(r.earned, ALL - 8 - 3);
    assert.equal(r.percentage, 90);
    const plans = r.factors.find((f) => f.factor === 'return to India');
    assert.deepEqual(plans && [plans.weight, plans.earned], [8, 0]);
  });

  test('missing data leaves the factor out instead of guessing', () => {
    const her = person({ religion: null, motherTongue: 'Other' });
    const him = person({ userId: 2, gender: 'male', lookingFor: 'female', dateOfBirth: '1994-03-10', educationPreference: null, professionPreference: null, isVerified: true });
    const r = computeMatch(her, him, { today });
    assert.equal(r.available, ALL - 12 - 8);
    assert.equal(r.percentage, 100);
    assert.ok(!r.factors.some((f) => f.factor === 'religion'));
  });

  test('unanswered NRI questions (null) are missing, on either side: left out, not scored as a middle answer', () => {
    const him = person({ userId: 2, gender: 'male', lookingFor: 'female', dateOfBirth: '1994-03-10', returnToIndiaPlans: 'never', culturalIntegrationLevel: 'modern', educationPreference: null, professionPreference: null, isVerified: true });
    const her = person({ returnToIndiaPlans: null, culturalIntegrationLevel: null, isVerified: true });
    for (const [a, b] of [[her, him], [him, her]]) {
      const r = computeMatch(a, b, { today });
      assert.equal(r.available, ALL - WEIGHTS.returnPlans - WEIGHTS.culturalIntegration);
      assert.ok(!r.factors.some((f) => f.factor === 'return to India' || f.factor === 'cultural integration'));
      assert.equal(r.percentage, 100, 'nothing lost for questions not answered');
    }
  });

  test('an age two years outside the range earns 6 of 8; the kundali factor plugs in at 15 points', () => {
    const her = person();
    const him = person({ userId: 2, gender: 'male', lookingFor: 'female', dateOfBirth: '1990-01-01', educationPreference: null, professionPreference: null, isVerified: true });
    // He is 36: two years over her 34.
    const r = computeMatch(her, him, { today });
    assert.equal(r.earned, ALL - 2);
    const withKundali = computeMatch(her, him, { today, gunaScore: 27 });
    assert.equal(withKundali.available, ALL + 15);
    assert.equal(withKundali.earned, ALL - 2 + 11.25);
    assert.equal(withKundali.percentage, 95);
  });

  test('partner preferences on the basics count each way: height, marital status, diet and community', () => {
    const her = person({ heightPreferenceMin: 175, heightPreferenceMax: 190, maritalStatusPreference: ['never_married'], dietPreference: ['vegetarian', 'vegan'], communityPreference: ['iyer ', 'Iyengar'] });
    const him = person({ userId: 2, gender: 'male', lookingFor: 'female', dateOfBirth: '1994-03-10', height: 172, diet: 'non_vegetarian', community: 'IYER', educationPreference: null, professionPreference: null, isVerified: true, maritalStatusPreference: ['divorced'] });
    const r = computeMatch(her, him, { today });
    const points = (factor: string) => r.factors.find((f) => f.factor === factor)?.earned;
    assert.equal(points('height (yours)'), 2.8, '3 cm short of 175: 0.7 of 4 points');
    assert.equal(points('marital status (yours)'), 4);
    assert.equal(points('diet (yours)'), 0);
    assert.equal(points('community (yours)'), 2, 'community names compared without case or spacing');
    assert.equal(points('marital status (theirs)'), 0, 'his wish for a divorced partner is not met');
    assert.equal(points('height (theirs)'), 4, 'no height wish: fully met');
    assert.equal(r.earned, ALL - 1.2 - 3 - 4);
    assert.equal(r.percentage, Math.round((100 * (ALL - 8.2)) / ALL));
  });

  test('a height, marital status, diet or community not given leaves its factor out when the other side has a wish', () => {
    const her = person({ heightPreferenceMin: 170, maritalStatusPreference: ['never_married'], dietPreference: ['vegan'], communityPreference: ['Iyer'] });
    const him = person({ userId: 2, gender: 'male', lookingFor: 'female', dateOfBirth: '1994-03-10', height: null, maritalStatus: null, diet: null, community: null, educationPreference: null, professionPreference: null, isVerified: true });
    const r = computeMatch(her, him, { today });
    for (const factor of ['height (yours)', 'marital status (yours)', 'diet (yours)', 'community (yours)']) assert.ok(!r.factors.some((f) => f.factor === factor), factor);
    assert.equal(r.available, ALL - (WEIGHTS.height + WEIGHTS.maritalStatus + WEIGHTS.diet + WEIGHTS.community));
  });

  test('the breakdown is deterministic and both ways: swapping the pair swaps only the directional parts', () => {
    const a = person({ isVerified: true });
    const b = person({ userId: 2, gender: 'male', lookingFor: 'female', dateOfBirth: '1999-01-01', isVerified: true });
    assert.deepEqual(computeMatch(a, b, { today }), computeMatch(a, b, { today }));
    const ab = computeMatch(a, b, { today });
    const ba = computeMatch(b, a, { today });
    assert.equal(ab.earned, ba.earned, 'symmetric when both are verified');
  });
});

describe('the breakdown in the reader’s language', () => {
  test('the lists’ values and the countries in Hindi, as the app labels them; what members typed stays as typed', () => {
    const her = person({ maritalStatusPreference: ['never_married'], dietPreference: ['vegetarian', 'vegan'], locationPreference: ['Canada', 'India'] });
    const him = person({ userId: 2, gender: 'male', lookingFor: 'female', dateOfBirth: '1993-01-01', country: 'Canada', diet: 'non_vegetarian', community: 'Nair' });
    const details = Object.fromEntries(computeMatch(her, him, { today, t: translatorFor('hi') }).factors.map((f) => [f.factor, f.detail]));
    const english = Object.fromEntries(computeMatch(her, him, { today }).factors.map((f) => [f.factor, f.detail]));
    assert.equal(english['location (yours)'], 'Canada vs preferred Canada, India');
    // English names the lists' values by their labels too, not as stored ("non_vegetarian").
    assert.equal(english['diet (yours)'], 'Non-vegetarian vs preferred Vegetarian, Vegan');
    assert.equal(english['religion'], 'Hindu / Hindu');
    const hindi = Object.values(details).join(' | ');
    for (const word of ['कनाडा', 'भारत', 'शाकाहारी', 'हिंदू', 'तमिल', 'अविवाहित']) assert.ok(hindi.includes(word), `${word} in ${hindi}`);
    // The community is the member's own word; the English list values and country names are gone.
    assert.match(hindi, /Nair/);
    assert.doesNotMatch(hindi, /Canada|India|vegetarian|never_married|Hindu|Tamil|considering|moderate/);
  });
});
