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

  // Declined: the link is used up (re-read, it answers 410), so the answer is shown rather than the link's state.
  if (done) {
    return (
      <AuthCard title="Profile declined" icon={<Users size={26} />}>
        <p className="auth__note" role="status">
          {done}
        </p>
      </AuthCard>
    );
  }
  if (view.isPending) return <Spinner />;
  if (view.isError) {
    return (
      <AuthCard title="Family invitation" icon={<Users size={26} />}>
        <AlertBanner>{familyError(view.error)}</AlertBanner>
        {/* A link used already (Back after accepting, an old email) leads on rather than ending here. */}
        <Button asChild block variant="outline">
          {user ? <Link to={paths.family}>Open Family</Link> : <Link to={paths.login}>Sign in</Link>}
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
        title="Join as family"
        subtitle={`${invitation.inviterName} asks you to help with their Saathi profile as their ${invitation.relation}. They decide what you may do.`}
        icon={<Users size={26} />}
      >
        <p className="auth__note">
          You are signed in as {user.fullName}. Accepting adds this account to their family; to accept with a new sign-in instead, sign out first.
        </p>
        {answer.isError ? <AlertBanner>{familyError(answer.error)}</AlertBanner> : null}
        <Button block disabled={answer.isPending} onClick={() => send('accept')}>
          Accept as {user.fullName}
        </Button>
      </AuthCard>
    );
  }
  const name = invitation.candidateFirstName ?? 'you';
  // Signed in with an account that is not the invited address's: told which to use before anything else.
  const otherAccount = isCandidate && invitation.account !== null && !invitation.account.invitedAddress;
  return (
    <AuthCard
      title={isCandidate ? `${invitation.candidateFirstName ?? 'Hello'}, a profile was made for you` : 'Join as family'}
      subtitle={
        isCandidate
          ? `${invitation.inviterName} made a matrimonial profile for you on Saathi. See it below as members see it, then accept it and decide what your family may do, take it over alone, or decline it: then it is hidden at once.`
          : `${invitation.inviterName} asks you to help with their Saathi profile as their ${invitation.relation}. You get your own sign-in; they decide what you may do.`
      }
      icon={<Users size={26} />}
    >
      {otherAccount ? <OtherAccount invitation={invitation} /> : null}
      {isCandidate && invitation.profile ? <ProfilePreview invitation={invitation} name={name} /> : null}
      {otherAccount ? null : (
        <form className="form" onSubmit={onSubmit} noValidate aria-label={isCandidate ? 'Accept the profile' : 'Accept the invitation'}>
          {withSession && invitation.account ? (
            invitation.account.hasProfile ? (
              <AlertBanner>
                {invitation.account.fullName}, this account already has a profile of its own. Delete it first, or sign out and answer with a new account.
              </AlertBanner>
            ) : (
              <p className="auth__note">
                You are signed in as {invitation.account.fullName} ({invitation.maskedEmail}): the profile comes to this account.
              </p>
            )
          ) : (
            <>
              <p className="auth__note">Your own sign-in, for {invitation.maskedEmail}:</p>
              <TextField label="Your full name" autoComplete="name" required {...field('fullName')} />
              <TextField label="Username" autoComplete="username" required {...field('username')} />
              <TextField label="Password" type="password" autoComplete="new-password" required {...field('password')} />
              <TextField label="Confirm password" type="password" autoComplete="new-password" required {...field('confirmPassword')} />
            </>
          )}
          {isCandidate ? (
            <fieldset className="family__grant">
              <legend className="family__grant-title">What my family may do</legend>
              <p className="auth__note">{invitation.inviterName} keeps their own account and helps as you allow here. You can change it any time.</p>
              <ul className="family__toggles">
                {(Object.keys(PERMISSION_LABELS) as Array<keyof FamilyPermissions>).map((key) => (
                  <li key={key}>
                    <label className="family__toggle">
                      <input type="checkbox" checked={permissions[key]} onChange={(e) => setPermissions((p) => ({ ...p, [key]: e.target.checked }))} />
                      <span>{PERMISSION_LABELS[key]}</span>
                    </label>
                  </li>
                ))}
              </ul>
            </fieldset>
          ) : null}
          {answer.isError ? <AlertBanner>{familyError(answer.error)}</AlertBanner> : null}
          <Button type="submit" block disabled={answer.isPending}>
            {isCandidate ? 'Accept the profile' : 'Accept the invitation'}
          </Button>
          {isCandidate ? (
            <Button block variant="secondary" disabled={answer.isPending} onClick={() => send('take_over')}>
              Take it over alone
            </Button>
          ) : null}
        </form>
      )}
      {isCandidate ? (
        <section className="family-decline" aria-labelledby="family-decline-title">
          <h2 className="family-decline__title" id="family-decline-title">
            Not for you?
          </h2>
          <p className="auth__note">Declining hides the profile from every member at once; {invitation.inviterName} is told you declined.</p>
          <label className="family__toggle">
            <input type="checkbox" checked={report} onChange={(e) => setReport(e.target.checked)} />
            <span>It was made without my consent: tell Saathi’s safety team</span>
          </label>
          {report ? (
            <>
              <TextAreaField label="What happened (optional)" value={details} maxLength={2000} onChange={(e) => setDetails(e.target.value)} />
              <p className="auth__note">The team looks at these reports first. Your family is not told that you reported it.</p>
            </>
          ) : null}
          <Button block variant="outline" disabled={answer.isPending} onClick={() => send('decline')}>
            {report ? 'Decline and report' : 'Decline the profile'}
          </Button>
        </section>
      ) : null}
    </AuthCard>
  );
}

/** The profile exactly as members see it: photos, about, birth details and preferences. */
function ProfilePreview({ invitation, name }: { invitation: InvitationView; name: string }) {
  const profile = invitation.profile;
  if (!profile) return null;
  return (
    <section className="family-preview" aria-labelledby="family-preview-title">
      <h2 className="family-preview__title" id="family-preview-title">
        Your profile, as members see it
      </h2>
      <p className="auth__note">
        {invitation.hiddenUntilConfirmed
          ? `Hidden from members until ${name === 'you' ? 'you confirm' : `${name} confirms`} it.`
          : 'Members can see it now, marked “not yet confirmed” until you answer.'}
      </p>
      <PhotoGallery profile={profile} name={profile.fullName} />
      <ProfileDetails profile={profile} isOwner={false} />
    </section>
  );
}

/** Signed in with another account: the invitation counts only for the invited address. */
function OtherAccount({ invitation }: { invitation: InvitationView }) {
  return (
    <div className="form">
      <AlertBanner>Sign in with {invitation.maskedEmail} to answer this invitation: it counts only for that address.</AlertBanner>
      <p className="auth__note">
        You are signed in as {invitation.account?.fullName}. Sign out, then open the link again to accept with the invited address or with a new account made for it.
      </p>
      <Button asChild block variant="outline">
        <Link to={paths.settings}>Go to Settings to sign out</Link>
      </Button>
    </div>
  );
}
