import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Eye from 'lucide-react/icons/eye';
import EyeOff from 'lucide-react/icons/eye-off';
import { isApiError } from '../../lib/api-client';
import { Button } from '../ui/button';
import { cn } from '../ui/cn';
import { toast } from '../ui/toast';
import { notInterestedQueryOptions, setNotInterested } from './not-interested';

const failure = (error: unknown) =>
  isApiError(error) ? (error.serverMessage ?? error.message) : 'Please check your connection and try again.';

/**
 * "Not interested": sets the profile aside, so it leaves search and is never offered in daily or featured
 * matches again. The toast offers Undo; Settings → Privacy lists every profile set aside.
 * A text button on result cards and profiles; a round icon over the photo where space is short.
 */
export function NotInterestedButton({
  profileId,
  name,
  className,
  look = 'text',
  showState = false,
}: {
  profileId: number;
  name: string;
  className?: string;
  look?: 'text' | 'icon';
  /** On a profile page, which may be one already set aside (opened from Settings): offer Undo instead. */
  showState?: boolean;
}) {
  const queryClient = useQueryClient();
  const marks = useQuery({ ...notInterestedQueryOptions(), enabled: showState });
  const setAside = showState && (marks.data?.some((card) => card.id === profileId) ?? false);
  // Undo runs from the toast after this card has left the list, so it does not depend on this component.
  const undo = () =>
    setNotInterested(queryClient, profileId, true).then(
      () => toast({ title: `${name} is back in your matches`, variant: 'success' }),
      (error: unknown) => toast({ title: 'Could not undo', description: failure(error), variant: 'destructive' }),
    );
  // The callbacks sit on the mutation itself, not on mutate(): the card (and this button) leaves the list before
  // the request settles, and callbacks given to mutate() are dropped once their component is gone.
  const mark = useMutation({
    mutationFn: () => setNotInterested(queryClient, profileId),
    onSuccess: () =>
      toast({
        title: `${name} is set aside`,
        description: 'You will not be shown this profile again.',
        variant: 'success',
        action: { label: 'Undo', altText: `Undo: show ${name} again (also in Settings → Privacy)`, onClick: () => void undo() },
      }),
    onError: (error) => toast({ title: 'Could not set aside', description: failure(error), variant: 'destructive' }),
  });
  const onClick = () => mark.mutate();
  const unmark = useMutation({
    mutationFn: () => setNotInterested(queryClient, profileId, true),
    onSuccess: () => toast({ title: `${name} is back in your matches`, variant: 'success' }),
    onError: (error) => toast({ title: 'Could not undo', description: failure(error), variant: 'destructive' }),
  });
  if (setAside) {
    return (
      <Button
        size="sm"
        variant="ghost"
        className={className}
        disabled={unmark.isPending}
        aria-label={`Undo not interested for ${name}`}
        onClick={() => unmark.mutate()}
      >
        <Eye size={14} aria-hidden="true" />
        Set aside · Undo
      </Button>
    );
  }
  if (look === 'icon') {
    return (
      <button
        type="button"
        className={cn('not-interested-icon', className)}
        aria-label={`Not interested in ${name}`}
        title="Not interested"
        disabled={mark.isPending}
        onClick={onClick}
      >
        <EyeOff size={16} aria-hidden="true" />
      </button>
    );
  }
  return (
    <Button size="sm" variant="ghost" className={className} disabled={mark.isPending} aria-label={`Not interested in ${name}`} onClick={onClick}>
      <EyeOff size={14} aria-hidden="true" />
      Not interested
    </Button>
  );
}
