import { Link } from '@tanstack/react-router';
import Crown from 'lucide-react/icons/crown';
import { paths } from '../../../lib/paths';

/** Shown to tryme members in place of the AI analysis. */
export function PremiumFeatureCard() {
  return (
    <section className="card premium-feature" aria-labelledby="premium-feature-title">
      <span className="premium-feature__icon" aria-hidden="true">
        <Crown size={22} />
      </span>
      <h2 id="premium-feature-title" className="premium-feature__title">
        Premium Feature
      </h2>
      <p className="premium-feature__text">
        AI-powered Kundali analysis looks beyond the 36 gunas: planetary harmony, dasha periods, spiritual connection and
        auspicious timing, with a written reading of both charts. Available on Premium and Elite.
      </p>
      <Link to={paths.subscription} className="btn btn--primary btn--md btn--block">
        Upgrade Now
      </Link>
    </section>
  );
}
