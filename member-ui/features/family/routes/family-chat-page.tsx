import { getRouteApi } from '@tanstack/react-router';
import MessageCircleHeart from 'lucide-react/icons/message-circle-heart';
import Users from 'lucide-react/icons/users';
import { useLayoutEffect, useRef, useState } from 'react';
import { Spinner } from '../../../components/ui/spinner';
import { isApiError } from '../../../lib/api-client';
import { toast } from '../../../components/ui/toast';
import { firstName } from '../../../lib/format';
import { usePageTitle } from '../../../lib/page-title';
import { ChatLoading } from '../../../components/chat/chat-loading';
import { ChatComposer } from '../../../components/chat/chat-composer';
import { ChatHeader } from '../../../components/chat/chat-header';
import { ChatUnavailable } from '../../../components/chat/chat-unavailable';
import { ChatThread } from '../../../components/chat/chat-thread';
import { type FamilyView, familyError, useFamily, useFamilyChat, useSendForCandidate } from '../api/family';
import { translate } from '../../../i18n/translate';
import { useT } from '../../../i18n/use-t';
import { relationOf } from '../../../lib/family-relations';

const familyChatRoute = getRouteApi('/member/family/$profileId/chat/$otherId');

const Unavailable = ({ message }: { message: string }) => <ChatUnavailable message={message} backTo="/family" />;

/**
 * /family/{profileId}/chat/{otherId}: a family member writes to a member for the candidate, as the candidate allows.
 * Every message says who wrote it; the other member sees "Priya's mother" on the family's messages.
 */
export function FamilyChatPage() {
  const params = familyChatRoute.useParams();
  const profileId = Number(params.profileId);
  const otherId = Number(params.otherId);
  const family = useFamily(profileId);
  const t = useT();
  if (!Number.isInteger(profileId) || profileId <= 0 || !Number.isInteger(otherId) || otherId <= 0) return <Unavailable message={t('family.chat.noSuch')} />;
  if (family.isPending) return <Spinner />;
  if (family.isError) return <Unavailable message={familyError(family.error)} />;
  const view = family.data;
  const name = view.candidateFirstName ?? t('family.chat.thePerson');
  const candidate = view.people.find((p) => p.role === 'candidate');
  if (view.you.role !== 'family' || !candidate) return <Unavailable message={t('family.chat.notYet', { name })} />;
  if (!view.permissions.mayMessage) {
    return <Unavailable message={t('family.chat.notAllowed', { name, permission: t('family.permission.mayMessage') })} />;
  }
  if (otherId === candidate.userId) return <Unavailable message={t('family.chat.noSuch')} />;
  return <FamilyChat view={view} candidateUserId={candidate.userId} otherId={otherId} />;
}

function FamilyChat({ view, candidateUserId, otherId }: { view: FamilyView; candidateUserId: number; otherId: number }) {
  const { profileId } = view;
  const t = useT();
  const name = view.candidateFirstName ?? t('family.them');
  const relation = view.people.find((p) => p.userId === view.you.userId)?.relation ?? null;
  const { thread, peer } = useFamilyChat(profileId, candidateUserId, otherId, true);
  const send = useSendForCandidate(profileId, otherId);
  const [draft, setDraft] = useState('');
  const peerName = peer.data?.fullName ?? t('family.chat.member');
  usePageTitle(peer.data ? t('family.chat.title', { name: firstName(peer.data.fullName), candidate: name }) : null);
  const scroller = useRef<HTMLDivElement>(null);
  const count = thread.data?.length ?? 0;
  useLayoutEffect(() => {
    const box = scroller.current;
    if (box && count > 0) box.scrollTop = box.scrollHeight;
  }, [count]);

  const error = thread.error ?? peer.error;
  // An existing conversation family may not read: the candidate's own, until they share it.
  if (isApiError(thread.error) && thread.error.status === 404) return <Unavailable message={t('family.chat.own', { name })} />;
  if (error) return <Unavailable message={familyError(error)} />;

  function handleSend(text: string) {
    setDraft('');
    send.mutate(text, {
      onError: (failure) => {
        setDraft((current) => (current === '' ? text : current));
        toast({ title: translate('family.chat.sendFailed'), description: familyError(failure), variant: 'destructive' });
      },
    });
  }

  const canMessage = peer.data?.canMessage ?? true;
  return (
    <section className="chat" aria-label={t('family.chat.title', { name: peerName, candidate: name })}>
      <ChatHeader peer={peer.data} fallbackName={peer.isPending ? t('family.chat.loading') : t('family.chat.member')} />
      <p className="chat__notice chat__notice--family" role="note">
        <Users size={16} aria-hidden="true" />
        {t('family.chat.notice', { name, relationOf: relationOf(relation, name), peer: firstName(peerName) })}
      </p>
      <div className="chat__scroller" ref={scroller} aria-live="polite" aria-relevant="additions">
        {thread.isPending ? (
          <ChatLoading />
        ) : count === 0 ? (
          <div className="chat__state chat__state--empty">
            <MessageCircleHeart size={32} aria-hidden="true" />
            <p>{t('family.chat.sayNamaste', { name })}</p>
          </div>
        ) : (
          <ChatThread messages={thread.data ?? []} userId={candidateUserId} names={{ own: name, theirs: firstName(peerName) }} />
        )}
      </div>
      {peer.data && !canMessage ? (
        <p className="chat__notice" role="status">
          {peer.data.reason ?? t('family.chat.cannot')}
        </p>
      ) : null}
      <ChatComposer value={draft} onChange={setDraft} onSend={handleSend} disabled={!canMessage} sending={send.isPending} />
    </section>
  );
}
