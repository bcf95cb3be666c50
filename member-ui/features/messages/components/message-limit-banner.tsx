import { Link } from '@tanstack/react-router';
import Crown from 'lucide-react/icons/crown';
import type { SessionUser } from '../../../../contracts/auth';
import { Button } from '../../../components/ui/button';
import { useT } from '../../../i18n/use-t';
import { messageAllowance, useTrymeMessageLimit } from '../api/message-allowance';

/**
 * Tryme members' notice: how many of the month's messages remain when that
 * can be known, else the plan's limit, and "Upgrade to Premium" → /subscription.
 */
export function MessageLimitBanner({ user }: { user: SessionUser }) {
  const limit = useTrymeMessageLimit(true);
  const t = useT();
  const allowance = typeof limit.data === 'number' ? messageAllowance(user, limit.data) : null;

  let title: string;
  let text: string;
  if (allowance && allowance.remaining === 0) {
    title = t('messages.limit.reachedTitle');
    text = t('messages.limit.reachedText', { limit: allowance.limit });
  } else if (allowance && allowance.remaining !== null) {
    title = t('messages.allowance.left', { remaining: allowance.remaining, limit: allowance.limit });
    text = t('messages.limit.unlimited');
  } else if (allowance) {
    title = t('messages.limit.planTitle', { limit: allowance.limit });
    text = t('messages.limit.unlimited');
  } else {
    title = t('messages.limit.genericTitle');
    text = t('messages.limit.genericText');
  }
  const used = allowance && allowance.remaining !== null ? allowance.limit - allowance.remaining : null;

  return (
    <aside className="message-limit" aria-label={t('messages.limit.label')}>
      <span className="message-limit__icon" aria-hidden="true">
        <Crown size={20} />
      </span>
      <div className="message-limit__body">
        <p className="message-limit__title">{title}</p>
        <p className="message-limit__text">{text}</p>
        {allowance && used !== null ? (
          // The title already says it in words; the bar is decoration.
          <div className="message-limit__meter" aria-hidden="true">
            <span style={{ width: `${Math.min(100, (used / allowance.limit) * 100)}%` }} />
          </div>
        ) : null}
      </div>
      <Button asChild size="sm" className="message-limit__cta">
        <Link to="/subscription">{t('messages.limit.cta')}</Link>
      </Button>
    </aside>
  );
}
