import Lock from 'lucide-react/icons/lock';
import Users from 'lucide-react/icons/users';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast';
import { useSessionUser } from '../../../lib/session';
import { useSetShareMoods, useShareMoods } from '../api/mood-sharing';
import { LabelledSwitch } from './private-switch';

/**
 * The one mood-sharing setting, explained where moods are recorded: off (the default) keeps every mood to the
 * member; on lets the moods they do not mark private count for mood matching. A note is never shared.
 */
export function MoodSharingCard() {
  const user = useSessionUser();
  const sharing = useShareMoods(user?.id ?? null);
  const setSharing = useSetShareMoods(user?.id ?? 0);
  if (!user) return null;

  const change = (next: boolean) =>
    setSharing.mutate(next, {
      onSuccess: () => toast({ title: next ? 'Mood sharing is on' : 'Mood sharing is off', variant: 'success' }),
      onError: () => toast({ title: 'Error', description: 'Mood sharing could not be changed. Please try again.', variant: 'destructive' }),
    });

  return (
    <section className="card mood-sharing" aria-labelledby="mood-sharing-title">
      <h2 id="mood-sharing-title" className="mood-card__title">
        {sharing ? <Users size={18} aria-hidden="true" /> : <Lock size={18} aria-hidden="true" />}
        Who sees your moods
      </h2>
      {sharing === undefined ? (
        <div className="mood-form__loading">
          <Spinner />
          <span>Loading…</span>
        </div>
      ) : (
        <>
          <p className="mood-sharing__state" role="status">
            {sharing
              ? 'Your moods help mood matching, except those you keep private.'
              : 'Your moods are private: only you see them.'}
          </p>
          <LabelledSwitch
            label="Share my moods for matching"
            hint="When on, the moods you record in the last 14 days (not those you keep private) shape your mood compatibility and conversation starters with members who can see your profile. Your notes are never shared."
            checked={sharing}
            onCheckedChange={change}
          />
        </>
      )}
    </section>
  );
}
