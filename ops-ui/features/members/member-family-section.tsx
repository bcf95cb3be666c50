import { MemberLink } from '../../components/member-link';
import { Section } from '../../components/ui/section';
import type { MemberDetail } from './api/member-detail';

const CONSENT_LABEL: Record<string, string> = {
  self: 'Made by the candidate',
  unconfirmed: 'Made by family, not yet confirmed by the candidate',
  confirmed: 'Made by family, confirmed by the candidate',
  declined: 'Declined by the candidate (hidden)',
};

type Evidence = NonNullable<NonNullable<MemberDetail['family']>['ownProfile']>['consentEvidence'];

/** How the candidate's consent was obtained, in words a reviewer can check against a complaint. */
function consentHow(consent: string, e: Evidence): string {
  if (consent === 'self') return 'The candidate made the profile with their own account.';
  if (consent === 'declined') return 'The candidate declined the profile from the invitation link.';
  if (consent === 'unconfirmed') {
    const waiting = e.hiddenUntilConfirmed ? 'Hidden from members until the candidate confirms.' : 'Shown to members meanwhile, marked "not yet confirmed".';
    return `${e.openInvitationEmail ? `Invitation open at ${e.openInvitationEmail}.` : 'No invitation open.'} ${waiting}`;
  }
  const when = e.confirmedAt ? new Date(e.confirmedAt).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' }) : 'an unrecorded date';
  const account = e.confirmedWith === 'existing_account' ? 'with their existing account confirmed at that address' : 'with a new account made with that address';
  const address = e.confirmedEmail ? `the invitation sent to ${e.confirmedEmail}` : 'the invitation';
  return `Confirmed by email on ${when}: the candidate answered ${address}, ${account}. ${e.candidateVerified ? 'Identity verified.' : 'Identity not verified yet.'}`;
}

/** Who is on the member's profile and in what role, and whose profiles they help with as family. */
export function MemberFamilySection({ family }: { family: MemberDetail['family'] }) {
  const own = family?.ownProfile ?? null;
  const helps = family?.helps ?? [];
  return (
    <Section title="Family and roles" count={(own?.people.length ?? 0) + helps.length}>
      {own ? (
        <>
          <p className="ops-cell-muted">{CONSENT_LABEL[own.consent] ?? own.consent}</p>
          <p>
            <strong>How consent was obtained:</strong> {consentHow(own.consent, own.consentEvidence)}
          </p>
          <ul className="ops-plain-list">
            {own.people.map((person) => (
              <li key={`${person.role}-${person.userId}`}>
                <MemberLink member={{ id: person.userId, fullName: person.fullName }} />{' '}
                <span className="ops-cell-muted">· {person.role === 'candidate' ? 'candidate' : `family (${person.relation ?? 'relative'})`}</span>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p className="ops-cell-muted">No profile of their own.</p>
      )}
      {helps.length ? (
        <ul className="ops-plain-list">
          {helps.map((h) => (
            <li key={h.profileId}>
              Helps <MemberLink member={{ id: h.profileUserId, fullName: h.candidateFirstName ?? `profile ${h.profileId}` }} /> as their {h.relation}
              <span className="ops-cell-muted"> · {h.status}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </Section>
  );
}
