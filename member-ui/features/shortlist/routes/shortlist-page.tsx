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

const savedByText = (savedBy: ShortlistEntryView['savedBy']) =>
  savedBy.isYou ? 'Saved by you' : `Saved by ${savedBy.name}${savedBy.relation ? ` (${savedBy.relation})` : ''}`;

/** What the candidate decided on an entry (the family shortlist's like, dismiss or discuss). */
const DECIDED = { liked: 'Liked', dismissed: 'Dismissed', discussing: 'Discussing' } as const;

const savedOn = (iso: string) => new Date(iso).toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' });

/** /shortlist: the profile's one shortlist, shared with the family helping, each entry saying who saved it and why. */
export function ShortlistPage() {
  const user = useSessionUser();
  const profileId = user?.profileId ?? null;
  const queryClient = useQueryClient();
  const shortlist = useQuery({ ...shortlistQueryOptions(profileId ?? 0), enabled: profileId !== null });
  const remove = useMutation({
    mutationFn: (entry: ShortlistEntryView) => removeFromShortlist(profileId ?? 0, entry.id),
    onSuccess: (_, entry) => {
      toast({ title: `${entry.profile.fullName} is off your shortlist`, variant: 'success' });
      return queryClient.invalidateQueries({ queryKey: shortlistQueryOptions(profileId ?? 0).queryKey });
    },
    onError: (error) =>
      toast({ title: 'Could not remove', description: isApiError(error) ? (error.serverMessage ?? error.message) : 'Please check your connection and try again.', variant: 'destructive' }),
  });
  if (!user) return null;
  return (
    <Page title="Shortlist" subtitle="Profiles saved for later, by you and the family helping you." className="shortlist-page">
      {profileId === null ? (
        <div className="card empty-state">
          <p className="empty-state__text">Create your profile to keep a shortlist.</p>
          <Link to={paths.createProfile} className="btn btn--primary btn--md">
            Create Profile
          </Link>
        </div>
      ) : shortlist.isPending ? (
        <div role="status" aria-label="Loading the shortlist">
          <Spinner />
        </div>
      ) : shortlist.isError ? (
        <AlertBanner>
          {isApiError(shortlist.error) ? (shortlist.error.serverMessage ?? shortlist.error.message) : 'Could not load the shortlist.'}{' '}
          <button type="button" className="text-link" onClick={() => void shortlist.refetch()}>
            Try again
          </button>
        </AlertBanner>
      ) : shortlist.data.length === 0 ? (
        <div className="card empty-state">
          <Bookmark size={36} aria-hidden="true" className="empty-state__icon" />
          <h2 className="empty-state__title">Nothing saved yet</h2>
          <p className="empty-state__text">Press Save on a profile or a search result to keep it here, with a note.</p>
          <Link to={paths.search} className="btn btn--primary btn--md">
            Browse Profiles
          </Link>
        </div>
      ) : (
        <ul className="result-list" aria-label="Shortlisted profiles">
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
                  {entry.status === 'open' ? null : <Badge tone={entry.status === 'liked' ? 'success' : 'neutral'}>{DECIDED[entry.status]}</Badge>}
                </div>
                <p className="result-card__meta result-card__meta--muted">
                  <span className="result-card__meta-text">
                    {savedByText(entry.savedBy)} · {savedOn(entry.createdAt)}
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
                    <Link to={hrefs.profileView(entry.profile.id)} aria-label={`View Profile of ${entry.profile.fullName}`}>
                      View Profile
                    </Link>
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    disabled={remove.isPending && remove.variables?.id === entry.id}
                    aria-label={`Remove ${entry.profile.fullName} from the shortlist`}
                    onClick={() => remove.mutate(entry)}
                  >
                    Remove
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
