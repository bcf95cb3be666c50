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
  if (!Number.isInteger(profileId) || profileId <= 0 || !Number.isInteger(otherId) || otherId <= 0) return <Unavailable message="This conversation does not exist." />;
  if (family.isPending) return <Spinner />;
  if (family.isError) return <Unavailable message={familyError(family.error)} />;
  const view = family.data;
  const name = view.candidateFirstName ?? 'The person this profile is for';
  const candidate = view.people.find((p) => p.role === 'candidate');
  if (view.you.role !== 'family' || !candidate) return <Unavailable message={`Family write here for ${name} once ${name} holds the profile.`} />;
  if (!view.permissions.mayMessage) {
    return <Unavailable message={`${name} has not allowed family to write to members for them. ${name} can turn on “Write to members as my family” under Family.`} />;
  }
  if (otherId === candidate.userId) return <Unavailable message="This conversation does not exist." />;
  return <FamilyChat view={view} candidateUserId={candidate.userId} otherId={otherId} />;
}

function FamilyChat({ view, candidateUserId, otherId }: { view: FamilyView; candidateUserId: number; otherId: number }) {
  const { profileId } = view;
  const name = view.candidateFirstName ?? 'them';
  const relation = view.people.find((p) => p.userId === view.you.userId)?.relation ?? 'family';
  const { thread, peer } = useFamilyChat(profileId, candidateUserId, otherId, true);
  const send = useSendForCandidate(profileId, otherId);
  const [draft, setDraft] = useState('');
  const peerName = peer.data?.fullName ?? 'Member';
  usePageTitle(peer.data ? `Chat with ${firstName(peer.data.fullName)} for ${name}` : null);
  const scroller = useRef<HTMLDivElement>(null);
  const count = thread.data?.length ?? 0;
  useLayoutEffect(() => {
    const box = scroller.current;
    if (box && count > 0) box.scrollTop = box.scrollHeight;
  }, [count]);

  const error = thread.error ?? peer.error;
  // An existing conversation family may not read: the candidate's own, until they share it.
  if (isApiError(thread.error) && thread.error.status === 404) return <Unavailable message={`This chat is ${name}'s own. Only ${name} can share it with family.`} />;
  if (error) return <Unavailable message={familyError(error)} />;

  function handleSend(text: string) {
    setDraft('');
    send.mutate(text, {
      onError: (failure) => {
        setDraft((current) => (current === '' ? text : current));
        toast({ title: 'Failed to send message', description: familyError(failure), variant: 'destructive' });
      },
    });
  }

  const canMessage = peer.data?.canMessage ?? true;
  return (
    <section className="chat" aria-label={`Chat with ${peerName} for ${name}`}>
      <ChatHeader peer={peer.data} fallbackName={peer.isPending ? 'Loading…' : 'Member'} />
      <p className="chat__notice chat__notice--family" role="note">
        <Users size={16} aria-hidden="true" />
        You write for {name} as {name}’s {relation}: {firstName(peerName)} sees who wrote each message.
      </p>
      <div className="chat__scroller" ref={scroller} aria-live="polite" aria-relevant="additions">
        {thread.isPending ? (
          <ChatLoading />
        ) : count === 0 ? (
          <div className="chat__state chat__state--empty">
            <MessageCircleHeart size={32} aria-hidden="true" />
            <p>Say namaste for {name}.</p>
          </div>
        ) : (
          <ChatThread messages={thread.data ?? []} userId={candidateUserId} names={{ own: name, theirs: firstName(peerName) }} />
        )}
      </div>
      {peer.data && !canMessage ? (
        <p className="chat__notice" role="status">
          {peer.data.reason ?? 'You cannot message this member'}
        </p>
      ) : null}
      <ChatComposer value={draft} onChange={setDraft} onSend={handleSend} disabled={!canMessage} sending={send.isPending} />
    </section>
  );
}
