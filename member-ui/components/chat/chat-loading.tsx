import { useT } from '../../i18n/use-t';
import { Spinner } from '../ui/spinner';

/** A thread on its way, inside the chat's scroller. */
export function ChatLoading() {
  const t = useT();
  return (
    <div className="chat__state" role="status">
      <Spinner size={28} />
      <span className="visually-hidden">{t('chat.loading')}</span>
    </div>
  );
}
