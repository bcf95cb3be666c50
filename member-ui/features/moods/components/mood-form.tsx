import { useQuery } from '@tanstack/react-query';
import Lock from 'lucide-react/icons/lock';
import { useState } from 'react';
import { INTENSITY_LABELS, MOOD_TEXTS } from '../../../../contracts/moods';
import type { MoodTypeView } from '../../../../contracts/views';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { Spinner } from '../../../components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { TextAreaField } from '../../../components/ui/textarea-field';
import { toast } from '../../../components/ui/toast';
import { isApiError } from '../../../lib/api-client';
import { useSessionUser } from '../../../lib/session';
import { moodTypesQueryOptions, useRecordMood } from '../api/mood-queries';
import { useShareMoods } from '../api/mood-sharing';
import { DEFAULT_INTENSITY, MOOD_CATEGORIES, type MoodCategory } from '../lib/mood-format';
import { LevelSlider } from './level-slider';
import { LabelledSwitch } from './private-switch';

/**
 * Current Mood: pick a mood in one of three categories; the intensity, note and privacy
 * controls appear once the selected mood belongs to the visible category. After a successful save the form resets.
 */
export function MoodForm() {
  const types = useQuery(moodTypesQueryOptions());
  const record = useRecordMood();
  const [category, setCategory] = useState<MoodCategory>('general');
  const [selected, setSelected] = useState<MoodTypeView | null>(null);
  const [intensity, setIntensity] = useState(DEFAULT_INTENSITY);
  const [note, setNote] = useState('');
  const [isPrivate, setIsPrivate] = useState(false);
  const user = useSessionUser();
  // The per-mood switch matters only while the member shares moods at all.
  const sharing = useShareMoods(user?.id ?? null) === true;

  const showDetails = selected !== null && selected.category === category;

  function submit() {
    if (!selected) {
      toast({ title: 'Please select a mood', description: MOOD_TEXTS.selectMood, variant: 'destructive' });
      return;
    }
    const trimmed = note.trim();
    record.mutate(
      { moodTypeId: selected.id, intensity, isPrivate: sharing && isPrivate, ...(trimmed ? { note: trimmed } : {}) },
      {
        onSuccess: () => {
          toast({ title: 'Mood recorded', description: 'Your mood has been successfully recorded.', variant: 'success' });
          setSelected(null);
          setNote('');
          setIntensity(DEFAULT_INTENSITY);
        },
        onError: (error) =>
          toast({
            title: 'Failed to record mood',
            description: (isApiError(error) && error.serverMessage) || error.message,
            variant: 'destructive',
          }),
      },
    );
  }

  return (
    <section className="card mood-form" aria-labelledby="mood-form-title">
      <h2 id="mood-form-title" className="mood-card__title">
        How are you feeling?
      </h2>
      <p className="mood-card__subtitle">Choose the mood that fits best right now.</p>

      <Tabs value={category} onValueChange={(value) => setCategory(value as MoodCategory)} className="tabs mood-form__tabs">
        <TabsList aria-label="Mood categories" className="mood-form__categories">
          {MOOD_CATEGORIES.map((c) => (
            <TabsTrigger key={c.value} value={c.value}>
              {c.label}
            </TabsTrigger>
          ))}
        </TabsList>
        {MOOD_CATEGORIES.map((c) => (
          <TabsContent key={c.value} value={c.value}>
            {types.isPending ? (
              <div className="mood-form__loading">
                <Spinner />
                <span>Loading moods…</span>
              </div>
            ) : types.isError ? (
              <p className="mood-empty" role="alert">
                Moods could not be loaded. {types.error.message}
              </p>
            ) : (
              <fieldset className="mood-tiles" aria-label={`${c.label} moods`}>
                {types.data
                  .filter((type) => type.category === c.value)
                  .map((type) => (
                    <button
                      key={type.id}
                      type="button"
                      className={cn('mood-tile', selected?.id === type.id && 'mood-tile--selected')}
                      aria-pressed={selected?.id === type.id}
                      title={type.description ?? undefined}
                      onClick={() => setSelected(type)}
                    >
                      <span className="mood-tile__icon" aria-hidden="true">
                        {type.icon}
                      </span>
                      <span className="mood-tile__name">{type.name}</span>
                    </button>
                  ))}
              </fieldset>
            )}
          </TabsContent>
        ))}
      </Tabs>

      {showDetails ? (
        <div className="mood-form__details">
          <div className="mood-form__intensity">
            <div className="mood-form__intensity-head">
              <span className="field__label">Intensity: {intensity} / 5</span>
              <span className="mood-form__intensity-label">{INTENSITY_LABELS[intensity - 1]}</span>
            </div>
            <LevelSlider label="Intensity" value={intensity} onChange={setIntensity} valueText={INTENSITY_LABELS[intensity - 1]} />
          </div>
          <TextAreaField
            label="Note (optional)"
            hint="Only you see your note."
            placeholder={`What's making you feel ${selected.name.toLowerCase()}?`}
            value={note}
            maxLength={500}
            onChange={(event) => setNote(event.target.value)}
          />
          {sharing ? (
            <LabelledSwitch
              label="Keep this mood private"
              hint="Private moods are left out of mood matching and conversation starters."
              checked={isPrivate}
              onCheckedChange={setIsPrivate}
            />
          ) : (
            <p className="mood-form__private-note">
              <Lock size={14} aria-hidden="true" />
              Mood sharing is off: this mood stays private.
            </p>
          )}
        </div>
      ) : null}

      <Button block onClick={submit} disabled={record.isPending}>
        {record.isPending ? <Spinner size={18} /> : null}
        Record Mood
      </Button>
    </section>
  );
}
