import assert from 'node:assert/strict';
import { test } from 'node:test';
import { draftValuesSchema } from '../../../../contracts/profile-draft';
import { EMPTY_WIZARD_VALUES, wizardValuesFromDraft } from './wizard-values';

test('every wizard field is kept in the draft, the partner preference lists too, and comes back as typed', () => {
  const values = {
    ...EMPTY_WIZARD_VALUES,
    heightPreferenceMin: '165',
    maritalStatusPreference: ['never_married'],
    dietPreference: ['vegetarian', 'vegan'],
    communityPreference: 'Iyer, Iyengar',
    religionPreference: ['Hindu'],
    motherTonguePreference: ['Tamil', 'Telugu'],
  };
  const parsed = draftValuesSchema.safeParse(values);
  assert.ok(parsed.success, JSON.stringify(parsed.error?.issues));
  assert.deepEqual(wizardValuesFromDraft(parsed.data as Record<string, unknown>), values);
});
