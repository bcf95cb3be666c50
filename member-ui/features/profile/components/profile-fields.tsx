import '../../../../contracts/phone';
import type { ChangeEvent } from 'react';
import { PROFILE_MESSAGES } from '../../../../contracts/profile';
import type { ProfileView } from '../../../../contracts/views';
import type { SelectOption } from '../../../components/ui/select-field';
import { SelectField } from '../../../components/ui/select-field';
import { TextAreaField } from '../../../components/ui/textarea-field';
import { TextField } from '../../../components/ui/text-field';
import { CountryMultiSelect } from '../../../components/profile/country-multi-select';
import { CommunityField } from '../../../components/profile/community-field';
import { ChoiceList } from '../../../components/profile/choice-list';
import { citiesOf, findCity } from '../../../../contracts/gazetteer';
import { incomeRangeOf } from '../../../../contracts/profile-basics';
import {
  AM_PM_OPTIONS,
  BIRTH_HOUR_OPTIONS,
  BIRTH_MINUTE_OPTIONS,
  DIET_OPTIONS,
  EDUCATION_OPTIONS,
  FAMILY_TYPE_OPTIONS,
  FAMILY_VALUES_OPTIONS,
  GENDER_OPTIONS,
  HEIGHT_OPTIONS,
  INCOME_CURRENCY_OPTIONS,
  MANGLIK_OPTIONS,
  MARITAL_STATUS_OPTIONS,
  MOTHER_TONGUE_OPTIONS,
  NAKSHATRA_OPTIONS,
  PROFILE_TYPE_OPTIONS,
  RASHI_OPTIONS,
  RELATIONSHIP_OPTIONS,
  RELIGION_OPTIONS,
  SIBLING_COUNT_OPTIONS,
  ZODIAC_OPTIONS,
  incomeRangeOptions,
  latestAdultBirthDate,
  countryOptions,
} from '../../../components/profile/option-labels';

type FieldKind =
  | 'text' | 'tel' | 'number' | 'date' | 'select' | 'textarea' | 'countries' | 'boolean' | 'count' | 'income' | 'community' | 'choices' | 'communities'
  | 'city';

interface FieldDef {
  label: string;
  kind: FieldKind;
  options?: readonly SelectOption[];
  placeholder?: string;
  rows?: number;
  min?: number;
  max?: number;
  hint?: string;
}

/** Every field the editor and the stage forms can show: label, control and choices. */
export const FIELD_DEFS = {
  gender: { label: 'Gender', kind: 'select', options: GENDER_OPTIONS, placeholder: 'Select gender' },
  lookingFor: { label: 'Looking For', kind: 'select', options: GENDER_OPTIONS, placeholder: 'Any gender' },
  dateOfBirth: { label: 'Date of Birth', kind: 'date' },
  profileType: { label: 'Profile Created By', kind: 'select', options: PROFILE_TYPE_OPTIONS },
  fullName: { label: 'Full Name', kind: 'text', hint: 'The name of the person this profile is for, as the profile shows it' },
  parentName: { label: 'Parent Name', kind: 'text' },
  parentRelationship: { label: 'Relationship', kind: 'select', options: RELATIONSHIP_OPTIONS, placeholder: 'Select relationship' },
  parentContact: { label: 'Contact Number', kind: 'tel' },
  country: {
    label: 'Country',
    kind: 'select',
    get options() {
      return countryOptions();
    },
    placeholder: 'Select country',
  },
  city: { label: 'City', kind: 'city' },
  height: { label: 'Height', kind: 'count', options: HEIGHT_OPTIONS, placeholder: 'Select height' },
  maritalStatus: { label: 'Marital Status', kind: 'select', options: MARITAL_STATUS_OPTIONS, placeholder: 'Select marital status' },
  education: { label: 'Education Level', kind: 'select', options: EDUCATION_OPTIONS, placeholder: 'Select education level' },
  educationDetails: { label: 'Education Details', kind: 'text' },
  profession: { label: 'Profession', kind: 'text' },
  company: { label: 'Company', kind: 'text' },
  incomeCurrency: { label: 'Income Currency', kind: 'select', options: INCOME_CURRENCY_OPTIONS, placeholder: 'Select currency' },
  income: { label: 'Annual Income (optional)', kind: 'income', hint: 'Choose the currency first' },
  about: { label: 'Bio', kind: 'textarea', rows: 4, placeholder: 'A few lines about yourself (10–500 characters)' },
  diet: { label: 'Diet', kind: 'select', options: DIET_OPTIONS, placeholder: 'Select diet' },
  birthHour: { label: 'Birth Hour', kind: 'select', options: BIRTH_HOUR_OPTIONS, placeholder: '--' },
  birthMinute: { label: 'Birth Minute', kind: 'select', options: BIRTH_MINUTE_OPTIONS, placeholder: '--' },
  birthAmPm: { label: 'AM/PM', kind: 'select', options: AM_PM_OPTIONS, placeholder: '--' },
  birthPlace: { label: 'Birth Place', kind: 'text', placeholder: 'City, Country' },
  religion: { label: 'Religion', kind: 'select', options: RELIGION_OPTIONS, placeholder: 'Select religion' },
  motherTongue: { label: 'Mother Tongue', kind: 'select', options: MOTHER_TONGUE_OPTIONS, placeholder: 'Select mother tongue' },
  zodiacSign: { label: 'Zodiac Sign', kind: 'select', options: ZODIAC_OPTIONS, placeholder: 'Select zodiac sign' },
  rashi: { label: 'Rashi', kind: 'select', options: RASHI_OPTIONS, placeholder: 'Select rashi' },
  nakshatra: { label: 'Nakshatra', kind: 'select', options: NAKSHATRA_OPTIONS, placeholder: 'Select nakshatra' },
  manglik: { label: 'Manglik', kind: 'boolean', options: MANGLIK_OPTIONS, placeholder: 'Not sure' },
  gotra: { label: 'Gotra', kind: 'text' },
  familyType: { label: 'Family Type', kind: 'select', options: FAMILY_TYPE_OPTIONS, placeholder: 'Select family type' },
  familyValues: { label: 'Family Values', kind: 'select', options: FAMILY_VALUES_OPTIONS, placeholder: 'Select family values' },
  community: { label: 'Community (optional)', kind: 'community' },
  fatherOccupation: { label: "Father's Occupation", kind: 'text', placeholder: 'e.g. Retired bank manager' },
  motherOccupation: { label: "Mother's Occupation", kind: 'text', placeholder: 'e.g. Teacher' },
  brothers: { label: 'Brothers', kind: 'count', options: SIBLING_COUNT_OPTIONS, placeholder: 'Not specified' },
  brothersMarried: { label: 'Married Brothers', kind: 'count', options: SIBLING_COUNT_OPTIONS, placeholder: 'Not specified' },
  sisters: { label: 'Sisters', kind: 'count', options: SIBLING_COUNT_OPTIONS, placeholder: 'Not specified' },
  sistersMarried: { label: 'Married Sisters', kind: 'count', options: SIBLING_COUNT_OPTIONS, placeholder: 'Not specified' },
  siblingDetails: { label: 'Sibling Details', kind: 'text', placeholder: 'e.g. One elder brother, married' },
  familyLocation: { label: 'Family Lives In', kind: 'text', placeholder: 'City, Country' },
  familyBackground: { label: 'Family Background', kind: 'textarea', rows: 3, placeholder: 'Describe your family (10–500 characters)' },
  agePreferenceMin: { label: 'Age Min', kind: 'number', min: 18, max: 70, placeholder: '18' },
  agePreferenceMax: { label: 'Age Max', kind: 'number', min: 18, max: 70, placeholder: '70' },
  locationPreference: { label: 'Preferred Locations', kind: 'countries' },
  educationPreference: { label: 'Education Preference', kind: 'text' },
  professionPreference: { label: 'Profession Preference', kind: 'text' },
  heightPreferenceMin: { label: 'Height From', kind: 'count', options: HEIGHT_OPTIONS, placeholder: 'Any' },
  heightPreferenceMax: { label: 'Height To', kind: 'count', options: HEIGHT_OPTIONS, placeholder: 'Any' },
  maritalStatusPreference: { label: 'Marital Status Preference', kind: 'choices', options: MARITAL_STATUS_OPTIONS, hint: 'None chosen: open to all' },
  dietPreference: { label: 'Diet Preference', kind: 'choices', options: DIET_OPTIONS, hint: 'None chosen: open to all' },
  communityPreference: { label: 'Community Preference', kind: 'communities', placeholder: 'Open to all', hint: 'Communities separated by commas; empty is open to all' },
  religionPreference: { label: 'Religion Preference', kind: 'choices', options: RELIGION_OPTIONS, hint: 'Your search starts with these religions' },
  motherTonguePreference: { label: 'Mother Tongue Preference', kind: 'choices', options: MOTHER_TONGUE_OPTIONS, hint: 'Your search starts with these mother tongues' },
} as const satisfies Record<string, FieldDef>;

export type ProfileFieldName = keyof typeof FIELD_DEFS;
export type FormValue = string | string[];
export type FormValues = Partial<Record<ProfileFieldName, FormValue>>;
export type FormErrors = Partial<Record<ProfileFieldName, string>>;

export const PARENT_FIELD_NAMES = ['parentName', 'parentRelationship', 'parentContact'] as const;

/** Which of a form's fields show for the chosen "Profile Created By": the candidate's name unless self-made, the parent's details for a parent. */
export function fieldsForProfileType(fields: readonly ProfileFieldName[], profileType: string | undefined): ProfileFieldName[] {
  return fields.filter((f) => {
    if (f === 'fullName') return !!profileType && profileType !== 'self';
    if ((PARENT_FIELD_NAMES as readonly string[]).includes(f)) return profileType === 'parent';
    return true;
  });
}

export function isFieldName(name: string): name is ProfileFieldName {
  return name in FIELD_DEFS;
}

/** The profile's current values as the inputs hold them. */
export function formValuesOf(profile: ProfileView, fields: readonly ProfileFieldName[]): FormValues {
  const values: FormValues = {};
  for (const field of fields) {
    const def: FieldDef = FIELD_DEFS[field];
    // A self-made profile carries the account's name; the candidate's own name starts empty if that changes.
    const raw = field === 'fullName' && profile.profileType === 'self' ? null : (profile as unknown as Record<string, unknown>)[field];
    if (def.kind === 'countries' || def.kind === 'choices') values[field] = Array.isArray(raw) ? raw.map(String) : [];
    else if (def.kind === 'communities') values[field] = Array.isArray(raw) ? raw.map(String).join(', ') : '';
    else if (def.kind === 'boolean') values[field] = raw === true ? 'yes' : raw === false ? 'no' : '';
    else if (field === 'birthMinute' && typeof raw === 'number') values[field] = String(raw).padStart(2, '0');
    // The income is chosen as a range: an amount shows as the range it falls in.
    else if (def.kind === 'income' && typeof raw === 'number') values[field] = String(incomeRangeOf(raw, profile.incomeCurrency).min);
    else values[field] = raw == null ? '' : String(raw);
  }
  return values;
}

/**
 * Input text to the API's types. An empty input is `emptyAs` (undefined to leave a required field for the
 * schema's "… is required", null to clear an optional one).
 */
export function apiValuesOf(values: FormValues, fields: readonly ProfileFieldName[], emptyAs: null | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of fields) {
    const def: FieldDef = FIELD_DEFS[field];
    const value = values[field];
    if (def.kind === 'countries' || def.kind === 'choices') {
      out[field] = Array.isArray(value) ? value : [];
      continue;
    }
    if (def.kind === 'communities') {
      out[field] = typeof value === 'string' ? value.split(',').map((c) => c.trim()).filter(Boolean) : [];
      continue;
    }
    const text = typeof value === 'string' ? value.trim() : '';
    if (text === '') out[field] = emptyAs;
    else if (def.kind === 'boolean') out[field] = text === 'yes';
    else if (def.kind === 'number' || def.kind === 'count' || def.kind === 'income' || field === 'birthHour' || field === 'birthMinute') out[field] = Number(text);
    else out[field] = text;
  }
  return out;
}

/** The parent fields' own check (the shared schema's refinement waits for the other fields to be valid). */
export function parentErrorsOf(values: FormValues): FormErrors {
  const errors: FormErrors = {};
  const blank = (field: ProfileFieldName) => typeof values[field] !== 'string' || (values[field] as string).trim() === '';
  if (values.profileType && values.profileType !== 'self' && blank('fullName')) errors.fullName = PROFILE_MESSAGES.candidateNameRequired;
  if (values.profileType !== 'parent') return errors;
  if (blank('parentName')) errors.parentName = PROFILE_MESSAGES.parentNameRequired;
  if (blank('parentRelationship')) errors.parentRelationship = PROFILE_MESSAGES.parentRelationshipRequired;
  if (blank('parentContact')) errors.parentContact = PROFILE_MESSAGES.parentContactRequired;
  return errors;
}

/** One labelled control for `field`. */
export function ProfileField({
  field,
  value,
  error,
  onChange,
  values = {},
}: {
  field: ProfileFieldName;
  value: FormValue | undefined;
  error?: string;
  onChange: (field: ProfileFieldName, value: FormValue) => void;
  /** the form's other answers: the income's ranges follow its currency, the community's suggestions religion and mother tongue */
  values?: FormValues;
}) {
  const def: FieldDef = FIELD_DEFS[field];
  const other = (name: ProfileFieldName) => (typeof values[name] === 'string' ? (values[name] as string) : '');
  if (def.kind === 'countries') {
    return <CountryMultiSelect label={def.label} value={Array.isArray(value) ? value : []} onChange={(next) => onChange(field, next)} error={error} />;
  }
  if (def.kind === 'choices') {
    return <ChoiceList label={def.label} hint={def.hint} value={Array.isArray(value) ? value : []} options={def.options ?? []} error={error} onChange={(next) => onChange(field, next)} />;
  }
  const text = typeof value === 'string' ? value : '';
  const handle = (event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => onChange(field, event.target.value);
  if (def.kind === 'city') return <CityField value={text} country={other('country')} error={error} onChange={handle} />;
  if (def.kind === 'community') {
    return <CommunityField name={field} religion={other('religion')} motherTongue={other('motherTongue')} value={text} error={error} onChange={handle} />;
  }
  if (def.kind === 'income') {
    const currency = other('incomeCurrency');
    return (
      <SelectField
        label={def.label}
        name={field}
        options={incomeRangeOptions(currency)}
        placeholder={currency ? 'Not specified' : 'Choose the currency first'}
        disabled={!currency}
        value={text}
        error={error}
        onChange={handle}
      />
    );
  }
  if (def.kind === 'select' || def.kind === 'boolean' || def.kind === 'count') {
    return (
      <SelectField label={def.label} name={field} options={def.options ?? []} placeholder={def.placeholder} value={text} error={error} onChange={handle} />
    );
  }
  if (def.kind === 'textarea') {
    return <TextAreaField label={def.label} name={field} rows={def.rows} placeholder={def.placeholder} value={text} error={error} onChange={handle} />;
  }
  return (
    <TextField
      label={def.label}
      name={field}
      type={def.kind}
      inputMode={def.kind === 'number' ? 'numeric' : def.kind === 'tel' ? 'tel' : undefined}
      min={def.min}
      max={def.kind === 'date' ? latestAdultBirthDate() : def.max}
      placeholder={def.placeholder}
      value={text}
      error={error}
      hint={def.hint}
      onChange={handle}
    />
  );
}

/**
 * The city, with the cities distance search knows in the chosen country as suggestions; a city it does not know is
 * kept, with a note that distance searches leave the member out until they pick a known one.
 */
function CityField({
  value,
  country,
  error,
  onChange,
}: {
  value: string;
  country: string;
  error?: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}) {
  const listId = 'profile-city-suggestions';
  const unknown = value.trim() !== '' && country !== '' && findCity(value, country) === null;
  return (
    <>
      <TextField
        label="City"
        name="city"
        list={listId}
        autoComplete="off"
        value={value}
        error={error}
        hint={unknown ? 'Distance searches cannot place this city: pick a city from the list (or the nearest one) so members searching near you find you.' : undefined}
        onChange={onChange}
      />
      <datalist id={listId}>
        {citiesOf(country).map((city) => (
          <option key={city} value={city} />
        ))}
      </datalist>
    </>
  );
}
