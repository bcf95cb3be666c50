import { Link } from '@tanstack/react-router';
import Check from 'lucide-react/icons/check';
import Crown from 'lucide-react/icons/crown';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { paths } from '../../../lib/paths';

const PREMIUM_FEATURES = [
  'Unlimited messaging',
  'See who liked your profile',
  'Advanced astro-matching and detailed Kundali reports',
  'Advanced search filters: profile type, verified members, mood match',
  'Search priority and priority support',
] as const;

/** Tryme members only: toggles between the promo and the feature list. */
export function PremiumPromoCard() {
  const [showFeatures, setShowFeatures] = useState(false);
  return (
    <section className="promo-card" aria-labelledby="promo-title">
      <div className="promo-card__header">
        <span className="promo-card__icon" aria-hidden="true">
          <Crown size={20} />
        </span>
        <h2 id="promo-title" className="promo-card__title">
          Saathi Premium
        </h2>
      </div>
      {showFeatures ? (
        <ul className="promo-card__features">
          {PREMIUM_FEATURES.map((feature) => (
            <li key={feature}>
              <Check size={16} aria-hidden="true" />
              {feature}
            </li>
          ))}
        </ul>
      ) : (
        <p className="promo-card__text">
          Members on Premium get up to three times more responses. Stand out in search, message without limits
          and see how your stars align with every match.
        </p>
      )}
      <div className="promo-card__actions">
        <Button size="sm" variant="secondary" onClick={() => setShowFeatures((value) => !value)} aria-expanded={showFeatures}>
          {showFeatures ? 'Show Promo' : 'Learn More'}
        </Button>
        <Button asChild size="sm">
          <Link to={paths.subscription}>Upgrade</Link>
        </Button>
      </div>
    </section>
  );
}
