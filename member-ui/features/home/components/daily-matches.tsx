import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import BadgeCheck from 'lucide-react/icons/badge-check';
import MapPin from 'lucide-react/icons/map-pin';
import type { ProfileCardView } from '../../../../contracts/views';
import { MatchBadge } from '../../../components/ui/match-badge';
import { ProfileThumb } from '../../../components/ui/profile-thumb';
import { hrefs } from '../../../lib/paths';
import { dailyMatchesQueryOptions } from '../api/matches';
import { HomeSection, SectionError } from './home-section';
import { NotInterestedButton } from '../../../components/not-interested/not-interested-button';
import { useT } from '../../../i18n/use-t';
import { translate } from '../../../i18n/translate';
import { placeOf } from '../../../i18n/country-label';


/** The first row is on screen when home opens (often the largest paint): its photos load at once. */
const EAGER_CARDS = 2;

function DailyCard({ profile, eager = false, helping }: { profile: ProfileCardView; eager?: boolean; helping: boolean }) {
  const name = profile.fullName || profile.user.fullName;
  const place = placeOf(profile);
  return (
    <li className="daily-card">
      <Link to={hrefs.profileView(profile.id)} className="daily-card__link">
        <span className="daily-card__media">
          <ProfileThumb src={profile.photos[0]} name={name} className="daily-card__photo" loading={eager ? 'eager' : 'lazy'} />
          <MatchBadge percentage={profile.matchPercentage} className="daily-card__match" />
        </span>
        <span className="daily-card__body">
          <span className="daily-card__name">
            <span className="daily-card__name-text">{name}</span>
            {profile.age ? <span className="daily-card__age">, {profile.age}</span> : null}
            {profile.user.isVerified ? <BadgeCheck size={14} aria-label={translate('profile.verified')} className="daily-card__verified" /> : null}
          </span>
          {profile.profession ? (
            <span className="daily-card__meta">
              <span className="daily-card__meta-text">{profile.profession}</span>
            </span>
          ) : null}
          {place ? (
            <span className="daily-card__meta">
              <MapPin size={12} aria-hidden="true" />
              <span className="daily-card__meta-text">{place}</span>
            </span>
          ) : null}
          {profile.profileType === 'parent' ? <span className="daily-card__family">{translate('profile.familyManaged')}</span> : null}
        </span>
      </Link>
      {/* Setting a profile aside stays the candidate's own choice: not offered while acting for them. */}
      {helping ? null : <NotInterestedButton profileId={profile.id} name={name} className="daily-card__aside" />}
    </li>
  );
}

/** The member's daily matches; in helper mode (`helping`: the candidate's profile and first name) the candidate's. */
export function DailyMatches({ userId, helping = null }: { userId: number; helping?: { profileId: number; name: string } | null }) {
  const daily = useQuery(dailyMatchesQueryOptions(userId, helping?.profileId ?? null));
  const t = useT();
  return (
    <HomeSection id="daily-title" title={helping ? t('daily.titleFor', { name: helping.name }) : t('daily.title')}>
      {daily.isPending ? (
        <ul className="daily-grid" aria-busy="true" aria-label={t('daily.loading')}>
          {[0, 1, 2, 3].map((key) => (
            <li key={key} className="daily-card daily-card--skeleton">
              <span className="shimmer daily-card__skeleton-photo" />
              <span className="shimmer shimmer--line" />
              <span className="shimmer shimmer--line shimmer--short" />
            </li>
          ))}
        </ul>
      ) : daily.isError ? (
        <SectionError text={t('daily.error')} onRetry={() => void daily.refetch()} />
      ) : daily.data.length === 0 ? (
        <p className="home-section__empty">
          {helping ? t('daily.emptyFor', { name: helping.name }) : t('daily.empty')}
        </p>
      ) : (
        <ul className="daily-grid" aria-labelledby="daily-title">
          {daily.data.map((profile, index) => (
            <DailyCard key={profile.id} profile={profile} eager={index < EAGER_CARDS} helping={helping !== null} />
          ))}
        </ul>
      )}
    </HomeSection>
  );
}
