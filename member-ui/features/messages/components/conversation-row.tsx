import { Link } from '@tanstack/react-router';
import type { ConversationView } from '../../../../contracts/views';
import { cn } from '../../../components/ui/cn';
import { ProfileThumb } from '../../../components/ui/profile-thumb';
import { shortRelativeTime } from '../../../lib/message-time';

/** One conversation: photo or initial, name, short time, 2-line preview, unread dot. Opens /chat/{otherUserId}. */
export function ConversationRow({ conversation, userId, now }: { conversation: ConversationView; userId: number; now: Date }) {
  const { otherUser, lastMessage, unreadCount } = conversation;
  const unread = unreadCount > 0;
  const mine = lastMessage.senderId === userId;
  return (
    <li>
      <Link
        to="/chat/$id"
        params={{ id: String(otherUser.id) }}
        className={cn('conversation', unread && 'conversation--unread')}
        aria-label={`${otherUser.fullName}${unread ? `, ${unreadCount} unread` : ''}`}
      >
        <ProfileThumb src={conversation.profile.photos[0]} name={otherUser.fullName} className="conversation__photo" />
        <span className="conversation__body">
          <span className="conversation__top">
            <span className="conversation__name">{otherUser.fullName}</span>
            <time className="conversation__time" dateTime={lastMessage.createdAt}>
              {shortRelativeTime(lastMessage.createdAt, now)}
            </time>
          </span>
          <span className="conversation__bottom">
            <span className="conversation__preview">
              {mine ? <span className="conversation__you">You: </span> : null}
              {lastMessage.content}
            </span>
            {unread ? <span className="conversation__dot" aria-hidden="true" /> : null}
          </span>
        </span>
      </Link>
    </li>
  );
}
