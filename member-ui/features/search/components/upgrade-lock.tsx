import { Link } from '@tanstack/react-router';
import Lock from 'lucide-react/icons/lock';
import { paths } from '../../../lib/paths';
import { translate } from '../../../i18n/translate';

/** Shown in place of an advanced filter for tryme members (their search filters are limited: docs/tiers-and-limits.md). */
export function UpgradeLock({ feature, text }: { feature?: string; text?: string }) {
  return (
    <p className={text ? 'upgrade-lock upgrade-lock--note' : 'upgrade-lock'}>
      <Lock size={13} aria-hidden="true" />
      <span>{text ?? translate('upgradeLock.premiumFilter', { feature })}</span>
      <Link to={paths.subscription} className="text-link">
        {translate('upgradeLock.unlock')}
      </Link>
    </p>
  );
}
