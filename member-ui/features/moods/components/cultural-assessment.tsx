import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { CulturalAssessmentView } from '../../../../contracts/views';
import { adaptationBand } from '../../../components/profile/profile-insights';
import { Button } from '../../../components/ui/button';
import { Progress } from '../../../components/ui/progress';
import { Spinner } from '../../../components/ui/spinner';
import { TextAreaField } from '../../../components/ui/textarea-field';
import { toast } from '../../../components/ui/toast';
import { isApiError } from '../../../lib/api-client';
import { culturalAssessmentQueryOptions, useRecordAssessment } from '../api/mood-queries';
import { ASSESSMENT_QUESTIONS, type AssessmentLevelKey, DEFAULT_LEVEL, levelText, questionLabel } from '../lib/cultural-levels';
import { translate } from '../../../i18n/translate';
import { useT } from '../../../i18n/use-t';
import { dateAndTime } from '../lib/mood-format';
import { LevelSlider } from './level-slider';

type Levels = Record<AssessmentLevelKey, number>;

const defaultLevels = (): Levels =>
  Object.fromEntries(ASSESSMENT_QUESTIONS.map((q) => [q.key, DEFAULT_LEVEL])) as Levels;

/** Cultural Adaptation tab: five 1–5 sliders, an optional note, and the last assessment's summary. */
export function CulturalAssessment() {
  const last = useQuery(culturalAssessmentQueryOptions());
  const record = useRecordAssessment();
  const [levels, setLevels] = useState<Levels>(defaultLevels);
  const [note, setNote] = useState('');
  const t = useT();

  function submit() {
    const trimmed = note.trim();
    record.mutate(
      { ...levels, ...(trimmed ? { note: trimmed } : {}) },
      {
        onSuccess: () => {
          toast({ title: translate('moods.assessmentRecorded'), description: translate('moods.assessmentRecordedText'), variant: 'success' });
          setNote('');
        },
        onError: (error) =>
          toast({
            title: translate('moods.assessmentFailed'),
            description: (isApiError(error) && error.serverMessage) || error.message,
            variant: 'destructive',
          }),
      },
    );
  }

  return (
    <div className="mood-stack">
      {last.data ? <LastAssessment assessment={last.data} /> : null}
      <section className="card cultural-form" aria-labelledby="cultural-form-title">
        <h2 id="cultural-form-title" className="mood-card__title">
          {t('moods.tab.cultural')}
        </h2>
        <p className="mood-card__subtitle">{t('moods.assessmentIntro')}</p>
        <div className="cultural-form__questions">
          {ASSESSMENT_QUESTIONS.map((question) => {
            const value = levels[question.key];
            const description = levelText(question.key, value);
            const label = questionLabel(question.key);
            return (
              <div key={question.key} className="cultural-question">
                <div className="cultural-question__head">
                  <span className="field__label">{label}</span>
                  <span className="cultural-question__value">{t('moods.outOfFive', { value })}</span>
                </div>
                <LevelSlider
                  label={label}
                  value={value}
                  valueText={description}
                  onChange={(next) => setLevels((current) => ({ ...current, [question.key]: next }))}
                />
                <p className="cultural-question__description">{description}</p>
              </div>
            );
          })}
        </div>
        <TextAreaField
          label={t('moods.noteOptional')}
          placeholder={t('moods.assessmentPlaceholder')}
          value={note}
          maxLength={500}
          onChange={(event) => setNote(event.target.value)}
        />
        <Button block onClick={submit} disabled={record.isPending}>
          {record.isPending ? <Spinner size={18} /> : null}
          {t('moods.recordAssessment')}
        </Button>
      </section>
    </div>
  );
}

function LastAssessment({ assessment }: { assessment: CulturalAssessmentView }) {
  const band = adaptationBand(assessment.adaptationLevel);
  const t = useT();
  return (
    <section className="card last-assessment" aria-labelledby="last-assessment-title">
      <div className="last-assessment__head">
        <h2 id="last-assessment-title" className="mood-card__title">
          {t('moods.lastAssessment')}
        </h2>
        <time className="last-assessment__date" dateTime={assessment.createdAt}>
          {dateAndTime(assessment.createdAt)}
        </time>
      </div>
      <div className="last-assessment__score">
        <span className="last-assessment__level">{Math.round(assessment.adaptationLevel)}%</span>
        <span className="last-assessment__band">{band}</span>
      </div>
      <Progress value={assessment.adaptationLevel} label={t('moods.adaptationLevel', { band })} />
      <dl className="last-assessment__levels">
        {ASSESSMENT_QUESTIONS.map((question) => (
          <div key={question.key} className="last-assessment__row">
            <dt>{questionLabel(question.key)}</dt>
            <dd>{t('moods.outOfFive', { value: assessment[question.key] })}</dd>
          </div>
        ))}
      </dl>
      {assessment.note ? <p className="last-assessment__note">“{assessment.note}”</p> : null}
    </section>
  );
}
