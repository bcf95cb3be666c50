import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import { Page } from '../../../components/ui/page';
import { Spinner } from '../../../components/ui/spinner';
import { useHelperMode } from '../../../lib/helper-mode';
import { paths } from '../../../lib/paths';
import { profileQueryOptions } from '../../../lib/profiles';
import { PhotoManager } from '../components/photo-manager';
import { ProfileEditor } from '../components/profile-editor';
import { useT } from '../../../i18n/use-t';

const route = getRouteApi('/member/family/$profileId/edit');

/**
 * /family/{profileId}/edit: the candidate's profile editor, for a helper the candidate lets edit it. Every save acts
 * for the candidate and is listed in their activity as the helper's change.
 */
export function HelperEditPage() {
  const { profileId: param } = route.useParams();
  const profileId = /^\d+$/.test(param) ? Number(param) : 0;
  const mode = useHelperMode();
  const helped = mode.profiles.find((p) => p.profileId === profileId);
  const mayEdit = helped?.may.edit === true;
  const profile = useQuery({ ...profileQueryOptions(profileId, profileId), enabled: mayEdit });
  // The bar above says whose profile the app works on: this one, while editing it.
  const { choose, helping } = mode;
  const t = useT();
  useEffect(() => {
    if (helped && helping?.profileId !== helped.profileId) choose(helped.profileId);
  }, [helped, helping, choose]);
  if (mode.pending || (mayEdit && profile.isPending)) return <Spinner />;
  const name = helped?.candidateName ?? t('editor.thisMember');
  if (!helped || !mayEdit || profile.isError || !profile.data) {
    return (
      <Page title={helped ? t('editor.helperTitle', { name }) : t('title.edit-profile')}>
        <p className="card__text" role="alert">
          {helped ? t('editor.helperNotAllowed', { name }) : t('editor.helperNotHelping')}
        </p>
        <Link to={paths.family} className="btn btn--outline btn--md">
          {t('editor.backToFamily')}
        </Link>
      </Page>
    );
  }
  return (
    <Page title={t('editor.helperTitle', { name })} subtitle={t('editor.helperSubtitle', { name })}>
      <ProfileEditor profile={profile.data} actingFor={profileId} />
      <PhotoManager profile={profile.data} actingFor={profileId} />
    </Page>
  );
}
