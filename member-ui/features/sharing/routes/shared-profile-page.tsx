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
import type { SharedProfileFields } from '../../../../contracts/views';
import { FamilySection } from '../../../components/profile/family-section';
import { humanize } from '../../../components/profile/labels';
import { ageOf, astroOf, birthTimeOf, formatDate, nameWithAge } from '../../../components/profile/profile-format';
import { DetailList, ProfileSection } from '../../../components/profile/profile-section';
import { Badge } from '../../../components/ui/badge';
import { Spinner } from '../../../components/ui/spinner';
import { isApiError } from '../../../lib/api-client';
import { heightLabel, initialOf } from '../../../lib/format';
import { useT } from '../../../i18n/use-t';
import { optionLabel } from '../../../i18n/option-label';
import { usePageTitle } from '../../../lib/page-title';
import { paths } from '../../../lib/paths';
import { useSession } from '../../../lib/session';
import { sharedProfileQueryOptions } from '../api/shared-profile';
import { countryLabel } from '../../../i18n/country-label';

const sharedProfileRoute = getRouteApi('/shared/$shareCode');

/** Public view of a shared profile (anyone holding a valid link, signed in or not). */
export function SharedProfilePage() {
  const { shareCode } = sharedProfileRoute.useParams();
  const shared = useQuery(sharedProfileQueryOptions(shareCode));
  const session = useSession();
  // A visitor's next step waits for the session's answer, so a member never sees "create an account".
  const signedOut = !session.isPending && !session.data;
  const t = useT();

  if (shared.isPending) {
    return (
      <div className="state-screen" role="status" aria-live="polite">
        <Spinner size={32} />
        <p className="state-screen__text">{t('share.pageLoading')}</p>
      </div>
    );
  }

  if (shared.isError) {
    const message = isApiError(shared.error) ? shared.error.serverMessage : undefined;
    const profileGone = message === SHARE_MESSAGES.notFound;
    // The server's two refusals are shown from the catalogue; any other message as it came.
    const text = profileGone ? t('share.notFoundText') : message === undefined || message === SHARE_MESSAGES.invalid ? t('share.invalidText') : message;
    return (
      <SharedError
        title={profileGone ? t('share.notFound') : t('share.invalid')}
        text={text}
        icon={profileGone ? UserX : Link2Off}
      />
    );
  }

  const { profile, share } = shared.data;
  if (!profile) return <SharedError title={t('share.notFound')} text={t('share.notFoundText')} icon={UserX} />;
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
  const t = useT();
  return (
    <section className="card shared-next" aria-labelledby="shared-next-title">
      <Users className="shared-next__icon" size={28} aria-hidden="true" />
      <h2 id="shared-next-title" className="shared-next__title">
        {first ? t('share.joinNamed', { name: first }) : t('share.join')}
      </h2>
      <p className="shared-next__text">{t('share.joinText')}</p>
      <Link to={paths.register} search={{ redirectTo: back }} className="btn btn--primary btn--md btn--block">
        {t('share.createAccount')}
      </Link>
      <p className="shared-next__text">
        {t('share.alreadyMember')}{' '}
        <Link to={paths.login} search={{ redirectTo: back }} className="text-link">
          {t('share.logIn')}
        </Link>
      </p>
    </section>
  );
}

function SharedError({ title, text, icon: Icon }: { title: string; text: string; icon: typeof UserX }) {
  const t = useT();
  return (
    <section className="state-screen" aria-labelledby="shared-error-title">
      <Icon className="state-screen__icon" size={48} aria-hidden="true" />
      <h1 id="shared-error-title" className="state-screen__title">
        {title}
      </h1>
      <p className="state-screen__text">{text}</p>
      <Link to={paths.home} className="btn btn--primary btn--md">
        {t('share.home')}
      </Link>
    </section>
  );
}

function SharedProfile({ profile, accessCount, expiresAt }: { profile: SharedProfileFields; accessCount: number; expiresAt: string }) {
  // The name the profile is published under: a managed profile's candidate, not the account holder.
  const name = profile.fullName || profile.user?.fullName;
  const t = useT();
  usePageTitle(t('share.pageTitle', { name }));
  // A value of one of the contracts' lists, in the app's language (English: its readable form).
  const option = (list: string, value: string | null | undefined) => (value ? optionLabel(list, value, humanize(value) ?? value) : null);
  const age = ageOf(profile);
  const isParent = profile.profileType === 'parent';
  const photo = profile.photos[0];
  const location = profile.location || (profile.country ? countryLabel(profile.country) : t('share.noLocation'));

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
              {t('profile.verified')}
            </Badge>
          ) : null}
          {isParent ? <Badge tone="saffron">{t('share.parentCreated')}</Badge> : null}
        </div>
        {isParent && profile.parentName ? <p className="shared-profile__creator">{t('share.createdBy', { name: profile.parentName })}</p> : null}
        <p className="shared-profile__meta">
          <Eye size={14} aria-hidden="true" />
          {t('share.viewed', { count: accessCount })}
        </p>
        <p className="shared-profile__meta">
          <CalendarClock size={14} aria-hidden="true" />
          {t('share.expiresOn', { date: formatDate(expiresAt) ?? expiresAt })}
        </p>
        <ul className="chip-list" aria-label={t('share.highlights')}>
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
              {option('education', profile.education)}
            </li>
          ) : null}
        </ul>
        <p className={profile.about ? 'profile-section__text' : 'profile-section__text profile-section__text--empty'}>
          {profile.about || t('share.noAbout')}
        </p>
      </header>

      <ProfileSection title={t('share.personal')} icon={UserRound}>
        <DetailList
          items={[
            { label: t('editor.field.gender'), value: option('gender', profile.gender) },
            { label: t('profile.height'), value: heightLabel(profile.height) },
            { label: t('profile.maritalStatus'), value: option('marital', profile.maritalStatus) },
            { label: t('editor.field.religion'), value: option('religion', profile.religion) },
            { label: t('profile.community'), value: profile.community },
            { label: t('editor.field.motherTongue'), value: option('language', profile.motherTongue) },
            { label: t('editor.field.diet'), value: option('diet', profile.diet) },
          ]}
        />
      </ProfileSection>

      <ProfileSection title={t('share.professional')} icon={Briefcase}>
        <DetailList
          items={[
            { label: t('share.education'), value: option('education', profile.education) },
            { label: t('profile.profession'), value: profile.profession },
            { label: t('editor.field.company'), value: profile.company },
          ]}
        />
      </ProfileSection>

      <ProfileSection title={t('profile.astroDetails')} icon={Sparkles}>
        <DetailList
          items={[
            { label: t('profile.birthDate'), value: formatDate(profile.dateOfBirth) },
            { label: t('profile.birthTime'), value: birthTimeOf(profile) },
            { label: t('profile.birthPlace'), value: profile.birthPlace },
            { label: t('profile.zodiac'), value: astroOf(profile, 'zodiacSign', false) },
          ]}
        />
      </ProfileSection>

      <FamilySection profile={profile} />
    </article>
  );
}
