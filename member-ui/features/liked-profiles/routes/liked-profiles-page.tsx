import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import BadgeCheck from 'lucide-react/icons/badge-check';
import Briefcase from 'lucide-react/icons/briefcase';
import HeartCrack from 'lucide-react/icons/heart-crack';
import HeartOff from 'lucide-react/icons/heart-off';
import MapPin from 'lucide-react/icons/map-pin';
import UserRound from 'lucide-react/icons/user-round';
import type { ProfileCardView } from '../../../../contracts/views';
import { ageOf } from '../../../components/profile/profile-format';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Page } from '../../../components/ui/page';
import { toast } from '../../../components/ui/toast';
import { paths } from '../../../lib/paths';
import { useSessionUser } from '../../../lib/session';
import type { HelpedProfile } from '../../../lib/helped-profiles';
import { likedByText, useHelperMode } from '../../../lib/helper-mode';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { useLikedProfiles, useMutualMatches, useUnlikeProfile } from '../api/liked-profiles';
import { MatchesList } from '../components/matches-list';
import { useT } from '../../../i18n/use-t';
import { translate } from '../../../i18n/translate';
import type { MessageId } from '../../../i18n/catalogue';

/** Who made a profile, as the card says it. */
const CREATED_BY: Record<string, MessageId> = {
  self: 'likes.type.self',
  parent: 'likes.type.parent',
  sibling: 'likes.type.sibling',
  relative: 'likes.type.relative',
};

/**
 * /liked-profiles, the Match tab: mutual matches (with the last message and a chat button) and the profiles this
 * member has liked; the header's back goes to /profile.
 */
export function LikedProfilesPage() {
  const user = useSessionUser();
  const search = useSearch({ strict: false }) as { tab?: 'matches' | 'liked' };
  const navigate = useNavigate();
  const { helping, settled } = useHelperMode();
  const matches = useMutualMatches(user?.id ?? 0);
  const t = useT();
  if (!user || !settled) return null;
  // Helper mode: the candidate's likes (theirs and the family's for them); their matches and chats stay theirs.
  if (helping) {
    const name = helping.candidateName ?? t('helper.them');
    return (
      <Page title={t('likes.likedForTitle', { name })} subtitle={t('likes.likedForSubtitle', { name })} className="liked-page">
        {helping.may.like ? (
          <LikedProfiles userId={helping.candidateUserId} helping={helping} />
        ) : (
          <p className="card__text">{t('likes.helperNotAllowed', { name })}</p>
        )}
      </Page>
    );
  }
  const tab = search.tab ?? 'liked';
  const count = matches.data?.length ?? 0;
  return (
    <Page title={t('title.liked-profiles')} className="liked-page">
      <Tabs value={tab} onValueChange={(next) => void navigate({ to: '/liked-profiles', search: { tab: next as 'matches' | 'liked' }, replace: true })}>
        <TabsList aria-label={t('likes.tabsLabel')}>
          <TabsTrigger value="matches">{t('likes.matchesTab', { count })}</TabsTrigger>
          <TabsTrigger value="liked">{t('likes.likedTab')}</TabsTrigger>
        </TabsList>
        <TabsContent value="matches">
          <MatchesList
            userId={user.id}
            matches={matches.data}
            isPending={matches.isPending}
            isError={matches.isError}
            onRetry={() => void matches.refetch()}
          />
        </TabsContent>
        <TabsContent value="liked">
          <LikedProfiles userId={user.id} />
        </TabsContent>
      </Tabs>
    </Page>
  );
}

function LikedProfiles({ userId, helping = null }: { userId: number; helping?: HelpedProfile | null }) {
  const liked = useLikedProfiles(userId, helping?.profileId ?? null);
  const unlike = useUnlikeProfile(userId, helping?.profileId ?? null);
  const candidateName = helping?.candidateName ?? null;
  const t = useT();

  function remove(profile: ProfileCardView) {
    unlike.mutate(profile.id, {
      onSuccess: () => toast({ title: translate('likes.unliked'), variant: 'success' }),
      onError: () => toast({ title: translate('common.error'), description: translate('likes.unlikeFailed'), variant: 'destructive' }),
    });
  }

  return (
    <>
      <h2 className="visually-hidden">{t('likes.likedHeading')}</h2>
      {liked.isPending ? (
        <div className="liked-grid" role="status" aria-label={t('likes.loadingLiked')}>
          {[0, 1, 2, 3].map((i) => (
            <div key={i} className="liked-card">
              <div className="skeleton liked-card__photo" />
              <div className="liked-card__body">
                <div className="skeleton skeleton--line" />
                <div className="skeleton skeleton--line skeleton--short" />
              </div>
            </div>
          ))}
        </div>
      ) : liked.isError ? (
        <div className="card empty-state" role="alert">
          <HeartCrack size={36} aria-hidden="true" className="empty-state__icon" />
          <p>{t('likes.likedFailed')}</p>
          <Button variant="outline" size="sm" onClick={() => void liked.refetch()}>
            {t('error.tryAgain')}
          </Button>
        </div>
      ) : liked.data.length === 0 ? (
        <div className="card empty-state">
          <HeartOff size={36} aria-hidden="true" className="empty-state__icon" />
          <h2 className="empty-state__title">{t('likes.noLiked')}</h2>
          <p className="empty-state__text">{t('likes.noLikedText')}</p>
          <Link to={paths.search} className="btn btn--primary btn--md">
            {t('profileView.browse')}
          </Link>
        </div>
      ) : (
        <ul className="liked-grid" aria-label={t('likes.likedLabel')}>
          {liked.data.map((profile) => (
            <LikedCard
              key={profile.id}
              profile={profile}
              likedBy={likedByText(profile.likedBy, candidateName)}
              removing={unlike.isPending && unlike.variables === profile.id}
              onRemove={() => remove(profile)}
            />
          ))}
        </ul>
      )}
    </>
  );
}

function LikedCard({ profile, likedBy, removing, onRemove }: { profile: ProfileCardView; likedBy: string | null; removing: boolean; onRemove: () => void }) {
  // The name the profile is published under: a managed profile's candidate, not the account holder.
  const name = profile.fullName || profile.user?.fullName;
  const age = ageOf(profile);
  const photo = profile.photos[0];
  const t = useT();
  const creator =
    profile.profileType === 'parent' && profile.parentName
      ? t('likes.createdBy', { name: profile.parentName })
      : CREATED_BY[profile.profileType]
        ? t(CREATED_BY[profile.profileType])
        : profile.profileType;
  return (
    <li className="liked-card">
      <div className="liked-card__photo">
        {photo ? (
          <img src={photo} alt={name} className={profile.photosBlurred ? 'liked-card__img liked-card__img--blurred' : 'liked-card__img'} />
        ) : (
          <span className="liked-card__no-photo">
            <UserRound size={28} aria-hidden="true" />
            {t('likes.noPhoto')}
          </span>
        )}
        <button
          type="button"
          className="liked-card__remove"
          aria-label={t('likes.removeLike', { name: name ?? '' })}
          disabled={removing}
          onClick={onRemove}
        >
          <HeartOff size={16} aria-hidden="true" />
        </button>
      </div>
      <div className="liked-card__body">
        <h2 className="liked-card__name">{name}</h2>
        {profile.user?.isVerified || profile.isVerified ? (
          <Badge tone="success" className="liked-card__badge">
            <BadgeCheck size={12} aria-hidden="true" />
            {t('profile.verified')}
          </Badge>
        ) : null}
        <p className="liked-card__meta">{[age !== null ? t('likes.age', { age }) : null, creator].filter(Boolean).join(' · ')}</p>
        {profile.location ? (
          <p className="liked-card__meta">
            <MapPin size={12} aria-hidden="true" />
            {profile.location}
          </p>
        ) : null}
        {profile.profession ? (
          <p className="liked-card__meta">
            <Briefcase size={12} aria-hidden="true" />
            {profile.profession}
          </p>
        ) : null}
        {likedBy ? <p className="liked-card__meta liked-card__by">{likedBy}</p> : null}
        <Link to={paths.profileView} params={{ id: String(profile.id) }} className="btn btn--outline btn--sm btn--block liked-card__view" aria-label={t('search.viewProfileOf', { name: name ?? '' })}>
          {t('search.viewProfile')}
        </Link>
      </div>
    </li>
  );
}
