import { Link } from '../../app/routing/router';
import { MemberLink } from '../../components/member-link';
import { Section } from '../../components/ui/section';
import { formatDateTime } from '../../lib/format';
import { detailPaths } from '../../lib/paths';
import type { MemberDetail } from './api/member-detail';

function lengthText(s: MemberDetail['suspensions'][number]): string {
  if (s.kind === 'ban') return 'Banned';
  return s.until ? `Suspended until ${formatDateTime(s.until)}` : 'Suspended until restored';
}

/** The member's suspensions and bans, newest first: the decision, who made it and why, and how it ended. */
export function MemberSuspensionsSection({ suspensions }: { suspensions: MemberDetail['suspensions'] }) {
  return (
    <Section title="Suspensions and bans" count={suspensions.length} wide>
      {suspensions.length === 0 ? (
        <p className="ops-cell-muted">Never suspended.</p>
      ) : (
        <table className="ops-mini-table">
          <thead>
            <tr>
              <th scope="col">Decision</th>
              <th scope="col">By</th>
              <th scope="col">On</th>
              <th scope="col">Note</th>
              <th scope="col">Ended</th>
            </tr>
          </thead>
          <tbody>
            {suspensions.map((s) => (
              <tr key={s.id}>
                <td>
                  {lengthText(s)}
                  {s.reportId ? (
                    <>
                      {' · '}
                      <Link to={detailPaths.report(s.reportId)} className="ops-link">
                        report #{s.reportId}
                      </Link>
                    </>
                  ) : null}
                </td>
                <td>
                  <MemberLink member={s.suspendedBy} fallback="—" />
                </td>
                <td>{formatDateTime(s.createdAt)}</td>
                <td className="ops-break">{s.note}</td>
                <td>
                  {s.endedAt ? (
                    <span>
                      {formatDateTime(s.endedAt)}
                      {s.endedBy ? (
                        <>
                          {' by '}
                          <MemberLink member={s.endedBy} />
                        </>
                      ) : null}
                      {s.endNote ? <span className="ops-cell-muted"> · {s.endNote}</span> : null}
                    </span>
                  ) : (
                    <span className="ops-cell-muted">In force</span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Section>
  );
}
