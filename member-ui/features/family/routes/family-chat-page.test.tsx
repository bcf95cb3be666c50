import '../../../test/setup-dom';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import assert from 'node:assert/strict';
import { afterEach, test } from 'node:test';
import type { FamilyPermissions } from '../../../../contracts/family';
import type { ChatPeerView, MessageView } from '../../../../contracts/views';
import { buildSessionUser } from '../../../test/build-user';
import { emitLiveEvent } from '../../../lib/live-events';
import { jsonResponse } from '../../../test/fetch-stub';
import type { FamilyView } from '../api/family';

const { cleanupApp, fakeServer, renderApp } = await import('../../../test/render-app');

afterEach(cleanupApp);

/** Lakshmi (the session) helps with Priya's profile 40 as her mother; Ravi (user 12) is who she writes to. */
const mother = buildSessionUser({ id: 9, fullName: 'Lakshmi Raman' });
const PRIYA = 7;
const RAVI = 12;
const PROFILE = 40;
const FIRST_LOAD_MS = 20_000;

const permissions = (mayMessage: boolean): FamilyPermissions => ({ mayEdit: true, maySearch: true, mayLike: true, mayShortlist: true, mayShare: true, mayCall: false, mayMessage });
const family = (mayMessage: boolean): FamilyView => ({
  profileId: PROFILE,
  you: { userId: mother.id, role: 'family' },
  consent: 'confirmed',
  candidateFirstName: 'Priya',
  permissions: permissions(mayMessage),
  people: [
    { userId: PRIYA, memberId: null, fullName: 'Priya Raman', role: 'candidate', relation: null, addedAt: '2026-11-01T00:00:00.000Z' },
    { userId: mother.id, memberId: 3, fullName: 'Lakshmi Raman', role: 'family', relation: 'mother', addedAt: '2026-11-01T00:00:00.000Z' },
  ],
  hiddenUntilConfirmed: false,
  consentLabel: 'Confirmed by email',
  invitations: [],
  sharedConversations: [RAVI],
  familyConversations: [],
});
const peer: ChatPeerView = { id: RAVI, fullName: 'Ravi Kumar', profileId: 50, photo: null, online: false, lastSeenAt: null, canMessage: true, reason: null };
const now = new Date().toISOString();
const message = (id: number, senderId: number, content: string, sentBy: MessageView['sentBy'] = null): MessageView => ({
  id,
  senderId,
  receiverId: senderId === PRIYA ? RAVI : PRIYA,
  content,
  isRead: true,
  is_read: true,
  createdAt: now,
  sentBy,
});

function serve(mayMessage: boolean) {
  return fakeServer({
    user: mother,
    handle: (request) => {
      const path = request.url.pathname;
      const acting = request.headers.get('X-Saathi-Acting-For') === String(PROFILE);
      if (path === `/api/family/${PROFILE}`) return jsonResponse(200, family(mayMessage));
      if (!acting && path.startsWith('/api/messages')) return jsonResponse(403, { message: 'not acting' });
      if (path === `/api/messages/${PRIYA}/${RAVI}/peer`) return jsonResponse(200, peer);
      if (path === `/api/messages/${PRIYA}/${RAVI}`) {
        return jsonResponse(200, [message(1, PRIYA, 'Namaste, I write for my daughter', { relation: 'mother', label: "Priya's mother" }), message(2, RAVI, 'Namaste ji'), message(3, PRIYA, 'Priya here too')]);
      }
      if (path === '/api/messages' && request.method === 'POST') {
        const body = JSON.parse(request.body) as { receiverId: number; content: string };
        return jsonResponse(201, { ...message(4, PRIYA, body.content), receiverId: body.receiverId, sentBy: { relation: 'mother', label: "Priya's mother" } });
      }
      return undefined;
    },
  });
}

test('a family member allowed to write sees who wrote each message and writes for the candidate as the family', async () => {
  const { fetchStub } = renderApp(`/family/${PROFILE}/chat/${RAVI}`, serve(true));
  const first = await screen.findByText('Namaste, I write for my daughter', undefined, { timeout: FIRST_LOAD_MS });
  const author = (text: string) => screen.getByText(text).closest('li')?.querySelector('.bubble__by')?.textContent;
  assert.equal(first.closest('li')?.querySelector('.bubble__by')?.textContent, "Priya's mother");
  assert.equal(author('Namaste ji'), 'Ravi');
  assert.equal(author('Priya here too'), 'Priya');
  assert.ok(screen.getByRole('note').textContent?.includes('You write for Priya as Priya’s mother'));
  const box = screen.getByRole('textbox', { name: 'Message' });
  fireEvent.change(box, { target: { value: 'Shall our families meet?' } });
  fireEvent.keyDown(box, { key: 'Enter' });
  await waitFor(() => assert.equal(fetchStub.callsTo('POST', '/api/messages').length, 1));
  const [call] = fetchStub.callsTo('POST', '/api/messages');
  assert.equal(call?.headers.get('X-Saathi-Acting-For'), String(PROFILE));
  assert.deepEqual(JSON.parse(call?.body ?? '{}'), { receiverId: RAVI, content: 'Shall our families meet?' });
  const sent = await screen.findByText('Shall our families meet?');
  assert.equal(within(sent.closest('li') as HTMLElement).getByText("Priya's mother").className, 'bubble__by');
});

test('with messaging as the family off, no composer: the page says why', async () => {
  const { fetchStub } = renderApp(`/family/${PROFILE}/chat/${RAVI}`, serve(false));
  await screen.findByText(/Priya has not allowed family to write to members for them/, undefined, { timeout: FIRST_LOAD_MS });
  assert.equal(screen.queryByRole('textbox', { name: 'Message' }), null);
  assert.ok(screen.getByRole('link', { name: 'Back to Family' }));
  assert.equal(fetchStub.calls.filter((c) => c.url.pathname.startsWith(`/api/messages/${PRIYA}`)).length, 0, 'the thread is not even asked for');
});

test("a reply in the conversation arrives on the family member's event stream: the thread is read again at once", async () => {
  let reply = false;
  const server = fakeServer({
    user: mother,
    handle: (request) => {
      const path = request.url.pathname;
      if (path === `/api/family/${PROFILE}`) return jsonResponse(200, family(true));
      if (path === `/api/messages/${PRIYA}/${RAVI}/peer`) return jsonResponse(200, peer);
      if (path === `/api/messages/${PRIYA}/${RAVI}`) return jsonResponse(200, [message(1, PRIYA, 'Namaste ji'), ...(reply ? [message(2, RAVI, 'Shall we talk on Sunday?')] : [])]);
      return undefined;
    },
  });
  const { fetchStub } = renderApp(`/family/${PROFILE}/chat/${RAVI}`, server);
  await screen.findByText('Namaste ji', undefined, { timeout: FIRST_LOAD_MS });
  const reads = () => fetchStub.callsTo('GET', `/api/messages/${PRIYA}/${RAVI}`).length;
  const before = reads();
  // A message of another conversation of Priya's changes nothing here.
  emitLiveEvent('message', { ...message(9, 99, 'Elsewhere'), receiverId: PRIYA, senderName: 'Someone else' });
  await new Promise((r) => setTimeout(r, 50));
  assert.equal(reads(), before);
  reply = true;
  emitLiveEvent('message', { ...message(2, RAVI, 'Shall we talk on Sunday?'), senderName: 'Ravi Kumar' });
  await screen.findByText('Shall we talk on Sunday?');
  assert.ok(reads() > before);
});
