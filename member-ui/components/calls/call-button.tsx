import { useNavigate } from '@tanstack/react-router';
import Video from 'lucide-react/icons/video';
import { isApiError } from '../../lib/api-client';
import { useStartCall } from '../../lib/calls';
import { Button } from '../ui/button';
import { cn } from '../ui/cn';
import { toast } from '../ui/toast';
import { translate } from '../../i18n/translate';
import { useT } from '../../i18n/use-t';

/**
 * "Video call" for a match (the chat header, a match's profile). A refusal says why in a toast; a member on the free
 * plan is taken to the plans, where calling is one of what Premium brings.
 */
export function CallButton({ otherId, name, upgradeRequired = false, label = false, className }: { otherId: number; name: string; upgradeRequired?: boolean; label?: boolean; className?: string }) {
  const start = useStartCall();
  const navigate = useNavigate();
  const t = useT();
  const onClick = () => {
    if (upgradeRequired) {
      toast({ title: translate('calls.premiumTitle'), description: translate('calls.premiumText') });
      void navigate({ to: '/subscription' });
      return;
    }
    start.mutate(otherId, {
      onError: (error) => {
        toast({ title: translate('calls.startFailed'), description: (isApiError(error) && error.serverMessage) || translate('calls.tryMoment'), variant: 'destructive' });
      },
    });
  };
  return (
    <Button
      variant={label ? 'outline' : 'ghost'}
      size={label ? 'sm' : 'icon'}
      className={cn('call-button', className)}
      onClick={onClick}
      disabled={start.isPending}
      aria-label={t('calls.callName', { name })}
    >
      <Video size={label ? 18 : 22} aria-hidden="true" />
      {label ? <span>{t('calls.videoCall')}</span> : null}
    </Button>
  );
}
