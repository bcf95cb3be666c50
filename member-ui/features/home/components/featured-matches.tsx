import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import BadgeCheck from 'lucide-react/icons/badge-check';
import ChevronRight from 'lucide-react/icons/chevron-right';
import type { ProfileCardView } from '../../../../contracts/views';
import { ProfileThumb } from '../../../components/ui/profile-thumb';
import { NotInterestedButton } from '../../../components/not-interested/not-interested-button';
import { hrefs, paths } from '../../../lib/paths';
import { featuredMatchesQueryOptions } from '../api/matches';
import { HomeSection, SectionError } from './home-section';
import { useT } from '../../../i18n/use-t';
import { translate } from '../../../i18n/translate';
import { countryLabel } from '../../../i18n/country-label';

/** Featured cards show the first photo only and the country as its ISO 3166-1 alpha-2 code (US, GB, AE). */
function FeaturedCard({ profile, helping }: { profile: ProfileCardView; helping: boolean }) {
  const name = profile.fullName || profile.user.fullName;
  const isoCode = profile.countryCode;
  return (
    <li className="featured-card">
      {/* Named by what it shows (photo's alt, name, age, city, country), so the spoken name matches the visible text. */}
      <Link to={hrefs.profileView(profile.id)} className="featured-card__link">
        <ProfileThumb src={profile.photos[0]} name={name} className="featured-card__photo" />
        <span className="featured-card__shade" aria-hidden="true" />
        {isoCode ? (
          <span className="featured-card__country" title={profile.country ? countryLabel(profile.country) : undefined} aria-hidden="true" translate="no">
            {isoCode}
          </span>
        ) : null}
        <span className="featured-card__info">
          <span className="featured-card__name">
            {name.split(' ')[0]}
            {profile.age ? `, ${profile.age}` : ''}
            {profile.user.isVerified ? <BadgeCheck size={14} aria-label={translate('profile.verified')} className="featured-card__verified" /> : null}
          </span>
          {profile.city ? <span className="featured-card__city">{profile.city}</span> : null}
          {profile.country ? <span className="visually-hidden">, {countryLabel(profile.country)}</span> : null}
        </span>
      </Link>
      {helping ? null : <NotInterestedButton profileId={profile.id} name={name} look="icon" className="featured-card__dismiss" />}
    </li>
  );
}

/** Featured members; in helper mode (`actingFor`: the candidate's profile) as the candidate is shown them. */
export function FeaturedMatches({ actingFor = null }: { actingFor?: number | null }) {
  const featured = useQuery(featuredMatchesQueryOptions(actingFor));
  const t = useT();
  return (
    <HomeSection
      id="featured-title"
      title={t('featured.title')}
      action={
        <Link to={paths.search} className="home-section__action">
          {t('featured.seeAll')} <ChevronRight size={16} aria-hidden="true" />
        </Link>
      }
    >
      {featured.isPending ? (
        <ul className="featured-list" aria-busy="true" aria-label={t('featured.loading')}>
          {[0, 1, 2].map((key) => (
            <li key={key} className="featured-card shimmer" />
          ))}
        </ul>
      ) : featured.isError ? (
        <SectionError text={t('featured.error')} onRetry={() => void featured.refetch()} />
      ) : featured.data.length === 0 ? (
        <p className="home-section__empty">{t('featured.empty')}</p>
      ) : (
        <ul className="featured-list" aria-labelledby="featured-title">
          {featured.data.map((profile) => (
            <FeaturedCard key={profile.id} profile={profile} helping={actingFor !== null} />
          ))}
        </ul>
      )}
    </HomeSection>
  );
}
