import '../../../test/setup-dom';
import { screen, waitFor, within } from '@testing-library/react';
import assert from 'node:assert/strict';
import { afterEach, test } from 'node:test';
import type { ChatPeerView, MessageView } from '../../../../contracts/views';
import { buildSessionUser } from '../../../test/build-user';
import { jsonResponse } from '../../../test/fetch-stub';

const { cleanupApp, fakeServer, renderApp } = await import('../../../test/render-app');

afterEach(cleanupApp);

/** Lakshmi (no profile of her own) helps with Priya's profile 40 (Priya's account 7); Ravi (12) is the other member. */
const mother = buildSessionUser({ id: 9, fullName: 'Lakshmi Raman', profileId: null });
const PRIYA = 7;
const RAVI = 12;
const PROFILE = 40;
const SLOW = { timeout: 20_000 };

const peer: ChatPeerView = { id: RAVI, fullName: 'Ravi Kumar', profileId: 50, photo: null, online: false, lastSeenAt: null, canMessage: true, reason: null };
const hello: MessageView = { id: 1, senderId: RAVI, receiverId: PRIYA, content: 'Namaste ji', isRead: true, is_read: true, createdAt: new Date().toISOString(), sentBy: null };

function serve(mayMessage: boolean, thread: 'visible' | 'private' = 'visible') {
  return fakeServer({
    user: mother,
    handle: (request) => {
      const path = request.url.pathname;
      const acting = request.headers.get('X-Saathi-Acting-For') === String(PROFILE);
      if (path === '/api/family') {
        const may = { edit: true, search: true, like: true, suggest: true, shortlist: true, message: mayMessage, share: true };
        return jsonResponse(200, [{ profileId: PROFILE, candidateUserId: PRIYA, candidateTier: 'premium', candidateName: 'Priya', relation: 'mother', consent: 'confirmed', mayShare: true, may }]);
      }
      if (path === `/api/family/${PROFILE}`) {
        return jsonResponse(200, {
          profileId: PROFILE,
          you: { userId: mother.id, role: 'family' },
          consent: 'confirmed',
          candidateFirstName: 'Priya',
          permissions: { mayEdit: true, maySearch: true, mayLike: true, mayShortlist: true, mayShare: true, mayMessage },
          people: [
            { userId: PRIYA, memberId: null, fullName: 'Priya Raman', role: 'candidate', relation: null, addedAt: '2026-11-01T00:00:00.000Z' },
            { userId: mother.id, memberId: 3, fullName: 'Lakshmi Raman', role: 'family', relation: 'mother', addedAt: '2026-11-01T00:00:00.000Z' },
          ],
          hiddenUntilConfirmed: false,
          consentLabel: 'Confirmed by email',
          invitations: [],
          sharedConversations: thread === 'visible' ? [RAVI] : [],
          familyConversations: [],
        });
      }
      // The helper's own chat with Ravi is never asked for.
      if (!acting && path.startsWith('/api/messages')) return jsonResponse(403, { message: 'not acting' });
      if (path === `/api/messages/${PRIYA}/unread-count`) return jsonResponse(200, { count: 2 });
      if (path === `/api/messages/${PRIYA}/${RAVI}/peer`) return jsonResponse(200, peer);
      if (path === `/api/messages/${PRIYA}/${RAVI}`) return thread === 'visible' ? jsonResponse(200, [hello]) : jsonResponse(404, { message: 'Conversation not found' });
      return undefined;
    },
  });
}

const ownChatAsked = (calls: Array<{ url: URL }>) => calls.some((c) => c.url.pathname.startsWith(`/api/messages/${mother.id}/${RAVI}`));

test("in helper mode /chat/{id} opens the candidate's conversation in the family chat", async () => {
  const { router, fetchStub } = renderApp(`/chat/${RAVI}`, serve(true));
  await screen.findByText('Namaste ji', {}, SLOW);
  assert.equal(router.state.location.pathname, `/family/${PROFILE}/chat/${RAVI}`);
  assert.ok(screen.getByRole('note').textContent?.includes('You write for Priya'));
  assert.equal(ownChatAsked(fetchStub.calls), false, "never the helper's own empty chat");
  // The Messages badge counts Priya's conversations family may read (the server counts only those), not Lakshmi's.
  const tabs = screen.getByRole('navigation', { name: 'Main' });
  await waitFor(() => assert.ok(within(tabs).getByRole('img', { name: '2 unread messages' })));
  assert.equal(fetchStub.calls.filter((c) => c.url.pathname === `/api/messages/${mother.id}/unread-count`).length, 0);
});

test('without leave to write for the candidate, /chat/{id} says so plainly and opens nothing', async () => {
  const { router, fetchStub } = renderApp(`/chat/${RAVI}`, serve(false));
  await screen.findByText("Priya's chats are their own. Priya has not let family write for them.", {}, SLOW);
  assert.equal(router.state.location.pathname, `/chat/${RAVI}`);
  assert.ok(screen.getByRole('link', { name: 'Back to Messages' }));
  await waitFor(() => assert.equal(ownChatAsked(fetchStub.calls), false));
  assert.equal(fetchStub.calls.filter((c) => c.url.pathname.endsWith('/unread-count')).length, 0, 'no badge: family read none of her conversations');
});

test("a conversation of the candidate's own that was not shared is refused with the reason", async () => {
  renderApp(`/chat/${RAVI}`, serve(true, 'private'));
  await screen.findByText("This chat is Priya's own. Only Priya can share it with family.", {}, SLOW);
});
