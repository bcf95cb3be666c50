import { Alert } from '../components/ui/alert';
import { Button } from '../components/ui/button';
import { Spinner } from '../components/ui/spinner';
import { useOpsSession } from '../features/auth/api/ops-session';
import { MemberRefusal } from '../features/auth/components/member-refusal';
import { SignInPage } from '../features/auth/components/sign-in-page';
import { TwoFactorEnrolment } from '../features/auth/components/two-factor-enrolment';
import { OpsShell } from './layout/ops-shell';
import { useSessionExpiry } from './use-session-expiry';

/**
 * Decides what the console shows from GET /api/ops/me. Signed-out visitors get the sign-in form at whatever
 * address they opened, so a deep link still lands on its page after signing in.
 */
export function AuthGate() {
  const session = useOpsSession();
  useSessionExpiry();

  if (session.isPending) {
    return (
      <div className="ops-centered">
        <Spinner label="Checking your session…" />
      </div>
    );
  }

  if (session.isError) {
    return (
      <div className="ops-centered">
        <div className="ops-centered__box">
          <Alert tone="danger" title="The console could not reach the server">
            <p>Check your connection and try again.</p>
          </Alert>
          <Button variant="primary" onClick={() => session.refetch()}>
            Try again
          </Button>
        </div>
      </div>
    );
  }

  const current = session.data;
  switch (current.status) {
    case 'signed-out':
      return <SignInPage />;
    case 'refused':
      return <MemberRefusal message={current.message} />;
    case 'enrol':
      return <TwoFactorEnrolment user={current.user} />;
    case 'signed-in':
      return <OpsShell user={current.user} />;
  }
}
