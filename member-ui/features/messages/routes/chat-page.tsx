import { useQueryClient } from '@tanstack/react-query';
import { Navigate, getRouteApi, useRouterState } from '@tanstack/react-router';
import Ban from 'lucide-react/icons/ban';
import MessageCircleHeart from 'lucide-react/icons/message-circle-heart';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { MessageView } from '../../../../contracts/views';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast';
import { isApiError } from '../../../lib/api-client';
import { useLiveEvent } from '../../../lib/live-events';
import { firstName } from '../../../lib/format';
import { usePageTitle } from '../../../lib/page-title';
import { useSessionUser } from '../../../lib/session';
import { useCallsWith } from '../../../lib/calls';
import { CallButton } from '../../../components/calls/call-button';
import type { HelpedProfile } from '../../../lib/helped-profiles';
import { useHelperMode } from '../../../lib/helper-mode';
import { paths } from '../../../lib/paths';
import { appendMessage, peerPath, threadPath, usePeer, useSendMessage, useThread } from '../api/chat';
import { ChatAllowance } from '../components/chat-allowance';
import { ChatLoading } from '../../../components/chat/chat-loading';
import { ChatComposer } from '../../../components/chat/chat-composer';
import { ChatUnavailable } from '../../../components/chat/chat-unavailable';
import { ChatHeader } from '../../../components/chat/chat-header';
import { ChatThread } from '../../../components/chat/chat-thread';
import { FirstScreen, hasFirstScreen, useFirstScreenReplaced } from '../../../app/layout/first-screen';
import { translate } from '../../../i18n/translate';
import { useT } from '../../../i18n/use-t';

const chatRoute = getRouteApi('/member/chat/$id');

function upgradeRequired(error: unknown): boolean {
  if (!isApiError(error) || error.status !== 403) return false;
  try {
    return (JSON.parse(error.bodyText) as { upgradeRequired?: unknown }).upgradeRequired === true;
  } catch {
    return false;
  }
}

/** /chat/{id}: the thread with one member, live, with a composer. */
export function ChatPage() {
  const { id } = chatRoute.useParams();
  const otherId = Number(id);
  const user = useSessionUser();
  const { helping, settled } = useHelperMode();
  const t = useT();
  if (!user) return null;
  if (!Number.isInteger(otherId) || otherId <= 0 || otherId === user.id) {
    return <ChatUnavailable message={t('chat.notFound')} />;
  }
  // Helper mode (a link, a reload, a notification): the chat is the candidate's, never the helper's own with them.
  if (!settled) return <ChatLoading />;
  if (helping) return <HelperChatRedirect helping={helping} otherId={otherId} />;
  return <ChatScreen key={otherId} userId={user.id} otherId={otherId} />;
}

/** Opens the candidate's conversation in the family chat when they let family write; otherwise says why not. */
function HelperChatRedirect({ helping, otherId }: { helping: HelpedProfile; otherId: number }) {
  const t = useT();
  const name = helping.candidateName ?? t('chat.helper.personYouHelp');
  if (otherId === helping.candidateUserId) return <ChatUnavailable message={t('chat.notFound')} />;
  if (!helping.may.message) return <ChatUnavailable message={t('chat.helper.private', { name })} />;
  return <Navigate to={paths.familyChat} params={{ profileId: String(helping.profileId), otherId: String(otherId) }} replace />;
}

/** What is typed in a chat survives leaving it (to read the plans and upgrade, say) for the rest of the session. */
function draftKey(userId: number, otherId: number): string {
  return `chat-draft:${userId}:${otherId}`;
}

function useChatDraft(userId: number, otherId: number): [string, (next: string | ((current: string) => string)) => void] {
  const key = draftKey(userId, otherId);
  // Nothing typed yet where there is no window: the server's paint of the chat (member-ui/first-screen/).
  const [draft, setDraftState] = useState(() => (typeof window === 'undefined' ? '' : (window.sessionStorage.getItem(key) ?? '')));
  useEffect(() => {
    if (draft) window.sessionStorage.setItem(key, draft);
    else window.sessionStorage.removeItem(key);
  }, [key, draft]);
  return [draft, setDraftState];
}

/**
 * The thread with one member and its composer, from GET /api/messages/{me}/{other} and …/peer; also what the server
 * paints first (member-ui/first-screen/): until both answers are here, the server's copy stays where it painted one.
 */
export function ChatScreen({ userId, otherId }: { userId: number; otherId: number }) {
  const thread = useThread(userId, otherId);
  const peer = usePeer(userId, otherId);
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  // Only where there is a copy: otherwise the chat itself, in one place, so that it is never mounted twice.
  if ((thread.isPending || peer.isPending) && hasFirstScreen(pathname)) return <FirstScreen pathname={pathname} fallback={null} />;
  return <Chat userId={userId} otherId={otherId} />;
}

function Chat({ userId, otherId }: { userId: number; otherId: number }) {
  const queryClient = useQueryClient();
  const user = useSessionUser();
  const thread = useThread(userId, otherId);
  const peer = usePeer(userId, otherId);
  const send = useSendMessage(userId, otherId);
  // The call button (for a match) and the calls of this conversation, as lines in the thread.
  const calls = useCallsWith(otherId);
  const [draft, setDraft] = useChatDraft(userId, otherId);
  const [limitReached, setLimitReached] = useState(false);
  const t = useT();
  usePageTitle(peer.data ? t('chat.with', { name: firstName(peer.data.fullName) }) : null);
  const scroller = useRef<HTMLDivElement>(null);
  useFirstScreenReplaced();

  // New messages from this member (or sent by me from another tab) appear without a reload.
  useLiveEvent('message', (message) => {
    const inThisChat =
      (message.senderId === otherId && message.receiverId === userId) ||
      (message.senderId === userId && message.receiverId === otherId);
    if (!inThisChat) return;
    const { senderName: _senderName, ...view } = message;
    queryClient.setQueryData<MessageView[]>([threadPath(userId, otherId)], (list) => appendMessage(list, view));
    // Re-reading the open thread marks their message read (and updates the badge).
    if (message.senderId === otherId) void queryClient.invalidateQueries({ queryKey: [threadPath(userId, otherId)] });
  });
  // Read receipts: ticks on my messages turn to "Read".
  useLiveEvent('read', ({ readerId, messageIds }) => {
    if (readerId !== otherId) return;
    const read = new Set(messageIds);
    queryClient.setQueryData<MessageView[]>([threadPath(userId, otherId)], (list) =>
      list?.map((m) => (read.has(m.id) ? { ...m, isRead: true, is_read: true } : m)),
    );
  });

  const messages = thread.data;
  const count = messages?.length ?? 0;
  // Keep the newest message in view.
  useLayoutEffect(() => {
    const box = scroller.current;
    if (box && count > 0) box.scrollTop = box.scrollHeight;
  }, [count]);

  // Re-check presence and permission when the tab comes back into view.
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible') void queryClient.invalidateQueries({ queryKey: [peerPath(userId, otherId)] });
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [queryClient, userId, otherId]);

  function handleSend(text: string) {
    setDraft('');
    send.mutate(text, {
      onError: (error) => {
        setDraft((current) => (current === '' ? text : current));
        if (upgradeRequired(error)) {
          // The text stays in the box; the notice above it links to the plans.
          setLimitReached(true);
          toast({ title: translate('messages.limit.reachedTitle'), description: translate('messages.limit.unlimited'), variant: 'destructive' });
          return;
        }
        const refused = isApiError(error) && (error.status === 403 || error.status === 404);
        toast({
          title: translate('chat.sendFailed'),
          description: (refused && isApiError(error) ? error.serverMessage : undefined) ?? translate('chat.tryLater'),
          variant: 'destructive',
        });
        // The member may have changed who can message them: refresh the notice and the composer.
        if (refused) void queryClient.invalidateQueries({ queryKey: [peerPath(userId, otherId)] });
      },
    });
  }

  const notFound = (thread.isError && isApiError(thread.error) && thread.error.status === 404) || (peer.isError && isApiError(peer.error) && peer.error.status === 404);
  if (notFound) {
    const error = thread.error ?? peer.error;
    return <ChatUnavailable message={(isApiError(error) && error.serverMessage) || t('chat.memberGone')} />;
  }

  const canMessage = peer.data?.canMessage ?? true;
  return (
    <section className="chat" aria-label={peer.data ? t('chat.with', { name: peer.data.fullName }) : t('title.chat.id')}>
      <ChatHeader
        peer={peer.data}
        fallbackName={peer.isPending ? t('chat.loadingName') : t('chat.member')}
        actions={
          peer.data && (calls.data?.canCall || calls.data?.upgradeRequired) ? (
            <CallButton otherId={otherId} name={peer.data.fullName} upgradeRequired={!calls.data.canCall} />
          ) : null
        }
      />
      <div className="chat__scroller" ref={scroller} aria-live="polite" aria-relevant="additions">
        {thread.isPending ? (
          <ChatLoading />
        ) : thread.isError ? (
          <div className="chat__state" role="alert">
            <p>{t('chat.loadFailed')}</p>
            <Button variant="outline" size="sm" onClick={() => void thread.refetch()}>
              {t('error.tryAgain')}
            </Button>
          </div>
        ) : count === 0 && !calls.data?.calls.length ? (
          <div className="chat__state chat__state--empty">
            <MessageCircleHeart size={32} aria-hidden="true" />
            <p>{t('chat.empty')}</p>
          </div>
        ) : (
          <ChatThread messages={messages ?? []} calls={calls.data?.calls} userId={userId} />
        )}
      </div>
      {peer.data && !canMessage ? (
        <p className="chat__notice" role="status">
          <Ban size={16} aria-hidden="true" />
          {peer.data.reason ?? t('chat.cannotMessage')}
        </p>
      ) : null}
      {user?.subscriptionTier === 'tryme' && canMessage ? <ChatAllowance user={user} limitReached={limitReached} /> : null}
      <ChatComposer value={draft} onChange={setDraft} onSend={handleSend} disabled={!canMessage} sending={send.isPending} />
    </section>
  );
}
