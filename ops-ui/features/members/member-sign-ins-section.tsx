import { Badge } from '../../components/ui/badge';
import { Section } from '../../components/ui/section';
import { formatDateTime } from '../../lib/format';
import type { MemberDetail } from './api/member-detail';

type SignIn = MemberDetail['signIns'][number];

/** What each recorded reason means to a reviewer reading the history. */
const REASON_TEXT: Record<string, string> = {
  invalid: 'wrong password',
  'totp-invalid': 'wrong two-factor code',
  limited: 'too many attempts',
  suspended: 'account suspended or banned',
  unconfirmed: 'email not confirmed',
  'not-staff': 'member account on the console',
  staff: 'staff account on the member app',
};

function Outcome({ attempt }: { attempt: SignIn }) {
  if (attempt.outcome === 'success') return <Badge tone="success">Signed in</Badge>;
  const reason = attempt.reason ? REASON_TEXT[attempt.reason] ?? attempt.reason : null;
  return (
    <>
      <Badge tone={attempt.outcome === 'refused' ? 'warning' : 'danger'}>{attempt.outcome === 'refused' ? 'Refused' : 'Failed'}</Badge>
      {reason ? <span className="ops-cell-muted"> {reason}</span> : null}
    </>
  );
}

/** Every sign-in attempt of the last 90 days, newest first, failures included: when, the outcome, device and address. */
export function MemberSignInsSection({ signIns }: { signIns: MemberDetail['signIns'] }) {
  const failures = signIns.filter((s) => s.outcome !== 'success').length;
  return (
    <Section title="Sign-in history" count={signIns.length} wide>
      <p className="ops-cell-muted">
        The last 90 days{signIns.length ? `: ${failures} of ${signIns.length} attempts did not sign in` : ''}.
      </p>
      {signIns.length === 0 ? (
        <p className="ops-cell-muted">No sign-in attempts recorded.</p>
      ) : (
        <table className="ops-mini-table" aria-label="Sign-in history">
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Outcome</th>
              <th scope="col">Device</th>
              <th scope="col">Address</th>
              <th scope="col">Form</th>
            </tr>
          </thead>
          <tbody>
            {signIns.map((attempt) => (
              <tr key={attempt.id}>
                <td>{formatDateTime(attempt.at)}</td>
                <td>
                  <Outcome attempt={attempt} />
                </td>
                <td title={attempt.userAgent ?? undefined}>{attempt.device}</td>
                <td>{attempt.ip ?? '—'}</td>
                <td>{attempt.form === 'console' ? 'Console' : 'Member app'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Section>
  );
}
