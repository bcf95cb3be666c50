import { useNavigate } from '@tanstack/react-router';
import Video from 'lucide-react/icons/video';
import { isApiError } from '../../lib/api-client';
import { useStartCall } from '../../lib/calls';
import { Button } from '../ui/button';
import { cn } from '../ui/cn';
import { toast } from '../ui/toast';

/**
 * "Video call" for a match (the chat header, a match's profile). A refusal says why in a toast; a member on the free
 * plan is taken to the plans, where calling is one of what Premium brings.
 */
export function CallButton({ otherId, name, upgradeRequired = false, label = false, className }: { otherId: number; name: string; upgradeRequired?: boolean; label?: boolean; className?: string }) {
  const start = useStartCall();
  const navigate = useNavigate();
  const onClick = () => {
    if (upgradeRequired) {
      toast({ title: 'Video calls are part of Premium', description: 'Upgrade to call your matches.' });
      void navigate({ to: '/subscription' });
      return;
    }
    start.mutate(otherId, {
      onError: (error) => {
        toast({ title: 'Could not start the call', description: (isApiError(error) && error.serverMessage) || 'Please try again in a moment', variant: 'destructive' });
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
      aria-label={`Video call ${name}`}
    >
      <Video size={label ? 18 : 22} aria-hidden="true" />
      {label ? <span>Video call</span> : null}
    </Button>
  );
}
