import ChevronDown from 'lucide-react/icons/chevron-down';
import Lock from 'lucide-react/icons/lock';
import * as Collapsible from 'radix-ui/collapsible';
import * as Slider from 'radix-ui/slider';
import { Switch } from '../../../components/ui/switch';
import { type ReactNode, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import {
  AGE_MAX,
  AGE_MIN,
  type ActiveWithin,
  DEFAULT_FILTERS,
  DEFAULT_MIN_GUNA,
  GUNA_MAX,
  type SearchFilters,
  withoutPremiumFilters,
} from '../api/search';
import { ChoiceGroup } from './choice-group';
import { DistanceField, HeightField } from './distance-height';
import {
  ACTIVE_CHOICES,
  DIET_CHOICES,
  EDUCATION_CHOICES,
  MARITAL_CHOICES,
  MOTHER_TONGUE_CHOICES,
  PROFILE_TYPE_CHOICES,
  RASHI_CHOICES,
  RELIGION_CHOICES,
  RETURN_PLAN_CHOICES,
  VERIFIED_CHOICES,
} from './filter-options';
import { LocationPicker } from './location-picker';
import { MultiChoice } from './multi-choice';
import { UpgradeLock } from './upgrade-lock';

export interface FilterPanelProps {
  initial: SearchFilters;
  /** Tryme members see the premium filters locked. */
  advancedLocked: boolean;
  onApply: (filters: SearchFilters) => void;
  onReset: () => void;
}

/** How many background (free) and premium filters a draft sets: shown on the closed sections. */
function backgroundCount(f: SearchFilters): number {
  return f.religions.length + f.motherTongues.length + f.maritalStatuses.length + (f.minHeightCm !== null || f.maxHeightCm !== null ? 1 : 0);
}
function premiumCount(f: SearchFilters): number {
  return (
    (f.profileType !== 'all' ? 1 : 0) +
    (f.verified !== 'all' ? 1 : 0) +
    (f.hasPhoto ? 1 : 0) +
    f.educations.length +
    f.diets.length +
    f.returnPlans.length +
    (f.activeWithinDays !== 0 ? 1 : 0) +
    (f.minGuna !== null ? 1 : 0) +
    f.rashis.length
  );
}

/** A titled section of the panel that opens and closes, so a phone screen shows only what is being set. */
function Section({
  title,
  summary,
  defaultOpen,
  icon,
  children,
}: {
  title: string;
  summary: string | null;
  defaultOpen: boolean;
  icon?: ReactNode;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(defaultOpen);
  return (
    <Collapsible.Root className="filter-section" open={open} onOpenChange={setOpen}>
      <Collapsible.Trigger className="filter-section__trigger">
        <span className="filter-section__title">
          {icon}
          {title}
        </span>
        {summary ? <span className="filter-section__summary">{summary}</span> : null}
        <ChevronDown size={18} aria-hidden="true" className="filter-section__chevron" />
      </Collapsible.Trigger>
      <Collapsible.Content className="filter-section__content">{children}</Collapsible.Content>
    </Collapsible.Root>
  );
}

function Field({ label, value, children }: { label: string; value?: ReactNode; children: ReactNode }) {
  return (
    <fieldset className="filter-panel__group">
      <legend className={value ? 'filter-panel__label filter-panel__label--split' : 'filter-panel__label'}>
        {value ? (
          <>
            <span>{label}</span>
            <span className="filter-panel__value" aria-live="polite">
              {value}
            </span>
          </>
        ) : (
          label
        )}
      </legend>
      {children}
    </fieldset>
  );
}

const selected = (n: number) => (n > 0 ? `${n} selected` : null);

/** The search filters; values apply together with "Apply Filters". */
export function FilterPanel({ initial, advancedLocked, onApply, onReset }: FilterPanelProps) {
  const [draft, setDraft] = useState<SearchFilters>(advancedLocked ? withoutPremiumFilters(initial) : initial);
  const update = <K extends keyof SearchFilters>(key: K, value: SearchFilters[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));
  const photoId = useId();
  const gunaId = useId();
  const locked = advancedLocked;

  return (
    <section className="filter-panel" id="search-filters" aria-label="Search filters">
      <Field label="Location">
        <LocationPicker value={draft.locations} onChange={(locations) => update('locations', locations)} />
      </Field>

      <Field label="Near">
        <DistanceField near={draft.near} withinKm={draft.withinKm} onChange={(near, withinKm) => setDraft((current) => ({ ...current, near, withinKm }))} />
      </Field>

      <Field label="Age Range" value={`${draft.ageRange[0]} yrs – ${draft.ageRange[1]} yrs`}>
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
      </Field>

      <Section title="Background" summary={selected(backgroundCount(draft))} defaultOpen={backgroundCount(initial) > 0}>
        <Field label="Religion">
          <MultiChoice label="Religion" value={draft.religions} choices={RELIGION_CHOICES} onChange={(v) => update('religions', v)} />
        </Field>
        <Field label="Mother Tongue">
          <MultiChoice
            label="Mother Tongue"
            value={draft.motherTongues}
            choices={MOTHER_TONGUE_CHOICES}
            onChange={(v) => update('motherTongues', v)}
          />
        </Field>
        <Field label="Marital Status">
          <MultiChoice
            label="Marital Status"
            value={draft.maritalStatuses}
            choices={MARITAL_CHOICES}
            onChange={(v) => update('maritalStatuses', v)}
          />
        </Field>
        <Field label="Height">
          <HeightField min={draft.minHeightCm} max={draft.maxHeightCm} onChange={(min, max) => setDraft((current) => ({ ...current, minHeightCm: min, maxHeightCm: max }))} />
        </Field>
      </Section>

      <Section
        title="Premium filters"
        icon={locked ? <Lock size={14} aria-hidden="true" /> : null}
        summary={locked ? 'Premium' : selected(premiumCount(draft))}
        defaultOpen={locked || premiumCount(initial) > 0}
      >
        {locked ? (
          <UpgradeLock text="Profile type, verified, photo, education, diet, return plans, recently active, guna score and rashi are Premium filters." />
        ) : null}
        <fieldset className="filter-panel__premium" disabled={locked}>
          <Field label="Profile Type">
            <ChoiceGroup
              label="Profile Type"
              value={draft.profileType}
              choices={PROFILE_TYPE_CHOICES}
              onChange={(value) => update('profileType', value)}
              disabled={locked}
            />
          </Field>
          <Field label="Verified">
            <ChoiceGroup
              label="Verified"
              value={draft.verified}
              choices={VERIFIED_CHOICES}
              onChange={(value) => update('verified', value)}
              disabled={locked}
            />
          </Field>
          <div className="filter-panel__switch-row">
            <label htmlFor={photoId} className="filter-panel__label">
              With a photo only
            </label>
            <Switch
              id={photoId}
              className="switch"
              checked={draft.hasPhoto}
              disabled={locked}
              onCheckedChange={(on) => update('hasPhoto', on)}
              thumbClassName="switch__thumb"
            />
          </div>
          <Field label="Recently Active">
            <ChoiceGroup
              label="Recently Active"
              value={`${draft.activeWithinDays}`}
              choices={ACTIVE_CHOICES}
              onChange={(value) => update('activeWithinDays', Number(value) as ActiveWithin)}
              disabled={locked}
            />
          </Field>
          <Field label="Education">
            <MultiChoice label="Education" value={draft.educations} choices={EDUCATION_CHOICES} onChange={(v) => update('educations', v)} disabled={locked} />
          </Field>
          <Field label="Diet">
            <MultiChoice label="Diet" value={draft.diets} choices={DIET_CHOICES} onChange={(v) => update('diets', v)} disabled={locked} />
          </Field>
          <Field label="Return to India">
            <MultiChoice
              label="Return to India"
              value={draft.returnPlans}
              choices={RETURN_PLAN_CHOICES}
              onChange={(v) => update('returnPlans', v)}
              disabled={locked}
            />
          </Field>
          <Field label="Rashi (Moon sign)">
            <MultiChoice label="Rashi" value={draft.rashis} choices={RASHI_CHOICES} onChange={(v) => update('rashis', v)} disabled={locked} />
          </Field>
          <div className="filter-panel__group">
            <div className="filter-panel__switch-row">
              <label htmlFor={gunaId} className="filter-panel__label">
                Kundali guna minimum
              </label>
              <Switch
                id={gunaId}
                className="switch"
                checked={draft.minGuna !== null}
                disabled={locked}
                onCheckedChange={(on) => update('minGuna', on ? DEFAULT_MIN_GUNA : null)}
                thumbClassName="switch__thumb"
              />
            </div>
            {draft.minGuna !== null ? (
              <>
                <p className="filter-panel__value" aria-live="polite">
                  Ashtakoot at least {draft.minGuna} of {GUNA_MAX}
                </p>
                <Slider.Root
                  className="range-slider"
                  min={0}
                  max={GUNA_MAX}
                  step={1}
                  value={[draft.minGuna]}
                  onValueChange={(value) => update('minGuna', value[0] ?? DEFAULT_MIN_GUNA)}
                >
                  <Slider.Track className="range-slider__track">
                    <Slider.Range className="range-slider__range" />
                  </Slider.Track>
                  <Slider.Thumb className="range-slider__thumb" aria-label="Minimum guna score" />
                </Slider.Root>
                <p className="filter-panel__hint">Members whose birth details cannot be compared are left out.</p>
              </>
            ) : null}
          </div>
        </fieldset>
      </Section>

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
        <Button onClick={() => onApply(locked ? withoutPremiumFilters(draft) : draft)}>Apply Filters</Button>
      </div>
    </section>
  );
}
