import Crown from 'lucide-react/icons/crown';
import Gem from 'lucide-react/icons/gem';
import type { SessionUser } from '../../../../contracts/auth';
import { useT } from '../../../i18n/use-t';

const TIER_TEXT = {
  premium: { title: 'tier.premiumMember', text: 'tier.premiumText' },
  elite: { title: 'tier.eliteMember', text: 'tier.eliteText' },
} as const;

/** Gold banner for premium and elite members. */
export function TierBanner({ user }: { user: SessionUser }) {
  const t = useT();
  if (user.subscriptionTier === 'tryme') return null;
  const Icon = user.subscriptionTier === 'elite' ? Gem : Crown;
  return (
    <div className="tier-banner" role="note">
      <Icon size={22} aria-hidden="true" className="tier-banner__icon" />
      {user.isFirst500 ? (
        <p className="tier-banner__text">
          <strong>{t('tier.freeTitle')}</strong> {t('tier.freeText', { count: 500 })}
        </p>
      ) : (
        <p className="tier-banner__text">
          <strong>{t(TIER_TEXT[user.subscriptionTier].title)}</strong> {t(TIER_TEXT[user.subscriptionTier].text)}
        </p>
      )}
    </div>
  );
}
