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
import { usePremiumWelcome } from './use-premium-welcome';
import { useFirstScreenReplaced } from '../../../app/layout/first-screen';
import { useT } from '../../../i18n/use-t';
import { theirRelation } from '../../../lib/family-relations';

/** The member dashboard. */
export function MemberHome({ user }: { user: SessionUser }) {
  useFirstScreenReplaced();
  // Helper mode: an account helping with a profile (a father helping his son) works on the candidate's matches here.
  const mode = useHelperMode();
  const helping = mode.helping;
  const t = useT();
  // Whether it acts for someone is known only once the helped list is in: no welcome to the helper's own plan before.
  usePremiumWelcome(user, helping !== null || !mode.settled);
  const candidate = helping ? { profileId: helping.profileId, name: helping.candidateName ?? t('helper.them') } : null;
  return (
    <section className="member-home" aria-labelledby="home-title">
      <header className={cn('member-home__greeting', helping && 'member-home__greeting--helping')}>
        <div>
          <p className="member-home__eyebrow">{t('home.namaste')}</p>
          <h1 id="home-title" className="member-home__title">
            {t('home.welcome', { name: firstName(user.fullName) })}
          </h1>
        </div>
        {helping ? (
          // Acting for the candidate, their plan governs: it is the one shown (the helper's own is in Settings).
          <div className="member-home__badges member-home__badges--helping">
            <Badge tone={helping.candidateTier === 'tryme' ? 'neutral' : 'gold'}>
              {t('home.candidateTier', { name: candidate?.name ?? '', tier: t(`tier.${helping.candidateTier}`) })}
            </Badge>
          </div>
        ) : (
          <div className="member-home__badges">
            <Badge tone={user.subscriptionTier === 'tryme' ? 'neutral' : 'gold'}>{t(`tier.${user.subscriptionTier}`)}</Badge>
            {user.isFirst500 && user.subscriptionTier !== 'tryme' ? <Badge tone="saffron">{t('home.first500', { count: 500 })}</Badge> : null}
          </div>
        )}
      </header>

      {helping ? null : <TierBanner user={user} />}

      {helping ? (
        <Link to={paths.family} className="home-cta">
          <Users size={22} aria-hidden="true" />
          <span>
            <strong>{t('home.helping', { name: helping.candidateName ?? t('home.familyMember'), relation: theirRelation(helping.relation) })}</strong>
            <span className="home-cta__text">{t('home.helpingText')}</span>
          </span>
        </Link>
      ) : null}
      {/* Only an account that helps with no profile and has none is asked to make its own. */}
      {user.profileId === null && !mode.pending && mode.profiles.length === 0 ? (
        <Link to={paths.createProfile} className="home-cta">
          <UserRoundPlus size={22} aria-hidden="true" />
          <span>
            <strong>{t('home.createProfile')}</strong>
            <span className="home-cta__text">{t('home.createProfileText')}</span>
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
