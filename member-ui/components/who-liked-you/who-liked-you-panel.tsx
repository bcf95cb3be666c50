import { Link } from '@tanstack/react-router';
import Crown from 'lucide-react/icons/crown';
import Heart from 'lucide-react/icons/heart';
import LockKeyhole from 'lucide-react/icons/lock-keyhole';
import MapPin from 'lucide-react/icons/map-pin';
import RefreshCw from 'lucide-react/icons/refresh-cw';
import { useId } from 'react';
import type { SubscriptionTier } from '../../../contracts/enums';
import type { ProfileCardView } from '../../../contracts/views';
import { Button } from '../ui/button';
import { ProfileThumb } from '../ui/profile-thumb';
import { paths } from '../../lib/paths';
import { isUpgradeRequired, useReceivedLikes } from '../../lib/received-likes';
import { useT } from '../../i18n/use-t';
import { placeOf } from '../../i18n/country-label';

/**
 * "See who liked you": premium and elite members see the members who liked their
 * profile; tryme members see a locked card that leads to /subscription. Also locked when the server says so
 * (403 upgradeRequired), e.g. after a paid plan ran out but the cached session still says premium.
 * A section for the profile screen to mount; there is no route of its own.
 */
export function WhoLikedYouPanel({ userId, tier }: { userId: number; tier: SubscriptionTier }) {
  const titleId = useId();
  const t = useT();
  const unlocked = tier !== 'tryme';
  const likes = useReceivedLikes(userId, unlocked);
  const locked = !unlocked || isUpgradeRequired(likes.error);
  const count = !locked && likes.data ? likes.data.length : null;

  return (
    <section className="card who-liked" aria-labelledby={titleId}>
      <header className="who-liked__head">
        <Heart size={18} fill="currentColor" aria-hidden="true" className="who-liked__heart" />
        <h2 id={titleId} className="who-liked__title">
          {t('likes.who.title')}
        </h2>
        {count ? (
          <span className="who-liked__count">
            {count}
            <span className="visually-hidden"> {t('likes.who.members', { count })}</span>
          </span>
        ) : null}
      </header>

      {locked ? (
        <LockedState />
      ) : likes.isPending ? (
        <ul className="who-liked__list" role="status" aria-label={t('likes.who.loading')}>
          {[0, 1, 2].map((i) => (
            <li key={i} className="who-liked__item who-liked__item--skeleton" aria-hidden="true">
              <span className="who-liked__skeleton-photo" />
              <span className="who-liked__skeleton-line" />
            </li>
          ))}
        </ul>
      ) : likes.isError ? (
        <div className="who-liked__state" role="alert">
          <p>{t('likes.who.failed')}</p>
          <Button variant="outline" size="sm" onClick={() => void likes.refetch()}>
            <RefreshCw size={14} aria-hidden="true" />
            {t('error.tryAgain')}
          </Button>
        </div>
      ) : likes.data.length === 0 ? (
        <p className="who-liked__state who-liked__empty">
          {t('likes.who.empty')}
        </p>
      ) : (
        <ul className="who-liked__list" aria-label={t('likes.who.listLabel')}>
          {likes.data.map((profile) => (
            <LikerCard key={profile.id} profile={profile} />
          ))}
        </ul>
      )}
    </section>
  );
}

function LockedState() {
  const t = useT();
  return (
    <div className="who-liked__locked">
      <div className="who-liked__teaser" aria-hidden="true">
        <span className="who-liked__ghost" />
        <span className="who-liked__ghost" />
        <span className="who-liked__ghost" />
        <span className="who-liked__lock">
          <LockKeyhole size={20} />
        </span>
      </div>
      <p className="who-liked__locked-title">{t('likes.who.lockedTitle')}</p>
      <p className="who-liked__locked-text">
        {t('likes.who.lockedText')}
      </p>
      <Button asChild size="sm" className="who-liked__upgrade">
        <Link to={paths.subscription}>
          <Crown size={16} aria-hidden="true" />
          {t('likes.who.upgrade')}
        </Link>
      </Button>
    </div>
  );
}

function LikerCard({ profile }: { profile: ProfileCardView }) {
  // The name the profile is published under: a managed profile's candidate, not the account holder.
  const name = profile.fullName || profile.user?.fullName;
  const t = useT();
  const location = profile.location || placeOf({ city: profile.city, country: profile.country });
  return (
    <li className="who-liked__item">
      <ProfileThumb src={profile.photos[0]} name={name} className="who-liked__photo" />
      <div className="who-liked__body">
        <p className="who-liked__name">
          {name}
          {profile.age !== null ? <span className="who-liked__age">, {profile.age}</span> : null}
        </p>
        {location ? (
          <p className="who-liked__meta">
            <MapPin size={12} aria-hidden="true" />
            <span className="who-liked__place">{location}</span>
          </p>
        ) : null}
        {/* A like given by the member's family for them. */}
        {profile.likedBy ? <p className="who-liked__meta">{t('like.likedBy', { name: profile.likedBy })}</p> : null}
      </div>
      <Link
        to={paths.profileView}
        params={{ id: String(profile.id) }}
        className="btn btn--outline btn--sm who-liked__view"
        aria-label={t('search.viewProfileOf', { name: name ?? '' })}
      >
        {/* One word, so the name beside it has the room on a phone (the link's name still says whose profile). */}
        {t('likes.who.view')}
      </Link>
    </li>
  );
}
