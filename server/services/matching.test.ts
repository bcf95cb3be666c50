import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { type MatchProfile, WEIGHTS, ageFit, computeMatch, educationFit, genderCompatible, professionFit } from './matching';

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

describe('computeMatch, hand-computed', () => {
  test('an ideal pair scores 100', () => {
    const her = person();
    const him = person({ userId: 2, gender: 'male', lookingFor: 'female', dateOfBirth: '1994-03-10', profession: 'Civil Engineer', education: 'Doctorate', agePreferenceMin: 26, agePreferenceMax: 32, educationPreference: null, professionPreference: null, isVerified: true });
    const result = computeMatch(her, him, { today });
    assert.equal(result.available, 85);
    assert.equal(result.earned, 85);
    assert.equal(result.percentage, 100);
  });

  test('different religion, tongue and country, unverified: 100 × (85 − 12 − 8 − 6 − 5 − 6 − 6) / 85 = 49', () => {
    // Each side's location preference is missed too (him in Canada; her not in his preferred USA).
    const her = person();
    const him = person({ userId: 2, gender: 'male', lookingFor: 'female', dateOfBirth: '1994-03-10', country: 'Canada', religion: 'Sikh', motherTongue: 'Punjabi', locationPreference: ['United States'], educationPreference: null, professionPreference: null });
    const r = computeMatch(her, him, { today });
    const lost = WEIGHTS.religion + WEIGHTS.motherTongue + WEIGHTS.residence + WEIGHTS.verified + WEIGHTS.location * 2;
    assert.equal(r.earned, 85 - lost);
    assert.equal(r.percentage, Math.round((100 * (85 - lost)) / 85));
    assert.equal(r.percentage, 49);
  });

  test('return plans and integration on their scales: definite vs never loses all 8, moderate vs modern half of 6', () => {
    const her = person({ returnToIndiaPlans: 'definite' });
    const him = person({ userId: 2, gender: 'male', lookingFor: 'female', dateOfBirth: '1994-03-10', returnToIndiaPlans: 'never', culturalIntegrationLevel: 'modern', educationPreference: null, professionPreference: null, isVerified: true });
    const r = computeMatch(her, him, { today });
    assert.equal(r.earned, 85 - 8 - 3);
    assert.equal(r.percentage, 87);
    const plans = r.factors.find((f) => f.factor === 'return to India');
    assert.deepEqual(plans && [plans.weight, plans.earned], [8, 0]);
  });

  test('missing data leaves the factor out instead of guessing', () => {
    const her = person({ religion: null, motherTongue: 'Other' });
    const him = person({ userId: 2, gender: 'male', lookingFor: 'female', dateOfBirth: '1994-03-10', educationPreference: null, professionPreference: null, isVerified: true });
    const r = computeMatch(her, him, { today });
    assert.equal(r.available, 85 - 12 - 8);
    assert.equal(r.percentage, 100);
    assert.ok(!r.factors.some((f) => f.factor === 'religion'));
  });

  test('unanswered NRI questions (null) are missing, on either side: left out, not scored as a middle answer', () => {
    const him = person({ userId: 2, gender: 'male', lookingFor: 'female', dateOfBirth: '1994-03-10', returnToIndiaPlans: 'never', culturalIntegrationLevel: 'modern', educationPreference: null, professionPreference: null, isVerified: true });
    const her = person({ returnToIndiaPlans: null, culturalIntegrationLevel: null, isVerified: true });
    for (const [a, b] of [[her, him], [him, her]]) {
      const r = computeMatch(a, b, { today });
      assert.equal(r.available, 85 - WEIGHTS.returnPlans - WEIGHTS.culturalIntegration);
      assert.ok(!r.factors.some((f) => f.factor === 'return to India' || f.factor === 'cultural integration'));
      assert.equal(r.percentage, 100, 'nothing lost for questions not answered');
    }
  });

  test('an age two years outside the range earns 6 of 8; the kundali factor plugs in at 15 points', () => {
    const her = person();
    const him = person({ userId: 2, gender: 'male', lookingFor: 'female', dateOfBirth: '1990-01-01', educationPreference: null, professionPreference: null, isVerified: true });
    // He is 36: two years over her 34.
    const r = computeMatch(her, him, { today });
    assert.equal(r.earned, 85 - 2);
    const withKundali = computeMatch(her, him, { today, gunaScore: 27 });
    assert.equal(withKundali.available, 100);
    assert.equal(withKundali.earned, 83 + 11.25);
    assert.equal(withKundali.percentage, 94);
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
