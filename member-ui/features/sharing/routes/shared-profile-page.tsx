import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import BadgeCheck from 'lucide-react/icons/badge-check';
import Briefcase from 'lucide-react/icons/briefcase';
import CalendarClock from 'lucide-react/icons/calendar-clock';
import Eye from 'lucide-react/icons/eye';
import GraduationCap from 'lucide-react/icons/graduation-cap';
import Link2Off from 'lucide-react/icons/link-2-off';
import MapPin from 'lucide-react/icons/map-pin';
import Sparkles from 'lucide-react/icons/sparkles';
import UserRound from 'lucide-react/icons/user-round';
import UserX from 'lucide-react/icons/user-x';
import Users from 'lucide-react/icons/users';
import { SHARE_MESSAGES } from '../../../../contracts/profile';
import { formatHeight } from '../../../../contracts/profile-basics';
import type { SharedProfileFields } from '../../../../contracts/views';
import { FamilySection } from '../../../components/profile/family-section';
import { humanize } from '../../../components/profile/labels';
import { ageOf, astroOf, birthTimeOf, formatDate, nameWithAge } from '../../../components/profile/profile-format';
import { DetailList, ProfileSection } from '../../../components/profile/profile-section';
import { Badge } from '../../../components/ui/badge';
import { Spinner } from '../../../components/ui/spinner';
import { isApiError } from '../../../lib/api-client';
import { initialOf } from '../../../lib/format';
import { usePageTitle } from '../../../lib/page-title';
import { paths } from '../../../lib/paths';
import { useSession } from '../../../lib/session';
import { sharedProfileQueryOptions } from '../api/shared-profile';

const sharedProfileRoute = getRouteApi('/shared/$shareCode');

/** Public view of a shared profile (anyone holding a valid link, signed in or not). */
export function SharedProfilePage() {
  const { shareCode } = sharedProfileRoute.useParams();
  const shared = useQuery(sharedProfileQueryOptions(shareCode));
  const session = useSession();
  // A visitor's next step waits for the session's answer, so a member never sees "create an account".
  const signedOut = !session.isPending && !session.data;

  if (shared.isPending) {
    return (
      <div className="state-screen" role="status" aria-live="polite">
        <Spinner size={32} />
        <p className="state-screen__text">Loading shared profile...</p>
      </div>
    );
  }

  if (shared.isError) {
    const message = isApiError(shared.error) ? shared.error.serverMessage : undefined;
    const profileGone = message === SHARE_MESSAGES.notFound;
    return (
      <SharedError
        title={profileGone ? 'Profile Not Found' : 'Link Invalid or Expired'}
        text={profileGone ? SHARE_MESSAGES.notFound : (message ?? SHARE_MESSAGES.invalid)}
        icon={profileGone ? UserX : Link2Off}
      />
    );
  }

  const { profile, share } = shared.data;
  if (!profile) return <SharedError title="Profile Not Found" text={SHARE_MESSAGES.notFound} icon={UserX} />;
  return (
    <>
      <SharedProfile profile={profile} accessCount={share.accessCount} expiresAt={share.expiresAt} />
      {signedOut ? <NextStep name={profile.fullName || profile.user?.fullName} shareCode={shareCode} /> : null}
    </>
  );
}

/**
 * What a relative who was sent the link does next, when they are not signed in: make an account (or sign in) and
 * come back to this profile, now as a member who can connect with its family.
 */
function NextStep({ name, shareCode }: { name: string | undefined; shareCode: string }) {
  const first = name?.trim().split(/\s+/)[0];
  const back = `/shared/${shareCode}`;
  return (
    <section className="card shared-next" aria-labelledby="shared-next-title">
      <Users className="shared-next__icon" size={28} aria-hidden="true" />
      <h2 id="shared-next-title" className="shared-next__title">
        {first ? `Create an account to connect with ${first}'s family` : 'Create an account to connect with their family'}
      </h2>
      <p className="shared-next__text">Saathi is free to join. Families search, talk and decide together here.</p>
      <Link to={paths.register} search={{ redirectTo: back }} className="btn btn--primary btn--md btn--block">
        Create Account
      </Link>
      <p className="shared-next__text">
        Already a member?{' '}
        <Link to={paths.login} search={{ redirectTo: back }} className="text-link">
          Log in
        </Link>
      </p>
    </section>
  );
}

function SharedError({ title, text, icon: Icon }: { title: string; text: string; icon: typeof UserX }) {
  return (
    <section className="state-screen" aria-labelledby="shared-error-title">
      <Icon className="state-screen__icon" size={48} aria-hidden="true" />
      <h1 id="shared-error-title" className="state-screen__title">
        {title}
      </h1>
      <p className="state-screen__text">{text}</p>
      <Link to={paths.home} className="btn btn--primary btn--md">
        Return to Home
      </Link>
    </section>
  );
}

function SharedProfile({ profile, accessCount, expiresAt }: { profile: SharedProfileFields; accessCount: number; expiresAt: string }) {
  // The name the profile is published under: a managed profile's candidate, not the account holder.
  const name = profile.fullName || profile.user?.fullName;
  usePageTitle(`${name}'s profile`);
  const age = ageOf(profile);
  const isParent = profile.profileType === 'parent';
  const photo = profile.photos[0];
  const location = profile.location || profile.country || 'Location unavailable';

  return (
    <article className="shared-profile" aria-labelledby="shared-name">
      <div className="shared-profile__photo">
        {photo ? (
          <img src={photo} alt={name} className="shared-profile__img" />
        ) : (
          <div className="shared-profile__initial" aria-hidden="true">
            {initialOf(name)}
          </div>
        )}
      </div>

      <header className="card shared-profile__intro">
        <h1 id="shared-name" className="profile-name">
          {nameWithAge(name, age)}
        </h1>
        <div className="badge-row">
          {profile.user?.isVerified || profile.isVerified ? (
            <Badge tone="success">
              <BadgeCheck size={14} aria-hidden="true" />
              Verified
            </Badge>
          ) : null}
          {isParent ? <Badge tone="saffron">Parent Created</Badge> : null}
        </div>
        {isParent && profile.parentName ? <p className="shared-profile__creator">Created by {profile.parentName}</p> : null}
        <p className="shared-profile__meta">
          <Eye size={14} aria-hidden="true" />
          Shared profile • Viewed {accessCount} {accessCount === 1 ? 'time' : 'times'}
        </p>
        <p className="shared-profile__meta">
          <CalendarClock size={14} aria-hidden="true" />
          Expires on {formatDate(expiresAt) ?? expiresAt}
        </p>
        <ul className="chip-list" aria-label="Highlights">
          <li className="chip">
            <MapPin size={14} aria-hidden="true" />
            {location}
          </li>
          {profile.profession ? (
            <li className="chip">
              <Briefcase size={14} aria-hidden="true" />
              {profile.profession}
            </li>
          ) : null}
          {profile.education ? (
            <li className="chip">
              <GraduationCap size={14} aria-hidden="true" />
              {profile.education}
            </li>
          ) : null}
        </ul>
        <p className={profile.about ? 'profile-section__text' : 'profile-section__text profile-section__text--empty'}>
          {profile.about || 'No profile description available'}
        </p>
      </header>

      <ProfileSection title="Personal Details" icon={UserRound}>
        <DetailList
          items={[
            { label: 'Gender', value: humanize(profile.gender) },
            { label: 'Height', value: formatHeight(profile.height) },
            { label: 'Marital status', value: humanize(profile.maritalStatus) },
            { label: 'Religion', value: profile.religion },
            { label: 'Community', value: profile.community },
            { label: 'Mother Tongue', value: profile.motherTongue },
            { label: 'Diet', value: humanize(profile.diet) },
          ]}
        />
      </ProfileSection>

      <ProfileSection title="Professional Details" icon={Briefcase}>
        <DetailList
          items={[
            { label: 'Education', value: profile.education },
            { label: 'Profession', value: profile.profession },
            { label: 'Company', value: profile.company },
          ]}
        />
      </ProfileSection>

      <ProfileSection title="Astrological Details" icon={Sparkles}>
        <DetailList
          items={[
            { label: 'Birth Date', value: formatDate(profile.dateOfBirth) },
            { label: 'Birth Time', value: birthTimeOf(profile) },
            { label: 'Birth Place', value: profile.birthPlace },
            { label: 'Zodiac Sign', value: astroOf(profile, 'zodiacSign', false) },
          ]}
        />
      </ProfileSection>

      <FamilySection profile={profile} />
    </article>
  );
}
