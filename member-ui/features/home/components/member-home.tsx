import { Link } from '@tanstack/react-router';
import UserRoundPlus from 'lucide-react/icons/user-round-plus';
import Users from 'lucide-react/icons/users';
import type { SessionUser } from '../../../../contracts/auth';
import { Badge } from '../../../components/ui/badge';
import { cn } from '../../../components/ui/cn';
import { firstName } from '../../../lib/format';
import { useHelperMode } from '../../../lib/helper-mode';
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
  useFirstScreenReplaced();
  // Helper mode: an account helping with a profile (a father helping his son) works on the candidate's matches here.
  const mode = useHelperMode();
  const helping = mode.helping;
  // Whether it acts for someone is known only once the helped list is in: no welcome to the helper's own plan before.
  usePremiumWelcome(user, helping !== null || !mode.settled);
  const candidate = helping ? { profileId: helping.profileId, name: helping.candidateName ?? 'them' } : null;
  return (
    <section className="member-home" aria-labelledby="home-title">
      <header className={cn('member-home__greeting', helping && 'member-home__greeting--helping')}>
        <div>
          <p className="member-home__eyebrow">Namaste</p>
          <h1 id="home-title" className="member-home__title">
            Welcome, {firstName(user.fullName)}!
          </h1>
        </div>
        {helping ? (
          // Acting for the candidate, their plan governs: it is the one shown (the helper's own is in Settings).
          <div className="member-home__badges member-home__badges--helping">
            <Badge tone={helping.candidateTier === 'tryme' ? 'neutral' : 'gold'}>
              {candidate?.name}: {TIER_LABELS[helping.candidateTier]}
            </Badge>
          </div>
        ) : (
          <div className="member-home__badges">
            <Badge tone={user.subscriptionTier === 'tryme' ? 'neutral' : 'gold'}>{TIER_LABELS[user.subscriptionTier]}</Badge>
            {user.isFirst500 && user.subscriptionTier !== 'tryme' ? <Badge tone="saffron">Free - First 500</Badge> : null}
          </div>
        )}
      </header>

      {helping ? null : <TierBanner user={user} />}

      {helping ? (
        <Link to={paths.family} className="home-cta">
          <Users size={22} aria-hidden="true" />
          <span>
            <strong>
              Helping {helping.candidateName ?? 'your family member'} as their {helping.relation}
            </strong>
            <span className="home-cta__text">Their family, suggestions and the family thread are in Family.</span>
          </span>
        </Link>
      ) : null}
      {/* Only an account that helps with no profile and has none is asked to make its own. */}
      {user.profileId === null && !mode.pending && mode.profiles.length === 0 ? (
        <Link to={paths.createProfile} className="home-cta">
          <UserRoundPlus size={22} aria-hidden="true" />
          <span>
            <strong>Create your profile</strong>
            <span className="home-cta__text">Members with a complete profile receive far more interest.</span>
          </span>
        </Link>
      ) : null}

      <FeaturedMatches actingFor={candidate?.profileId ?? null} />
      <DailyMatches userId={user.id} helping={candidate} />
      {!helping && user.subscriptionTier === 'tryme' ? <PremiumPromoCard /> : null}
      <SuccessStory />
    </section>
  );
}
