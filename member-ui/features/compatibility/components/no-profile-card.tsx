import { Link } from '@tanstack/react-router';
import UserRound from 'lucide-react/icons/user-round';
import { paths } from '../../../lib/paths';
import { useT } from '../../../i18n/use-t';

/** A member without a profile has no chart to match. */
export function NoProfileCard() {
  const t = useT();
  return (
    <section className="card premium-feature" aria-labelledby="no-profile-title">
      <span className="premium-feature__icon" aria-hidden="true">
        <UserRound size={22} />
      </span>
      <h2 id="no-profile-title" className="premium-feature__title">
        {t('kundali.noProfileTitle')}
      </h2>
      <p className="premium-feature__text">
        {t('kundali.noProfileText')}
      </p>
      <Link to={paths.createProfile} className="btn btn--primary btn--md btn--block">
        {t('kundali.createProfile')}
      </Link>
    </section>
  );
}
