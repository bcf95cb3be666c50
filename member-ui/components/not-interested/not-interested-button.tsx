import EyeOff from 'lucide-react/icons/eye-off';
import { isApiError } from '../../lib/api-client';
import { Button } from '../ui/button';
import { toast } from '../ui/toast';
import { useNotInterested } from './not-interested';

/**
 * "Not interested": sets the profile aside, so it leaves search and is never offered in daily or featured
 * matches again. Undone from Settings → Privacy.
 */
export function NotInterestedButton({ profileId, name, className }: { profileId: number; name: string; className?: string }) {
  const mark = useNotInterested();
  return (
    <Button
      size="sm"
      variant="ghost"
      className={className}
      disabled={mark.isPending}
      aria-label={`Not interested in ${name}`}
      onClick={() =>
        mark.mutate(
          { profileId },
          {
            onSuccess: () => toast({ title: `${name} is set aside`, description: 'You will not be shown this profile again. Undo in Settings → Privacy.', variant: 'success' }),
            onError: (error) =>
              toast({ title: 'Could not set aside', description: isApiError(error) ? (error.serverMessage ?? error.message) : 'Please check your connection and try again.', variant: 'destructive' }),
          },
        )
      }
    >
      <EyeOff size={14} aria-hidden="true" />
      Not interested
    </Button>
  );
}
