import { useQueryClient } from '@tanstack/react-query';
import MessageCircleHeart from 'lucide-react/icons/message-circle-heart';
import Search from 'lucide-react/icons/search';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useHelperMode } from '../../../lib/helper-mode';
import { sessionQueryKey, useSessionUser } from '../../../lib/session';
import { useConversations } from '../api/conversations';
import { ConversationRow } from '../components/conversation-row';
import { MessageLimitBanner } from '../components/message-limit-banner';
import { useT } from '../../../i18n/use-t';

function useMinuteClock(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** /messages. */
export function MessagesPage() {
  const user = useSessionUser();
  const t = useT();
  const queryClient = useQueryClient();
  // Helper mode: the candidate's conversations family may see (a family member wrote in them, or the candidate
  // shared them), opened in the family chat; the helper's own account writes to nobody.
  const { helping, settled } = useHelperMode();
  const mayRead = helping ? helping.may.message : true;
  const userId = helping ? helping.candidateUserId : (user?.id ?? 0);
  const conversations = useConversations(userId, helping?.profileId ?? null, settled && mayRead);
  const candidate = helping ? { profileId: helping.profileId, name: helping.candidateName ?? t('helper.them') } : null;
  const [query, setQuery] = useState('');
  const now = useMinuteClock();
  const isTryme = (helping ? helping.candidateTier : user?.subscriptionTier) === 'tryme';

  // The allowance counts the session's messagesThisMonth; messages sent on another device change it.
  useEffect(() => {
    if (isTryme) void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
  }, [isTryme, queryClient]);

  const visible = useMemo(() => {
    const needle = query.trim().toLocaleLowerCase();
    const list = conversations.data ?? [];
    if (!needle) return list;
    return list.filter(
      (c) =>
        c.otherUser.fullName.toLocaleLowerCase().includes(needle) ||
        (c.lastMessage?.content.toLocaleLowerCase().includes(needle) ?? false),
    );
  }, [conversations.data, query]);

  let body: ReactNode;
  if (helping && !mayRead) {
    body = (
      <div className="inbox-empty">
        <span className="inbox-empty__icon" aria-hidden="true">
          <MessageCircleHeart size={28} />
        </span>
        <p className="inbox-empty__title">{t('messages.helper.privateTitle', { name: candidate?.name ?? '' })}</p>
        <p className="inbox-empty__text">{t('messages.helper.privateText', { name: candidate?.name ?? '' })}</p>
      </div>
    );
  } else if (conversations.isPending) {
    body = (
      <div className="messages-state" role="status">
        <Spinner size={28} />
        <span className="visually-hidden">{t('messages.loading')}</span>
      </div>
    );
  } else if (conversations.isError) {
    body = (
      <div className="messages-state" role="alert">
        <p>{t('messages.loadFailed')}</p>
        <Button variant="outline" size="sm" onClick={() => void conversations.refetch()}>
          {t('error.tryAgain')}
        </Button>
      </div>
    );
  } else if (conversations.data.length === 0) {
    body = (
      <div className="inbox-empty">
        <span className="inbox-empty__icon" aria-hidden="true">
          <MessageCircleHeart size={28} />
        </span>
        <p className="inbox-empty__title">{t('messages.emptyTitle')}</p>
        <p className="inbox-empty__text">
          {candidate
            ? t('messages.helper.emptyText', { name: candidate.name })
            : t('messages.emptyText')}
        </p>
      </div>
    );
  } else if (visible.length === 0) {
    body = (
      <p className="messages-state" role="status">
        {t('messages.noResults', { query: query.trim() })}
      </p>
    );
  } else {
    body = (
      <ul className="conversations" aria-label={t('messages.listLabel')}>
        {visible.map((conversation) => (
          <ConversationRow key={conversation.otherUser.id} conversation={conversation} userId={userId} now={now} helping={candidate} />
        ))}
      </ul>
    );
  }

  return (
    <section className="page messages-page" aria-labelledby="page-title">
      <header className="page__header">
        <h1 id="page-title" className="page__title">
          {candidate ? t('messages.titleFor', { name: candidate.name }) : t('title.messages')}
        </h1>
      </header>
      {user && isTryme && !helping ? <MessageLimitBanner user={user} /> : null}
      <div className="messages-search">
        <Search size={18} aria-hidden="true" className="messages-search__icon" />
        <input
          type="search"
          className="messages-search__input"
          placeholder={t('messages.search')}
          aria-label={t('messages.search')}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
      </div>
      {body}
    </section>
  );
}
