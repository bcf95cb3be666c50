import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AlertBanner } from '../../../components/ui/alert-banner';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast';
import { api } from '../../../lib/api-client';
import { notificationResource } from '../api/settings-resource';

/**
 * Mail to the member's address bounced: their mail server refused it, so Saathi stopped emailing them. They see
 * what the server answered and can ask for emails again once the mailbox works.
 */
export function EmailBounceNotice({ userId, bounce }: { userId: number; bounce: { address: string; at: string; reason: string } }) {
  const queryClient = useQueryClient();
  const retry = useMutation({
    mutationFn: () => api.delete<{ message: string }>(`/api/users/${userId}/email-bounce`),
    onSuccess: (answer) => {
      toast({ title: answer.message, variant: 'success' });
      void queryClient.invalidateQueries({ queryKey: [notificationResource.path(userId)] });
    },
  });
  const when = new Date(bounce.at).toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' });
  return (
    <AlertBanner title="We cannot email you" className="email-bounce">
      <p>
        On {when} the mail server for <strong>{bounce.address}</strong> refused our email, so we stopped sending
        you emails. It answered: <q>{bounce.reason}</q>
      </p>
      <Button variant="outline" size="sm" disabled={retry.isPending} onClick={() => retry.mutate()}>
        My mailbox works again: send emails
      </Button>
    </AlertBanner>
  );
}
