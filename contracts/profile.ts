import './zod-config';
import * as z from 'zod';
import { ageFromDateOfBirth } from './age';
import { countryCode, countryName } from './countries';
import { validationText, validationTexts } from './i18n/validation';
import { HEIGHT_MAX_CM, HEIGHT_MIN_CM, INCOME_CURRENCIES, SIBLINGS_MAX } from './profile-basics';
import {
  CULTURAL_INTEGRATION_LEVELS,
  DIETS,
  EDUCATION_LEVELS,
  FAMILY_TYPES,
  FAMILY_VALUES,
  GENDERS,
  LANGUAGE_FLUENCY,
  LIMITS,
  MARITAL_STATUSES,
  MOTHER_TONGUES,
  NAKSHATRAS,
  NRI_LANGUAGES,
  PARENT_RELATIONSHIPS,
  PROFILE_TYPES,
  RASHIS,
  RELIGIONS,
  RETURN_TO_INDIA_PLANS,
  SHARE_EXPIRY_DAYS,
  ZODIAC_SIGNS,
} from './enums';

export { ageFromDateOfBirth };

// The validation messages members read (the catalogue's `v.profile.*`, see contracts/i18n/validation.ts); the
// wizard, the stage editor and the server all validate with these schemas.
export const PROFILE_MESSAGES = {
  ...validationTexts('profile', {
    heightRange: { min: HEIGHT_MIN_CM, max: HEIGHT_MAX_CM },
    incomeCurrencyInvalid: { list: INCOME_CURRENCIES.join(', ') },
    siblingsInvalid: { max: SIBLINGS_MAX },
  }),
};

/**
 * Control characters (other than tab and line breaks) are no text a member types, and the match engine's start-up
 * read uses two of them to separate a row's values.
 */
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const CONTROL_MESSAGE = validationText('v.common.controlCharacters');
const tooLong = (max: number) => validationText('v.common.maxLength', { max });

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, tooLong(max))
    .refine((v) => !CONTROL.test(v), CONTROL_MESSAGE)
    .transform((v) => (v === '' ? null : v))
    .nullish();

const requiredChoice = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.enum(values, { error: message });

const optionalChoice = <T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess((v) => (v === '' ? null : v), z.enum(values).nullish());

const requiredText = (message: string, max = 120) =>
  z.string({ error: message }).trim().min(1, message).max(max, tooLong(max)).refine((v) => !CONTROL.test(v), CONTROL_MESSAGE);

const height = z.coerce
  .number({ error: PROFILE_MESSAGES.heightRequired })
  .int(PROFILE_MESSAGES.heightRange)
  .min(HEIGHT_MIN_CM, PROFILE_MESSAGES.heightRange)
  .max(HEIGHT_MAX_CM, PROFILE_MESSAGES.heightRange);
const income = z.coerce.number({ error: PROFILE_MESSAGES.incomeInvalid }).int(PROFILE_MESSAGES.incomeInvalid).min(0, PROFILE_MESSAGES.incomeInvalid).max(100_000_000_000, PROFILE_MESSAGES.incomeInvalid);
const siblingCount = z.coerce.number({ error: PROFILE_MESSAGES.siblingsInvalid }).int(PROFILE_MESSAGES.siblingsInvalid).min(0, PROFILE_MESSAGES.siblingsInvalid).max(SIBLINGS_MAX, PROFILE_MESSAGES.siblingsInvalid);
const incomeCurrency = z.preprocess(
  (v) => (v === '' ? null : typeof v === 'string' ? v.toUpperCase() : v),
  z.enum(INCOME_CURRENCIES, { error: PROFILE_MESSAGES.incomeCurrencyInvalid }).nullish(),
);

/** Birth time and place (the chart's inputs), the same in every form that asks them. */
const birthFields = {
  birthHour: z.coerce.number().int().min(1).max(12).nullish(),
  birthMinute: z.coerce.number().int().min(0).max(59).nullish(),
  birthAmPm: optionalChoice(['AM', 'PM'] as const),
  birthPlace: optionalText(200),
};

/** A list from a fixed vocabulary, each value once ("open to all" is an empty list or null). */
const choiceList = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .array(z.enum(values))
    .max(values.length)
    .transform((list) => [...new Set(list)])
    .nullish();

/**
 * Partner preferences on the basics, each optional and "open to all" when empty. Height, marital status, diet and
 * community count in the match score (services/matching.ts); religion and mother tongue are the search's default
 * filters (docs/matching-score.md).
 */
export const partnerPreferenceFields = {
  heightPreferenceMin: height.nullish(),
  heightPreferenceMax: height.nullish(),
  maritalStatusPreference: choiceList(MARITAL_STATUSES),
  dietPreference: choiceList(DIETS),
  communityPreference: z
    .array(z.string().trim().min(1).max(80, tooLong(80)).refine((v) => !CONTROL.test(v), CONTROL_MESSAGE))
    .max(10, validationText('v.profile.tooManyCommunities', { max: 10 }))
    .transform((list) => [...new Set(list)])
    .nullish(),
  religionPreference: choiceList(RELIGIONS),
  motherTonguePreference: choiceList(MOTHER_TONGUES),
};

/** A height range's ends in order (the schemas holding partnerPreferenceFields check it). */
function checkHeightRange(v: { heightPreferenceMin?: number | null; heightPreferenceMax?: number | null }, ctx: z.RefinementCtx): void {
  if (v.heightPreferenceMin != null && v.heightPreferenceMax != null && v.heightPreferenceMin > v.heightPreferenceMax) {
    ctx.addIssue({ code: 'custom', path: ['heightPreferenceMin'], message: PROFILE_MESSAGES.heightPreferenceOrder });
  }
}

/** The basics families filter on first, all optional where they are asked (the wizard, the editor, the stages). */
export const basicsFields = {
  height: height.nullish(),
  maritalStatus: optionalChoice(MARITAL_STATUSES),
  diet: optionalChoice(DIETS),
  income: income.nullish(),
  incomeCurrency,
  community: optionalText(80),
  fatherOccupation: optionalText(120),
  motherOccupation: optionalText(120),
  brothers: siblingCount.nullish(),
  brothersMarried: siblingCount.nullish(),
  sisters: siblingCount.nullish(),
  sistersMarried: siblingCount.nullish(),
  familyLocation: optionalText(120),
};

type SiblingValues = { brothers?: number | null; brothersMarried?: number | null; sisters?: number | null; sistersMarried?: number | null };

/** Married brothers or sisters are some of the brothers or sisters: the first answer that breaks it, where both are known. */
export function siblingIssue(value: SiblingValues): { field: 'brothersMarried' | 'sistersMarried'; message: string } | null {
  if (value.brothers != null && value.brothersMarried != null && value.brothersMarried > value.brothers) {
    return { field: 'brothersMarried', message: PROFILE_MESSAGES.brothersMarriedTooMany };
  }
  if (value.sisters != null && value.sistersMarried != null && value.sistersMarried > value.sisters) {
    return { field: 'sistersMarried', message: PROFILE_MESSAGES.sistersMarriedTooMany };
  }
  return null;
}

function checkSiblings(value: SiblingValues, ctx: z.RefinementCtx): void {
  const issue = siblingIssue(value);
  if (issue) ctx.addIssue({ code: 'custom', path: [issue.field], message: issue.message });
}

const dateOfBirth = z
  .string({ error: PROFILE_MESSAGES.dobRequired })
  .trim()
  .min(1, PROFILE_MESSAGES.dobRequired)
  .refine((v) => ageFromDateOfBirth(v) !== null && (ageFromDateOfBirth(v) ?? 0) <= 100, PROFILE_MESSAGES.dobInvalid)
  .refine((v) => (ageFromDateOfBirth(v) ?? 0) >= 18, PROFILE_MESSAGES.tooYoung);

const country = z.string({ error: PROFILE_MESSAGES.countryRequired }).trim().min(1, PROFILE_MESSAGES.countryRequired)
  .refine((v) => countryCode(v) !== null, validationText('v.profile.countryUnknown'))
  .transform((v) => countryName(v) ?? v);

const parentFields = {
  /** The candidate's own name on a profile someone else manages; a self-made profile carries the account's name. */
  fullName: optionalText(LIMITS.fullNameMax),
  parentName: optionalText(100),
  parentRelationship: optionalChoice(PARENT_RELATIONSHIPS),
  parentContact: optionalText(40),
};

/**
 * Whether a text is a phone number, given the profile's country. The check itself (libphonenumber-js, about 30 KB
 * gzipped with its metadata) lives in ./phone and registers here when imported: the server and the screens that
 * edit a contact number import it; screens that only show a profile do not carry it.
 */
type PhoneCheck = (text: string, country?: string | null) => boolean;
let phoneCheck: PhoneCheck | null = null;
export function registerPhoneCheck(check: PhoneCheck): void {
  phoneCheck = check;
}
export function isPhoneNumber(text: string, country?: string | null): boolean {
  return phoneCheck ? phoneCheck(text, country) : true;
}

type ParentFieldValues = {
  profileType?: string | null;
  fullName?: string | null;
  parentName?: string | null;
  parentRelationship?: string | null;
  parentContact?: string | null;
  country?: string | null;
};

/** A contact number, when given, is a real phone number (any profile type). */
function checkParentContact<T extends ParentFieldValues>(value: T, ctx: z.RefinementCtx): void {
  if (value.parentContact && !isPhoneNumber(value.parentContact, value.country)) {
    ctx.addIssue({ code: 'custom', path: ['parentContact'], message: PROFILE_MESSAGES.parentContactInvalid });
  }
}

/**
 * Parent fields become required the moment "parent" is chosen; a profile made by someone else (parent, sibling,
 * relative) names its candidate.
 */
function requireParentFields<T extends ParentFieldValues>(value: T, ctx: z.RefinementCtx): void {
  if (value.profileType === 'parent') {
    if (!value.parentName) ctx.addIssue({ code: 'custom', path: ['parentName'], message: PROFILE_MESSAGES.parentNameRequired });
    if (!value.parentRelationship) {
      ctx.addIssue({ code: 'custom', path: ['parentRelationship'], message: PROFILE_MESSAGES.parentRelationshipRequired });
    }
    if (!value.parentContact) ctx.addIssue({ code: 'custom', path: ['parentContact'], message: PROFILE_MESSAGES.parentContactRequired });
  }
  checkParentContact(value, ctx);
  if (value.profileType && value.profileType !== 'self' && !value.fullName) {
    ctx.addIssue({ code: 'custom', path: ['fullName'], message: PROFILE_MESSAGES.candidateNameRequired });
  }
}

export const basicInfoFields = {
  gender: requiredChoice(GENDERS, PROFILE_MESSAGES.genderRequired),
  dateOfBirth,
  profileType: requiredChoice(PROFILE_TYPES, PROFILE_MESSAGES.profileTypeRequired),
  ...parentFields,
  country,
  city: requiredText(PROFILE_MESSAGES.cityRequired, 100),
};

const ageBound = (atLeast: string) =>
  z.coerce.number({ error: atLeast }).int(atLeast).min(LIMITS.ageMin, atLeast).max(LIMITS.ageMax, PROFILE_MESSAGES.ageAtMost);

/**
 * Preferred countries. No default here: zod applies a default even inside `.optional()`, so an edit that leaves the
 * key out would clear the list. Creation defaults it to "no preference" itself.
 */
const locationPreference = z
  .array(z.string().refine((v) => countryCode(v) !== null, 'Unknown country').transform((v) => countryName(v) ?? v))
  .max(50)
  .transform((list) => [...new Set(list)]);

/** The whole profile as the wizard's "Complete Profile" sends it (steps 1–5). */
export const createProfileSchema = z
  .object({
    ...basicInfoFields,
    lookingFor: optionalChoice(GENDERS),
    education: requiredChoice(EDUCATION_LEVELS, PROFILE_MESSAGES.educationRequired),
    educationDetails: optionalText(300),
    profession: requiredText(PROFILE_MESSAGES.professionRequired),
    company: optionalText(120),
    about: optionalText(LIMITS.bioMax),
    ...birthFields,
    religion: optionalChoice(RELIGIONS),
    motherTongue: optionalChoice(MOTHER_TONGUES),
    ...basicsFields,
    familyType: optionalChoice(FAMILY_TYPES),
    familyValues: optionalChoice(FAMILY_VALUES),
    siblingDetails: optionalText(300),
    agePreferenceMin: ageBound(PROFILE_MESSAGES.ageMinAtLeast).nullish(),
    agePreferenceMax: ageBound(PROFILE_MESSAGES.ageMaxAtLeast).nullish(),
    locationPreference: locationPreference.default([]),
    educationPreference: optionalText(120),
    professionPreference: optionalText(120),
    ...partnerPreferenceFields,
    familyBackground: optionalText(LIMITS.bioMax),
    photoIds: z.array(z.number().int().positive()).max(LIMITS.photosPerProfile, PROFILE_MESSAGES.tooManyPhotos).default([]),
    /** made for someone else: hidden from members until they confirm it (absent: the default of the profile type) */
    hiddenUntilConfirmed: z.boolean({ error: 'hiddenUntilConfirmed must be true or false' }).optional(),
  })
  .superRefine(requireParentFields)
  .superRefine(checkSiblings)
  .superRefine(checkHeightRange)
  .superRefine((v, ctx) => {
    if (v.agePreferenceMin != null && v.agePreferenceMax != null && v.agePreferenceMin > v.agePreferenceMax) {
      ctx.addIssue({ code: 'custom', path: ['agePreferenceMin'], message: PROFILE_MESSAGES.ageOrder });
    }
  });
export type CreateProfileInput = z.infer<typeof createProfileSchema>;

const languagePreference = z.object({ language: z.enum(NRI_LANGUAGES), fluency: z.enum(LANGUAGE_FLUENCY) });

/** NRI details; languagePreferences travels as JSON text of [{language, fluency}]. */
export const nriFields = {
  nriResidenceCountry: optionalText(100),
  nriCommunity: optionalText(120),
  culturalIntegrationLevel: optionalChoice(CULTURAL_INTEGRATION_LEVELS),
  returnToIndiaPlans: optionalChoice(RETURN_TO_INDIA_PLANS),
  languagePreferences: z
    .union([z.string(), z.array(languagePreference), z.null()])
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === null || v === '') return v === undefined ? undefined : null;
      let list: unknown = v;
      if (typeof v === 'string') {
        try {
          list = JSON.parse(v);
        } catch {
          ctx.addIssue({ code: 'custom', message: 'Languages must be a list of language and fluency' });
          return z.NEVER;
        }
      }
      const parsed = z.array(languagePreference).max(12).safeParse(list);
      if (!parsed.success) {
        ctx.addIssue({ code: 'custom', message: 'Languages must be a list of language and fluency' });
        return z.NEVER;
      }
      return JSON.stringify(parsed.data);
    }),
  visaImmigrationExperience: optionalText(1000),
};

/**
 * PATCH /api/profiles/{id}: any subset of the editable fields, each validated as in the wizard and stages. A key that
 * is absent stays as it was; an explicit null clears the answer (so no field here may carry a default).
 */
export const updateProfileSchema = z
  .object({
    gender: z.enum(GENDERS).optional(),
    lookingFor: optionalChoice(GENDERS),
    dateOfBirth: dateOfBirth.optional(),
    profileType: z.enum(PROFILE_TYPES).optional(),
    ...parentFields,
    country: country.optional(),
    city: requiredText(PROFILE_MESSAGES.cityRequired, 100).optional(),
    ...basicsFields,
    education: optionalChoice(EDUCATION_LEVELS),
    educationDetails: optionalText(300),
    profession: optionalText(120),
    company: optionalText(120),
    about: optionalText(LIMITS.bioMax),
    motherTongue: optionalChoice(MOTHER_TONGUES),
    religion: optionalChoice(RELIGIONS),
    ...birthFields,
    zodiacSign: optionalChoice(ZODIAC_SIGNS),
    rashi: optionalChoice(RASHIS),
    nakshatra: optionalChoice(NAKSHATRAS),
    manglik: z.boolean().nullish(),
    gotra: optionalText(60),
    familyType: optionalChoice(FAMILY_TYPES),
    familyValues: optionalChoice(FAMILY_VALUES),
    siblingDetails: optionalText(300),
    familyBackground: optionalText(LIMITS.bioMax),
    agePreferenceMin: ageBound(PROFILE_MESSAGES.ageMinAtLeast).nullish(),
    agePreferenceMax: ageBound(PROFILE_MESSAGES.ageMaxAtLeast).nullish(),
    locationPreference: locationPreference.optional(),
    educationPreference: optionalText(120),
    professionPreference: optionalText(120),
    ...partnerPreferenceFields,
    ...nriFields,
    photoIds: z.array(z.number().int().positive()).max(LIMITS.photosPerProfile, PROFILE_MESSAGES.tooManyPhotos).optional(),
  })
  .strict()
  .superRefine(checkParentContact)
  .superRefine(checkSiblings)
  .superRefine(checkHeightRange);
export type UpdateProfileInput = z.infer<typeof updateProfileSchema>;

/**
 * The five completion stages: the one definition of which field belongs where. The wizard's screens, the editor's
 * steps and the completion status all read it (see WIZARD_SCREENS and stageOfField below).
 */
export const COMPLETION_STAGES = [
  { stage: 1, key: 'basicInfoComplete', name: 'Basic Information', fields: ['profileType', 'fullName', 'gender', 'dateOfBirth', 'parentName', 'parentRelationship', 'parentContact', 'country', 'city'], description: 'Tell members who you are and where you live' },
  { stage: 2, key: 'personalDetailsComplete', name: 'Personal Details', fields: ['height', 'maritalStatus', 'diet', 'education', 'educationDetails', 'profession', 'company', 'incomeCurrency', 'income', 'about'], description: 'Add your height, marital status, diet, education, work and a short bio' },
  { stage: 3, key: 'astrologyInfoComplete', name: 'Astrological Information', fields: ['birthHour', 'birthMinute', 'birthAmPm', 'birthPlace', 'religion', 'motherTongue', 'community', 'zodiacSign', 'rashi', 'nakshatra', 'manglik', 'gotra'], description: 'Add your birth details, religion, mother tongue and community for Kundali matching' },
  { stage: 4, key: 'familyInfoComplete', name: 'Family Information', fields: ['fatherOccupation', 'motherOccupation', 'brothers', 'brothersMarried', 'sisters', 'sistersMarried', 'siblingDetails', 'familyLocation', 'familyType', 'familyValues', 'familyBackground'], description: 'Describe your family: parents, siblings, where they live and their values' },
  { stage: 5, key: 'preferencesComplete', name: 'Partner Preferences', fields: ['lookingFor', 'agePreferenceMin', 'agePreferenceMax', 'heightPreferenceMin', 'heightPreferenceMax', 'maritalStatusPreference', 'dietPreference', 'communityPreference', 'religionPreference', 'motherTonguePreference', 'locationPreference', 'educationPreference', 'professionPreference'], description: 'Say what you are looking for in a partner' },
] as const;

export type StageField = (typeof COMPLETION_STAGES)[number]['fields'][number];

/** The stage (1–5) a profile field belongs to, or null for a field outside the stages (photos, NRI details). */
export function stageOfField(field: string): number | null {
  return COMPLETION_STAGES.find((s) => (s.fields as readonly string[]).includes(field))?.stage ?? null;
}

/** The create-profile wizard's screens: photos, then the stages (the last screen holds family and partner preferences). */
export const WIZARD_SCREENS = [
  { step: 1, title: 'Photos', stages: [] },
  { step: 2, title: 'Basic Information', stages: [1] },
  { step: 3, title: 'Personal Details', stages: [2] },
  { step: 4, title: 'Birth, Religion & Community', stages: [3] },
  { step: 5, title: 'Family & Partner Preferences', stages: [4, 5] },
] as const satisfies ReadonlyArray<{ step: number; title: string; stages: readonly number[] }>;

/** The wizard screen that asks `field` (photos on the first; anything else where its stage is). */
export function wizardStepOfField(field: string): number {
  if (field === 'photoIds') return 1;
  const stage = stageOfField(field);
  return WIZARD_SCREENS.find((s) => stage !== null && (s.stages as readonly number[]).includes(stage))?.step ?? WIZARD_SCREENS.length;
}

/** The fields of a stage, in the order its screens show them. */
export function stageFields(stage: number): readonly StageField[] {
  return COMPLETION_STAGES[stage - 1]?.fields ?? [];
}

const birthTimeGiven = (v: { birthHour?: number | null; birthMinute?: number | null; birthAmPm?: string | null }) =>
  v.birthHour != null && v.birthMinute != null && !!v.birthAmPm;

export const stageSchemas = {
  1: z.object(basicInfoFields).superRefine(requireParentFields),
  2: z.object({
    height,
    maritalStatus: requiredChoice(MARITAL_STATUSES, PROFILE_MESSAGES.maritalStatusRequired),
    diet: basicsFields.diet,
    education: requiredChoice(EDUCATION_LEVELS, PROFILE_MESSAGES.educationRequired),
    educationDetails: optionalText(300),
    profession: requiredText(PROFILE_MESSAGES.professionRequired),
    company: optionalText(120),
    income: basicsFields.income,
    incomeCurrency: basicsFields.incomeCurrency,
    about: z.string({ error: PROFILE_MESSAGES.bioMin }).trim().min(LIMITS.bioMin, PROFILE_MESSAGES.bioMin).max(LIMITS.bioMax, PROFILE_MESSAGES.bioMax),
  }),
  // Complete with a birth time once the chart is computed from it (the server checks the place); without one, the
  // member's own sign is what there is.
  3: z
    .object({
      ...birthFields,
      religion: optionalChoice(RELIGIONS),
      motherTongue: optionalChoice(MOTHER_TONGUES),
      community: basicsFields.community,
      zodiacSign: optionalChoice(ZODIAC_SIGNS),
      rashi: optionalChoice(RASHIS),
      nakshatra: optionalChoice(NAKSHATRAS),
      manglik: z.boolean().nullish(),
      gotra: optionalText(60),
    })
    .superRefine((v, ctx) => {
      if (!birthTimeGiven(v) && !v.zodiacSign) ctx.addIssue({ code: 'custom', path: ['zodiacSign'], message: PROFILE_MESSAGES.zodiacRequired });
    }),
  4: z
    .object({
      fatherOccupation: basicsFields.fatherOccupation,
      motherOccupation: basicsFields.motherOccupation,
      brothers: basicsFields.brothers,
      brothersMarried: basicsFields.brothersMarried,
      sisters: basicsFields.sisters,
      sistersMarried: basicsFields.sistersMarried,
      siblingDetails: optionalText(300),
      familyLocation: basicsFields.familyLocation,
      familyType: optionalChoice(FAMILY_TYPES),
      familyValues: optionalChoice(FAMILY_VALUES),
      familyBackground: z
        .string({ error: PROFILE_MESSAGES.familyBackgroundRequired })
        .trim()
        .min(LIMITS.bioMin, PROFILE_MESSAGES.familyBackgroundRequired)
        .max(LIMITS.bioMax, PROFILE_MESSAGES.familyBackgroundMax),
    })
    .superRefine(checkSiblings),
  5: z
    .object({
      lookingFor: optionalChoice(GENDERS),
      agePreferenceMin: ageBound(PROFILE_MESSAGES.ageMinAtLeast),
      agePreferenceMax: ageBound(PROFILE_MESSAGES.ageMaxAtLeast),
      locationPreference: locationPreference.optional(),
      educationPreference: optionalText(120),
      professionPreference: optionalText(120),
      ...partnerPreferenceFields,
    })
    .superRefine(checkHeightRange)
    .superRefine((v, ctx) => {
      if (v.agePreferenceMin > v.agePreferenceMax) ctx.addIssue({ code: 'custom', path: ['agePreferenceMin'], message: PROFILE_MESSAGES.ageOrder });
    }),
} as const;
export type CompletionStage = keyof typeof stageSchemas;

export const shareCreateSchema = z.object({
  expirationDays: z.coerce
    .number()
    .refine((v) => (SHARE_EXPIRY_DAYS as readonly number[]).includes(v), 'Expiry must be 1, 3, 7, 14 or 30 days')
    .default(7),
});

export const SHARE_MESSAGES = {
  invalid: 'This shared profile link is no longer valid or has expired.',
  notFound: 'The profile associated with this link could not be found.',
} as const;
