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
import { useT } from '../../../i18n/use-t';

const appealRoute = getRouteApi('/appeal/$token');

/** The form a suspended member reaches from the suspension email; the appeal goes to the reviewers' queue. */
export function AppealPage() {
  const { token } = appealRoute.useParams();
  const link = useAppealLink(token);
  const send = useSendAppeal(token);
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const t = useT();

  if (send.isSuccess) {
    return (
      <AuthCard title={t('appeal.sentTitle')} subtitle={send.data.message} icon={<CircleCheck size={26} />}>
        <Button asChild block>
          <Link to={paths.home}>{t('appeal.backHome')}</Link>
        </Button>
      </AuthCard>
    );
  }
  if (link.isPending) return <Spinner />;
  if (link.isError) {
    return (
      <AuthCard title={t('appeal.suspensionTitle')} icon={<Scale size={26} />}>
        <AlertBanner>{appealErrorMessage(link.error)}</AlertBanner>
        <Button asChild block variant="secondary">
          <Link to={paths.help}>{t('appeal.contact')}</Link>
        </Button>
      </AuthCard>
    );
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = appealSchema.safeParse({ message });
    if (!parsed.success) {
      // The schema's two rules: at least 20 characters, at most 2000.
      setError(t(parsed.error.issues[0]?.code === 'too_big' ? 'appeal.tooLong' : 'appeal.tooShort'));
      return;
    }
    setError(null);
    send.mutate(parsed.data.message, { onError: (failure) => setError(appealErrorMessage(failure)) });
  }

  return (
    <AuthCard
      title={link.data.banned ? t('appeal.banTitle') : t('appeal.suspensionTitle')}
      subtitle={link.data.fullName ? t('appeal.introNamed', { name: link.data.fullName }) : t('appeal.intro')}
      icon={<Scale size={26} />}
    >
      <form className="form" onSubmit={handleSubmit} noValidate>
        <TextAreaField
          label={t('appeal.label')}
          rows={7}
          maxLength={2000}
          value={message}
          onChange={(event) => setMessage(event.currentTarget.value)}
          error={error ?? undefined}
          hint={t('appeal.hint')}
        />
        <Button type="submit" block disabled={send.isPending}>
          {send.isPending ? t('appeal.sending') : t('appeal.send')}
        </Button>
      </form>
    </AuthCard>
  );
}
