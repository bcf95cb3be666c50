import { MemberLink } from '../../components/member-link';
import { Section } from '../../components/ui/section';
import type { MemberDetail } from './api/member-detail';

const CONSENT_LABEL: Record<string, string> = {
  self: 'Made by the candidate',
  unconfirmed: 'Made by family, not yet confirmed by the candidate',
  confirmed: 'Made by family, confirmed by the candidate',
  declined: 'Declined by the candidate (hidden)',
};

/** Who is on the member's profile and in what role, and whose profiles they help with as family. */
export function MemberFamilySection({ family }: { family: MemberDetail['family'] }) {
  const own = family?.ownProfile ?? null;
  const helps = family?.helps ?? [];
  return (
    <Section title="Family and roles" count={(own?.people.length ?? 0) + helps.length}>
      {own ? (
        <>
          <p className="ops-cell-muted">{CONSENT_LABEL[own.consent] ?? own.consent}</p>
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
