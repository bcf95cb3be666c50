import { Link } from '@tanstack/react-router';
import Crown from 'lucide-react/icons/crown';
import type { SessionUser } from '../../../../contracts/auth';
import { useT } from '../../../i18n/use-t';
import { messageAllowance, useTrymeMessageLimit } from '../api/message-allowance';

/**
 * Tryme members in a chat: how many of this month's free messages are left, counting down as they send; at zero
 * (or when the server says the limit is reached) an upgrade link, while what they typed stays in the box.
 */
export function ChatAllowance({ user, limitReached }: { user: SessionUser; limitReached: boolean }) {
  const limit = useTrymeMessageLimit(true);
  const t = useT();
  if (typeof limit.data !== 'number') return null;
  const allowance = messageAllowance(user, limit.data);
  const exhausted = limitReached || allowance.remaining === 0;
  return (
    <p className={exhausted ? 'chat-allowance chat-allowance--exhausted' : 'chat-allowance'} role="status">
      <Crown size={14} aria-hidden="true" />
      <span>
        {exhausted
          ? t('messages.allowance.exhausted', { limit: allowance.limit })
          : t('messages.allowance.left', { remaining: allowance.remaining ?? allowance.limit, limit: allowance.limit })}
      </span>
      <Link to="/subscription" className="chat-allowance__link">
        {exhausted ? t('messages.allowance.upgradeToSend') : t('promo.upgrade')}
      </Link>
    </p>
  );
}
