import { Page } from '../../../components/ui/page';
import { Spinner } from '../../../components/ui/spinner';
import { useHelpedProfiles } from '../../../lib/helped-profiles';
import { useSessionUser } from '../../../lib/session';
import { FamilyPanel } from '../components/family-panel';
import { useT } from '../../../i18n/use-t';
import { relationWord } from '../../../lib/family-relations';

/** /family: the family of the member's own profile, and each profile they help with as family. */
export function FamilyPage() {
  const user = useSessionUser();
  const helped = useHelpedProfiles();
  const t = useT();
  if (!user || helped.isPending) return <Spinner />;
  const helping = helped.data ?? [];
  const own = user.profileId;
  return (
    <Page title={t('family.title')} subtitle={t('family.subtitle')}>
      {own ? <FamilyPanel profileId={own} /> : null}
      {helping.map((h) => (
        <div key={h.profileId} className="family__helped">
          <h2 className="family__helped-title">
            {t('family.helping', { name: h.candidateName ?? t('family.aFamilyMember'), relation: relationWord(h.relation) })}
          </h2>
          <FamilyPanel profileId={h.profileId} />
        </div>
      ))}
      {!own && helping.length === 0 ? <p className="card__text">{t('family.nothingHere')}</p> : null}
    </Page>
  );
}
