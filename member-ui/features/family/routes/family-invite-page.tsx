import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { Users } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { AlertBanner } from '../../../components/ui/alert-banner';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { AuthCard } from '../../../components/ui/auth-card';
import { familyError, useAnswerInvitation, useInvitation } from '../api/family';

const inviteRoute = getRouteApi('/family-invite/$token');

/**
 * The invitation link. The person a profile was made for accepts it (with their own password), takes it over
 * (family removed), or declines it (hidden at once); a family member accepts with a sign-in of their own.
 */
export function FamilyInvitePage() {
  const { token } = inviteRoute.useParams();
  const view = useInvitation(token);
  const answer = useAnswerInvitation(token);
  const navigate = useNavigate();
  const [account, setAccount] = useState({ fullName: '', username: '', password: '', confirmPassword: '' });
  const [done, setDone] = useState<string | null>(null);

  if (view.isPending) return <Spinner />;
  if (view.isError) {
    return (
      <AuthCard title="Family invitation" icon={<Users size={26} />}>
        <AlertBanner>{familyError(view.error)}</AlertBanner>
      </AuthCard>
    );
  }
  const invitation = view.data;
  const isCandidate = invitation.role === 'candidate';
  const send = (answerValue: 'accept' | 'take_over' | 'decline') => {
    const body = isCandidate ? { answer: answerValue, ...(answerValue === 'decline' ? {} : account) } : account;
    answer.mutate(body, {
      onSuccess: (result) => {
        if (answerValue === 'decline') setDone(result.message);
        else void navigate({ to: '/family' });
      },
    });
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    send('accept');
  };
  if (done) {
    return (
      <AuthCard title="Profile declined" icon={<Users size={26} />}>
        <p className="auth__note" role="status">
          {done}
        </p>
      </AuthCard>
    );
  }
  const field = (key: keyof typeof account) => ({
    value: account[key],
    onChange: (e: { target: { value: string } }) => setAccount((a) => ({ ...a, [key]: e.target.value })),
  });
  return (
    <AuthCard
      title={isCandidate ? `${invitation.candidateFirstName ?? 'Hello'}, a profile was made for you` : 'Join as family'}
      subtitle={
        isCandidate
          ? `${invitation.inviterName} made a matrimonial profile for you on Saathi. Accept it and decide what your family may do, take it over alone, or decline it: then it is hidden at once.`
          : `${invitation.inviterName} asks you to help with their Saathi profile as their ${invitation.relation}. You get your own sign-in; they decide what you may do.`
      }
      icon={<Users size={26} />}
    >
      <form className="form" onSubmit={onSubmit} noValidate>
        <p className="auth__note">Your sign-in, for {invitation.email}:</p>
        <TextField label="Your full name" autoComplete="name" required {...field('fullName')} />
        <TextField label="Username" autoComplete="username" required {...field('username')} />
        <TextField label="Password" type="password" autoComplete="new-password" required {...field('password')} />
        <TextField label="Confirm password" type="password" autoComplete="new-password" required {...field('confirmPassword')} />
        {answer.isError ? <AlertBanner>{familyError(answer.error)}</AlertBanner> : null}
        <Button type="submit" block disabled={answer.isPending}>
          {isCandidate ? 'Accept the profile' : 'Accept the invitation'}
        </Button>
        {isCandidate ? (
          <>
            <Button block variant="secondary" disabled={answer.isPending} onClick={() => send('take_over')}>
              Take it over alone
            </Button>
            <Button block variant="ghost" disabled={answer.isPending} onClick={() => send('decline')}>
              Decline: this was made without my consent
            </Button>
          </>
        ) : null}
      </form>
    </AuthCard>
  );
}
