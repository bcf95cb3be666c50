import { Link } from '@tanstack/react-router';
import { paths } from '../../../lib/paths';

export function LegalLinks({ action }: { action: string }) {
  return (
    <p className="legal-links">
      By {action}, you agree to our <Link to={paths.terms}>Terms of Service</Link> and{' '}
      <Link to={paths.privacyPolicy}>Privacy Policy</Link>.
    </p>
  );
}
