import type { ChangeEvent } from 'react';
import { SelectField } from '../../../components/ui/select-field';
import { TextAreaField } from '../../../components/ui/textarea-field';
import { TextField } from '../../../components/ui/text-field';
import { CountryMultiSelect } from '../../../components/profile/country-multi-select';
import {
  AM_PM_OPTIONS,
  BIRTH_HOUR_OPTIONS,
  BIRTH_MINUTE_OPTIONS,
  EDUCATION_OPTIONS,
  GENDER_OPTIONS,
  MOTHER_TONGUE_OPTIONS,
  RELATIONSHIP_OPTIONS,
  RELIGION_OPTIONS,
  WIZARD_PROFILE_TYPE_OPTIONS,
  latestAdultBirthDate,
  countryOptions,
} from '../../../components/profile/option-labels';
import type { WizardErrors, WizardField, WizardValues } from './wizard-values';

export interface StepProps {
  values: WizardValues;
  errors: WizardErrors;
  setField: (field: WizardField, value: WizardValues[WizardField]) => void;
}

type TextFieldName = Exclude<WizardField, 'locationPreference'>;

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
  // The consent gate names the person the profile is for by their first name.
  const candidate = props.values.fullName.trim().split(/\s+/)[0] ?? '';
  return (
    <div className="form">
      <SelectField label="Profile Created By" options={WIZARD_PROFILE_TYPE_OPTIONS} {...bind('profileType')} />
      {isParent ? (
        <TextField label="Full Name" autoComplete="off" hint="The name of your son or daughter, as the profile will show it" {...bind('fullName')} />
      ) : (
        <TextField label="Full Name" value={props.fullName} readOnly hint="From your account" />
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
      <TextField label="City" autoComplete="address-level2" {...bind('city')} />
    </div>
  );
}

export function ProfessionalStep(props: StepProps) {
  const bind = binder(props);
  return (
    <div className="form">
      <SelectField label="Education Level" placeholder="Select education level" options={EDUCATION_OPTIONS} {...bind('education')} />
      <TextField label="Education Details" placeholder="e.g. MSc Computer Science, University of Toronto" {...bind('educationDetails')} />
      <TextField label="Profession" placeholder="e.g. Software Engineer" {...bind('profession')} />
      <TextField label="Company" placeholder="Where you work" {...bind('company')} />
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
    </div>
  );
}

export function PartnerPreferencesStep(props: StepProps) {
  const bind = binder(props);
  return (
    <div className="form">
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
      <TextField label="Education Preference" placeholder="e.g. Master's or above" {...bind('educationPreference')} />
      <TextField label="Profession Preference" placeholder="e.g. Doctor, Engineer" {...bind('professionPreference')} />
      <TextAreaField label="Family Background" rows={3} placeholder="Tell families about yours" {...bind('familyBackground')} />
    </div>
  );
}
