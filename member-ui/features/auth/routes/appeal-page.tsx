import { getRouteApi, Link } from '@tanstack/react-router';
import CircleCheck from 'lucide-react/icons/circle-check';
import Scale from 'lucide-react/icons/scale';
import { type FormEvent, useState } from 'react';
import { appealSchema } from '../../../../contracts/appeals';
import { AlertBanner } from '../../../components/ui/alert-banner';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { TextAreaField } from '../../../components/ui/textarea-field';
import { paths } from '../../../lib/paths';
import { appealErrorMessage, useAppealLink, useSendAppeal } from '../api/appeal';
import { AuthCard } from '../../../components/ui/auth-card';

const appealRoute = getRouteApi('/appeal/$token');

/** The form a suspended member reaches from the suspension email; the appeal goes to the reviewers' queue. */
export function AppealPage() {
  const { token } = appealRoute.useParams();
  const link = useAppealLink(token);
  const send = useSendAppeal(token);
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);

  if (send.isSuccess) {
    return (
      <AuthCard title="Appeal sent" subtitle={send.data.message} icon={<CircleCheck size={26} />}>
        <Button asChild block>
          <Link to={paths.home}>Back to Saathi</Link>
        </Button>
      </AuthCard>
    );
  }
  if (link.isPending) return <Spinner />;
  if (link.isError) {
    return (
      <AuthCard title="Appeal a suspension" icon={<Scale size={26} />}>
        <AlertBanner>{appealErrorMessage(link.error)}</AlertBanner>
        <Button asChild block variant="secondary">
          <Link to={paths.help}>Contact us</Link>
        </Button>
      </AuthCard>
    );
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = appealSchema.safeParse({ message });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Please check your appeal');
      return;
    }
    setError(null);
    send.mutate(parsed.data.message, { onError: (failure) => setError(appealErrorMessage(failure)) });
  }

  return (
    <AuthCard
      title={link.data.banned ? 'Appeal a ban' : 'Appeal a suspension'}
      subtitle={`${link.data.fullName ? `${link.data.fullName}, tell` : 'Tell'} us why your account should be restored. A reviewer reads every appeal and writes back by email.`}
      icon={<Scale size={26} />}
    >
      <form className="form" onSubmit={handleSubmit} noValidate>
        <TextAreaField
          label="Your appeal"
          rows={7}
          maxLength={2000}
          value={message}
          onChange={(event) => setMessage(event.currentTarget.value)}
          error={error ?? undefined}
          hint="What happened, and anything we should know. At least 20 characters."
        />
        <Button type="submit" block disabled={send.isPending}>
          {send.isPending ? 'Sending…' : 'Send appeal'}
        </Button>
      </form>
    </AuthCard>
  );
}
