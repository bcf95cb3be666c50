import { Link, getRouteApi, useNavigate } from '@tanstack/react-router';
import Users from 'lucide-react/icons/users';
import { type FormEvent, useState } from 'react';
import { AlertBanner } from '../../../components/ui/alert-banner';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { TextAreaField } from '../../../components/ui/textarea-field';
import { TextField } from '../../../components/ui/text-field';
import { AuthCard } from '../../../components/ui/auth-card';
import { PhotoGallery } from '../../../components/profile/photo-gallery';
import { ProfileDetails } from '../../../components/profile/profile-details';
import { paths } from '../../../lib/paths';
import { useSessionUser } from '../../../lib/session';
import { type FamilyPermissions, type InvitationView, familyError, useAnswerInvitation, useInvitation } from '../api/family';
import { PERMISSION_LABELS } from '../components/family-panel';
import { useT } from '../../../i18n/use-t';
import { relationWord } from '../../../lib/family-relations';

const inviteRoute = getRouteApi('/family-invite/$token');

/** What family may do unless the candidate changes it here (the server's defaults: everything but writing to members). */
const DEFAULT_PERMISSIONS: FamilyPermissions = { mayEdit: true, maySearch: true, mayLike: true, mayShortlist: true, mayMessage: false, mayShare: true, mayCall: false };

/**
 * The invitation link. The person a profile was made for first sees it exactly as members do, then accepts it (with a
 * new account for the invited address, or the account they are signed in with when it is that address's), choosing
 * what their family may do; takes it over (family removed); or declines it (hidden at once). A family member accepts
 * with a sign-in of their own.
 */
export function FamilyInvitePage() {
  const { token } = inviteRoute.useParams();
  const view = useInvitation(token);
  const answer = useAnswerInvitation(token);
  const navigate = useNavigate();
  const user = useSessionUser();
  const [account, setAccount] = useState({ fullName: '', username: '', password: '', confirmPassword: '' });
  const [permissions, setPermissions] = useState<FamilyPermissions>(DEFAULT_PERMISSIONS);
  const [done, setDone] = useState<string | null>(null);
  // Declining is not in itself a report: the person it was made for chooses whether to tell the safety team.
  const [report, setReport] = useState(false);
  const [details, setDetails] = useState('');
  const t = useT();

  // Declined: the link is used up (re-read, it answers 410), so the answer is shown rather than the link's state.
  if (done) {
    return (
      <AuthCard title={t('family.invite.declinedTitle')} icon={<Users size={26} />}>
        <p className="auth__note" role="status">
          {done}
        </p>
      </AuthCard>
    );
  }
  if (view.isPending) return <Spinner />;
  if (view.isError) {
    return (
      <AuthCard title={t('family.invite.title')} icon={<Users size={26} />}>
        <AlertBanner>{familyError(view.error)}</AlertBanner>
        {/* A link used already (Back after accepting, an old email) leads on rather than ending here. */}
        <Button asChild block variant="outline">
          {user ? <Link to={paths.family}>{t('family.invite.openFamily')}</Link> : <Link to={paths.login}>{t('family.invite.signIn')}</Link>}
        </Button>
      </AuthCard>
    );
  }
  const invitation = view.data;
  const isCandidate = invitation.role === 'candidate';
  // Signed in, the candidate answers with that account; the form makes a new one.
  const withSession = Boolean(user && invitation.account);
  const send = (answerValue: 'accept' | 'take_over' | 'decline') => {
    const declined = { answer: 'decline', ...(report ? { report: true, details } : {}) };
    const own = withSession ? {} : account;
    const body = isCandidate ? (answerValue === 'decline' ? declined : { answer: answerValue, ...own, ...(answerValue === 'accept' ? { permissions } : {}) }) : user ? {} : account;
    answer.mutate(body, {
      onSuccess: (result) => {
        if (answerValue === 'decline') setDone(result.message);
        // The link is used up: Back from Family should not return to it.
        else void navigate({ to: '/family', replace: true });
      },
    });
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    send('accept');
  };
  const field = (key: keyof typeof account) => ({
    value: account[key],
    onChange: (e: { target: { value: string } }) => setAccount((a) => ({ ...a, [key]: e.target.value })),
  });
  // Someone signed in joins a family with that account (the server uses the session, not a form): saying so
  // keeps them from typing a new sign-in that would be ignored.
  if (!isCandidate && user) {
    return (
      <AuthCard
        title={t('family.invite.join')}
        subtitle={t('family.invite.asksSignedIn', { inviter: invitation.inviterName, relation: relationWord(invitation.relation) })}
        icon={<Users size={26} />}
      >
        <p className="auth__note">
          {t('family.invite.signedInAs', { name: user.fullName })}
        </p>
        {answer.isError ? <AlertBanner>{familyError(answer.error)}</AlertBanner> : null}
        <Button block disabled={answer.isPending} onClick={() => send('accept')}>
          {t('family.invite.acceptAs', { name: user.fullName })}
        </Button>
      </AuthCard>
    );
  }
  const name = invitation.candidateFirstName;
  // Signed in with an account that is not the invited address's: told which to use before anything else.
  const otherAccount = isCandidate && invitation.account !== null && !invitation.account.invitedAddress;
  return (
    <AuthCard
      title={isCandidate ? t('family.invite.madeForYou', { name: invitation.candidateFirstName ?? t('family.invite.hello') }) : t('family.invite.join')}
      subtitle={
        isCandidate
          ? t('family.invite.madeForYouText', { inviter: invitation.inviterName })
          : t('family.invite.asks', { inviter: invitation.inviterName, relation: relationWord(invitation.relation) })
      }
      icon={<Users size={26} />}
    >
      {otherAccount ? <OtherAccount invitation={invitation} /> : null}
      {isCandidate && invitation.profile ? <ProfilePreview invitation={invitation} name={name} /> : null}
      {otherAccount ? null : (
        <form className="form" onSubmit={onSubmit} noValidate aria-label={isCandidate ? t('family.invite.acceptProfile') : t('family.invite.acceptInvitation')}>
          {withSession && invitation.account ? (
            invitation.account.hasProfile ? (
              <AlertBanner>
                {t('family.invite.hasProfile', { name: invitation.account.fullName })}
              </AlertBanner>
            ) : (
              <p className="auth__note">
                {t('family.invite.comesHere', { name: invitation.account.fullName, email: invitation.maskedEmail })}
              </p>
            )
          ) : (
            <>
              <p className="auth__note">{t('family.invite.ownSignIn', { email: invitation.maskedEmail })}</p>
              <TextField label={t('family.invite.fullName')} autoComplete="name" required {...field('fullName')} />
              <TextField label={t('family.invite.username')} autoComplete="username" required {...field('username')} />
              <TextField label={t('family.invite.password')} type="password" autoComplete="new-password" required {...field('password')} />
              <TextField label={t('family.invite.confirmPassword')} type="password" autoComplete="new-password" required {...field('confirmPassword')} />
            </>
          )}
          {isCandidate ? (
            <fieldset className="family__grant">
              <legend className="family__grant-title">{t('family.mayDo')}</legend>
              <p className="auth__note">{t('family.invite.inviterKeeps', { inviter: invitation.inviterName })}</p>
              <ul className="family__toggles">
                {(Object.keys(PERMISSION_LABELS) as Array<keyof FamilyPermissions>).map((key) => (
                  <li key={key}>
                    <label className="family__toggle">
                      <input type="checkbox" checked={permissions[key]} onChange={(e) => setPermissions((p) => ({ ...p, [key]: e.target.checked }))} />
                      <span>{t(PERMISSION_LABELS[key])}</span>
                    </label>
                  </li>
                ))}
              </ul>
            </fieldset>
          ) : null}
          {answer.isError ? <AlertBanner>{familyError(answer.error)}</AlertBanner> : null}
          <Button type="submit" block disabled={answer.isPending}>
            {isCandidate ? t('family.invite.acceptProfile') : t('family.invite.acceptInvitation')}
          </Button>
          {isCandidate ? (
            <Button block variant="secondary" disabled={answer.isPending} onClick={() => send('take_over')}>
              {t('family.invite.takeOver')}
            </Button>
          ) : null}
        </form>
      )}
      {isCandidate ? (
        <section className="family-decline" aria-labelledby="family-decline-title">
          <h2 className="family-decline__title" id="family-decline-title">
            {t('family.invite.notForYou')}
          </h2>
          <p className="auth__note">{t('family.invite.declineText', { inviter: invitation.inviterName })}</p>
          <label className="family__toggle">
            <input type="checkbox" checked={report} onChange={(e) => setReport(e.target.checked)} />
            <span>{t('family.invite.withoutConsent')}</span>
          </label>
          {report ? (
            <>
              <TextAreaField label={t('family.invite.whatHappened')} value={details} maxLength={2000} onChange={(e) => setDetails(e.target.value)} />
              <p className="auth__note">{t('family.invite.reportText')}</p>
            </>
          ) : null}
          <Button block variant="outline" disabled={answer.isPending} onClick={() => send('decline')}>
            {report ? t('family.invite.declineReport') : t('family.invite.decline')}
          </Button>
        </section>
      ) : null}
    </AuthCard>
  );
}

/** The profile exactly as members see it: photos, about, birth details and preferences. */
function ProfilePreview({ invitation, name }: { invitation: InvitationView; name: string | null }) {
  const profile = invitation.profile;
  const t = useT();
  if (!profile) return null;
  return (
    <section className="family-preview" aria-labelledby="family-preview-title">
      <h2 className="family-preview__title" id="family-preview-title">
        {t('family.invite.asMembersSee')}
      </h2>
      <p className="auth__note">
        {invitation.hiddenUntilConfirmed
          ? name === null
            ? t('family.invite.hiddenUntilYou')
            : t('family.invite.hiddenUntil', { name })
          : t('family.invite.visibleNow')}
      </p>
      <PhotoGallery profile={profile} name={profile.fullName} />
      <ProfileDetails profile={profile} isOwner={false} />
    </section>
  );
}

/** Signed in with another account: the invitation counts only for the invited address. */
function OtherAccount({ invitation }: { invitation: InvitationView }) {
  const t = useT();
  return (
    <div className="form">
      <AlertBanner>{t('family.invite.otherAccount', { email: invitation.maskedEmail })}</AlertBanner>
      <p className="auth__note">{t('family.invite.otherAccountText', { name: invitation.account?.fullName ?? '' })}</p>
      <Button asChild block variant="outline">
        <Link to={paths.settings}>{t('family.invite.toSettings')}</Link>
      </Button>
    </div>
  );
}
