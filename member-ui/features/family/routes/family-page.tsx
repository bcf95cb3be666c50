import { Page } from '../../../components/ui/page';
import { Spinner } from '../../../components/ui/spinner';
import { useHelpedProfiles } from '../../../lib/helped-profiles';
import { useSessionUser } from '../../../lib/session';
import { FamilyPanel } from '../components/family-panel';

/** /family: the family of the member's own profile, and each profile they help with as family. */
export function FamilyPage() {
  const user = useSessionUser();
  const helped = useHelpedProfiles();
  if (!user || helped.isPending) return <Spinner />;
  const helping = helped.data ?? [];
  const own = user.profileId;
  return (
    <Page title="Family" subtitle="Who helps with the profile, and what they may do">
      {own ? <FamilyPanel profileId={own} /> : null}
      {helping.map((h) => (
        <div key={h.profileId} className="family__helped">
          <h2 className="family__helped-title">
            Helping {h.candidateName ?? 'a family member'} as their {h.relation}
          </h2>
          <FamilyPanel profileId={h.profileId} />
        </div>
      ))}
      {!own && helping.length === 0 ? <p className="card__text">You have no profile yet and help with none. A family invitation link brings you here.</p> : null}
    </Page>
  );
}
