import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import Bookmark from 'lucide-react/icons/bookmark';
import StickyNote from 'lucide-react/icons/sticky-note';
import type { ShortlistEntryView } from '../../../../contracts/shortlist';
import { removeFromShortlist, shortlistQueryOptions } from '../../../components/shortlist/shortlist';
import { AlertBanner } from '../../../components/ui/alert-banner';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { MatchBadge } from '../../../components/ui/match-badge';
import { Page } from '../../../components/ui/page';
import { ProfileThumb } from '../../../components/ui/profile-thumb';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast';
import { isApiError } from '../../../lib/api-client';
import { hrefs, paths } from '../../../lib/paths';
import { useSessionUser } from '../../../lib/session';
import { useShortlistOwner } from '../../../lib/helper-mode';
import { currentIntl, translate } from '../../../i18n/translate';
import { useT } from '../../../i18n/use-t';
import { optionLabel } from '../../../i18n/option-label';

// A relation inside a sentence: "(mother)", in the app's language.
const relationWord = (relation: string) => optionLabel('relation', relation).toLocaleLowerCase(currentIntl().locale);

const savedByText = (savedBy: ShortlistEntryView['savedBy']) =>
  savedBy.isYou
    ? translate('shortlistPage.savedByYou')
    : savedBy.relation
      ? translate('shortlistPage.savedByRelation', { name: savedBy.name, relation: relationWord(savedBy.relation) })
      : translate('shortlistPage.savedBy', { name: savedBy.name });

/** What the candidate decided on an entry (the family shortlist's like, dismiss or discuss). */
const DECIDED = { liked: 'shortlistPage.liked', dismissed: 'shortlistPage.dismissed', discussing: 'shortlistPage.discussing' } as const;

/** /shortlist: the profile's one shortlist, shared with the family helping, each entry saying who saved it and why. */
export function ShortlistPage() {
  const user = useSessionUser();
  // In helper mode the candidate's shortlist, shared with the family they let shortlist.
  const { profileId, candidateName, settled } = useShortlistOwner();
  const queryClient = useQueryClient();
  const t = useT();
  const shortlist = useQuery({ ...shortlistQueryOptions(profileId ?? 0), enabled: profileId !== null });
  const remove = useMutation({
    mutationFn: (entry: ShortlistEntryView) => removeFromShortlist(profileId ?? 0, entry.id),
    onSuccess: (_, entry) => {
      toast({
        title: candidateName ? translate('shortlistPage.removedFor', { name: entry.profile.fullName, candidate: candidateName }) : translate('shortlistPage.removed', { name: entry.profile.fullName }),
        variant: 'success',
      });
      return queryClient.invalidateQueries({ queryKey: shortlistQueryOptions(profileId ?? 0).queryKey });
    },
    onError: (error) =>
      toast({ title: translate('shortlistPage.removeFailed'), description: isApiError(error) ? (error.serverMessage ?? error.message) : translate('common.checkConnection'), variant: 'destructive' }),
  });
  if (!user || !settled) return null;
  return (
    <Page
      title={candidateName ? t('shortlistPage.titleFor', { name: candidateName }) : t('title.shortlist')}
      subtitle={candidateName ? t('shortlistPage.subtitleFor', { name: candidateName }) : t('shortlistPage.subtitle')}
      className="shortlist-page"
    >
      {candidateName && profileId === null ? (
        <p className="card__text">{t('shortlistPage.notAllowed', { name: candidateName })}</p>
      ) : profileId === null ? (
        <div className="card empty-state">
          <p className="empty-state__text">{t('shortlistPage.noProfile')}</p>
          <Link to={paths.createProfile} className="btn btn--primary btn--md">
            {t('shortlistPage.createProfile')}
          </Link>
        </div>
      ) : shortlist.isPending ? (
        <div role="status" aria-label={t('shortlistPage.loading')}>
          <Spinner />
        </div>
      ) : shortlist.isError ? (
        <AlertBanner>
          {isApiError(shortlist.error) ? (shortlist.error.serverMessage ?? shortlist.error.message) : t('shortlistPage.loadFailed')}{' '}
          <button type="button" className="text-link" onClick={() => void shortlist.refetch()}>
            {t('shortlistPage.tryAgain')}
          </button>
        </AlertBanner>
      ) : shortlist.data.length === 0 ? (
        <div className="card empty-state">
          <Bookmark size={36} aria-hidden="true" className="empty-state__icon" />
          <h2 className="empty-state__title">{t('shortlistPage.emptyTitle')}</h2>
          <p className="empty-state__text">{t('shortlistPage.emptyText')}</p>
          <Link to={paths.search} className="btn btn--primary btn--md">
            {t('profileView.browse')}
          </Link>
        </div>
      ) : (
        <ul className="result-list" aria-label={t('shortlistPage.listLabel')}>
          {shortlist.data.map((entry) => (
            <li key={entry.id} className="result-card shortlist-entry">
              <ProfileThumb src={entry.profile.photos[0]} name={entry.profile.fullName} className="result-card__photo" />
              <div className="result-card__body">
                <h2 className="result-card__name">
                  {entry.profile.fullName}
                  {entry.profile.age ? <span className="result-card__age">, {entry.profile.age}</span> : null}
                </h2>
                <div className="result-card__badges">
                  <MatchBadge percentage={entry.profile.matchPercentage} />
                  {entry.status === 'open' ? null : <Badge tone={entry.status === 'liked' ? 'success' : 'neutral'}>{t(DECIDED[entry.status])}</Badge>}
                </div>
                <p className="result-card__meta result-card__meta--muted">
                  <span className="result-card__meta-text">
                    {savedByText(entry.savedBy)} · {t('shortlistPage.savedOn', { date: new Date(entry.createdAt) })}
                  </span>
                </p>
                {entry.note ? (
                  <p className="shortlist-entry__note">
                    <StickyNote size={13} aria-hidden="true" />
                    <span>{entry.note}</span>
                  </p>
                ) : null}
                <div className="result-card__actions">
                  <Button asChild size="sm" variant="outline">
                    <Link to={hrefs.profileView(entry.profile.id)} aria-label={t('search.viewProfileOf', { name: entry.profile.fullName })}>
                      {t('search.viewProfile')}
                    </Link>
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    disabled={remove.isPending && remove.variables?.id === entry.id}
                    aria-label={t('shortlistPage.removeLabel', { name: entry.profile.fullName })}
                    onClick={() => remove.mutate(entry)}
                  >
                    {t('shortlistPage.remove')}
                  </Button>
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
    </Page>
  );
}
