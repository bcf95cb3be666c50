import { Link } from '@tanstack/react-router';
import Check from 'lucide-react/icons/check';
import Crown from 'lucide-react/icons/crown';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { paths } from '../../../lib/paths';
import { useT } from '../../../i18n/use-t';

const PREMIUM_FEATURES = ['promo.messaging', 'promo.likes', 'promo.astro', 'promo.filters', 'promo.priority'] as const;

/** Tryme members only: toggles between the promo and the feature list. */
export function PremiumPromoCard() {
  const [showFeatures, setShowFeatures] = useState(false);
  const t = useT();
  return (
    <section className="promo-card" aria-labelledby="promo-title">
      <div className="promo-card__header">
        <span className="promo-card__icon" aria-hidden="true">
          <Crown size={20} />
        </span>
        <h2 id="promo-title" className="promo-card__title">
          {t('promo.title')}
        </h2>
      </div>
      {showFeatures ? (
        <ul className="promo-card__features">
          {PREMIUM_FEATURES.map((feature) => (
            <li key={feature}>
              <Check size={16} aria-hidden="true" />
              {t(feature)}
            </li>
          ))}
        </ul>
      ) : (
        <p className="promo-card__text">{t('promo.text')}</p>
      )}
      <div className="promo-card__actions">
        <Button size="sm" variant="secondary" onClick={() => setShowFeatures((value) => !value)} aria-expanded={showFeatures}>
          {showFeatures ? t('promo.showPromo') : t('promo.learnMore')}
        </Button>
        <Button asChild size="sm">
          <Link to={paths.subscription}>{t('promo.upgrade')}</Link>
        </Button>
      </div>
    </section>
  );
}
