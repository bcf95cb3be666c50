import Lock from 'lucide-react/icons/lock';
import Users from 'lucide-react/icons/users';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast';
import { useSessionUser } from '../../../lib/session';
import { useSetShareMoods, useShareMoods } from '../api/mood-sharing';
import { LabelledSwitch } from './private-switch';
import { translate } from '../../../i18n/translate';
import { useT } from '../../../i18n/use-t';

/**
 * The one mood-sharing setting, explained where moods are recorded: off (the default) keeps every mood to the
 * member; on lets the moods they do not mark private count for mood matching. A note is never shared.
 */
export function MoodSharingCard() {
  const user = useSessionUser();
  const sharing = useShareMoods(user?.id ?? null);
  const setSharing = useSetShareMoods(user?.id ?? 0);
  const t = useT();
  if (!user) return null;

  const change = (next: boolean) =>
    setSharing.mutate(next, {
      onSuccess: () => toast({ title: translate(next ? 'moods.sharingOn' : 'moods.sharingOff'), variant: 'success' }),
      onError: () => toast({ title: translate('moods.error'), description: translate('moods.sharingFailed'), variant: 'destructive' }),
    });

  return (
    <section className="card mood-sharing" aria-labelledby="mood-sharing-title">
      <h2 id="mood-sharing-title" className="mood-card__title">
        {sharing ? <Users size={18} aria-hidden="true" /> : <Lock size={18} aria-hidden="true" />}
        {t('moods.whoSees')}
      </h2>
      {sharing === undefined ? (
        <div className="mood-form__loading">
          <Spinner />
          <span>{t('moods.loading')}</span>
        </div>
      ) : (
        <>
          <p className="mood-sharing__state" role="status">
            {sharing
              ? t('moods.sharingOnState')
              : t('moods.sharingOffState')}
          </p>
          <LabelledSwitch
            label={t('moods.shareLabel')}
            hint={t('moods.shareHint')}
            checked={sharing}
            onCheckedChange={change}
          />
        </>
      )}
    </section>
  );
}
