import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import Bookmark from 'lucide-react/icons/bookmark';
import BookmarkCheck from 'lucide-react/icons/bookmark-check';
import { useState } from 'react';
import { SHORTLIST_NOTE_MAX } from '../../../contracts/enums';
import { isApiError } from '../../lib/api-client';
import { paths } from '../../lib/paths';
import { useShortlistOwner } from '../../lib/helper-mode';
import { Button } from '../ui/button';
import { TextAreaField } from '../ui/textarea-field';
import { toast } from '../ui/toast';
import { saveToShortlist, shortlistQueryOptions } from './shortlist';
import { useT } from '../../i18n/use-t';

/**
 * "Save" on a result card or a profile: puts the profile on the member's shortlist, with an optional note, from a
 * small form that opens in place. A profile already there says so and leads to the shortlist.
 */
export function SaveToShortlist({ savedProfileId, name, className }: { savedProfileId: number; name: string; className?: string }) {
  // In helper mode the candidate's shortlist (when they let family shortlist).
  const { profileId, candidateName } = useShortlistOwner();
  // Whose shortlist the messages name: the member's own, or the candidate's they help.
  const whose = { whose: candidateName ? 'theirs' : 'own', candidate: candidateName ?? '', name };
  const t = useT();
  const queryClient = useQueryClient();
  const shortlist = useQuery({ ...shortlistQueryOptions(profileId ?? 0), enabled: profileId !== null });
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState('');
  const save = useMutation({
    mutationFn: () => saveToShortlist(profileId ?? 0, savedProfileId, note),
    onSuccess: () => {
      setOpen(false);
      setNote('');
      toast({ title: t('shortlist.isOn', whose), variant: 'success' });
      return queryClient.invalidateQueries({ queryKey: shortlistQueryOptions(profileId ?? 0).queryKey });
    },
  });
  // Without a profile of their own there is no shortlist to save to.
  if (profileId === null || profileId === savedProfileId) return null;
  if (shortlist.data?.some((entry) => entry.profile.id === savedProfileId)) {
    return (
      <Button asChild size="sm" variant="ghost" className={className}>
        <Link to={paths.shortlist} aria-label={t('shortlist.isOnOpen', whose)}>
          <BookmarkCheck size={14} aria-hidden="true" />
          {t('shortlist.saved')}
        </Link>
      </Button>
    );
  }
  if (!open) {
    return (
      <Button size="sm" variant="ghost" className={className} aria-label={t('shortlist.saveTo', whose)} onClick={() => setOpen(true)}>
        <Bookmark size={14} aria-hidden="true" />
        {t('shortlist.save')}
      </Button>
    );
  }
  const error = save.error ? (isApiError(save.error) ? (save.error.serverMessage ?? save.error.message) : t('shortlist.saveFailed')) : undefined;
  return (
    <form
      className="shortlist-form"
      aria-label={t('shortlist.saveTo', whose)}
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate();
      }}
    >
      <TextAreaField
        label={t('shortlist.note')}
        hint={t('shortlist.noteHint')}
        rows={2}
        maxLength={SHORTLIST_NOTE_MAX}
        value={note}
        error={error}
        onChange={(event) => setNote(event.target.value)}
      />
      <div className="shortlist-form__actions">
        <Button type="submit" size="sm" disabled={save.isPending}>
          {t('shortlist.save')}
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={() => setOpen(false)}>
          {t('common.cancel')}
        </Button>
      </div>
    </form>
  );
}
