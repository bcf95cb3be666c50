import { Link } from '@tanstack/react-router';
import Crown from 'lucide-react/icons/crown';
import { paths } from '../../../lib/paths';
import { useT } from '../../../i18n/use-t';

/** Shown to tryme members in place of the AI analysis. */
export function PremiumFeatureCard() {
  const t = useT();
  return (
    <section className="card premium-feature" aria-labelledby="premium-feature-title">
      <span className="premium-feature__icon" aria-hidden="true">
        <Crown size={22} />
      </span>
      <h2 id="premium-feature-title" className="premium-feature__title">
        {t('kundali.premiumTitle')}
      </h2>
      <p className="premium-feature__text">
        {t('kundali.premiumText')}
      </p>
      <Link to={paths.subscription} className="btn btn--primary btn--md btn--block">
        {t('kundali.upgradeNow')}
      </Link>
    </section>
  );
}
