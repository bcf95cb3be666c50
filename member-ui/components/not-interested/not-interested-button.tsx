import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Eye from 'lucide-react/icons/eye';
import EyeOff from 'lucide-react/icons/eye-off';
import { isApiError } from '../../lib/api-client';
import { Button } from '../ui/button';
import { cn } from '../ui/cn';
import { toast } from '../ui/toast';
import { notInterestedQueryOptions, setNotInterested } from './not-interested';
import { useT } from '../../i18n/use-t';
import { translate } from '../../i18n/translate';

const failure = (error: unknown) =>
  isApiError(error) ? (error.serverMessage ?? error.message) : translate('common.checkConnection');

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
      () => toast({ title: translate('notInterested.back', { name }), variant: 'success' }),
      (error: unknown) => toast({ title: translate('notInterested.undoFailed'), description: failure(error), variant: 'destructive' }),
    );
  // The callbacks sit on the mutation itself, not on mutate(): the card (and this button) leaves the list before
  // the request settles, and callbacks given to mutate() are dropped once their component is gone.
  const mark = useMutation({
    mutationFn: () => setNotInterested(queryClient, profileId),
    onSuccess: () =>
      toast({
        title: translate('notInterested.setAside', { name }),
        description: translate('notInterested.setAsideText'),
        variant: 'success',
        action: { label: translate('notInterested.undo'), altText: translate('notInterested.undoAlt', { name }), onClick: () => void undo() },
      }),
    onError: (error) => toast({ title: translate('notInterested.failed'), description: failure(error), variant: 'destructive' }),
  });
  const onClick = () => mark.mutate();
  const unmark = useMutation({
    mutationFn: () => setNotInterested(queryClient, profileId, true),
    onSuccess: () => toast({ title: translate('notInterested.back', { name }), variant: 'success' }),
    onError: (error) => toast({ title: translate('notInterested.undoFailed'), description: failure(error), variant: 'destructive' }),
  });
  const t = useT();
  if (setAside) {
    return (
      <Button
        size="sm"
        variant="ghost"
        className={className}
        disabled={unmark.isPending}
        aria-label={t('notInterested.undoLabel', { name })}
        onClick={() => unmark.mutate()}
      >
        <Eye size={14} aria-hidden="true" />
        {t('notInterested.setAsideUndo')}
      </Button>
    );
  }
  if (look === 'icon') {
    return (
      <button
        type="button"
        className={cn('not-interested-icon', className)}
        aria-label={t('notInterested.label', { name })}
        title={t('notInterested.button')}
        disabled={mark.isPending}
        onClick={onClick}
      >
        <EyeOff size={16} aria-hidden="true" />
      </button>
    );
  }
  return (
    <Button size="sm" variant="ghost" className={className} disabled={mark.isPending} aria-label={t('notInterested.label', { name })} onClick={onClick}>
      <EyeOff size={14} aria-hidden="true" />
      {t('notInterested.button')}
    </Button>
  );
}
