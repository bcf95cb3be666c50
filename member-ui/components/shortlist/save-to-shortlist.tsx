import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import Bookmark from 'lucide-react/icons/bookmark';
import BookmarkCheck from 'lucide-react/icons/bookmark-check';
import { useState } from 'react';
import { SHORTLIST_NOTE_MAX } from '../../../contracts/enums';
import { isApiError } from '../../lib/api-client';
import { paths } from '../../lib/paths';
import { useSessionUser } from '../../lib/session';
import { Button } from '../ui/button';
import { TextAreaField } from '../ui/textarea-field';
import { toast } from '../ui/toast';
import { saveToShortlist, shortlistQueryOptions } from './shortlist';

/**
 * "Save" on a result card or a profile: puts the profile on the member's shortlist, with an optional note, from a
 * small form that opens in place. A profile already there says so and leads to the shortlist.
 */
export function SaveToShortlist({ savedProfileId, name, className }: { savedProfileId: number; name: string; className?: string }) {
  const user = useSessionUser();
  const profileId = user?.profileId ?? null;
  const queryClient = useQueryClient();
  const shortlist = useQuery({ ...shortlistQueryOptions(profileId ?? 0), enabled: profileId !== null });
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState('');
  const save = useMutation({
    mutationFn: () => saveToShortlist(profileId ?? 0, savedProfileId, note),
    onSuccess: () => {
      setOpen(false);
      setNote('');
      toast({ title: `${name} is on your shortlist`, variant: 'success' });
      return queryClient.invalidateQueries({ queryKey: shortlistQueryOptions(profileId ?? 0).queryKey });
    },
  });
  // Without a profile of their own there is no shortlist to save to.
  if (profileId === null || profileId === savedProfileId) return null;
  if (shortlist.data?.some((entry) => entry.profile.id === savedProfileId)) {
    return (
      <Button asChild size="sm" variant="ghost" className={className}>
        <Link to={paths.shortlist} aria-label={`${name} is on your shortlist: open the shortlist`}>
          <BookmarkCheck size={14} aria-hidden="true" />
          Saved
        </Link>
      </Button>
    );
  }
  if (!open) {
    return (
      <Button size="sm" variant="ghost" className={className} aria-label={`Save ${name} to your shortlist`} onClick={() => setOpen(true)}>
        <Bookmark size={14} aria-hidden="true" />
        Save
      </Button>
    );
  }
  const error = save.error ? (isApiError(save.error) ? (save.error.serverMessage ?? save.error.message) : 'Could not save. Please check your connection and try again.') : undefined;
  return (
    <form
      className="shortlist-form"
      aria-label={`Save ${name} to your shortlist`}
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate();
      }}
    >
      <TextAreaField
        label="Note (optional)"
        hint="Only you and the family helping you see it."
        rows={2}
        maxLength={SHORTLIST_NOTE_MAX}
        value={note}
        error={error}
        onChange={(event) => setNote(event.target.value)}
      />
      <div className="shortlist-form__actions">
        <Button type="submit" size="sm" disabled={save.isPending}>
          Save
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={() => setOpen(false)}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
