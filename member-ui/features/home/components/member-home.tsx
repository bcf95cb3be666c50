import { Link } from '@tanstack/react-router';
import UserRoundPlus from 'lucide-react/icons/user-round-plus';
import Users from 'lucide-react/icons/users';
import type { SessionUser } from '../../../../contracts/auth';
import { Badge } from '../../../components/ui/badge';
import { firstName } from '../../../lib/format';
import { useHelpedProfiles } from '../../../lib/helped-profiles';
import { paths } from '../../../lib/paths';
import { DailyMatches } from './daily-matches';
import { FeaturedMatches } from './featured-matches';
import { PremiumPromoCard } from './premium-promo-card';
import { SuccessStory } from './success-story-card';
import { TierBanner } from './tier-banner';
import { TIER_LABELS } from '../../../../contracts/tiers';
import { usePremiumWelcome } from './use-premium-welcome';
import { useFirstScreenReplaced } from '../../../app/layout/first-screen';

/** The member dashboard. */
export function MemberHome({ user }: { user: SessionUser }) {
  usePremiumWelcome(user);
  useFirstScreenReplaced();
  // A family member's own account (a mother helping her son) has no profile: home leads to the one they help with.
  const helped = useHelpedProfiles(user.profileId === null);
  const helping = user.profileId === null ? (helped.data ?? []) : [];
  return (
    <section className="member-home" aria-labelledby="home-title">
      <header className="member-home__greeting">
        <div>
          <p className="member-home__eyebrow">Namaste</p>
          <h1 id="home-title" className="member-home__title">
            Welcome, {firstName(user.fullName)}!
          </h1>
        </div>
        <div className="member-home__badges">
          <Badge tone={user.subscriptionTier === 'tryme' ? 'neutral' : 'gold'}>{TIER_LABELS[user.subscriptionTier]}</Badge>
          {user.isFirst500 && user.subscriptionTier !== 'tryme' ? <Badge tone="saffron">Free - First 500</Badge> : null}
        </div>
      </header>

      <TierBanner user={user} />

      {helping.map((h) => (
        <Link key={h.profileId} to={paths.family} className="home-cta">
          <Users size={22} aria-hidden="true" />
          <span>
            <strong>
              Helping {h.candidateName ?? 'your family member'} as their {h.relation}
            </strong>
            <span className="home-cta__text">Suggest matches, and write or like for them as they allow, from Family.</span>
          </span>
        </Link>
      ))}
      {user.profileId === null && !helped.isPending && helping.length === 0 ? (
        <Link to={paths.createProfile} className="home-cta">
          <UserRoundPlus size={22} aria-hidden="true" />
          <span>
            <strong>Create your profile</strong>
            <span className="home-cta__text">Members with a complete profile receive far more interest.</span>
          </span>
        </Link>
      ) : null}

      <FeaturedMatches />
      <DailyMatches userId={user.id} />
      {user.subscriptionTier === 'tryme' ? <PremiumPromoCard /> : null}
      <SuccessStory />
    </section>
  );
}
