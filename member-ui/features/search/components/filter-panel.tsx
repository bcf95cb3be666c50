import * as Slider from 'radix-ui/slider';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { DIETS, EDUCATION_LEVELS, MARITAL_STATUSES, MOTHER_TONGUES, RELIGIONS, RETURN_TO_INDIA_PLANS } from '../../../../contracts/enums';
import { RETURN_PLAN_LABELS, humanize } from '../../../components/profile/labels';
import {
  type ActiveFilter,
  AGE_MAX,
  AGE_MIN,
  DEFAULT_FILTERS,
  type ProfileTypeFilter,
  type SearchFilters,
  type VerifiedFilter,
  withoutPremium,
} from '../api/search';
import { type Choice, ChoiceGroup } from './choice-group';
import { LocationPicker } from './location-picker';
import { MultiChoice } from './multi-choice';
import { UpgradeLock } from './upgrade-lock';

const choicesOf = (values: readonly string[], labels: Record<string, string> = {}) =>
  values.map((value) => ({ value, label: labels[value] ?? humanize(value) ?? value }));

const RELIGION_CHOICES = choicesOf(RELIGIONS);
const TONGUE_CHOICES = choicesOf(MOTHER_TONGUES);
const MARITAL_CHOICES = choicesOf(MARITAL_STATUSES);
const EDUCATION_CHOICES = choicesOf(EDUCATION_LEVELS);
const DIET_CHOICES = choicesOf(DIETS, { non_vegetarian: 'Non-vegetarian' });
const RETURN_CHOICES = choicesOf(RETURN_TO_INDIA_PLANS, RETURN_PLAN_LABELS);
const ACTIVE_CHOICES: ReadonlyArray<Choice<ActiveFilter>> = [
  { value: 'any', label: 'Any' },
  { value: '1', label: '1 day' },
  { value: '7', label: '7 days' },
  { value: '30', label: '30 days' },
];

const PROFILE_TYPES: ReadonlyArray<Choice<ProfileTypeFilter>> = [
  { value: 'all', label: 'All' },
  { value: 'self', label: 'Self' },
  // Spec part 2 §2: "Family" maps to the value parent.
  { value: 'parent', label: 'Family' },
];

const VERIFIED: ReadonlyArray<Choice<VerifiedFilter>> = [
  { value: 'all', label: 'All' },
  { value: 'verified', label: 'Verified' },
];

export interface FilterPanelProps {
  initial: SearchFilters;
  /** Tryme members see profile type and verified locked (premium filters). */
  advancedLocked: boolean;
  onApply: (filters: SearchFilters) => void;
  onReset: () => void;
}

/** The filter panel of spec part 2 §2; values apply together with "Apply Filters". */
export function FilterPanel({ initial, advancedLocked, onApply, onReset }: FilterPanelProps) {
  const [draft, setDraft] = useState<SearchFilters>(initial);
  const update = <K extends keyof SearchFilters>(key: K, value: SearchFilters[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));

  return (
    <section className="filter-panel" id="search-filters" aria-label="Search filters">
      <fieldset className="filter-panel__group">
        <legend className="filter-panel__label">Location</legend>
        <LocationPicker value={draft.locations} onChange={(locations) => update('locations', locations)} />
      </fieldset>

      <fieldset className="filter-panel__group">
        <legend className="filter-panel__label filter-panel__label--split">
          <span>Age Range</span>
          <span className="filter-panel__value" aria-live="polite">
            {draft.ageRange[0]} yrs – {draft.ageRange[1]} yrs
          </span>
        </legend>
        <Slider.Root
          className="range-slider"
          min={AGE_MIN}
          max={AGE_MAX}
          step={1}
          minStepsBetweenThumbs={0}
          value={draft.ageRange}
          onValueChange={(value) => update('ageRange', [value[0] ?? AGE_MIN, value[1] ?? AGE_MAX])}
        >
          <Slider.Track className="range-slider__track">
            <Slider.Range className="range-slider__range" />
          </Slider.Track>
          <Slider.Thumb className="range-slider__thumb" aria-label="Minimum age" />
          <Slider.Thumb className="range-slider__thumb" aria-label="Maximum age" />
        </Slider.Root>
        <div className="range-slider__scale" aria-hidden="true">
          <span>{AGE_MIN} yrs</span>
          <span>{AGE_MAX} yrs</span>
        </div>
      </fieldset>

      <fieldset className="filter-panel__group">
        <legend className="filter-panel__label">Religion</legend>
        <MultiChoice label="Religion" values={draft.religions} choices={RELIGION_CHOICES} onChange={(v) => update('religions', v)} />
      </fieldset>

      <fieldset className="filter-panel__group">
        <legend className="filter-panel__label">Mother Tongue</legend>
        <MultiChoice label="Mother Tongue" values={draft.motherTongues} choices={TONGUE_CHOICES} onChange={(v) => update('motherTongues', v)} />
      </fieldset>

      <fieldset className="filter-panel__group">
        <legend className="filter-panel__label">Marital Status</legend>
        <MultiChoice label="Marital Status" values={draft.maritalStatuses} choices={MARITAL_CHOICES} onChange={(v) => update('maritalStatuses', v)} />
      </fieldset>

      <fieldset className="filter-panel__group" disabled={advancedLocked}>
        <legend className="filter-panel__label">Profile Type</legend>
        <ChoiceGroup
          label="Profile Type"
          value={advancedLocked ? 'all' : draft.profileType}
          choices={PROFILE_TYPES}
          onChange={(value) => update('profileType', value)}
          disabled={advancedLocked}
        />
        {advancedLocked ? <UpgradeLock feature="Profile type" /> : null}
      </fieldset>

      <fieldset className="filter-panel__group" disabled={advancedLocked}>
        <legend className="filter-panel__label">Verified</legend>
        <ChoiceGroup
          label="Verified"
          value={advancedLocked ? 'all' : draft.verified}
          choices={VERIFIED}
          onChange={(value) => update('verified', value)}
          disabled={advancedLocked}
        />
        {advancedLocked ? <UpgradeLock feature="Verified only" /> : null}
      </fieldset>

      <fieldset className="filter-panel__group" disabled={advancedLocked}>
        <legend className="filter-panel__label">Education</legend>
        <MultiChoice label="Education" values={advancedLocked ? [] : draft.educations} choices={EDUCATION_CHOICES} onChange={(v) => update('educations', v)} disabled={advancedLocked} />
        {advancedLocked ? <UpgradeLock feature="Education" /> : null}
      </fieldset>

      <fieldset className="filter-panel__group" disabled={advancedLocked}>
        <legend className="filter-panel__label">Diet</legend>
        <MultiChoice label="Diet" values={advancedLocked ? [] : draft.diets} choices={DIET_CHOICES} onChange={(v) => update('diets', v)} disabled={advancedLocked} />
        {advancedLocked ? <UpgradeLock feature="Diet" /> : null}
      </fieldset>

      <fieldset className="filter-panel__group" disabled={advancedLocked}>
        <legend className="filter-panel__label">Return to India</legend>
        <MultiChoice label="Return to India" values={advancedLocked ? [] : draft.returnPlans} choices={RETURN_CHOICES} onChange={(v) => update('returnPlans', v)} disabled={advancedLocked} />
        {advancedLocked ? <UpgradeLock feature="Return plans" /> : null}
      </fieldset>

      <fieldset className="filter-panel__group" disabled={advancedLocked}>
        <legend className="filter-panel__label">Recently Active</legend>
        <ChoiceGroup label="Recently Active" value={advancedLocked ? 'any' : draft.activeWithin} choices={ACTIVE_CHOICES} onChange={(v) => update('activeWithin', v)} disabled={advancedLocked} />
        {advancedLocked ? <UpgradeLock feature="Recently active" /> : null}
      </fieldset>

      <fieldset className="filter-panel__group" disabled={advancedLocked}>
        <legend className="filter-panel__label filter-panel__label--split">
          <span>Kundali: Minimum Gunas</span>
          <span className="filter-panel__value" aria-live="polite">
            {advancedLocked || draft.minGuna === 0 ? 'Any' : `at least ${draft.minGuna} of 36`}
          </span>
        </legend>
        <Slider.Root
          className="range-slider"
          min={0}
          max={36}
          step={1}
          value={[advancedLocked ? 0 : draft.minGuna]}
          disabled={advancedLocked}
          onValueChange={(value) => update('minGuna', value[0] ?? 0)}
        >
          <Slider.Track className="range-slider__track">
            <Slider.Range className="range-slider__range" />
          </Slider.Track>
          <Slider.Thumb className="range-slider__thumb" aria-label="Minimum guna score" />
        </Slider.Root>
        <div className="range-slider__scale" aria-hidden="true">
          <span>Any</span>
          <span>18 (traditional minimum)</span>
          <span>36</span>
        </div>
        {advancedLocked ? <UpgradeLock feature="Guna score" /> : null}
      </fieldset>

      <fieldset className="filter-panel__group" disabled={advancedLocked}>
        <legend className="filter-panel__label">Photos</legend>
        <label className="filter-panel__check">
          <input type="checkbox" checked={!advancedLocked && draft.hasPhoto} disabled={advancedLocked} onChange={(e) => update('hasPhoto', e.target.checked)} />
          <span>Only members with a photo</span>
        </label>
        {advancedLocked ? <UpgradeLock feature="Has photo" /> : null}
      </fieldset>

      <div className="filter-panel__actions">
        <Button
          variant="ghost"
          onClick={() => {
            setDraft(DEFAULT_FILTERS);
            onReset();
          }}
        >
          Reset All
        </Button>
        <Button
          onClick={() =>
            onApply(advancedLocked ? withoutPremium(draft) : draft)
          }
        >
          Apply Filters
        </Button>
      </div>
    </section>
  );
}
