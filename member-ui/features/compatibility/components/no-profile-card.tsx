import { Link } from '@tanstack/react-router';
import UserRound from 'lucide-react/icons/user-round';
import { paths } from '../../../lib/paths';

/** A member without a profile has no chart to match. */
export function NoProfileCard() {
  return (
    <section className="card premium-feature" aria-labelledby="no-profile-title">
      <span className="premium-feature__icon" aria-hidden="true">
        <UserRound size={22} />
      </span>
      <h2 id="no-profile-title" className="premium-feature__title">
        Create your profile first
      </h2>
      <p className="premium-feature__text">
        Kundali matching needs a profile with complete astrological details: your date, time and place of birth.
      </p>
      <Link to={paths.createProfile} className="btn btn--primary btn--md btn--block">
        Create Your Profile
      </Link>
    </section>
  );
}
