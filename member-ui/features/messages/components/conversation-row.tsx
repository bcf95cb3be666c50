import { Link } from '@tanstack/react-router';
import type { ConversationView } from '../../../../contracts/views';
import { messageAuthor } from '../../../components/chat/message-author';
import { cn } from '../../../components/ui/cn';
import { ProfileThumb } from '../../../components/ui/profile-thumb';
import { shortRelativeTime } from '../../../lib/message-time';
import { useT } from '../../../i18n/use-t';

/**
 * One conversation: photo or initial, name, short time, 2-line preview, unread dot. Opens /chat/{otherUserId}. A
 * match nobody has written in yet invites the first message instead.
 */
/**
 * One conversation in the list. In helper mode (`helping`) it is the candidate's, opened in the family chat, and the
 * candidate's own messages are named by their first name.
 */
export function ConversationRow({ conversation, userId, now, helping = null }: { conversation: ConversationView; userId: number; now: Date; helping?: { profileId: number; name: string } | null }) {
  const { otherUser, lastMessage, unreadCount } = conversation;
  const t = useT();
  const unread = unreadCount > 0;
  // Named as in the thread: "Priya's mother" on what family wrote, "You" on the reader's own.
  const by = lastMessage ? messageAuthor(lastMessage, userId, { own: helping ? helping.name : t('messages.you'), theirs: null }) : null;
  const when = lastMessage?.createdAt ?? conversation.matchedAt;
  const first = otherUser.fullName.trim().split(/\s+/)[0] ?? otherUser.fullName;
  return (
    <li>
      <Link
        {...(helping ? { to: '/family/$profileId/chat/$otherId', params: { profileId: String(helping.profileId), otherId: String(otherUser.id) } } : { to: '/chat/$id', params: { id: String(otherUser.id) } })}
        className={cn('conversation', unread && 'conversation--unread', !lastMessage && 'conversation--new')}
        aria-label={[otherUser.fullName, unread ? t('messages.unread', { count: unreadCount }) : null, lastMessage ? null : t('messages.newMatch')].filter(Boolean).join(', ')}
      >
        <ProfileThumb src={conversation.profile.photos[0]} name={otherUser.fullName} className="conversation__photo" />
        <span className="conversation__body">
          <span className="conversation__top">
            <span className="conversation__name">{otherUser.fullName}</span>
            {when ? (
              <time className="conversation__time" dateTime={when}>
                {shortRelativeTime(when, now)}
              </time>
            ) : null}
          </span>
          <span className="conversation__bottom">
            {lastMessage ? (
              <span className="conversation__preview">
                {by ? <span className="conversation__you">{by}: </span> : null}
                {lastMessage.content}
              </span>
            ) : (
              <span className="conversation__preview conversation__hello">{t('messages.sayHello', { name: first })}</span>
            )}
            {unread ? <span className="conversation__dot" aria-hidden="true" /> : null}
          </span>
        </span>
      </Link>
    </li>
  );
}
