import { useQuery } from '@tanstack/react-query';
import RefreshCw from 'lucide-react/icons/refresh-cw';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { Spinner } from '../../../components/ui/spinner';
import { useSessionUser } from '../../../lib/session';
import { moodHistoryQueryOptions } from '../api/mood-queries';
import { useShareMoods } from '../api/mood-sharing';
import { categoryLabel, intensityLabel, moodIcon, moodName, moodTime } from '../lib/mood-format';
import { useT } from '../../../i18n/use-t';

/** History tab: the last 30 records, newest first (GET /api/moods/history?limit=30). */
export function MoodHistory() {
  const history = useQuery(moodHistoryQueryOptions());
  const refreshing = history.isFetching;
  const user = useSessionUser();
  const sharing = useShareMoods(user?.id ?? null);
  const t = useT();

  return (
    <section className="card mood-history" aria-labelledby="mood-history-title">
      <div className="mood-history__head">
        <h2 id="mood-history-title" className="mood-card__title">
          {t('moods.historyTitle')}
        </h2>
        <Button variant="ghost" size="sm" onClick={() => void history.refetch()} disabled={refreshing} aria-label={t('moods.refreshHistory')}>
          <RefreshCw size={16} aria-hidden="true" className={cn(refreshing && 'spin')} />
          {t('moods.refresh')}
        </Button>
      </div>

      {sharing === false ? <p className="mood-history__sharing">{t('moods.sharingOffAll')}</p> : null}

      {history.isPending ? (
        <div className="mood-form__loading">
          <Spinner />
          <span>{t('moods.loadingHistory')}</span>
        </div>
      ) : history.isError ? (
        <p className="mood-empty" role="alert">
          {t('moods.historyFailed')} {history.error.message}
        </p>
      ) : history.data.length === 0 ? (
        <div className="mood-empty mood-empty--center">
          <span className="mood-empty__icon" aria-hidden="true">
            📔
          </span>
          <p>{t('moods.noRecords')}</p>
          <p className="mood-empty__hint">{t('moods.noRecordsHint')}</p>
        </div>
      ) : (
        <ul className="mood-history__list" aria-label={t('moods.records')}>
          {history.data.map((record) => (
            <li key={record.id} className="mood-entry">
              <span className="mood-entry__icon" aria-hidden="true">
                {moodIcon(record)}
              </span>
              <div className="mood-entry__body">
                <div className="mood-entry__top">
                  <span className="mood-entry__name">{moodName(record)}</span>
                  {record.isPrivate && sharing ? <Badge tone="neutral">{t('moods.private')}</Badge> : null}
                </div>
                <div className="mood-entry__badges">
                  <Badge tone="saffron">{intensityLabel(record)}</Badge>
                  {record.moodType ? <Badge tone="maroon">{categoryLabel(record.moodType.category)}</Badge> : null}
                </div>
                {record.note ? <p className="mood-entry__note">{record.note}</p> : null}
                <time className="mood-entry__time" dateTime={record.createdAt}>
                  {moodTime(record.createdAt)}
                </time>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
