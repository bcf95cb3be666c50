import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import Gift from 'lucide-react/icons/gift';
import Earth from 'lucide-react/icons/earth';
import HeartHandshake from 'lucide-react/icons/heart-handshake';
import Play from 'lucide-react/icons/play';
import Smartphone from 'lucide-react/icons/smartphone';
import Sparkles from 'lucide-react/icons/sparkles';
import Users from 'lucide-react/icons/users';
import { Button } from '../../../components/ui/button';
import { figureText } from '../../../../contracts/site-figures';
import { paths } from '../../../lib/paths';
import { siteFiguresQueryOptions } from '../api/site-figures';

const STATS = [
  { key: 'matches', label: 'Matches', icon: HeartHandshake },
  { key: 'countries', label: 'Countries', icon: Earth },
  { key: 'successStories', label: 'Success Stories', icon: Users },
] as const;

/** What a visitor sees at "/". */
export function LandingPage() {
  const figures = useQuery(siteFiguresQueryOptions());
  // Real counts only, each once it reaches 10 (the server says which): never a number written here.
  const stats = STATS.flatMap((stat) => {
    const figure = figures.data?.[stat.key];
    return typeof figure === 'number' ? [{ ...stat, value: figureText(figure) }] : [];
  });
  return (
    <section className="landing" aria-labelledby="landing-title">
      <div className="landing__hero">
        <p className="landing__eyebrow">
          <Sparkles size={14} aria-hidden="true" />
          Matrimonial bonds across seas
        </p>
        <h1 id="landing-title" className="landing__title">
          Find Your Perfect Match
        </h1>
        <p className="landing__text">
          Saathi brings together Indians living abroad, and the families who search with them, for marriages
          rooted in shared culture, values and Kundali compatibility — wherever in the world you call home.
        </p>
      </div>

      <div className="landing__offer" role="note" aria-labelledby="landing-offer-title">
        <span className="landing__offer-icon" aria-hidden="true">
          <Gift size={22} />
        </span>
        <div>
          <p className="landing__offer-tag">Launch offer</p>
          <h2 id="landing-offer-title" className="landing__offer-title">
            Free Premium for a year
          </h2>
          <p className="landing__offer-text">
            The first 500 registrations get a free Premium membership for 1 year: unlimited messaging, advanced
            filters and detailed Kundali matching.
          </p>
        </div>
      </div>

      <div className="landing__actions">
        <Button asChild block>
          <Link to={paths.register}>Create Account Now</Link>
        </Button>
        <Button asChild block variant="outline">
          <Link to={paths.login}>Login</Link>
        </Button>
      </div>

      {stats.length ? (
        <ul className="landing__stats" aria-label="Saathi in numbers">
          {stats.map(({ value, label, icon: Icon }) => (
            <li key={label} className="landing__stat">
              <Icon size={20} aria-hidden="true" className="landing__stat-icon" />
              <span className="landing__stat-value">{value}</span>
              <span className="landing__stat-label">{label}</span>
            </li>
          ))}
        </ul>
      ) : null}

      <section className="landing__apps" aria-labelledby="landing-apps-title">
        <h2 id="landing-apps-title" className="landing__section-title">
          Take Saathi with you
        </h2>
        <p className="landing__apps-text">Our mobile apps are on their way to the stores.</p>
        <ul className="app-tiles">
          <li className="app-tile">
            <Smartphone size={26} aria-hidden="true" />
            <span className="app-tile__text">
              <span className="app-tile__small">Download on the</span>
              <span className="app-tile__store">App Store</span>
            </span>
            <span className="app-tile__soon">iOS · Coming soon</span>
          </li>
          <li className="app-tile">
            <Play size={24} aria-hidden="true" />
            <span className="app-tile__text">
              <span className="app-tile__small">Get it on</span>
              <span className="app-tile__store">Google Play</span>
            </span>
            <span className="app-tile__soon">Android · Coming soon</span>
          </li>
        </ul>
      </section>

      <p className="landing__footer">
        <Link to={paths.about} className="text-link">
          About Saathi
        </Link>
        <span aria-hidden="true">·</span>
        <Link to={paths.help} className="text-link">
          Help
        </Link>
        <span aria-hidden="true">·</span>
        <Link to={paths.privacyPolicy} className="text-link">
          Privacy
        </Link>
        <span aria-hidden="true">·</span>
        <Link to={paths.terms} className="text-link">
          Terms
        </Link>
      </p>
    </section>
  );
}
