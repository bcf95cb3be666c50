import { Link } from '@tanstack/react-router';
import { paths } from '../../../lib/paths';
import { FormattedMessage } from 'react-intl';

/** "By signing in, you agree to our Terms of Service and Privacy Policy", for signing in or creating an account. */
export function LegalLinks({ action }: { action: 'signIn' | 'register' }) {
  return (
    <p className="legal-links">
      <FormattedMessage
        id={action === 'signIn' ? 'auth.legalSignIn' : 'auth.legalRegister'}
        values={{ terms: (chunks) => <Link to={paths.terms}>{chunks}</Link>, privacy: (chunks) => <Link to={paths.privacyPolicy}>{chunks}</Link> }}
      />
    </p>
  );
}
