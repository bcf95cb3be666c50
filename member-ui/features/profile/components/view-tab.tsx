import { useQuery } from '@tanstack/react-query';
import ArrowLeft from 'lucide-react/icons/arrow-left';
import BadgeCheck from 'lucide-react/icons/badge-check';
import Briefcase from 'lucide-react/icons/briefcase';
import Eye from 'lucide-react/icons/eye';
import MapPin from 'lucide-react/icons/map-pin';
import { findCity } from '../../../../contracts/gazetteer';
import type { ProfileCardView, ProfileView } from '../../../../contracts/views';
import { CompatibilityCard } from '../../../components/profile/insight-cards';
import { ProfileDetails } from '../../../components/profile/profile-details';
import type { CompatibilityScores } from '../../../components/profile/profile-insights';
import { ageOf, nameWithAge } from '../../../components/profile/profile-format';
import { placeOf } from '../../../i18n/country-label';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { api } from '../../../lib/api-client';
import { PhotoGallery } from '../../../components/profile/photo-gallery';
import { useT } from '../../../i18n/use-t';

/**
 * The member's own profile as other members see it: photo, name and age, work, location, birth details and the
 * other blocks, and an example of the compatibility card others get (here: with a profile the member liked).
 */
export function ViewTab({ profile, onBack }: { profile: ProfileView; onBack: () => void }) {
  const name = profile.fullName || profile.user?.fullName;
  const age = ageOf(profile);
  const location = placeOf(profile);
  const t = useT();
  const work = profile.profession && profile.company ? t('editor.workAt', { profession: profile.profession, company: profile.company }) : profile.profession || profile.company || '';
  const example = useCompatibilityExample(profile.userId);

  return (
    <div className="view-tab">
      <Button variant="ghost" size="sm" className="view-tab__back" onClick={onBack}>
        <ArrowLeft size={16} aria-hidden="true" />
        {t('editor.backToAccount')}
      </Button>
      <p className="view-tab__note">
        <Eye size={16} aria-hidden="true" />
        {t('editor.viewNote')}
      </p>
      {profile.city && profile.country && !findCity(profile.city, profile.country) ? (
        <p className="view-tab__note" role="note">
          <MapPin size={16} aria-hidden="true" />
          {t('editor.cityNotPlaced', { city: profile.city })}
        </p>
      ) : null}
      <article className="profile-view view-tab__preview" aria-labelledby="preview-name">
        <div className="profile-view__media">
          <PhotoGallery profile={profile} name={name} />
        </div>
        <header className="card profile-intro">
          <h2 id="preview-name" className="profile-name">
            {nameWithAge(name, age)}
          </h2>
          <div className="badge-row">
            {profile.profileType === 'parent' ? <Badge tone="saffron">{t('editor.parentManaged')}</Badge> : null}
            {profile.user?.isVerified || profile.isVerified ? (
              <Badge tone="success">
                <BadgeCheck size={14} aria-hidden="true" />
                {t('profile.verified')}
              </Badge>
            ) : null}
          </div>
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
        </header>
        {example.scores ? (
          <div className="view-tab__example">
            <p className="view-tab__example-note">{t('editor.exampleNote', { name: example.withName })}</p>
            <CompatibilityCard scores={example.scores} />
          </div>
        ) : (
          <p className="view-tab__example-note">
            {t('editor.exampleNone')}
          </p>
        )}
        <ProfileDetails profile={profile} isOwner={false} />
      </article>
    </div>
  );
}

/** The compatibility card with the most recent profile the member liked, as that member would see it. */
function useCompatibilityExample(userId: number): { scores: CompatibilityScores | null; withName: string } {
  const liked = useQuery({
    queryKey: [`/api/profile-likes/${userId}`],
    queryFn: ({ signal }) => api.get<ProfileCardView[]>(`/api/profile-likes/${userId}`, { signal }),
  });
  const other = liked.data?.[0];
  const scores = useQuery({
    queryKey: ['/api/compatibility', userId, other?.id],
    queryFn: ({ signal }) => api.get<CompatibilityScores>(`/api/compatibility/${userId}/${other?.id}`, { signal }),
    enabled: other !== undefined,
    retry: false,
  });
  return {
    scores: scores.data ? { ...scores.data, detailUserId: other?.userId } : null,
    withName: other?.fullName ?? '',
  };
}
