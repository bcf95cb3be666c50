import { Link } from '@tanstack/react-router';
import MessageCircleHeart from 'lucide-react/icons/message-circle-heart';
import { useT } from '../../i18n/use-t';
import { Button } from '../ui/button';

/** Why a chat cannot be shown, with the way back (to Messages, or to Family for a family member's chat). */
export function ChatUnavailable({ message, backTo = '/messages' }: { message: string; backTo?: '/messages' | '/family' }) {
  const t = useT();
  return (
    <div className="chat-unavailable" role="alert">
      <MessageCircleHeart size={36} aria-hidden="true" />
      <p>{message}</p>
      <Button asChild variant="outline" size="sm">
        <Link to={backTo}>{backTo === '/family' ? t('chat.backToFamily') : t('chat.backToMessages')}</Link>
      </Button>
    </div>
  );
}
