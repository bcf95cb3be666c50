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

const people = (n: number) => `${groupedThousands(n)} ${n === 1 ? 'member' : 'members'}`;

const viewedOn = (iso: string) => new Date(iso).toLocaleDateString(undefined, { day: 'numeric', month: 'short' });

/**
 * /profile-views, "Who viewed me": on a paid plan each viewer, newest first; on the free plan how many, and what
 * Premium shows (docs/tiers-and-limits.md). Members the member may not see are never listed or counted.
 */
export function ProfileViewsPage() {
  const user = useSessionUser();
  const viewers = useQuery({ ...profileViewersQueryOptions(user?.id ?? 0), enabled: Boolean(user) });
  if (!user) return null;
  return (
    <Page title="Who viewed me" subtitle="Members who opened your profile." className="profile-views-page">
      {viewers.isPending ? (
        <div role="status" aria-label="Loading who viewed you">
          <Spinner />
        </div>
      ) : viewers.isError ? (
        <AlertBanner>
          Could not load who viewed you.{' '}
          <button type="button" className="text-link" onClick={() => void viewers.refetch()}>
            Try again
          </button>
        </AlertBanner>
      ) : viewers.data.viewers === null ? (
        <div className="card empty-state">
          <Lock size={32} aria-hidden="true" className="empty-state__icon" />
          <h2 className="empty-state__title">
            {viewers.data.count === 0 ? 'No views yet' : `${people(viewers.data.count)} viewed your profile`}
          </h2>
          <p className="empty-state__text">See who they are, and open their profiles, with Premium or Elite.</p>
          <Link to={paths.subscription} className="btn btn--primary btn--md">
            Upgrade
          </Link>
        </div>
      ) : viewers.data.viewers.length === 0 ? (
        <div className="card empty-state">
          <Eye size={36} aria-hidden="true" className="empty-state__icon" />
          <h2 className="empty-state__title">No views yet</h2>
          <p className="empty-state__text">When members open your profile, they appear here.</p>
        </div>
      ) : (
        <>
          <p className="search-results__count">{people(viewers.data.count)} viewed your profile, newest first</p>
          <ul className="result-list" aria-label="Members who viewed your profile">
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
                    <span className="result-card__meta-text">Viewed {viewedOn(viewer.viewedAt)}</span>
                  </p>
                  <div className="result-card__actions">
                    <Button asChild size="sm" variant="outline">
                      <Link to={hrefs.profileView(viewer.id)} aria-label={`View Profile of ${viewer.fullName}`}>
                        View Profile
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
