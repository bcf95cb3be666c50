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

/**
 * "See who liked you": premium and elite members see the members who liked their
 * profile; tryme members see a locked card that leads to /subscription. Also locked when the server says so
 * (403 upgradeRequired), e.g. after a paid plan ran out but the cached session still says premium.
 * A section for the profile screen to mount; there is no route of its own.
 */
export function WhoLikedYouPanel({ userId, tier }: { userId: number; tier: SubscriptionTier }) {
  const titleId = useId();
  const unlocked = tier !== 'tryme';
  const likes = useReceivedLikes(userId, unlocked);
  const locked = !unlocked || isUpgradeRequired(likes.error);
  const count = !locked && likes.data ? likes.data.length : null;

  return (
    <section className="card who-liked" aria-labelledby={titleId}>
      <header className="who-liked__head">
        <Heart size={18} fill="currentColor" aria-hidden="true" className="who-liked__heart" />
        <h2 id={titleId} className="who-liked__title">
          Who Liked You
        </h2>
        {count ? (
          <span className="who-liked__count">
            {count}
            <span className="visually-hidden">{count === 1 ? ' member' : ' members'}</span>
          </span>
        ) : null}
      </header>

      {locked ? (
        <LockedState />
      ) : likes.isPending ? (
        <ul className="who-liked__list" role="status" aria-label="Loading who liked you">
          {[0, 1, 2].map((i) => (
            <li key={i} className="who-liked__item who-liked__item--skeleton" aria-hidden="true">
              <span className="who-liked__skeleton-photo" />
              <span className="who-liked__skeleton-line" />
            </li>
          ))}
        </ul>
      ) : likes.isError ? (
        <div className="who-liked__state" role="alert">
          <p>Failed to fetch who liked you</p>
          <Button variant="outline" size="sm" onClick={() => void likes.refetch()}>
            <RefreshCw size={14} aria-hidden="true" />
            Try Again
          </Button>
        </div>
      ) : likes.data.length === 0 ? (
        <p className="who-liked__state who-liked__empty">
          No likes yet. Members who like your profile will appear here — a complete profile with photos gets noticed
          sooner.
        </p>
      ) : (
        <ul className="who-liked__list" aria-label="Members who liked your profile">
          {likes.data.map((profile) => (
            <LikerCard key={profile.id} profile={profile} />
          ))}
        </ul>
      )}
    </section>
  );
}

function LockedState() {
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
      <p className="who-liked__locked-title">See who liked your profile</p>
      <p className="who-liked__locked-text">
        Upgrade to Premium or Elite to see every member who liked you and like them back.
      </p>
      <Button asChild size="sm" className="who-liked__upgrade">
        <Link to={paths.subscription}>
          <Crown size={16} aria-hidden="true" />
          Upgrade to see who liked you
        </Link>
      </Button>
    </div>
  );
}

function LikerCard({ profile }: { profile: ProfileCardView }) {
  // The name the profile is published under: a managed profile's candidate, not the account holder.
  const name = profile.fullName || profile.user?.fullName;
  const location = profile.location || [profile.city, profile.country].filter(Boolean).join(', ');
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
        {profile.likedBy ? <p className="who-liked__meta">Liked by {profile.likedBy}</p> : null}
      </div>
      <Link
        to={paths.profileView}
        params={{ id: String(profile.id) }}
        className="btn btn--outline btn--sm who-liked__view"
        aria-label={`View Profile of ${name}`}
      >
        {/* One word, so the name beside it has the room on a phone (the link's name still says whose profile). */}
        View
      </Link>
    </li>
  );
}
