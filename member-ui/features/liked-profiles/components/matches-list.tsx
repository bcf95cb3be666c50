import { Link } from '@tanstack/react-router';
import HeartHandshake from 'lucide-react/icons/heart-handshake';
import MessageCircle from 'lucide-react/icons/message-circle';
import UserRound from 'lucide-react/icons/user-round';
import type { MutualMatchView } from '../../../../contracts/views';
import { messageAuthor } from '../../../components/chat/message-author';
import { ageOf } from '../../../components/profile/profile-format';
import { Button } from '../../../components/ui/button';
import { relativeTime } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useT } from '../../../i18n/use-t';

interface MatchesListProps {
  userId: number;
  matches: MutualMatchView[] | undefined;
  isPending: boolean;
  isError: boolean;
  onRetry: () => void;
}

/** Mutual matches: photo, name and age, where they live, the last message (or a nudge to write) and Chat. */
export function MatchesList({ userId, matches, isPending, isError, onRetry }: MatchesListProps) {
  const t = useT();
  if (isPending) {
    return (
      <ul className="match-list" aria-label={t('likes.loadingMatches')} aria-busy="true">
        {[0, 1, 2].map((i) => (
          <li key={i} className="match-row">
            <div className="skeleton match-row__photo" />
            <div className="match-row__body">
              <div className="skeleton skeleton--line" />
              <div className="skeleton skeleton--line skeleton--short" />
            </div>
          </li>
        ))}
      </ul>
    );
  }
  if (isError || !matches) {
    return (
      <div className="card empty-state" role="alert">
        <p>{t('likes.matchesFailed')}</p>
        <Button variant="outline" size="sm" onClick={onRetry}>
          {t('error.tryAgain')}
        </Button>
      </div>
    );
  }
  if (matches.length === 0) {
    return (
      <div className="card empty-state">
        <HeartHandshake size={36} aria-hidden="true" className="empty-state__icon" />
        <h2 className="empty-state__title">{t('likes.noMatches')}</h2>
        <p className="empty-state__text">{t('likes.noMatchesText')}</p>
        <Link to={paths.search} className="btn btn--primary btn--md">
          {t('profileView.browse')}
        </Link>
      </div>
    );
  }
  return (
    <ul className="match-list" aria-label={t('likes.matchesLabel')}>
      {matches.map((match) => (
        <MatchRow key={match.profile.id} match={match} userId={userId} />
      ))}
    </ul>
  );
}

function MatchRow({ match, userId }: { match: MutualMatchView; userId: number }) {
  const { profile, lastMessage } = match;
  const t = useT();
  const name = profile.fullName;
  const age = ageOf(profile);
  const photo = profile.photos[0];
  const by = lastMessage ? messageAuthor(lastMessage, userId, { own: t('messages.you'), theirs: null }) : null;
  const preview = lastMessage ? `${by ? `${by}: ` : ''}${lastMessage.content}` : t('likes.matchedSayHello', { when: relativeTime(match.matchedAt) });
  return (
    <li className="match-row">
      <Link to={paths.profileView} params={{ id: String(profile.id) }} className="match-row__photo" aria-label={t('search.viewProfileOf', { name })}>
        {photo ? (
          <img src={photo} alt="" className={profile.photosBlurred ? 'match-row__img match-row__img--blurred' : 'match-row__img'} />
        ) : (
          <UserRound size={24} aria-hidden="true" />
        )}
      </Link>
      <div className="match-row__body">
        <h2 className="match-row__name">
          {name}
          {age !== null ? <span className="match-row__age">, {age}</span> : null}
        </h2>
        {profile.location ? <p className="match-row__meta">{profile.location}</p> : null}
        <p className={match.unreadCount > 0 ? 'match-row__message match-row__message--unread' : 'match-row__message'}>
          {preview}
          {lastMessage ? <span className="match-row__time"> · {relativeTime(lastMessage.createdAt)}</span> : null}
        </p>
        <Link to={paths.storySubmit} search={{ partner: profile.userId }} className="match-row__story" aria-label={t('likes.shareStoryWith', { name })}>
          {t('likes.shareStory')}
        </Link>
      </div>
      <Link to={paths.chat} params={{ id: String(profile.userId) }} className="btn btn--primary btn--sm match-row__chat" aria-label={t('chat.with', { name })}>
        <MessageCircle size={16} aria-hidden="true" />
        {t('likes.chat')}
        {match.unreadCount > 0 ? (
          <span className="match-row__unread">
            {match.unreadCount}
            <span className="visually-hidden"> {t('likes.unread')}</span>
          </span>
        ) : null}
      </Link>
    </li>
  );
}
