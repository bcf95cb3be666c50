import { Link } from '@tanstack/react-router';
import Compass from 'lucide-react/icons/compass';
import { usePageTitle } from '../../lib/page-title';
import { paths } from '../../lib/paths';
import { NOT_FOUND_TITLE } from '../routing/page-titles';
import { useT } from '../../i18n/use-t';

export function NotFoundPage() {
  const t = useT();
  usePageTitle(t(NOT_FOUND_TITLE));
  return (
    <section className="state-screen" aria-labelledby="not-found-title">
      <Compass className="state-screen__icon" size={48} aria-hidden="true" />
      <h1 id="not-found-title" className="state-screen__title">
        {t('notFound.title')}
      </h1>
      <p className="state-screen__text">{t('notFound.text')}</p>
      <Link to={paths.home} className="btn btn--primary btn--md">
        {t('notFound.goHome')}
      </Link>
    </section>
  );
}
