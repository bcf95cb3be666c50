import type { ChangeEvent } from 'react';
import { SelectField, type SelectOption } from '../../../components/ui/select-field';
import { TextAreaField } from '../../../components/ui/textarea-field';
import { TextField } from '../../../components/ui/text-field';
import { CountryMultiSelect } from '../../../components/profile/country-multi-select';
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
  MARITAL_STATUS_OPTIONS,
  MOTHER_TONGUE_OPTIONS,
  PROFILE_FOR_OPTIONS,
  RELATIONSHIP_OPTIONS,
  RELIGION_OPTIONS,
  SIBLING_COUNT_OPTIONS,
  incomeRangeOptions,
  latestAdultBirthDate,
  countryOptions,
} from '../../../components/profile/option-labels';
import { citiesOf } from '../../../../contracts/gazetteer';
import { ChoiceList } from '../../../components/profile/choice-list';
import { CommunityField } from '../../../components/profile/community-field';
import type { LIST_PREFERENCES, WizardErrors, WizardField, WizardValues } from './wizard-values';

export interface StepProps {
  values: WizardValues;
  errors: WizardErrors;
  setField: (field: WizardField, value: WizardValues[WizardField]) => void;
}

type TextFieldName = Exclude<WizardField, 'locationPreference' | (typeof LIST_PREFERENCES)[number]>;

/** value / onChange / error for one input. */
function binder({ values, errors, setField }: StepProps) {
  return (field: TextFieldName) => ({
    name: field,
    value: values[field],
    error: errors[field],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => setField(field, event.target.value),
  });
}

export function BasicInformationStep(props: StepProps & { fullName: string }) {
  const bind = binder(props);
  const isParent = props.values.profileType === 'parent';
  const isSelf = props.values.profileType === 'self';
  // The consent gate names the person the profile is for by their first name.
  const candidate = props.values.fullName.trim().split(/\s+/)[0] ?? '';
  return (
    <div className="form">
      <SelectField label="This Profile Is For" placeholder="Choose" options={PROFILE_FOR_OPTIONS} {...bind('relation')} />
      {isSelf ? (
        <TextField label="Full Name" value={props.fullName} readOnly hint="From your account" />
      ) : (
        <TextField
          label="Their Full Name"
          autoComplete="off"
          hint="The name of the person this profile is for, as the profile will show it"
          {...bind('fullName')}
        />
      )}
      <SelectField label="Gender" placeholder="Select gender" options={GENDER_OPTIONS} {...bind('gender')} />
      <TextField label="Date of Birth" type="date" max={latestAdultBirthDate()} {...bind('dateOfBirth')} />
      {isParent ? (
        <fieldset className="form parent-fields">
          <legend className="parent-fields__legend">Parent / guardian details</legend>
          <TextField label="Parent Name" autoComplete="name" {...bind('parentName')} />
          <SelectField
            label="Relationship"
            placeholder="Select relationship"
            options={RELATIONSHIP_OPTIONS}
            {...bind('parentRelationship')}
          />
          <TextField
            label="Contact Number"
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            placeholder="+44 7911 123456"
            hint="With the country code if it is not a number of the profile's country"
            {...bind('parentContact')}
          />
          <label className="parent-fields__gate">
            <input
              type="checkbox"
              name="hiddenUntilConfirmed"
              checked={props.values.hiddenUntilConfirmed === 'yes'}
              onChange={(event) => props.setField('hiddenUntilConfirmed', event.target.checked ? 'yes' : '')}
            />
            <span>{candidate ? `Keep the profile hidden from members until ${candidate} confirms it` : 'Keep the profile hidden from members until they confirm it'}</span>
          </label>
        </fieldset>
      ) : null}
      <SelectField label="Country" placeholder="Select country" options={countryOptions()} {...bind('country')} />
      <TextField label="City" autoComplete="address-level2" list="wizard-city-suggestions" {...bind('city')} />
      {/* The cities distance search knows in the chosen country: a member elsewhere is left out of searches near a place. */}
      <datalist id="wizard-city-suggestions">
        {citiesOf(props.values.country).map((city) => (
          <option key={city} value={city} />
        ))}
      </datalist>
    </div>
  );
}

/** Step 3 (stage 2): height, marital status and diet first, then education, work, income and a few lines. */
export function PersonalDetailsStep(props: StepProps) {
  const bind = binder(props);
  return (
    <div className="form">
      <SelectField label="Height" placeholder="Select height" options={HEIGHT_OPTIONS} {...bind('height')} />
      <SelectField label="Marital Status" placeholder="Select marital status" options={MARITAL_STATUS_OPTIONS} {...bind('maritalStatus')} />
      <SelectField label="Diet" placeholder="Select diet" options={DIET_OPTIONS} {...bind('diet')} />
      <SelectField label="Education Level" placeholder="Select education level" options={EDUCATION_OPTIONS} {...bind('education')} />
      <TextField label="Education Details" placeholder="e.g. MSc Computer Science, University of Toronto" {...bind('educationDetails')} />
      <TextField label="Profession" placeholder="e.g. Software Engineer" {...bind('profession')} />
      <TextField label="Company" placeholder="Where you work" {...bind('company')} />
      <fieldset className="form income-fields">
        <legend className="field__label">Annual Income (optional)</legend>
        <SelectField label="Currency" placeholder="Select currency" options={INCOME_CURRENCY_OPTIONS} {...bind('incomeCurrency')} />
        <SelectField
          label="Income Range"
          placeholder={props.values.incomeCurrency ? 'Select range' : 'Choose the currency first'}
          options={incomeRangeOptions(props.values.incomeCurrency)}
          disabled={!props.values.incomeCurrency}
          {...bind('income')}
        />
      </fieldset>
      <TextAreaField label="About Me" rows={4} placeholder="A few lines about yourself" {...bind('about')} />
    </div>
  );
}

export function AstrologicalStep(props: StepProps) {
  const bind = binder(props);
  return (
    <div className="form">
      <fieldset className="birth-time">
        <legend className="field__label">Birth Time</legend>
        <div className="birth-time__row">
          <SelectField label="Hour" placeholder="--" options={BIRTH_HOUR_OPTIONS} {...bind('birthHour')} />
          <SelectField label="Minute" placeholder="--" options={BIRTH_MINUTE_OPTIONS} {...bind('birthMinute')} />
          <SelectField label="AM/PM" placeholder="--" options={AM_PM_OPTIONS} {...bind('birthAmPm')} />
        </div>
      </fieldset>
      <TextField label="Birth Place" placeholder="City, Country" {...bind('birthPlace')} />
      <SelectField label="Religion" placeholder="Select religion" options={RELIGION_OPTIONS} {...bind('religion')} />
      <SelectField label="Mother Tongue" placeholder="Select mother tongue" options={MOTHER_TONGUE_OPTIONS} {...bind('motherTongue')} />
      <CommunityField religion={props.values.religion} motherTongue={props.values.motherTongue} {...bind('community')} />
    </div>
  );
}

/** Step 5 (stages 4 and 5): the family, then what the member looks for in a partner. */
export function FamilyAndPreferencesStep(props: StepProps) {
  const bind = binder(props);
  const choices = (field: (typeof LIST_PREFERENCES)[number], label: string, options: readonly SelectOption[], hint: string) => (
    <ChoiceList label={label} hint={hint} value={props.values[field]} options={options} error={props.errors[field]} onChange={(next) => props.setField(field, next)} />
  );
  return (
    <div className="form">
      <h3 className="wizard__section-title">Family</h3>
      <TextField label="Father's Occupation" placeholder="e.g. Retired bank manager" {...bind('fatherOccupation')} />
      <TextField label="Mother's Occupation" placeholder="e.g. Teacher" {...bind('motherOccupation')} />
      <div className="form-row">
        <SelectField label="Brothers" placeholder="--" options={SIBLING_COUNT_OPTIONS} {...bind('brothers')} />
        <SelectField label="Married Brothers" placeholder="--" options={SIBLING_COUNT_OPTIONS} {...bind('brothersMarried')} />
      </div>
      <div className="form-row">
        <SelectField label="Sisters" placeholder="--" options={SIBLING_COUNT_OPTIONS} {...bind('sisters')} />
        <SelectField label="Married Sisters" placeholder="--" options={SIBLING_COUNT_OPTIONS} {...bind('sistersMarried')} />
      </div>
      <TextField label="About the Siblings (optional)" placeholder="e.g. Elder brother, a doctor" {...bind('siblingDetails')} />
      <TextField label="Family Lives In" placeholder="City, Country" {...bind('familyLocation')} />
      <div className="form-row">
        <SelectField label="Family Type" placeholder="Select" options={FAMILY_TYPE_OPTIONS} {...bind('familyType')} />
        <SelectField label="Family Values" placeholder="Select" options={FAMILY_VALUES_OPTIONS} {...bind('familyValues')} />
      </div>
      <TextAreaField label="Family Background" rows={3} placeholder="Tell families about yours" {...bind('familyBackground')} />
      <h3 className="wizard__section-title">Partner Preferences</h3>
      <SelectField label="Looking For" placeholder="Any gender" options={GENDER_OPTIONS} {...bind('lookingFor')} />
      <div className="form-row">
        <TextField label="Age Min" type="number" inputMode="numeric" min={18} max={70} placeholder="18" {...bind('agePreferenceMin')} />
        <TextField label="Age Max" type="number" inputMode="numeric" min={18} max={70} placeholder="70" {...bind('agePreferenceMax')} />
      </div>
      <CountryMultiSelect
        label="Preferred Locations"
        value={props.values.locationPreference}
        onChange={(next) => props.setField('locationPreference', next)}
        error={props.errors.locationPreference}
      />
      <div className="form-row">
        <SelectField label="Height From" placeholder="Any" options={HEIGHT_OPTIONS} {...bind('heightPreferenceMin')} />
        <SelectField label="Height To" placeholder="Any" options={HEIGHT_OPTIONS} {...bind('heightPreferenceMax')} />
      </div>
      {choices('maritalStatusPreference', 'Marital Status Preference', MARITAL_STATUS_OPTIONS, 'None chosen: open to all')}
      {choices('dietPreference', 'Diet Preference', DIET_OPTIONS, 'None chosen: open to all')}
      <TextField label="Community Preference" placeholder="Open to all" hint="Communities separated by commas; empty is open to all" {...bind('communityPreference')} />
      {choices('religionPreference', 'Religion Preference', RELIGION_OPTIONS, 'Your search starts with these religions')}
      {choices('motherTonguePreference', 'Mother Tongue Preference', MOTHER_TONGUE_OPTIONS, 'Your search starts with these mother tongues')}
      <TextField label="Education Preference" placeholder="e.g. Master's or above" {...bind('educationPreference')} />
      <TextField label="Profession Preference" placeholder="e.g. Doctor, Engineer" {...bind('professionPreference')} />
    </div>
  );
}
