import '../../../../contracts/phone';
import * as z from 'zod';
import { PROFILE_MESSAGES, WIZARD_SCREENS, createProfileSchema, isPhoneNumber, siblingIssue, stageSchemas, wizardStepOfField } from '../../../../contracts/profile';
import { PROFILE_FOR, relationOf } from '../../../../contracts/profile-for';
import type { UploadedPhotoView } from '../../../../contracts/views';
import { type FieldErrors, fieldErrorsOf } from '../../../lib/form-errors';
import { localizeMessage } from '../../../i18n/translate';

/** Everything the wizard collects, as the inputs hold it (text); converted to the API's types on submit. */
export interface WizardValues {
  /** The candidate's own name; only asked when someone else (a parent) makes the profile. */
  fullName: string;
  gender: string;
  dateOfBirth: string;
  profileType: string;
  parentName: string;
  parentRelationship: string;
  parentContact: string;
  country: string;
  city: string;
  education: string;
  educationDetails: string;
  profession: string;
  company: string;
  about: string;
  birthHour: string;
  birthMinute: string;
  birthAmPm: string;
  birthPlace: string;
  religion: string;
  motherTongue: string;
  lookingFor: string;
  agePreferenceMin: string;
  agePreferenceMax: string;
  locationPreference: string[];
  educationPreference: string;
  professionPreference: string;
  familyBackground: string;
  /** made for someone else: 'yes' keeps it hidden from members until they confirm it (the consent gate) */
  hiddenUntilConfirmed: string;
  /** "This profile is for" (self, son, daughter…): gives the profile type, and the gender where it says one */
  relation: string;
  height: string;
  maritalStatus: string;
  diet: string;
  income: string;
  incomeCurrency: string;
  community: string;
  fatherOccupation: string;
  motherOccupation: string;
  brothers: string;
  brothersMarried: string;
  sisters: string;
  sistersMarried: string;
  siblingDetails: string;
  familyLocation: string;
  familyType: string;
  familyValues: string;
  heightPreferenceMin: string;
  heightPreferenceMax: string;
  maritalStatusPreference: string[];
  dietPreference: string[];
  /** communities separated by commas ('' is open to all) */
  communityPreference: string;
  religionPreference: string[];
  motherTonguePreference: string[];
}

/** The partner preferences held as lists of chosen values. */
export const LIST_PREFERENCES = ['maritalStatusPreference', 'dietPreference', 'religionPreference', 'motherTonguePreference'] as const;

export type WizardField = keyof WizardValues;
export type WizardErrors = FieldErrors<WizardField>;

export const WIZARD_STEPS = WIZARD_SCREENS.map(({ step, title }) => ({ step, title }));
export const WIZARD_STEP_COUNT = WIZARD_STEPS.length;

/** The default profile type is self. */
export const EMPTY_WIZARD_VALUES: WizardValues = {
  fullName: '',
  gender: '',
  dateOfBirth: '',
  profileType: 'self',
  hiddenUntilConfirmed: '',
  parentName: '',
  parentRelationship: '',
  parentContact: '',
  country: '',
  city: '',
  education: '',
  educationDetails: '',
  profession: '',
  company: '',
  about: '',
  birthHour: '',
  birthMinute: '',
  birthAmPm: '',
  birthPlace: '',
  religion: '',
  motherTongue: '',
  lookingFor: '',
  agePreferenceMin: '',
  agePreferenceMax: '',
  locationPreference: [],
  educationPreference: '',
  professionPreference: '',
  familyBackground: '',
  relation: 'self',
  height: '',
  maritalStatus: '',
  diet: '',
  income: '',
  incomeCurrency: '',
  community: '',
  fatherOccupation: '',
  motherOccupation: '',
  brothers: '',
  brothersMarried: '',
  sisters: '',
  sistersMarried: '',
  siblingDetails: '',
  familyLocation: '',
  familyType: '',
  familyValues: '',
  heightPreferenceMin: '',
  heightPreferenceMax: '',
  maritalStatusPreference: [],
  dietPreference: [],
  communityPreference: '',
  religionPreference: [],
  motherTonguePreference: [],
};

export const PARENT_FIELDS = ['fullName', 'parentName', 'parentRelationship', 'parentContact'] as const;

/**
 * The parent fields' own check. The shared schema adds these issues in a refinement that zod skips while
 * another field of the step is still invalid, so the wizard runs it separately to show them at once.
 */
export function parentFieldErrors(values: Pick<WizardValues, 'profileType' | 'country' | (typeof PARENT_FIELDS)[number]>): WizardErrors {
  const errors: WizardErrors = {};
  if (values.profileType !== 'self' && !values.fullName.trim()) errors.fullName = localizeMessage(PROFILE_MESSAGES.candidateNameRequired);
  if (values.profileType !== 'parent') return errors;
  if (!values.parentName.trim()) errors.parentName = localizeMessage(PROFILE_MESSAGES.parentNameRequired);
  if (!values.parentRelationship) errors.parentRelationship = localizeMessage(PROFILE_MESSAGES.parentRelationshipRequired);
  if (!values.parentContact.trim()) errors.parentContact = localizeMessage(PROFILE_MESSAGES.parentContactRequired);
  else if (!isPhoneNumber(values.parentContact.trim(), values.country)) errors.parentContact = localizeMessage(PROFILE_MESSAGES.parentContactInvalid);
  return errors;
}

const shape = createProfileSchema.shape;
type ShapeKey = keyof typeof shape;

/** Fields the inputs hold as text and the API takes as numbers ('' is "not given", which z.coerce would read as 0). */
const NUMBER_FIELDS = new Set<WizardField>([
  'birthHour', 'birthMinute', 'agePreferenceMin', 'agePreferenceMax', 'height', 'income', 'brothers', 'brothersMarried', 'sisters', 'sistersMarried',
  'heightPreferenceMin', 'heightPreferenceMax',
]);
/** What the wizard keeps for itself: the choice behind the profile type, and the consent gate (sent as a boolean). */
const WIZARD_ONLY = new Set<WizardField>(['relation', 'hiddenUntilConfirmed', 'locationPreference']);

/** Which step shows `field`, from the one field-to-stage table (the consent gate sits with the basic information). */
export function stepOfField(field: string): number {
  if (field === 'hiddenUntilConfirmed' || field === 'relation') return 2;
  return wizardStepOfField(field);
}

/** The wizard's fields on each step, from the same table. */
export function fieldsOfStep(step: number): WizardField[] {
  return (Object.keys(EMPTY_WIZARD_VALUES) as WizardField[]).filter((field) => stepOfField(field) === step);
}

/** '' means "not given" for optional numbers (z.coerce would read it as 0). */
const numberOrNull = (text: string): number | null => (text.trim() === '' ? null : Number(text));
const textOrNull = (text: string): string | null => (text.trim() === '' ? null : text.trim());

function errorsOf(result: { success: boolean; error?: z.ZodError }): WizardErrors {
  return result.success || !result.error ? {} : fieldErrorsOf<WizardField>(result.error);
}

/** One step's fields checked with the server's own rules for them. */
function stepErrors(step: number, values: WizardValues): WizardErrors {
  const fields = fieldsOfStep(step).filter((f): f is WizardField & ShapeKey => !WIZARD_ONLY.has(f) && f in shape);
  const schema = z.object(Object.fromEntries(fields.map((f) => [f, shape[f]])));
  const input = Object.fromEntries(fields.map((f) => [f, NUMBER_FIELDS.has(f) ? numberOrNull(values[f] as string) : values[f]]));
  const errors = errorsOf(schema.safeParse(input));
  const siblings = siblingIssue(input as Record<string, number | null>);
  if (siblings && fields.includes(siblings.field)) errors[siblings.field] = localizeMessage(siblings.message);
  return errors;
}

/** Errors that keep the member on `step` (steps 2–4 are checked; step 1 never blocks, step 5 submits). */
export function validateStep(step: number, values: WizardValues): WizardErrors {
  if (step === 2) {
    const { fullName, gender, dateOfBirth, profileType, parentName, parentRelationship, parentContact, country, city } = values;
    const result = stageSchemas[1].safeParse({ fullName, gender, dateOfBirth, profileType, parentName, parentRelationship, parentContact, country, city });
    return { ...errorsOf(result), ...parentFieldErrors(values) };
  }
  if (step === 3 || step === 4) return stepErrors(step, values);
  return {};
}

/**
 * "This profile is for" sets the profile type, and the gender where the choice says one (a daughter is female); a
 * gender chosen afterwards moves a son to a daughter, a brother to a sister.
 */
export function withRelation(values: WizardValues, field: 'relation' | 'gender', value: string): WizardValues {
  if (field === 'relation') {
    const entry = PROFILE_FOR[value as keyof typeof PROFILE_FOR];
    if (!entry) return { ...values, relation: value };
    return { ...values, relation: value, profileType: entry.profileType, ...(entry.gender ? { gender: entry.gender } : {}) };
  }
  return { ...values, gender: value, relation: relationOf(values.profileType, value) ?? values.relation };
}


/** POST /api/profiles body: parent fields null when absent, location "city, country". */
export function buildCreatePayload(values: WizardValues, photos: readonly UploadedPhotoView[], userId: number) {
  const isParent = values.profileType === 'parent';
  const income = numberOrNull(values.income);
  return {
    userId,
    gender: values.gender,
    dateOfBirth: values.dateOfBirth,
    profileType: values.profileType,
    fullName: values.profileType !== 'self' ? textOrNull(values.fullName) : null,
    parentName: isParent ? textOrNull(values.parentName) : null,
    parentRelationship: isParent ? textOrNull(values.parentRelationship) : null,
    parentContact: isParent ? textOrNull(values.parentContact) : null,
    country: values.country,
    city: values.city.trim(),
    location: `${values.city.trim()}, ${values.country}`,
    education: values.education,
    educationDetails: textOrNull(values.educationDetails),
    profession: values.profession.trim(),
    company: textOrNull(values.company),
    about: textOrNull(values.about),
    birthHour: numberOrNull(values.birthHour),
    birthMinute: numberOrNull(values.birthMinute),
    birthAmPm: textOrNull(values.birthAmPm),
    birthPlace: textOrNull(values.birthPlace),
    religion: textOrNull(values.religion),
    motherTongue: textOrNull(values.motherTongue),
    lookingFor: textOrNull(values.lookingFor),
    agePreferenceMin: numberOrNull(values.agePreferenceMin),
    agePreferenceMax: numberOrNull(values.agePreferenceMax),
    locationPreference: values.locationPreference,
    educationPreference: textOrNull(values.educationPreference),
    professionPreference: textOrNull(values.professionPreference),
    familyBackground: textOrNull(values.familyBackground),
    height: numberOrNull(values.height),
    maritalStatus: textOrNull(values.maritalStatus),
    diet: textOrNull(values.diet),
    income,
    // A currency alone says nothing; it travels with an amount.
    incomeCurrency: income === null ? null : textOrNull(values.incomeCurrency),
    community: textOrNull(values.community),
    fatherOccupation: textOrNull(values.fatherOccupation),
    motherOccupation: textOrNull(values.motherOccupation),
    brothers: numberOrNull(values.brothers),
    brothersMarried: numberOrNull(values.brothersMarried),
    sisters: numberOrNull(values.sisters),
    sistersMarried: numberOrNull(values.sistersMarried),
    siblingDetails: textOrNull(values.siblingDetails),
    familyLocation: textOrNull(values.familyLocation),
    familyType: textOrNull(values.familyType),
    familyValues: textOrNull(values.familyValues),
    heightPreferenceMin: numberOrNull(values.heightPreferenceMin),
    heightPreferenceMax: numberOrNull(values.heightPreferenceMax),
    maritalStatusPreference: values.maritalStatusPreference,
    dietPreference: values.dietPreference,
    communityPreference: values.communityPreference.split(',').map((c) => c.trim()).filter(Boolean),
    religionPreference: values.religionPreference,
    motherTonguePreference: values.motherTonguePreference,
    photoIds: photos.map((photo) => photo.id),
    ...(isParent ? { hiddenUntilConfirmed: values.hiddenUntilConfirmed === 'yes' } : {}),
  };
}
export type CreateProfilePayload = ReturnType<typeof buildCreatePayload>;

/** The whole profile checked with the server's schema before sending (catches step 5's age rules). */
export function validateAll(payload: CreateProfilePayload): WizardErrors {
  const { userId: _userId, location: _location, ...rest } = payload;
  return errorsOf(createProfileSchema.safeParse(rest));
}

/** Draft values (as saved on the server) over the empty form: unknown or missing fields never break the wizard. */
export function wizardValuesFromDraft(draft: Partial<Record<string, unknown>>): WizardValues {
  const values: WizardValues = { ...EMPTY_WIZARD_VALUES };
  for (const key of Object.keys(EMPTY_WIZARD_VALUES) as WizardField[]) {
    const saved = draft[key];
    if (key === 'locationPreference' || (LIST_PREFERENCES as readonly string[]).includes(key)) {
      if (Array.isArray(saved)) (values as unknown as Record<string, string[]>)[key] = saved.filter((item): item is string => typeof item === 'string');
    } else if (typeof saved === 'string') {
      (values as unknown as Record<string, string>)[key] = saved;
    }
  }
  // A draft from before the wizard asked "This profile is for" says it through the profile type and gender.
  if (typeof draft.relation !== 'string') values.relation = relationOf(values.profileType, values.gender) ?? '';
  return values;
}
