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
  BIRTH_HOUR_OPTIONS,
  BIRTH_MINUTE_OPTIONS,
  SIBLING_COUNT_OPTIONS,
  amPmOptions,
  countryOptions,
  dietOptions,
  educationOptions,
  familyTypeOptions,
  familyValuesOptions,
  genderOptions,
  heightOptions,
  incomeCurrencyOptions,
  incomeRangeOptions,
  latestAdultBirthDate,
  manglikOptions,
  maritalStatusOptions,
  motherTongueOptions,
  nakshatraOptions,
  profileTypeOptions,
  rashiOptions,
  relationshipOptions,
  religionOptions,
  zodiacOptions,
} from '../../../components/profile/option-labels';
import type { MessageId } from '../../../i18n/catalogue';
import { useT } from '../../../i18n/use-t';
import { localizeMessage } from '../../../i18n/translate';

type FieldKind =
  | 'text' | 'tel' | 'number' | 'date' | 'select' | 'textarea' | 'countries' | 'boolean' | 'count' | 'income' | 'community' | 'choices' | 'communities'
  | 'city';

/** A field's control; its label is the catalogue's `editor.field.<name>`, placeholder and hint are catalogue ids. */
interface FieldDef {
  kind: FieldKind;
  /** the choices in the app's language, made when the field renders */
  options?: () => readonly SelectOption[];
  placeholder?: MessageId;
  rows?: number;
  min?: number;
  max?: number;
  hint?: MessageId;
}

const fixed = (options: readonly SelectOption[]) => () => options;

/** Every field the editor and the stage forms can show: control, choices, placeholder and hint. */
export const FIELD_DEFS = {
  gender: { kind: 'select', options: genderOptions, placeholder: 'editor.placeholder.gender' },
  lookingFor: { kind: 'select', options: genderOptions, placeholder: 'editor.placeholder.lookingFor' },
  dateOfBirth: { kind: 'date' },
  profileType: { kind: 'select', options: profileTypeOptions },
  fullName: { kind: 'text', hint: 'editor.hint.fullName' },
  parentName: { kind: 'text' },
  parentRelationship: { kind: 'select', options: relationshipOptions, placeholder: 'editor.placeholder.parentRelationship' },
  parentContact: { kind: 'tel' },
  country: { kind: 'select', options: countryOptions, placeholder: 'editor.placeholder.country' },
  city: { kind: 'city' },
  height: { kind: 'count', options: heightOptions, placeholder: 'editor.placeholder.height' },
  maritalStatus: { kind: 'select', options: maritalStatusOptions, placeholder: 'editor.placeholder.maritalStatus' },
  education: { kind: 'select', options: educationOptions, placeholder: 'editor.placeholder.education' },
  educationDetails: { kind: 'text' },
  profession: { kind: 'text' },
  company: { kind: 'text' },
  incomeCurrency: { kind: 'select', options: incomeCurrencyOptions, placeholder: 'editor.placeholder.incomeCurrency' },
  income: { kind: 'income', hint: 'editor.currencyFirst' },
  about: { kind: 'textarea', rows: 4, placeholder: 'editor.placeholder.about' },
  diet: { kind: 'select', options: dietOptions, placeholder: 'editor.placeholder.diet' },
  birthHour: { kind: 'select', options: fixed(BIRTH_HOUR_OPTIONS), placeholder: 'editor.placeholder.dashes' },
  birthMinute: { kind: 'select', options: fixed(BIRTH_MINUTE_OPTIONS), placeholder: 'editor.placeholder.dashes' },
  birthAmPm: { kind: 'select', options: amPmOptions, placeholder: 'editor.placeholder.dashes' },
  birthPlace: { kind: 'text', placeholder: 'editor.placeholder.place' },
  religion: { kind: 'select', options: religionOptions, placeholder: 'editor.placeholder.religion' },
  motherTongue: { kind: 'select', options: motherTongueOptions, placeholder: 'editor.placeholder.motherTongue' },
  zodiacSign: { kind: 'select', options: zodiacOptions, placeholder: 'editor.placeholder.zodiacSign' },
  rashi: { kind: 'select', options: rashiOptions, placeholder: 'editor.placeholder.rashi' },
  nakshatra: { kind: 'select', options: nakshatraOptions, placeholder: 'editor.placeholder.nakshatra' },
  manglik: { kind: 'boolean', options: manglikOptions, placeholder: 'editor.placeholder.notSure' },
  gotra: { kind: 'text' },
  familyType: { kind: 'select', options: familyTypeOptions, placeholder: 'editor.placeholder.familyType' },
  familyValues: { kind: 'select', options: familyValuesOptions, placeholder: 'editor.placeholder.familyValues' },
  community: { kind: 'community' },
  fatherOccupation: { kind: 'text', placeholder: 'editor.placeholder.fatherOccupation' },
  motherOccupation: { kind: 'text', placeholder: 'editor.placeholder.motherOccupation' },
  brothers: { kind: 'count', options: fixed(SIBLING_COUNT_OPTIONS), placeholder: 'profile.notSpecified' },
  brothersMarried: { kind: 'count', options: fixed(SIBLING_COUNT_OPTIONS), placeholder: 'profile.notSpecified' },
  sisters: { kind: 'count', options: fixed(SIBLING_COUNT_OPTIONS), placeholder: 'profile.notSpecified' },
  sistersMarried: { kind: 'count', options: fixed(SIBLING_COUNT_OPTIONS), placeholder: 'profile.notSpecified' },
  siblingDetails: { kind: 'text', placeholder: 'editor.placeholder.siblingDetails' },
  familyLocation: { kind: 'text', placeholder: 'editor.placeholder.place' },
  familyBackground: { kind: 'textarea', rows: 3, placeholder: 'editor.placeholder.familyBackground' },
  agePreferenceMin: { kind: 'number', min: 18, max: 70, placeholder: 'editor.placeholder.ageMin' },
  agePreferenceMax: { kind: 'number', min: 18, max: 70, placeholder: 'editor.placeholder.ageMax' },
  locationPreference: { kind: 'countries' },
  educationPreference: { kind: 'text' },
  professionPreference: { kind: 'text' },
  heightPreferenceMin: { kind: 'count', options: heightOptions, placeholder: 'editor.placeholder.any' },
  heightPreferenceMax: { kind: 'count', options: heightOptions, placeholder: 'editor.placeholder.any' },
  maritalStatusPreference: { kind: 'choices', options: maritalStatusOptions, hint: 'editor.hint.openToAll' },
  dietPreference: { kind: 'choices', options: dietOptions, hint: 'editor.hint.openToAll' },
  communityPreference: { kind: 'communities', placeholder: 'editor.placeholder.communityPreference', hint: 'editor.hint.communityPreference' },
  religionPreference: { kind: 'choices', options: religionOptions, hint: 'editor.hint.religionPreference' },
  motherTonguePreference: { kind: 'choices', options: motherTongueOptions, hint: 'editor.hint.motherTonguePreference' },
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
  if (values.profileType && values.profileType !== 'self' && blank('fullName')) errors.fullName = localizeMessage(PROFILE_MESSAGES.candidateNameRequired);
  if (values.profileType !== 'parent') return errors;
  if (blank('parentName')) errors.parentName = localizeMessage(PROFILE_MESSAGES.parentNameRequired);
  if (blank('parentRelationship')) errors.parentRelationship = localizeMessage(PROFILE_MESSAGES.parentRelationshipRequired);
  if (blank('parentContact')) errors.parentContact = localizeMessage(PROFILE_MESSAGES.parentContactRequired);
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
  const t = useT();
  const label = t(`editor.field.${field}` as MessageId);
  const placeholder = def.placeholder ? t(def.placeholder) : undefined;
  const hint = def.hint ? t(def.hint) : undefined;
  const other = (name: ProfileFieldName) => (typeof values[name] === 'string' ? (values[name] as string) : '');
  if (def.kind === 'countries') {
    return <CountryMultiSelect label={label} value={Array.isArray(value) ? value : []} onChange={(next) => onChange(field, next)} error={error} />;
  }
  if (def.kind === 'choices') {
    return <ChoiceList label={label} hint={hint} value={Array.isArray(value) ? value : []} options={def.options?.() ?? []} error={error} onChange={(next) => onChange(field, next)} />;
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
        label={label}
        name={field}
        options={incomeRangeOptions(currency)}
        placeholder={currency ? t('profile.notSpecified') : t('editor.currencyFirst')}
        disabled={!currency}
        value={text}
        error={error}
        onChange={handle}
      />
    );
  }
  if (def.kind === 'select' || def.kind === 'boolean' || def.kind === 'count') {
    return (
      <SelectField label={label} name={field} options={def.options?.() ?? []} placeholder={placeholder} value={text} error={error} onChange={handle} />
    );
  }
  if (def.kind === 'textarea') {
    return <TextAreaField label={label} name={field} rows={def.rows} placeholder={placeholder} value={text} error={error} onChange={handle} />;
  }
  return (
    <TextField
      label={label}
      name={field}
      type={def.kind}
      inputMode={def.kind === 'number' ? 'numeric' : def.kind === 'tel' ? 'tel' : undefined}
      min={def.min}
      max={def.kind === 'date' ? latestAdultBirthDate() : def.max}
      placeholder={placeholder}
      value={text}
      error={error}
      hint={hint}
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
  const t = useT();
  const unknown = value.trim() !== '' && country !== '' && findCity(value, country) === null;
  return (
    <>
      <TextField
        label={t('editor.field.city')}
        name="city"
        list={listId}
        autoComplete="off"
        value={value}
        error={error}
        hint={unknown ? t('editor.cityUnknown') : undefined}
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
