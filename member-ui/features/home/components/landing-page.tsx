import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import Gift from 'lucide-react/icons/gift';
import Earth from 'lucide-react/icons/earth';
import HeartHandshake from 'lucide-react/icons/heart-handshake';
import Play from 'lucide-react/icons/play';
import Smartphone from 'lucide-react/icons/smartphone';
import Sparkles from 'lucide-react/icons/sparkles';
import Users from 'lucide-react/icons/users';
import { useFirstScreenReplaced } from '../../../app/layout/first-screen';
import { Button } from '../../../components/ui/button';
import { LanguageSwitch } from '../../../i18n/language-switch';
import { useT } from '../../../i18n/use-t';
import { siteFigure } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { siteFiguresQueryOptions } from '../api/site-figures';

const STATS = [
  { key: 'matches', label: 'landing.statMatches', icon: HeartHandshake },
  { key: 'countries', label: 'landing.statCountries', icon: Earth },
  { key: 'successStories', label: 'landing.statStories', icon: Users },
] as const;

/** What a visitor sees at "/". */
export function LandingPage() {
  // The server paints this page for a visitor who has seen the walkthrough (server/services/first-screen.ts).
  useFirstScreenReplaced();
  const figures = useQuery(siteFiguresQueryOptions());
  const t = useT();
  // Real counts only, each once it reaches 10 (the server says which): never a number written here.
  const stats = STATS.flatMap((stat) => {
    const figure = figures.data?.[stat.key];
    return typeof figure === 'number' ? [{ ...stat, value: siteFigure(figure) }] : [];
  });
  return (
    <section className="landing" aria-labelledby="landing-title">
      <div className="landing__hero">
        <p className="landing__eyebrow">
          <Sparkles size={14} aria-hidden="true" />
          {t('landing.eyebrow')}
        </p>
        <h1 id="landing-title" className="landing__title">
          {t('landing.title')}
        </h1>
        <p className="landing__text">{t('landing.text')}</p>
      </div>

      <div className="landing__offer" role="note" aria-labelledby="landing-offer-title">
        <span className="landing__offer-icon" aria-hidden="true">
          <Gift size={22} />
        </span>
        <div>
          <p className="landing__offer-tag">{t('landing.offerTag')}</p>
          <h2 id="landing-offer-title" className="landing__offer-title">
            {t('landing.offerTitle')}
          </h2>
          <p className="landing__offer-text">{t('landing.offerText', { count: 500 })}</p>
        </div>
      </div>

      <LanguageSwitch />

      <div className="landing__actions">
        <Button asChild block>
          <Link to={paths.register}>{t('landing.createAccount')}</Link>
        </Button>
        <Button asChild block variant="outline">
          <Link to={paths.login}>{t('landing.login')}</Link>
        </Button>
      </div>

      {stats.length ? (
        <ul className="landing__stats" aria-label={t('landing.statsLabel')}>
          {stats.map(({ value, label, icon: Icon }) => (
            <li key={label} className="landing__stat">
              <Icon size={20} aria-hidden="true" className="landing__stat-icon" />
              <span className="landing__stat-value">{value}</span>
              <span className="landing__stat-label">{t(label)}</span>
            </li>
          ))}
        </ul>
      ) : null}

      <section className="landing__apps" aria-labelledby="landing-apps-title">
        <h2 id="landing-apps-title" className="landing__section-title">
          {t('landing.appsTitle')}
        </h2>
        <p className="landing__apps-text">{t('landing.appsText')}</p>
        <ul className="app-tiles">
          <li className="app-tile">
            <Smartphone size={26} aria-hidden="true" />
            <span className="app-tile__text">
              <span className="app-tile__small">{t('landing.appStoreSmall')}</span>
              <span className="app-tile__store">App Store</span>
            </span>
            <span className="app-tile__soon">{t('landing.comingSoon', { platform: 'iOS' })}</span>
          </li>
          <li className="app-tile">
            <Play size={24} aria-hidden="true" />
            <span className="app-tile__text">
              <span className="app-tile__small">{t('landing.playSmall')}</span>
              <span className="app-tile__store">Google Play</span>
            </span>
            <span className="app-tile__soon">{t('landing.comingSoon', { platform: 'Android' })}</span>
          </li>
        </ul>
      </section>

      <p className="landing__footer">
        <Link to={paths.about} className="text-link">
          {t('landing.about')}
        </Link>
        <span aria-hidden="true">·</span>
        <Link to={paths.help} className="text-link">
          {t('landing.help')}
        </Link>
        <span aria-hidden="true">·</span>
        <Link to={paths.privacyPolicy} className="text-link">
          {t('landing.privacy')}
        </Link>
        <span aria-hidden="true">·</span>
        <Link to={paths.terms} className="text-link">
          {t('landing.terms')}
        </Link>
      </p>
    </section>
  );
}
