import { Link } from '@tanstack/react-router';
import { HeartHandshake, MessageCircle, Search, UserRound } from 'lucide-react';
import { Badge } from '../../../components/ui/badge';
import { Card } from '../../../components/ui/card';
import { firstName } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useSessionUser } from '../../../lib/session';

const TIER_LABELS = { tryme: 'Tryme', premium: 'Premium', elite: 'Elite' } as const;

/** Member dashboard; the full home (daily matches, stories) arrives with later work. */
export function HomePage() {
  const user = useSessionUser();
  if (!user) return null;
  return (
    <section className="page home" aria-labelledby="home-title">
      <div className="welcome-hero">
        <p className="welcome-hero__eyebrow">Namaste</p>
        <h1 id="home-title" className="welcome-hero__title">
          Welcome, {firstName(user.fullName)}!
        </h1>
        <p className="welcome-hero__text">Your journey to a meaningful match continues here.</p>
        <div className="welcome-hero__badges">
          <Badge tone="gold">{TIER_LABELS[user.subscriptionTier]}</Badge>
          {user.isFirst500 && user.subscriptionTier !== 'tryme' ? <Badge tone="saffron">Free - First 500</Badge> : null}
        </div>
      </div>

      {user.profileId === null ? (
        <Card className="home__cta">
          <h2 className="card__title">Complete your profile</h2>
          <p className="card__text">Members with a complete profile receive far more interest.</p>
          <Link to={paths.createProfile} className="btn btn--primary btn--md">
            Create Profile
          </Link>
        </Card>
      ) : null}

      <nav className="quick-actions" aria-label="Quick actions">
        <Link to={paths.search} className="quick-action">
          <Search aria-hidden="true" />
          <span>Find matches</span>
        </Link>
        <Link to={paths.likedProfiles} className="quick-action">
          <HeartHandshake aria-hidden="true" />
          <span>Liked profiles</span>
        </Link>
        <Link to={paths.messages} className="quick-action">
          <MessageCircle aria-hidden="true" />
          <span>Messages</span>
        </Link>
        <Link to={paths.profile} className="quick-action">
          <UserRound aria-hidden="true" />
          <span>My profile</span>
        </Link>
      </nav>
    </section>
  );
}
