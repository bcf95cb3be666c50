import './zod-config';
import * as z from 'zod';
import { LIMITS } from './enums';
import { WIZARD_SCREENS } from './profile';
import { validationText } from './i18n/validation';

/** The wizard's inputs as typed (text, and a list of countries); checked for real only on "Complete Profile". */
export const DRAFT_TEXT_FIELDS = [
  'fullName', 'gender', 'dateOfBirth', 'profileType', 'parentName', 'parentRelationship', 'parentContact', 'country', 'city',
  'education', 'educationDetails', 'profession', 'company', 'about', 'birthHour', 'birthMinute', 'birthAmPm', 'birthPlace',
  'religion', 'motherTongue', 'lookingFor', 'agePreferenceMin', 'agePreferenceMax', 'educationPreference',
  'professionPreference', 'familyBackground', 'hiddenUntilConfirmed',
  'relation', 'height', 'maritalStatus', 'diet', 'income', 'incomeCurrency', 'community', 'fatherOccupation', 'motherOccupation',
  'brothers', 'brothersMarried', 'sisters', 'sistersMarried', 'siblingDetails', 'familyLocation', 'familyType', 'familyValues',
  'heightPreferenceMin', 'heightPreferenceMax', 'communityPreference',
] as const;

/** The wizard's lists (a choice of several values each). */
export const DRAFT_LIST_FIELDS = ['locationPreference', 'maritalStatusPreference', 'dietPreference', 'religionPreference', 'motherTonguePreference'] as const;

const draftText = z.string().max(LIMITS.bioMax * 2, validationText('v.common.tooLongToKeep'));

export const draftValuesSchema = z
  .object({
    ...Object.fromEntries(DRAFT_TEXT_FIELDS.map((field) => [field, draftText.optional()])),
    ...Object.fromEntries(DRAFT_LIST_FIELDS.map((field) => [field, z.array(z.string().max(100)).max(300).optional()])),
  } as Record<(typeof DRAFT_TEXT_FIELDS)[number], z.ZodOptional<typeof draftText>> &
    Record<(typeof DRAFT_LIST_FIELDS)[number], z.ZodOptional<z.ZodArray<z.ZodString>>>)
  .strict();

/** The create-profile wizard's steps, in order; the Help page describes them from this list. */
export const WIZARD_STEP_TITLES = WIZARD_SCREENS.map((s) => s.title);
export const WIZARD_LAST_STEP = WIZARD_STEP_TITLES.length;

/** PUT /api/profile-draft: where the member is in the wizard, what they typed, their photos in order. */
export const profileDraftSchema = z
  .object({
    step: z.number().int().min(1).max(WIZARD_LAST_STEP),
    values: draftValuesSchema,
    photoIds: z.array(z.number().int().positive()).max(LIMITS.photosPerProfile).default([]),
    // Returned by GET; accepted back and ignored so a GET-then-PUT round-trip works.
    photos: z.unknown().optional(),
    updatedAt: z.unknown().optional(),
  })
  .strict();
export type ProfileDraftInput = z.infer<typeof profileDraftSchema>;
export type DraftValues = z.infer<typeof draftValuesSchema>;
