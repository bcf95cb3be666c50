import type { ChangeEvent } from 'react';
import { SelectField, type SelectOption } from '../../../components/ui/select-field';
import { TextAreaField } from '../../../components/ui/textarea-field';
import { TextField } from '../../../components/ui/text-field';
import { CountryMultiSelect } from '../../../components/profile/country-multi-select';
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
  maritalStatusOptions,
  motherTongueOptions,
  profileForOptions,
  relationshipOptions,
  religionOptions,
} from '../../../components/profile/option-labels';
import { useT } from '../../../i18n/use-t';
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
  const t = useT();
  const isParent = props.values.profileType === 'parent';
  const isSelf = props.values.profileType === 'self';
  // The consent gate names the person the profile is for by their first name.
  const candidate = props.values.fullName.trim().split(/\s+/)[0] ?? '';
  return (
    <div className="form">
      <SelectField label={t('wizard.profileFor')} placeholder={t('wizard.choose')} options={profileForOptions()} {...bind('relation')} />
      {isSelf ? (
        <TextField label={t('editor.field.fullName')} value={props.fullName} readOnly hint={t('wizard.fromAccount')} />
      ) : (
        <TextField
          label={t('wizard.theirFullName')}
          autoComplete="off"
          hint={t('wizard.theirFullNameHint')}
          {...bind('fullName')}
        />
      )}
      <SelectField label={t('editor.field.gender')} placeholder={t('editor.placeholder.gender')} options={genderOptions()} {...bind('gender')} />
      <TextField label={t('editor.field.dateOfBirth')} type="date" max={latestAdultBirthDate()} {...bind('dateOfBirth')} />
      {isParent ? (
        <fieldset className="form parent-fields">
          <legend className="parent-fields__legend">{t('wizard.parentDetails')}</legend>
          <TextField label={t('editor.field.parentName')} autoComplete="name" {...bind('parentName')} />
          <SelectField
            label={t('editor.field.parentRelationship')}
            placeholder={t('editor.placeholder.parentRelationship')}
            options={relationshipOptions()}
            {...bind('parentRelationship')}
          />
          <TextField
            label={t('editor.field.parentContact')}
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            placeholder="+44 7911 123456"
            hint={t('wizard.contactHint')}
            {...bind('parentContact')}
          />
          <label className="parent-fields__gate">
            <input
              type="checkbox"
              name="hiddenUntilConfirmed"
              checked={props.values.hiddenUntilConfirmed === 'yes'}
              onChange={(event) => props.setField('hiddenUntilConfirmed', event.target.checked ? 'yes' : '')}
            />
            <span>{candidate ? t('wizard.hiddenUntilNamed', { name: candidate }) : t('wizard.hiddenUntil')}</span>
          </label>
        </fieldset>
      ) : null}
      <SelectField label={t('editor.field.country')} placeholder={t('editor.placeholder.country')} options={countryOptions()} {...bind('country')} />
      <TextField label={t('editor.field.city')} autoComplete="address-level2" list="wizard-city-suggestions" {...bind('city')} />
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
  const t = useT();
  return (
    <div className="form">
      <SelectField label={t('editor.field.height')} placeholder={t('editor.placeholder.height')} options={heightOptions()} {...bind('height')} />
      <SelectField label={t('editor.field.maritalStatus')} placeholder={t('editor.placeholder.maritalStatus')} options={maritalStatusOptions()} {...bind('maritalStatus')} />
      <SelectField label={t('editor.field.diet')} placeholder={t('editor.placeholder.diet')} options={dietOptions()} {...bind('diet')} />
      <SelectField label={t('editor.field.education')} placeholder={t('editor.placeholder.education')} options={educationOptions()} {...bind('education')} />
      <TextField label={t('editor.field.educationDetails')} placeholder={t('wizard.educationDetailsExample')} {...bind('educationDetails')} />
      <TextField label={t('editor.field.profession')} placeholder={t('wizard.professionExample')} {...bind('profession')} />
      <TextField label={t('editor.field.company')} placeholder={t('wizard.companyExample')} {...bind('company')} />
      <fieldset className="form income-fields">
        <legend className="field__label">{t('editor.field.income')}</legend>
        <SelectField label={t('wizard.currency')} placeholder={t('editor.placeholder.incomeCurrency')} options={incomeCurrencyOptions()} {...bind('incomeCurrency')} />
        <SelectField
          label={t('wizard.incomeRange')}
          placeholder={props.values.incomeCurrency ? t('wizard.selectRange') : t('editor.currencyFirst')}
          options={incomeRangeOptions(props.values.incomeCurrency)}
          disabled={!props.values.incomeCurrency}
          {...bind('income')}
        />
      </fieldset>
      <TextAreaField label={t('wizard.aboutMe')} rows={4} placeholder={t('wizard.aboutExample')} {...bind('about')} />
    </div>
  );
}

export function AstrologicalStep(props: StepProps) {
  const bind = binder(props);
  const t = useT();
  return (
    <div className="form">
      <fieldset className="birth-time">
        <legend className="field__label">{t('profile.birthTime')}</legend>
        <div className="birth-time__row">
          <SelectField label={t('wizard.hour')} placeholder="--" options={BIRTH_HOUR_OPTIONS} {...bind('birthHour')} />
          <SelectField label={t('wizard.minute')} placeholder="--" options={BIRTH_MINUTE_OPTIONS} {...bind('birthMinute')} />
          <SelectField label={t('editor.field.birthAmPm')} placeholder="--" options={amPmOptions()} {...bind('birthAmPm')} />
        </div>
      </fieldset>
      <TextField label={t('editor.field.birthPlace')} placeholder={t('editor.placeholder.place')} {...bind('birthPlace')} />
      <SelectField label={t('editor.field.religion')} placeholder={t('editor.placeholder.religion')} options={religionOptions()} {...bind('religion')} />
      <SelectField label={t('editor.field.motherTongue')} placeholder={t('editor.placeholder.motherTongue')} options={motherTongueOptions()} {...bind('motherTongue')} />
      <CommunityField religion={props.values.religion} motherTongue={props.values.motherTongue} {...bind('community')} />
    </div>
  );
}

/** Step 5 (stages 4 and 5): the family, then what the member looks for in a partner. */
export function FamilyAndPreferencesStep(props: StepProps) {
  const bind = binder(props);
  const t = useT();
  const choices = (field: (typeof LIST_PREFERENCES)[number], label: string, options: readonly SelectOption[], hint: string) => (
    <ChoiceList label={label} hint={hint} value={props.values[field]} options={options} error={props.errors[field]} onChange={(next) => props.setField(field, next)} />
  );
  return (
    <div className="form">
      <h3 className="wizard__section-title">{t('wizard.family')}</h3>
      <TextField label={t('editor.field.fatherOccupation')} placeholder={t('editor.placeholder.fatherOccupation')} {...bind('fatherOccupation')} />
      <TextField label={t('editor.field.motherOccupation')} placeholder={t('editor.placeholder.motherOccupation')} {...bind('motherOccupation')} />
      <div className="form-row">
        <SelectField label={t('editor.field.brothers')} placeholder="--" options={SIBLING_COUNT_OPTIONS} {...bind('brothers')} />
        <SelectField label={t('editor.field.brothersMarried')} placeholder="--" options={SIBLING_COUNT_OPTIONS} {...bind('brothersMarried')} />
      </div>
      <div className="form-row">
        <SelectField label={t('editor.field.sisters')} placeholder="--" options={SIBLING_COUNT_OPTIONS} {...bind('sisters')} />
        <SelectField label={t('editor.field.sistersMarried')} placeholder="--" options={SIBLING_COUNT_OPTIONS} {...bind('sistersMarried')} />
      </div>
      <TextField label={t('wizard.siblingDetails')} placeholder={t('wizard.siblingDetailsExample')} {...bind('siblingDetails')} />
      <TextField label={t('editor.field.familyLocation')} placeholder={t('editor.placeholder.place')} {...bind('familyLocation')} />
      <div className="form-row">
        <SelectField label={t('editor.field.familyType')} placeholder={t('wizard.select')} options={familyTypeOptions()} {...bind('familyType')} />
        <SelectField label={t('editor.field.familyValues')} placeholder={t('wizard.select')} options={familyValuesOptions()} {...bind('familyValues')} />
      </div>
      <TextAreaField label={t('editor.field.familyBackground')} rows={3} placeholder={t('wizard.familyBackgroundExample')} {...bind('familyBackground')} />
      <h3 className="wizard__section-title">{t('profile.partnerPreferences')}</h3>
      <SelectField label={t('editor.field.lookingFor')} placeholder={t('editor.placeholder.lookingFor')} options={genderOptions()} {...bind('lookingFor')} />
      <div className="form-row">
        <TextField label={t('editor.field.agePreferenceMin')} type="number" inputMode="numeric" min={18} max={70} placeholder="18" {...bind('agePreferenceMin')} />
        <TextField label={t('editor.field.agePreferenceMax')} type="number" inputMode="numeric" min={18} max={70} placeholder="70" {...bind('agePreferenceMax')} />
      </div>
      <CountryMultiSelect
        label={t('editor.field.locationPreference')}
        value={props.values.locationPreference}
        onChange={(next) => props.setField('locationPreference', next)}
        error={props.errors.locationPreference}
      />
      <div className="form-row">
        <SelectField label={t('editor.field.heightPreferenceMin')} placeholder={t('editor.placeholder.any')} options={heightOptions()} {...bind('heightPreferenceMin')} />
        <SelectField label={t('editor.field.heightPreferenceMax')} placeholder={t('editor.placeholder.any')} options={heightOptions()} {...bind('heightPreferenceMax')} />
      </div>
      {choices('maritalStatusPreference', t('editor.field.maritalStatusPreference'), maritalStatusOptions(), t('editor.hint.openToAll'))}
      {choices('dietPreference', t('editor.field.dietPreference'), dietOptions(), t('editor.hint.openToAll'))}
      <TextField
        label={t('editor.field.communityPreference')}
        placeholder={t('editor.placeholder.communityPreference')}
        hint={t('editor.hint.communityPreference')}
        {...bind('communityPreference')}
      />
      {choices('religionPreference', t('editor.field.religionPreference'), religionOptions(), t('editor.hint.religionPreference'))}
      {choices('motherTonguePreference', t('editor.field.motherTonguePreference'), motherTongueOptions(), t('editor.hint.motherTonguePreference'))}
      <TextField label={t('editor.field.educationPreference')} placeholder={t('wizard.educationPreferenceExample')} {...bind('educationPreference')} />
      <TextField label={t('editor.field.professionPreference')} placeholder={t('wizard.professionPreferenceExample')} {...bind('professionPreference')} />
    </div>
  );
}
