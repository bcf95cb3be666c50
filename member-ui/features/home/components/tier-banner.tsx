import Crown from 'lucide-react/icons/crown';
import Gem from 'lucide-react/icons/gem';
import type { SessionUser } from '../../../../contracts/auth';

const TIER_TEXT = {
  premium: {
    title: 'Premium Member',
    text: 'Unlimited messaging, advanced filters and detailed Kundali matching are yours.',
  },
  elite: {
    title: 'Elite Member',
    text: 'Weekly profile boosts, personalised recommendations and your dedicated advisor are ready.',
  },
} as const;

/** Gold banner for premium and elite members. */
export function TierBanner({ user }: { user: SessionUser }) {
  if (user.subscriptionTier === 'tryme') return null;
  const Icon = user.subscriptionTier === 'elite' ? Gem : Crown;
  return (
    <div className="tier-banner" role="note">
      <Icon size={22} aria-hidden="true" className="tier-banner__icon" />
      {user.isFirst500 ? (
        <p className="tier-banner__text">
          <strong>Free Premium Membership:</strong> You're one of our first 500 users! Enjoy free premium features
          for 1 year.
        </p>
      ) : (
        <p className="tier-banner__text">
          <strong>{TIER_TEXT[user.subscriptionTier].title}:</strong> {TIER_TEXT[user.subscriptionTier].text}
        </p>
      )}
    </div>
  );
}
