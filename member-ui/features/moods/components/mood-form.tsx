import { useQuery } from '@tanstack/react-query';
import Lock from 'lucide-react/icons/lock';
import { useState } from 'react';
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
import { DEFAULT_INTENSITY, intensityWord, MOOD_CATEGORIES, type MoodCategory, moodTypeName, moodTypeText } from '../lib/mood-format';
import { translate } from '../../../i18n/translate';
import { useT } from '../../../i18n/use-t';
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
  const t = useT();

  const showDetails = selected !== null && selected.category === category;

  function submit() {
    if (!selected) {
      toast({ title: translate('moods.selectMood'), description: translate('moods.selectMoodText'), variant: 'destructive' });
      return;
    }
    const trimmed = note.trim();
    record.mutate(
      { moodTypeId: selected.id, intensity, isPrivate: sharing && isPrivate, ...(trimmed ? { note: trimmed } : {}) },
      {
        onSuccess: () => {
          toast({ title: translate('moodPrompt.recorded'), description: translate('moodPrompt.recordedText'), variant: 'success' });
          setSelected(null);
          setNote('');
          setIntensity(DEFAULT_INTENSITY);
        },
        onError: (error) =>
          toast({
            title: translate('moods.recordFailed'),
            description: (isApiError(error) && error.serverMessage) || error.message,
            variant: 'destructive',
          }),
      },
    );
  }

  return (
    <section className="card mood-form" aria-labelledby="mood-form-title">
      <h2 id="mood-form-title" className="mood-card__title">
        {t('moods.formTitle')}
      </h2>
      <p className="mood-card__subtitle">{t('moods.formSubtitle')}</p>

      <Tabs value={category} onValueChange={(value) => setCategory(value as MoodCategory)} className="tabs mood-form__tabs">
        <TabsList aria-label={t('moods.categories')} className="mood-form__categories">
          {MOOD_CATEGORIES.map((c) => (
            <TabsTrigger key={c.value} value={c.value}>
              {t(c.label)}
            </TabsTrigger>
          ))}
        </TabsList>
        {MOOD_CATEGORIES.map((c) => (
          <TabsContent key={c.value} value={c.value}>
            {types.isPending ? (
              <div className="mood-form__loading">
                <Spinner />
                <span>{t('moods.loadingMoods')}</span>
              </div>
            ) : types.isError ? (
              <p className="mood-empty" role="alert">
                {t('moods.moodsFailed')} {types.error.message}
              </p>
            ) : (
              <fieldset className="mood-tiles" aria-label={t('moods.categoryMoods', { category: t(c.label) })}>
                {types.data
                  .filter((type) => type.category === c.value)
                  .map((type) => (
                    <button
                      key={type.id}
                      type="button"
                      className={cn('mood-tile', selected?.id === type.id && 'mood-tile--selected')}
                      aria-pressed={selected?.id === type.id}
                      title={moodTypeText(type.name, type.description)}
                      onClick={() => setSelected(type)}
                    >
                      <span className="mood-tile__icon" aria-hidden="true">
                        {type.icon}
                      </span>
                      <span className="mood-tile__name">{moodTypeName(type.name)}</span>
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
              <span className="field__label">{t('moods.intensityOf', { value: intensity })}</span>
              <span className="mood-form__intensity-label">{intensityWord(intensity)}</span>
            </div>
            <LevelSlider label={t('moodPrompt.intensity')} value={intensity} onChange={setIntensity} valueText={intensityWord(intensity) ?? undefined} />
          </div>
          <TextAreaField
            label={t('moods.noteOptional')}
            hint={t('moods.noteHint')}
            placeholder={t('moods.notePlaceholder', { mood: moodTypeName(selected.name).toLocaleLowerCase() })}
            value={note}
            maxLength={500}
            onChange={(event) => setNote(event.target.value)}
          />
          {sharing ? (
            <LabelledSwitch
              label={t('moods.keepPrivate')}
              hint={t('moods.keepPrivateHint')}
              checked={isPrivate}
              onCheckedChange={setIsPrivate}
            />
          ) : (
            <p className="mood-form__private-note">
              <Lock size={14} aria-hidden="true" />
              {t('moods.sharingOffThis')}
            </p>
          )}
        </div>
      ) : null}

      <Button block onClick={submit} disabled={record.isPending}>
        {record.isPending ? <Spinner size={18} /> : null}
        {t('moods.record')}
      </Button>
    </section>
  );
}
