import { useMutation, useQueryClient } from '@tanstack/react-query';
import Globe2 from 'lucide-react/icons/earth';
import Pencil from 'lucide-react/icons/pencil';
import Plus from 'lucide-react/icons/plus';
import X from 'lucide-react/icons/x';
import { type FormEvent, useState } from 'react';
import {
  CULTURAL_INTEGRATION_LEVELS,
  LANGUAGE_FLUENCY,
  NRI_LANGUAGES,
  NRI_RESIDENCE_COUNTRIES,
  RETURN_TO_INDIA_PLANS,
} from '../../../contracts/enums';
import type { LanguageFluency, ProfileView } from '../../../contracts/views';
import { api, isApiError } from '../../lib/api-client';
import { profileKeys } from '../../lib/profiles';
import { Button } from '../ui/button';
import { toast } from '../ui/toast';
import { SelectField, TextAreaField } from './form-controls';
import {
  CULTURAL_INTEGRATION_LABELS,
  FLUENCY_LABELS,
  LANGUAGE_LABELS,
  NOT_SPECIFIED,
  NRI_COUNTRY_LABELS,
  RETURN_PLAN_LABELS,
  labelOf,
} from './labels';
import { DetailList, ProfileSection } from './profile-section';
import { useT } from '../../i18n/use-t';
import { optionLabel } from '../../i18n/option-label';
import { translate } from '../../i18n/translate';

const KNOWN_COUNTRIES = NRI_RESIDENCE_COUNTRIES.filter((code) => code !== 'other') as readonly string[];

/** The fields PATCH /api/profiles/{id} receives for an NRI edit: the card's own, and no other. */
export interface NriUpdate {
  nriResidenceCountry: string | null;
  nriCommunity: string | null;
  /** null: "Not specified" */
  culturalIntegrationLevel: string | null;
  returnToIndiaPlans: string | null;
  /** JSON text of LanguageFluency[] */
  languagePreferences: string;
  visaImmigrationExperience: string | null;
}

interface NriForm {
  country: string;
  otherCountry: string;
  community: string;
  integration: string;
  returnPlans: string;
  languages: LanguageFluency[];
  visa: string;
}

function formFrom(profile: ProfileView): NriForm {
  const stored = profile.nriResidenceCountry ?? '';
  // A free-text country saved through "Other" comes back as its own name: show it under "Other" again.
  const isKnown = stored === '' || KNOWN_COUNTRIES.includes(stored);
  return {
    country: isKnown ? stored : 'other',
    otherCountry: isKnown ? '' : stored === 'other' ? '' : stored,
    community: profile.nriCommunity ?? '',
    // An unanswered question starts unanswered: the form suggests no answer the member did not give.
    integration: profile.culturalIntegrationLevel ?? '',
    returnPlans: profile.returnToIndiaPlans ?? '',
    languages: languagesOf(profile),
    visa: profile.visaImmigrationExperience ?? '',
  };
}

function languagesOf(profile: ProfileView): LanguageFluency[] {
  if (Array.isArray(profile.languages)) return profile.languages;
  try {
    const parsed: unknown = JSON.parse(profile.languagePreferences || '[]');
    return Array.isArray(parsed) ? (parsed as LanguageFluency[]) : [];
  } catch {
    return [];
  }
}

/** "Other" is a picker choice, never a value: the typed country replaces it. */
export function toNriUpdate(form: NriForm): NriUpdate {
  const country = form.country === 'other' ? form.otherCountry.trim() : form.country;
  return {
    nriResidenceCountry: country || null,
    nriCommunity: form.community.trim() || null,
    culturalIntegrationLevel: form.integration || null,
    returnToIndiaPlans: form.returnPlans || null,
    languagePreferences: JSON.stringify(form.languages),
    visaImmigrationExperience: form.visa.trim() || null,
  };
}

function countryLabel(value: string | null): string | null {
  const english = labelOf(NRI_COUNTRY_LABELS, value);
  return value && english ? optionLabel('nriCountry', value, english) : english;
}

/** A label of one of the lists below in the app's language (English: the list's own label). */
function optionOf(list: string, labels: Record<string, string>, value: string | null | undefined): string | null {
  const english = labelOf(labels, value);
  return value && english ? optionLabel(list, value, english) : english;
}

/** NRI details of a profile: read-only, with Edit for the owner when `editable`. */
export function NriDetailsCard({ profile, editable }: { profile: ProfileView; editable: boolean }) {
  const [editing, setEditing] = useState(false);
  const languages = languagesOf(profile);
  const showForm = editable && editing;
  const t = useT();

  return (
    <ProfileSection
      title={t('nri.title')}
      icon={Globe2}
      className="nri-card"
      action={
        editable && !editing ? (
          <Button variant="ghost" size="sm" onClick={() => setEditing(true)} aria-label={t('nri.editLabel')}>
            <Pencil size={16} aria-hidden="true" />
            {t('nri.edit')}
          </Button>
        ) : null
      }
    >
      {showForm ? (
        <NriEditForm profile={profile} onDone={() => setEditing(false)} />
      ) : (
        <DetailList
          items={[
            { label: t('nri.country'), value: countryLabel(profile.nriResidenceCountry) },
            // The diaspora association abroad; the family's own community is a profile detail of its own.
            { label: t('nri.community'), value: profile.nriCommunity },
            { label: t('nri.integration'), value: optionOf('integration', CULTURAL_INTEGRATION_LABELS, profile.culturalIntegrationLevel) },
            { label: t('filter.returnToIndia'), value: optionOf('returnPlan', RETURN_PLAN_LABELS, profile.returnToIndiaPlans) },
            {
              label: t('nri.languages'),
              value: languages.length ? (
                <ul className="chip-list" aria-label={t('nri.languages')}>
                  {languages.map((entry) => (
                    <li key={entry.language} className="chip">
                      {optionLabel('language', labelOf(LANGUAGE_LABELS, entry.language) ?? entry.language)}
                      <span className="chip__meta"> · {optionOf('fluency', FLUENCY_LABELS, entry.fluency)}</span>
                    </li>
                  ))}
                </ul>
              ) : null,
            },
            { label: t('nri.visa'), value: profile.visaImmigrationExperience },
          ]}
        />
      )}
    </ProfileSection>
  );
}

function NriEditForm({ profile, onDone }: { profile: ProfileView; onDone: () => void }) {
  const queryClient = useQueryClient();
  const [form, setForm] = useState<NriForm>(() => formFrom(profile));
  const [newLanguage, setNewLanguage] = useState('');
  const [newFluency, setNewFluency] = useState('');
  const t = useT();
  const languageName = (code: string) => optionLabel('language', labelOf(LANGUAGE_LABELS, code) ?? code);

  const save = useMutation({
    mutationFn: (update: NriUpdate) => api.patch<ProfileView>(`/api/profiles/${profile.id}`, { json: update }),
    onSuccess: async () => {
      toast({ title: t('editor.nriSaved'), description: t('editor.nriSavedText'), variant: 'success' });
      onDone();
      await queryClient.invalidateQueries({ queryKey: profileKeys.all });
    },
    onError: (error) => {
      toast({
        title: t('editor.stageFailed'),
        description: (isApiError(error) && error.serverMessage) || error.message,
        variant: 'destructive',
      });
    },
  });

  const set = <K extends keyof NriForm>(key: K, value: NriForm[K]) => setForm((current) => ({ ...current, [key]: value }));

  function addLanguage() {
    if (!newLanguage || !newFluency) return;
    setForm((current) => ({
      ...current,
      // Adding a language twice updates its fluency instead of listing it twice.
      languages: [...current.languages.filter((entry) => entry.language !== newLanguage), { language: newLanguage, fluency: newFluency }],
    }));
    setNewLanguage('');
    setNewFluency('');
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    save.mutate(toNriUpdate(form));
  }

  return (
    <form className="form nri-form" onSubmit={submit} aria-label={t('nri.editLabel')}>
      <SelectField label={t('nri.country')} value={form.country} onChange={(e) => set('country', e.target.value)}>
        <option value="">{t('editor.placeholder.country')}</option>
        {NRI_RESIDENCE_COUNTRIES.map((code) => (
          <option key={code} value={code}>
            {optionLabel('nriCountry', code, NRI_COUNTRY_LABELS[code])}
          </option>
        ))}
      </SelectField>
      {form.country === 'other' ? (
        <div className="field">
          <label className="field__label" htmlFor={`nri-other-${profile.id}`}>
            {t('editor.nriCountryName')}
          </label>
          <input
            id={`nri-other-${profile.id}`}
            className="field__input"
            value={form.otherCountry}
            maxLength={100}
            placeholder={t('editor.nriCountryExample')}
            onChange={(e) => set('otherCountry', e.target.value)}
          />
        </div>
      ) : null}

      <div className="field">
        <label className="field__label" htmlFor={`nri-community-${profile.id}`}>
          {t('nri.community')}
        </label>
        <input
          id={`nri-community-${profile.id}`}
          className="field__input"
          value={form.community}
          maxLength={120}
          placeholder={t('editor.nriCommunityExample')}
          onChange={(e) => set('community', e.target.value)}
        />
      </div>

      <SelectField label={t('nri.integration')} value={form.integration} onChange={(e) => set('integration', e.target.value)}>
        <option value="">{translate(NOT_SPECIFIED)}</option>
        {CULTURAL_INTEGRATION_LEVELS.map((level) => (
          <option key={level} value={level}>
            {optionLabel('integration', level, CULTURAL_INTEGRATION_LABELS[level])}
          </option>
        ))}
      </SelectField>

      <SelectField label={t('editor.nriReturnPlans')} value={form.returnPlans} onChange={(e) => set('returnPlans', e.target.value)}>
        <option value="">{translate(NOT_SPECIFIED)}</option>
        {RETURN_TO_INDIA_PLANS.map((plan) => (
          <option key={plan} value={plan}>
            {optionLabel('returnPlan', plan, RETURN_PLAN_LABELS[plan])}
          </option>
        ))}
      </SelectField>

      <fieldset className="nri-form__languages">
        <legend className="field__label">{t('nri.languages')}</legend>
        {form.languages.length ? (
          <ul className="chip-list" aria-label={t('editor.nriChosenLanguages')}>
            {form.languages.map((entry) => {
              const name = languageName(entry.language);
              return (
                <li key={entry.language} className="chip chip--removable">
                  {name}
                  <span className="chip__meta"> · {optionOf('fluency', FLUENCY_LABELS, entry.fluency)}</span>
                  <button
                    type="button"
                    className="chip__remove"
                    aria-label={t('editor.remove', { name })}
                    onClick={() => set('languages', form.languages.filter((item) => item.language !== entry.language))}
                  >
                    <X size={14} aria-hidden="true" />
                  </button>
                </li>
              );
            })}
          </ul>
        ) : (
          <p className="field__hint">{t('editor.nriNoLanguages')}</p>
        )}
        <div className="nri-form__language-row">
          <SelectField label={t('editor.nriLanguage')} value={newLanguage} onChange={(e) => setNewLanguage(e.target.value)}>
            <option value="">{t('wizard.choose')}</option>
            {NRI_LANGUAGES.map((language) => (
              <option key={language} value={language}>
                {languageName(language)}
              </option>
            ))}
          </SelectField>
          <SelectField label={t('editor.nriFluency')} value={newFluency} onChange={(e) => setNewFluency(e.target.value)}>
            <option value="">{t('wizard.choose')}</option>
            {LANGUAGE_FLUENCY.map((level) => (
              <option key={level} value={level}>
                {optionLabel('fluency', level, FLUENCY_LABELS[level])}
              </option>
            ))}
          </SelectField>
        </div>
        <Button variant="secondary" size="sm" onClick={addLanguage} disabled={!newLanguage || !newFluency}>
          <Plus size={16} aria-hidden="true" />
          {t('editor.nriAddLanguage')}
        </Button>
      </fieldset>

      <TextAreaField
        label={t('editor.nriVisa')}
        rows={3}
        maxLength={1000}
        value={form.visa}
        placeholder={t('editor.nriVisaExample')}
        onChange={(e) => set('visa', e.target.value)}
      />

      <div className="form-actions">
        <Button variant="outline" onClick={onDone} disabled={save.isPending}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? t('editor.saving') : t('editor.nriSave')}
        </Button>
      </div>
    </form>
  );
}
