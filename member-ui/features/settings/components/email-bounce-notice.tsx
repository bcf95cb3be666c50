import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AlertBanner } from '../../../components/ui/alert-banner';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast';
import { api } from '../../../lib/api-client';
import { notificationResource } from '../api/settings-resource';
import { useT } from '../../../i18n/use-t';
import { dayMonthYear } from '../../../lib/format';

/**
 * Mail to the member's address bounced: their mail server refused it, so Saathi stopped emailing them. They see
 * what the server answered and can ask for emails again once the mailbox works.
 */
export function EmailBounceNotice({ userId, bounce }: { userId: number; bounce: { address: string; at: string; reason: string } }) {
  const queryClient = useQueryClient();
  const t = useT();
  const retry = useMutation({
    mutationFn: () => api.delete<{ message: string }>(`/api/users/${userId}/email-bounce`),
    onSuccess: (answer) => {
      toast({ title: answer.message, variant: 'success' });
      void queryClient.invalidateQueries({ queryKey: [notificationResource.path(userId)] });
    },
  });
  const when = dayMonthYear(new Date(bounce.at), false);
  return (
    <AlertBanner title={t('settingsNotify.bounceTitle')} className="email-bounce">
      <p>
        {t('settingsNotify.bounceText', { when, address: bounce.address })} <q>{bounce.reason}</q>
      </p>
      <Button variant="outline" size="sm" disabled={retry.isPending} onClick={() => retry.mutate()}>
        {t('settingsNotify.bounceRetry')}
      </Button>
    </AlertBanner>
  );
}
