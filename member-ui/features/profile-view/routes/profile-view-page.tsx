import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Link, useRouter, useRouterState } from '@tanstack/react-router';
import ArrowLeft from 'lucide-react/icons/arrow-left';
import BadgeCheck from 'lucide-react/icons/badge-check';
import Briefcase from 'lucide-react/icons/briefcase';
import Heart from 'lucide-react/icons/heart';
import MapPin from 'lucide-react/icons/map-pin';
import MessageCircle from 'lucide-react/icons/message-circle';
import Pencil from 'lucide-react/icons/pencil';
import SearchX from 'lucide-react/icons/search-x';
import Share2 from 'lucide-react/icons/share-2';
import { lazy, Suspense, useDeferredValue, useState } from 'react';
import type { SessionUser } from '../../../../contracts/auth';
import type { ProfileView } from '../../../../contracts/views';
import { ageOf, nameWithAge } from '../../../components/profile/profile-format';
import { placeOf } from '../../../i18n/country-label';
import { ProfileDetails } from '../../../components/profile/profile-details';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { toast } from '../../../components/ui/toast';
import { isApiError } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { profileQueryOptions } from '../../../lib/profiles';
import type { HelpedProfile } from '../../../lib/helped-profiles';
import { likedByText, useHelperMode } from '../../../lib/helper-mode';
import { SuggestButton } from '../../../components/family/suggest-button';
import { usePageTitle } from '../../../lib/page-title';
import { useSessionUser } from '../../../lib/session';
import { useLikeCheck, useToggleLike } from '../api/profile-like';
import { insightsFor, useProfileInsights } from '../api/profile-insights';
import { CallButton } from '../../../components/calls/call-button';
import { useCallsWith } from '../../../lib/calls';
import { MemberActions, PeopleActions } from '../components/member-actions';
import { PhotoGallery } from '../../../components/profile/photo-gallery';
import { ProfileViewSkeleton } from '../components/profile-view-skeleton';
import { NotInterestedButton } from '../../../components/not-interested/not-interested-button';
import { SaveToShortlist } from '../../../components/shortlist/save-to-shortlist';
import { FirstScreen, useFirstScreenReplaced } from '../../../app/layout/first-screen';
import { MatchBreakdown } from '../components/match-breakdown';
import { DownloadBiodata } from '../../../components/profile/download-biodata';
import { useT } from '../../../i18n/use-t';

const profileViewRoute = getRouteApi('/member/profile/$id');

// The share dialog (the profile's own people: its member, or family the candidate lets share) is fetched when it is
// first opened: Radix's dialog is not needed to show a profile.
const ShareDialog = lazy(() => import('../../../components/sharing/share-dialog').then((module) => ({ default: module.ShareDialog })));

/** /profile/{id}. */
export function ProfileViewPage() {
  const { id } = profileViewRoute.useParams();
  const profileId = /^\d+$/.test(id) ? Number(id) : null;
  if (profileId === null || profileId <= 0) return <ProfileNotFound />;
  return <ProfileViewScreen profileId={profileId} />;
}

/** One profile's screen, from GET /api/profiles/{id}; also what the server paints first (member-ui/first-screen/). */
export function ProfileViewScreen({ profileId }: { profileId: number }) {
  // Helper mode: the profile as the candidate sees it (their match percentage, what they may see).
  const { helping, settled } = useHelperMode();
  const profile = useQuery({ ...profileQueryOptions(profileId, helping?.profileId ?? null), enabled: settled });
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const t = useT();
  // The profile as the server painted it, where it did, until the answer is here and the screen renders itself.
  if (profile.isPending) return <FirstScreen pathname={pathname} fallback={<ProfileViewSkeleton />} />;
  if (profile.isError) {
    if (isApiError(profile.error) && (profile.error.status === 404 || profile.error.status === 403)) return <ProfileNotFound />;
    return (
      <section className="state-screen" role="alert">
        <h1 className="state-screen__title">{t('error.title')}</h1>
        <p className="state-screen__text">{profile.error.message}</p>
        <Button onClick={() => void profile.refetch()}>{t('error.tryAgain')}</Button>
      </section>
    );
  }
  return <LoadedProfile profile={profile.data} />;
}

function ProfileNotFound() {
  const t = useT();
  return (
    <section className="state-screen" aria-labelledby="profile-missing-title">
      <SearchX className="state-screen__icon" size={48} aria-hidden="true" />
      <h1 id="profile-missing-title" className="state-screen__title">
        {t('profileView.notFound')}
      </h1>
      <p className="state-screen__text">{t('profileView.notFoundText')}</p>
      <Link to={paths.search} className="btn btn--primary btn--md">
        {t('profileView.browse')}
      </Link>
    </section>
  );
}

function LoadedProfile({ profile }: { profile: ProfileView }) {
  const router = useRouter();
  const user = useSessionUser();
  const [shareOpen, setShareOpen] = useState(false);
  const [shareWanted, setShareWanted] = useState(false);
  const isOwner = user !== null && user.id === profile.userId;
  const mode = useHelperMode();
  // Family who help with this profile: its menu is theirs to share it (while the candidate allows), not to report it.
  const helping = isOwner ? undefined : mode.profiles.find((h) => h.profileId === profile.id);
  // Helper mode on another member's profile: every act is the candidate's, made by the helper as they are allowed.
  const actingFor = !isOwner && !helping ? mode.helping : null;
  const mayShare = isOwner || helping?.mayShare === true;
  const openShare = () => {
    setShareWanted(true);
    setShareOpen(true);
  };
  // The name the profile is published under: a managed profile's candidate, not the account holder.
  const name = profile.fullName || profile.user?.fullName;
  const age = ageOf(profile);
  const location = placeOf(profile);
  const t = useT();
  const work = profile.profession && profile.company ? t('profileView.workAt', { profession: profile.profession, company: profile.company }) : (profile.profession ?? profile.company);
  usePageTitle(nameWithAge(name, age));
  useFirstScreenReplaced();

  function goBack() {
    // Opened directly (no earlier screen of the app in this tab): go to search instead of leaving the app.
    if (router.history.canGoBack()) router.history.back();
    else void router.navigate({ to: paths.search });
  }

  return (
    <article className="profile-view" aria-labelledby="profile-name">
      <div className="profile-view__media">
        <PhotoGallery profile={profile} name={name} />
        <div className="profile-view__topbar">
          <button type="button" className="photo-action" aria-label={t('header.back')} onClick={goBack}>
            <ArrowLeft size={22} aria-hidden="true" />
          </button>
          {mayShare ? (
            <PeopleActions onShare={openShare} />
          ) : !isOwner && !helping && !actingFor ? (
            <MemberActions userId={profile.userId} profileId={profile.id} name={name} onBlocked={goBack} />
          ) : null}
        </div>
      </div>

      <header className="card profile-intro">
        <div className="profile-intro__head">
          <h1 id="profile-name" className="profile-name">
            {nameWithAge(name, age)}
          </h1>
          {profile.matchPercentage !== null && profile.matchPercentage !== undefined ? (
            <Badge tone="gold" className="match-badge">
              {t('match.percent', { percentage: Math.round(profile.matchPercentage) })}
            </Badge>
          ) : null}
        </div>
        <div className="badge-row">
          {profile.profileType === 'parent' ? <Badge tone="saffron">{t('profileView.parentManaged')}</Badge> : null}
          {profile.user?.isVerified || profile.isVerified ? (
            <Badge tone="success">
              <BadgeCheck size={14} aria-hidden="true" />
              {t('profile.verified')}
            </Badge>
          ) : null}
        </div>
        {profile.matchFactors?.length ? <MatchBreakdown factors={profile.matchFactors} /> : null}
        {profile.familyStatus ? (
          <p className="profile-intro__family" role="note">
            {profile.familyStatus}
          </p>
        ) : null}
        {work ? (
          <p className="profile-intro__line">
            <Briefcase size={16} aria-hidden="true" />
            {work}
          </p>
        ) : null}
        {location ? (
          <p className="profile-intro__line">
            <MapPin size={16} aria-hidden="true" />
            {location}
          </p>
        ) : null}

        <div className={cn('profile-intro__actions', actingFor && 'profile-intro__actions--helper')}>
          {isOwner ? (
            <Button block onClick={openShare}>
              <Share2 size={18} aria-hidden="true" />
              {t('profileView.share')}
            </Button>
          ) : helping ? (
            helping.may.edit ? (
              <Button asChild block>
                <Link to={paths.familyEdit} params={{ profileId: String(helping.profileId) }}>
                  <Pencil size={18} aria-hidden="true" />
                  {helping.candidateName ? t('profileView.editNamed', { name: helping.candidateName }) : t('profileView.editTheirs')}
                </Link>
              </Button>
            ) : null
          ) : actingFor ? (
            <HelperActions helping={actingFor} profileId={profile.id} otherUserId={profile.userId} name={name} />
          ) : (
            <>
              <LikeButton viewerId={user?.id ?? null} profileId={profile.id} name={name} />
              <Button asChild variant="outline">
                <Link to={paths.chat} params={{ id: String(profile.userId) }}>
                  <MessageCircle size={18} aria-hidden="true" />
                  {t('profileView.chat')}
                </Link>
              </Button>
              {user ? <MatchCall otherId={profile.userId} name={name} /> : null}
              {user ? <SaveToShortlist savedProfileId={profile.id} name={name} className="profile-intro__aside" /> : null}
              {user ? <NotInterestedButton profileId={profile.id} name={name} className="profile-intro__aside" showState /> : null}
            </>
          )}
        </div>
        {/* Family who help with the profile have it only while the candidate lets them share it. */}
        {user && (!helping || helping.mayShare === true) ? <DownloadBiodata profileId={profile.id} block className="profile-intro__biodata" /> : null}
      </header>

      <DeferredDetails profile={profile} isOwner={isOwner} user={user} />

      {mayShare && shareWanted ? (
        <Suspense fallback={null}>
          <ShareDialog profileId={profile.id} name={isOwner ? null : name} open={shareOpen} onOpenChange={setShareOpen} />
        </Suspense>
      ) : null}
    </article>
  );
}

/** "Video call" on a match's profile (calls are for matches; a member on the free plan is shown the plans). */
function MatchCall({ otherId, name }: { otherId: number; name: string }) {
  const calls = useCallsWith(otherId);
  if (!calls.data?.canCall && !calls.data?.upgradeRequired) return null;
  return <CallButton otherId={otherId} name={name} upgradeRequired={!calls.data.canCall} label />;
}

/**
 * The details and insight cards, below the fold: the photo and the intro (the screen's largest paint) are shown
 * first and these follow in a render React may interrupt, as does each insight's arrival, which re-renders only
 * this part.
 */
function DeferredDetails({ profile, isOwner, user }: { profile: ProfileView; isOwner: boolean; user: SessionUser | null }) {
  const shown = useDeferredValue(true, false);
  // Helper mode: the insights are the candidate's with this member, never the helper's own.
  const mode = useHelperMode();
  const who = insightsFor(user, profile, mode.helping, mode.profiles.some((h) => h.profileId === profile.id));
  const insights = useDeferredValue(useProfileInsights(profile, who));
  if (!shown) return null;
  return <ProfileDetails profile={profile} isOwner={isOwner} nriEditable={isOwner} insights={insights} />;
}

/** What a helper may do on another member's profile for the candidate: like, suggest, shortlist, write, each as allowed. */
function HelperActions({ helping, profileId, otherUserId, name }: { helping: HelpedProfile; profileId: number; otherUserId: number; name: string }) {
  const t = useT();
  const candidate = helping.candidateName ?? t('helper.them');
  return (
    <>
      {helping.may.like ? <LikeButton viewerId={helping.candidateUserId} profileId={profileId} name={name} actingFor={helping} /> : null}
      {helping.may.suggest ? <SuggestButton helpedProfileId={helping.profileId} candidateName={candidate} suggestedProfileId={profileId} /> : null}
      {helping.may.message ? (
        <Button asChild variant="outline">
          <Link to={paths.familyChat} params={{ profileId: String(helping.profileId), otherId: String(otherUserId) }}>
            <MessageCircle size={18} aria-hidden="true" />
            {t('profileView.writeFor', { name: candidate })}
          </Link>
        </Button>
      ) : null}
      {helping.may.shortlist ? <SaveToShortlist savedProfileId={profileId} name={name} className="profile-intro__aside" /> : null}
      {!helping.may.like && !helping.may.suggest && !helping.may.message && !helping.may.shortlist ? (
        <p className="profile-intro__note">{t('profileView.notAllowed', { name: candidate })}</p>
      ) : null}
    </>
  );
}

function LikeButton({ viewerId, profileId, name, actingFor = null }: { viewerId: number | null; profileId: number; name: string; actingFor?: HelpedProfile | null }) {
  const check = useLikeCheck(viewerId, profileId, viewerId !== null, actingFor?.profileId ?? null);
  const toggle = useToggleLike(viewerId ?? 0, profileId, actingFor?.profileId ?? null);
  const liked = check.data?.isLiked === true;
  const label = liked ? likedByText(check.data?.likedBy, actingFor?.candidateName ?? null) : null;
  const t = useT();
  const forName = actingFor?.candidateName ?? t('helper.them');

  function handleClick() {
    if (viewerId === null) {
      toast({ title: t('like.authTitle'), description: t('like.authText'), variant: 'destructive' });
      return;
    }
    toggle.mutate(!liked, {
      onSuccess: (outcome) => {
        if (outcome?.isMatch) {
          toast({ title: t('like.matchTitle'), description: t('like.matchText', { name }), variant: 'success' });
        } else if (outcome?.created) {
          const description = actingFor ? t('like.likedForText', { candidate: forName, name }) : t('like.likedText', { name });
          toast({ title: t('like.likedTitle'), description, variant: 'success' });
        }
      },
      onError: (error) =>
        toast({ title: t('like.failed'), description: (isApiError(error) && error.serverMessage) || error.message, variant: 'destructive' }),
    });
  }

  return (
    <>
      <Button
        variant={liked ? 'primary' : 'secondary'}
        className={cn('like-button', liked && 'like-button--liked')}
        aria-pressed={liked}
        disabled={toggle.isPending || check.isLoading}
        onClick={handleClick}
      >
        <Heart size={18} aria-hidden="true" fill={liked ? 'currentColor' : 'none'} />
        {liked ? t('like.liked') : actingFor ? t('like.likeFor', { name: forName }) : t('like.like')}
      </Button>
      {label ? <p className="profile-intro__liked-by">{label}</p> : null}
    </>
  );
}
