import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { ChatPeerView } from '../../../contracts/views';
import { cn } from '../ui/cn';
import { ProfileThumb } from '../ui/profile-thumb';
import { lastSeenText } from '../../lib/message-time';
import { translate } from '../../i18n/translate';
import { useT } from '../../i18n/use-t';

/**
 * Presence under the name: "Online", else "Last seen …", else nothing. online null means the member hides
 * their status, so no last-seen time either (it would give the status away).
 */
export function presenceText(peer: Pick<ChatPeerView, 'online' | 'lastSeenAt'>, now = new Date()): string | null {
  if (peer.online === true) return translate('chat.online');
  if (peer.online === false && peer.lastSeenAt) return lastSeenText(peer.lastSeenAt, now);
  return null;
}

/** `actions`: buttons at the end of the header (the video call button of a chat with a match). */
export function ChatHeader({ peer, fallbackName, actions }: { peer: ChatPeerView | undefined; fallbackName: string; actions?: ReactNode }) {
  const t = useT();
  const name = peer?.fullName ?? fallbackName;
  const presence = peer ? presenceText(peer) : null;
  const identity = (
    <>
      <span className="chat-header__avatar">
        <ProfileThumb src={peer?.photo} name={name} className="chat-header__photo" loading="eager" decorative />
        {peer?.online ? <span className="chat-header__online-dot" aria-hidden="true" /> : null}
      </span>
      <span className="chat-header__text">
        <span className="chat-header__name">{name}</span>
        {presence ? (
          <span className={cn('chat-header__presence', peer?.online && 'chat-header__presence--online')}>{presence}</span>
        ) : null}
      </span>
    </>
  );
  return (
    <div className="chat-header">
      {peer?.profileId ? (
        <Link
          to="/profile/$id"
          params={{ id: String(peer.profileId) }}
          className="chat-header__identity"
          aria-label={t('chat.viewProfileOf', { name })}
        >
          {identity}
        </Link>
      ) : (
        <div className="chat-header__identity">{identity}</div>
      )}
      {actions}
    </div>
  );
}
