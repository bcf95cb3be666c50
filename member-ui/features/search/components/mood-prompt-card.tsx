import { useQuery } from '@tanstack/react-query';
import X from 'lucide-react/icons/x';
import * as Slider from 'radix-ui/slider';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast';
import { MOOD_DESCRIPTION_MIN, MOOD_INTENSITY, shouldPromptQueryOptions, useRecordPromptMood } from '../api/mood-prompt';
import { useT } from '../../../i18n/use-t';

/** "How are you feeling today?", shown only when the server asks for it. */
export function MoodPromptCard({ userId }: { userId: number }) {
  const shouldPrompt = useQuery(shouldPromptQueryOptions(userId));
  const [dismissed, setDismissed] = useState(false);
  const [description, setDescription] = useState('');
  const [intensity, setIntensity] = useState<number>(MOOD_INTENSITY.initial);
  const record = useRecordPromptMood(userId);
  const descriptionId = useId();
  const t = useT();

  if (dismissed || shouldPrompt.data !== true) return null;

  const tooShort = description.trim().length < MOOD_DESCRIPTION_MIN;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (tooShort) {
      toast({ title: t('moodPrompt.tooShort'), description: t('moodPrompt.tooShortText'), variant: 'destructive' });
      return;
    }
    record.mutate(
      { description: description.trim(), intensity },
      {
        onSuccess: () => {
          setDescription('');
          setIntensity(MOOD_INTENSITY.initial);
          setDismissed(true);
          toast({ title: t('moodPrompt.recorded'), description: t('moodPrompt.recordedText'), variant: 'success' });
        },
        onError: () => toast({ title: t('moodPrompt.failed'), description: t('moodPrompt.failedText'), variant: 'destructive' }),
      },
    );
  }

  return (
    <section className="mood-prompt" aria-labelledby={`${descriptionId}-title`}>
      <div className="mood-prompt__header">
        <h2 id={`${descriptionId}-title`} className="mood-prompt__title">
          {t('moodPrompt.title')}
        </h2>
        <button type="button" className="icon-button" aria-label={t('moodPrompt.close')} onClick={() => setDismissed(true)}>
          <X size={18} aria-hidden="true" />
        </button>
      </div>
      <form className="form" onSubmit={handleSubmit}>
        <div className="field">
          <label htmlFor={descriptionId} className="field__label">
            {t('moodPrompt.describe')}
          </label>
          <textarea
            id={descriptionId}
            className="field__input textarea-input"
            rows={2}
            maxLength={500}
            placeholder={t('moodPrompt.placeholder')}
            value={description}
            onChange={(event) => setDescription(event.target.value)}
          />
        </div>
        <div className="field">
          <span className="field__label filter-panel__label--split">
            <span>{t('moodPrompt.intensity')}</span>
            <span className="filter-panel__value">{intensity}</span>
          </span>
          <Slider.Root
            className="range-slider"
            min={MOOD_INTENSITY.min}
            max={MOOD_INTENSITY.max}
            step={MOOD_INTENSITY.step}
            value={[intensity]}
            onValueChange={(value) => setIntensity(value[0] ?? MOOD_INTENSITY.initial)}
          >
            <Slider.Track className="range-slider__track">
              <Slider.Range className="range-slider__range" />
            </Slider.Track>
            <Slider.Thumb className="range-slider__thumb" aria-label={t('moodPrompt.intensityLabel')} />
          </Slider.Root>
        </div>
        <Button type="submit" disabled={tooShort || record.isPending}>
          {record.isPending ? t('moodPrompt.sharing') : t('moodPrompt.share')}
        </Button>
      </form>
    </section>
  );
}
