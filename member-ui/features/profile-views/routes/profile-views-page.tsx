import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import Eye from 'lucide-react/icons/eye';
import Lock from 'lucide-react/icons/lock';
import { AlertBanner } from '../../../components/ui/alert-banner';
import { Button } from '../../../components/ui/button';
import { MatchBadge } from '../../../components/ui/match-badge';
import { Page } from '../../../components/ui/page';
import { ProfileThumb } from '../../../components/ui/profile-thumb';
import { Spinner } from '../../../components/ui/spinner';
import { groupedThousands } from '../../../lib/format';
import { hrefs, paths } from '../../../lib/paths';
import { useSessionUser } from '../../../lib/session';
import { profileViewersQueryOptions } from '../api/profile-views';
import { useT } from '../../../i18n/use-t';

/**
 * /profile-views, "Who viewed me": on a paid plan each viewer, newest first; on the free plan how many, and what
 * Premium shows (docs/tiers-and-limits.md). Members the member may not see are never listed or counted.
 */
export function ProfileViewsPage() {
  const user = useSessionUser();
  const viewers = useQuery({ ...profileViewersQueryOptions(user?.id ?? 0), enabled: Boolean(user) });
  const t = useT();
  const counted = (count: number) => ({ count, number: groupedThousands(count) });
  if (!user) return null;
  return (
    <Page title={t('title.profile-views')} subtitle={t('views.subtitle')} className="profile-views-page">
      {viewers.isPending ? (
        <div role="status" aria-label={t('views.loading')}>
          <Spinner />
        </div>
      ) : viewers.isError ? (
        <AlertBanner>
          {t('views.loadFailed')}{' '}
          <button type="button" className="text-link" onClick={() => void viewers.refetch()}>
            {t('views.tryAgain')}
          </button>
        </AlertBanner>
      ) : viewers.data.viewers === null ? (
        <div className="card empty-state">
          <Lock size={32} aria-hidden="true" className="empty-state__icon" />
          <h2 className="empty-state__title">
            {viewers.data.count === 0 ? t('views.none') : t('views.count', counted(viewers.data.count))}
          </h2>
          <p className="empty-state__text">{t('views.lockedText')}</p>
          <Link to={paths.subscription} className="btn btn--primary btn--md">
            {t('promo.upgrade')}
          </Link>
        </div>
      ) : viewers.data.viewers.length === 0 ? (
        <div className="card empty-state">
          <Eye size={36} aria-hidden="true" className="empty-state__icon" />
          <h2 className="empty-state__title">{t('views.none')}</h2>
          <p className="empty-state__text">{t('views.emptyText')}</p>
        </div>
      ) : (
        <>
          <p className="search-results__count">{t('views.countNewest', counted(viewers.data.count))}</p>
          <ul className="result-list" aria-label={t('views.listLabel')}>
            {viewers.data.viewers.map((viewer) => (
              <li key={viewer.id} className="result-card">
                <ProfileThumb src={viewer.photos[0]} name={viewer.fullName} className="result-card__photo" />
                <div className="result-card__body">
                  <h2 className="result-card__name">
                    {viewer.fullName}
                    {viewer.age ? <span className="result-card__age">, {viewer.age}</span> : null}
                  </h2>
                  <div className="result-card__badges">
                    <MatchBadge percentage={viewer.matchPercentage} />
                  </div>
                  <p className="result-card__meta result-card__meta--muted">
                    <span className="result-card__meta-text">{t('views.viewedOn', { date: new Date(viewer.viewedAt) })}</span>
                  </p>
                  <div className="result-card__actions">
                    <Button asChild size="sm" variant="outline">
                      <Link to={hrefs.profileView(viewer.id)} aria-label={t('search.viewProfileOf', { name: viewer.fullName })}>
                        {t('search.viewProfile')}
                      </Link>
                    </Button>
                  </div>
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
    </Page>
  );
}
