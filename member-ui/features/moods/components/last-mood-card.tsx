import { useQuery } from '@tanstack/react-query';
import { Badge } from '../../../components/ui/badge';
import { currentMoodQueryOptions } from '../api/mood-queries';
import { categoryLabel, dateAndTime, intensityLabel, moodIcon, moodName } from '../lib/mood-format';
import { useT } from '../../../i18n/use-t';

/** The member's last recorded mood with its date and time (GET /api/moods/current). */
export function LastMoodCard() {
  const current = useQuery(currentMoodQueryOptions());
  const t = useT();
  if (current.isPending || current.isError) return null;
  const mood = current.data;
  return (
    <section className="card last-mood" aria-labelledby="last-mood-title">
      <h2 id="last-mood-title" className="mood-card__title">
        {t('moods.lastMood')}
      </h2>
      {mood ? (
        <div className="last-mood__body">
          <span className="last-mood__icon" aria-hidden="true">
            {moodIcon(mood)}
          </span>
          <div className="last-mood__text">
            <p className="last-mood__name">
              {moodName(mood)}
              {mood.isPrivate ? <Badge tone="neutral">{t('moods.private')}</Badge> : null}
            </p>
            <p className="last-mood__meta">
              {intensityLabel(mood)}
              {mood.moodType ? ` · ${categoryLabel(mood.moodType.category)}` : ''}
            </p>
            <p className="last-mood__time">
              <time dateTime={mood.createdAt}>{dateAndTime(mood.createdAt)}</time>
            </p>
          </div>
        </div>
      ) : (
        <p className="mood-empty">{t('moods.nothingYet')}</p>
      )}
    </section>
  );
}
