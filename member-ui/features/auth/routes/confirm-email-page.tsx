import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getRouteApi, Link, useRouter } from '@tanstack/react-router';
import CircleAlert from 'lucide-react/icons/circle-exclamation-point';
import MailCheck from 'lucide-react/icons/mail-check';
import { useEffect, useRef } from 'react';
import { AUTH_MESSAGES } from '../../../../contracts/auth';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { isApiError } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { sessionQueryKey } from '../../../lib/session';
import { postConfirmEmail } from '../api/register';
import { AuthCard } from '../../../components/ui/auth-card';
import { useT } from '../../../i18n/use-t';
import { localizeMessage } from '../../../i18n/translate';

const confirmEmailRoute = getRouteApi('/confirm-email/$token');

/** The link from the registration email: confirms the address once, signs the member in, and goes home. */
export function ConfirmEmailPage() {
  const { token } = confirmEmailRoute.useParams();
  const router = useRouter();
  const queryClient = useQueryClient();
  const started = useRef(false);
  const t = useT();
  const confirm = useMutation({
    mutationFn: () => postConfirmEmail(token),
    onSuccess: (result) => {
      queryClient.setQueryData(sessionQueryKey, result.user);
    },
  });

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    confirm.mutate();
  }, [confirm]);

  if (confirm.isSuccess) {
    return (
      <AuthCard title={t('confirm.confirmedTitle')} subtitle={localizeMessage(confirm.data.message)} icon={<MailCheck size={26} />}>
        <Button block onClick={() => void router.navigate({ to: '/', replace: true })}>
          {t('confirm.continue')}
        </Button>
      </AuthCard>
    );
  }
  if (confirm.isError) {
    const message = isApiError(confirm.error) ? (confirm.error.serverMessage ?? localizeMessage(AUTH_MESSAGES.confirmInvalidToken)) : localizeMessage(AUTH_MESSAGES.forgotNetwork);
    return (
      <AuthCard title={t('confirm.failedTitle')} subtitle={message} icon={<CircleAlert size={26} />}>
        <Button asChild block>
          <Link to={paths.register}>{t('confirm.registerAgain')}</Link>
        </Button>
        <Button asChild variant="outline" block>
          <Link to={paths.login}>{t('confirm.signIn')}</Link>
        </Button>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t('confirm.confirming')} icon={<MailCheck size={26} />}>
      <div role="status" aria-live="polite">
        <Spinner size={28} />
        <span className="visually-hidden">{t('confirm.confirmingHidden')}</span>
      </div>
    </AuthCard>
  );
}
