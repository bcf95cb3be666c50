import { useQuery } from '@tanstack/react-query';
import Share2 from 'lucide-react/icons/share-2';
import { Suspense, lazy, useState } from 'react';
import { AlertBanner } from '../../../components/ui/alert-banner';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { FullPageSpinner, Spinner } from '../../../components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { initialOf } from '../../../lib/format';
import { ownProfileQueryOptions } from '../../../lib/profiles';
import { useSessionUser } from '../../../lib/session';
import { AccountTab } from '../components/account-tab';
import { DownloadBiodata } from '../../../components/profile/download-biodata';
import { useT } from '../../../i18n/use-t';
import { optionLabel } from '../../../i18n/option-label';
import { humanize } from '../../../components/profile/option-labels';

// The View and Edit tabs carry the profile blocks, forms and schemas: loaded only when opened.
const ViewTab = lazy(() => import('../components/view-tab').then((m) => ({ default: m.ViewTab })));
const EditTab = lazy(() => import('../components/edit-tab').then((m) => ({ default: m.EditTab })));
// The share dialog is fetched when first opened.
const ShareDialog = lazy(() => import('../../../components/sharing/share-dialog').then((m) => ({ default: m.ShareDialog })));

type TabName = 'account' | 'view' | 'edit';

function TabFallback() {
  const t = useT();
  return (
    <div className="tab-loading" role="status">
      <Spinner size={28} />
      <span className="visually-hidden">{t('editor.loading')}</span>
    </div>
  );
}

/** /profile: header, then the Account (default), View Profile and Edit Profile tabs. */
export function OwnProfilePage() {
  const user = useSessionUser();
  const [tab, setTab] = useState<TabName>('account');
  const [shareOpen, setShareOpen] = useState(false);
  const [shareWanted, setShareWanted] = useState(false);
  const t = useT();
  const ownProfile = useQuery({ ...ownProfileQueryOptions(user?.id ?? 0), enabled: user != null });
  if (!user) return null;
  if (ownProfile.isPending) return <FullPageSpinner />;

  const profile = ownProfile.data ?? null;
  const name = profile?.fullName || user.fullName || user.username;
  const photo = profile?.photos[0];
  const gender = profile?.gender ? optionLabel('gender', profile.gender, humanize(profile.gender)) : null;
  const activeTab = profile ? tab : 'account';

  return (
    <section className="page own-profile" aria-labelledby="page-title">
      <h1 id="page-title" className="visually-hidden">
        {t('title.profile')}
      </h1>
      <Card className="own-profile__header">
        {photo ? (
          <img src={photo} alt="" className="own-profile__photo" />
        ) : (
          <span className="avatar avatar--lg own-profile__initial" aria-hidden="true">
            {initialOf(user.fullName || user.username)}
          </span>
        )}
        <div className="own-profile__identity">
          <h2 className="own-profile__name">{name}</h2>
          <p className="own-profile__username">@{user.username}</p>
          <div className="own-profile__badges">
            <Badge tone={user.subscriptionTier === 'tryme' ? 'maroon' : 'gold'}>{t(`tier.${user.subscriptionTier}`)}</Badge>
            {gender ? <Badge tone="saffron">{gender}</Badge> : null}
          </div>
          {profile ? (
            <Button
              variant="outline"
              size="sm"
              className="own-profile__share"
              onClick={() => {
                setShareWanted(true);
                setShareOpen(true);
              }}
            >
              <Share2 size={16} aria-hidden="true" />
              {t('share.open')}
            </Button>
          ) : null}
          {profile ? <DownloadBiodata profileId={profile.id} className="own-profile__share" /> : null}
        </div>
      </Card>
      {profile && shareWanted ? (
        <Suspense fallback={null}>
          <ShareDialog profileId={profile.id} open={shareOpen} onOpenChange={setShareOpen} />
        </Suspense>
      ) : null}
      {ownProfile.isError ? <AlertBanner>{ownProfile.error.message}</AlertBanner> : null}

      <Tabs value={activeTab} onValueChange={(value) => setTab(value as TabName)} className="tabs">
        <TabsList aria-label={t('editor.sections')}>
          <TabsTrigger value="account">{t('editor.account')}</TabsTrigger>
          {profile ? <TabsTrigger value="view">{t('editor.viewTab')}</TabsTrigger> : null}
          {profile ? <TabsTrigger value="edit">{t('editor.editTab')}</TabsTrigger> : null}
        </TabsList>
        <TabsContent value="account">
          <AccountTab profile={profile} />
        </TabsContent>
        {profile ? (
          <TabsContent value="view">
            <Suspense fallback={<TabFallback />}>
              <ViewTab profile={profile} onBack={() => setTab('account')} />
            </Suspense>
          </TabsContent>
        ) : null}
        {profile ? (
          <TabsContent value="edit">
            <Suspense fallback={<TabFallback />}>
              <EditTab profile={profile} userId={user.id} />
            </Suspense>
          </TabsContent>
        ) : null}
      </Tabs>
    </section>
  );
}
