import * as Slider from 'radix-ui/slider';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import {
  AGE_MAX,
  AGE_MIN,
  DEFAULT_FILTERS,
  type ProfileTypeFilter,
  type SearchFilters,
  type VerifiedFilter,
} from '../api/search';
import { type Choice, ChoiceGroup } from './choice-group';
import { LocationPicker } from './location-picker';
import { UpgradeLock } from './upgrade-lock';

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
            onApply(advancedLocked ? { ...draft, profileType: 'all', verified: 'all' } : draft)
          }
        >
          Apply Filters
        </Button>
      </div>
    </section>
  );
}
