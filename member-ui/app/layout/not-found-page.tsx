import { Link } from '@tanstack/react-router';
import Compass from 'lucide-react/icons/compass';
import { usePageTitle } from '../../lib/page-title';
import { paths } from '../../lib/paths';
import { NOT_FOUND_TITLE } from '../routing/page-titles';

export function NotFoundPage() {
  usePageTitle(NOT_FOUND_TITLE);
  return (
    <section className="state-screen" aria-labelledby="not-found-title">
      <Compass className="state-screen__icon" size={48} aria-hidden="true" />
      <h1 id="not-found-title" className="state-screen__title">
        404 Page Not Found
      </h1>
      <p className="state-screen__text">The page you are looking for does not exist or has moved.</p>
      <Link to={paths.home} className="btn btn--primary btn--md">
        Go Home
      </Link>
    </section>
  );
}
