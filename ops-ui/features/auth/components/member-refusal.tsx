import { ShieldX } from 'lucide-react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { useSignOut } from '../api/sign-out';

/** Shown when the current session belongs to a member: the console refuses and offers a way out. */
export function MemberRefusal({ message }: { message: string }) {
  const signOut = useSignOut('member');
  return (
    <main className="ops-sign-in">
      <div className="ops-sign-in__card">
        <div className="ops-sign-in__brand">
          <ShieldX aria-hidden="true" size={28} strokeWidth={1.75} />
          <div>
            <p className="ops-sign-in__product">Saathi Ops</p>
            <p className="ops-sign-in__audience">For reviewers and admins</p>
          </div>
        </div>
        <h1 className="ops-sign-in__title">This console is for reviewers and admins</h1>
        <Alert tone="warning">
          <p>{message}</p>
        </Alert>
        <p className="ops-sign-in__hint">
          You are signed in with a member account. Sign out to use a reviewer or admin account instead.
        </p>
        {signOut.isError ? (
          <Alert tone="danger">
            <p>Signing out failed. Please try again.</p>
          </Alert>
        ) : null}
        <Button variant="primary" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
          {signOut.isPending ? 'Signing out…' : 'Sign out'}
        </Button>
      </div>
    </main>
  );
}
