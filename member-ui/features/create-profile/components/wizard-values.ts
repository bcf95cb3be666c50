import '../../../../contracts/phone';
import * as z from 'zod';
import { WIZARD_STEP_TITLES } from '../../../../contracts/profile-draft';
import { PROFILE_MESSAGES, createProfileSchema, isPhoneNumber, stageSchemas } from '../../../../contracts/profile';
import type { UploadedPhotoView } from '../../../../contracts/views';
import { type FieldErrors, fieldErrorsOf } from '../../../lib/form-errors';

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
}

export type WizardField = keyof WizardValues;
export type WizardErrors = FieldErrors<WizardField>;

export const WIZARD_STEPS = WIZARD_STEP_TITLES.map((title, index) => ({ step: index + 1, title }));
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
};

export const PARENT_FIELDS = ['fullName', 'parentName', 'parentRelationship', 'parentContact'] as const;

/**
 * The parent fields' own check. The shared schema adds these issues in a refinement that zod skips while
 * another field of the step is still invalid, so the wizard runs it separately to show them at once.
 */
export function parentFieldErrors(values: Pick<WizardValues, 'profileType' | 'country' | (typeof PARENT_FIELDS)[number]>): WizardErrors {
  const errors: WizardErrors = {};
  if (values.profileType !== 'self' && !values.fullName.trim()) errors.fullName = PROFILE_MESSAGES.candidateNameRequired;
  if (values.profileType !== 'parent') return errors;
  if (!values.parentName.trim()) errors.parentName = PROFILE_MESSAGES.parentNameRequired;
  if (!values.parentRelationship) errors.parentRelationship = PROFILE_MESSAGES.parentRelationshipRequired;
  if (!values.parentContact.trim()) errors.parentContact = PROFILE_MESSAGES.parentContactRequired;
  else if (!isPhoneNumber(values.parentContact.trim(), values.country)) errors.parentContact = PROFILE_MESSAGES.parentContactInvalid;
  return errors;
}

const shape = createProfileSchema.shape;
const professionalSchema = z.object({
  education: shape.education,
  educationDetails: shape.educationDetails,
  profession: shape.profession,
  company: shape.company,
  about: shape.about,
});
const astrologySchema = z.object({
  birthHour: shape.birthHour,
  birthMinute: shape.birthMinute,
  birthAmPm: shape.birthAmPm,
  birthPlace: shape.birthPlace,
  religion: shape.religion,
  motherTongue: shape.motherTongue,
});

/** '' means "not given" for optional numbers (z.coerce would read it as 0). */
const numberOrNull = (text: string): number | null => (text.trim() === '' ? null : Number(text));

function errorsOf(result: { success: boolean; error?: z.ZodError }): WizardErrors {
  return result.success || !result.error ? {} : fieldErrorsOf<WizardField>(result.error);
}

/** Errors that keep the member on `step` (steps 2–4 are checked; step 1 never blocks, step 5 submits). */
export function validateStep(step: number, values: WizardValues): WizardErrors {
  switch (step) {
    case 2: {
      const { fullName, gender, dateOfBirth, profileType, parentName, parentRelationship, parentContact, country, city } = values;
      const result = stageSchemas[1].safeParse({ fullName, gender, dateOfBirth, profileType, parentName, parentRelationship, parentContact, country, city });
      return { ...errorsOf(result), ...parentFieldErrors(values) };
    }
    case 3:
      return errorsOf(professionalSchema.safeParse(values));
    case 4:
      return errorsOf(
        astrologySchema.safeParse({
          ...values,
          birthHour: numberOrNull(values.birthHour),
          birthMinute: numberOrNull(values.birthMinute),
        }),
      );
    default:
      return {};
  }
}

/** Which step shows `field`, to send the member back there when the final check fails. */
export function stepOfField(field: string): number {
  if (['fullName', 'gender', 'dateOfBirth', 'profileType', 'parentName', 'parentRelationship', 'parentContact', 'country', 'city'].includes(field)) return 2;
  if (['education', 'educationDetails', 'profession', 'company', 'about'].includes(field)) return 3;
  if (['birthHour', 'birthMinute', 'birthAmPm', 'birthPlace', 'religion', 'motherTongue'].includes(field)) return 4;
  if (field === 'photoIds') return 1;
  return 5;
}

const textOrNull = (text: string): string | null => (text.trim() === '' ? null : text.trim());

/** POST /api/profiles body: parent fields null when absent, location "city, country". */
export function buildCreatePayload(values: WizardValues, photos: readonly UploadedPhotoView[], userId: number) {
  const isParent = values.profileType === 'parent';
  return {
    userId,
    gender: values.gender,
    dateOfBirth: values.dateOfBirth,
    profileType: values.profileType,
    fullName: isParent ? textOrNull(values.fullName) : null,
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
    if (key === 'locationPreference') {
      if (Array.isArray(saved)) values.locationPreference = saved.filter((item): item is string => typeof item === 'string');
    } else if (typeof saved === 'string') {
      values[key] = saved;
    }
  }
  return values;
}
