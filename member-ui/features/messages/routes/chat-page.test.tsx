import '../../../test/setup-dom';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import assert from 'node:assert/strict';
import { afterEach, test } from 'node:test';
import type { CallsWithView } from '../../../../contracts/calls';
import type { ChatPeerView, MessageView } from '../../../../contracts/views';
import { buildSessionUser } from '../../../test/build-user';
import { jsonResponse } from '../../../test/fetch-stub';

const { cleanupApp, fakeServer, renderApp } = await import('../../../test/render-app');
const { emitLiveEvent } = await import('../../../lib/live-events');

afterEach(cleanupApp);

const me = buildSessionUser({ id: 7, subscriptionTier: 'premium' });
const OTHER = 12;

function at(daysAgo: number, hour: number): string {
  const now = new Date();
  return new Date(now.getFullYear(), now.getMonth(), now.getDate() - daysAgo, hour, 15).toISOString();
}

function message(id: number, senderId: number, content: string, createdAt: string): MessageView {
  return { id, senderId, receiverId: senderId === me.id ? OTHER : me.id, content, isRead: true, is_read: true, createdAt };
}

const peer: ChatPeerView = {
  id: OTHER,
  fullName: 'Ananya Iyer',
  profileId: 44,
  photo: null,
  online: true,
  lastSeenAt: new Date().toISOString(),
  canMessage: true,
  reason: null,
};

interface ServerOptions {
  thread?: MessageView[];
  peer?: ChatPeerView;
  calls?: CallsWithView;
  send?: (body: { senderId: number; receiverId: number; content: string }) => Response;
  user?: typeof me;
}

function serve({ thread = [], peer: peerView = peer, send, calls, user = me }: ServerOptions = {}) {
  let nextId = 1000;
  return fakeServer({
    user,
    handle: (request) => {
      const path = request.url.pathname;
      if (path === `/api/messages/${me.id}/${OTHER}/peer`) return jsonResponse(200, peerView);
      if (path === `/api/calls/with/${OTHER}` && calls) return jsonResponse(200, calls);
      if (path === `/api/messages/${me.id}/${OTHER}`) return jsonResponse(200, thread);
      if (path === `/api/messages/${me.id}`) return jsonResponse(200, []);
      if (path === '/api/messages' && request.method === 'POST') {
        const body = JSON.parse(request.body) as { senderId: number; receiverId: number; content: string };
        if (send) return send(body);
        return jsonResponse(201, message(nextId++, me.id, body.content, new Date().toISOString()));
      }
      return undefined;
    },
  });
}

test('messages are grouped by day as Today, Yesterday or a long date; mine are on the right', async () => {
  const older = at(5, 9);
  renderApp(
    `/chat/${OTHER}`,
    serve({
      thread: [
        message(1, OTHER, 'Namaste! Loved your profile.', older),
        message(2, me.id, 'Thank you, likewise', at(1, 20)),
        message(3, OTHER, 'Shall we talk this weekend?', at(0, 0)),
      ],
    }),
  );
  assert.ok(await screen.findByText('Namaste! Loved your profile.'));
  const days = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
  const longDate = new Date(older).toLocaleDateString(undefined, { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' });
  assert.deepEqual(days, [longDate, 'Yesterday', 'Today']);
  const today = screen.getByRole('region', { name: 'Today' });
  assert.ok(within(today).getByText('Shall we talk this weekend?'));
  const mine = screen.getByText('Thank you, likewise').closest('li');
  assert.ok(mine?.classList.contains('bubble--mine'));
  const theirs = screen.getByText('Namaste! Loved your profile.').closest('li');
  assert.ok(theirs?.classList.contains('bubble--theirs'));
});

test('a message the scam rules recognised shows the calm safety notice under it', async () => {
  const notice = 'Saathi will never ask you for money. Never send money to someone you have not met.';
  renderApp(
    `/chat/${OTHER}`,
    serve({
      thread: [
        message(1, OTHER, 'Hello, lovely profile', at(0, 9)),
        { ...message(2, OTHER, 'Can you send me money for my ticket?', at(0, 10)), safetyNotice: notice },
      ],
    }),
  );
  const flagged = (await screen.findByText('Can you send me money for my ticket?')).closest('li');
  const note = screen.getByRole('note');
  assert.equal(note.textContent, notice);
  assert.equal(flagged?.nextElementSibling, note, 'right under the message');
  assert.equal(screen.getAllByRole('note').length, 1, 'only under the flagged message');
});

test('the header shows the name, presence and a link to the profile', async () => {
  renderApp(`/chat/${OTHER}`, serve());
  const link = await screen.findByRole('link', { name: "View Ananya Iyer's profile" });
  assert.equal(link.getAttribute('href'), '/profile/44');
  assert.ok(within(link).getByText('Online'));
});

test('Enter sends the trimmed text; Shift+Enter does not send; blank text is never sent', async () => {
  const { fetchStub } = renderApp(`/chat/${OTHER}`, serve());
  const box = await screen.findByRole('textbox', { name: 'Message' });
  await screen.findByRole('link', { name: "View Ananya Iyer's profile" });
  const send = screen.getByRole('button', { name: 'Send message' }) as HTMLButtonElement;

  fireEvent.change(box, { target: { value: '   \n  ' } });
  assert.equal(send.disabled, true, 'send disabled for blank text');
  fireEvent.keyDown(box, { key: 'Enter' });
  fireEvent.click(send);

  fireEvent.change(box, { target: { value: 'First line' } });
  fireEvent.keyDown(box, { key: 'Enter', shiftKey: true });
  assert.equal(fetchStub.callsTo('POST', '/api/messages').length, 0, 'nothing sent yet');

  fireEvent.change(box, { target: { value: '  Hello Ananya!  ' } });
  fireEvent.keyDown(box, { key: 'Enter' });
  await waitFor(() => assert.equal(fetchStub.callsTo('POST', '/api/messages').length, 1));
  const [call] = fetchStub.callsTo('POST', '/api/messages');
  assert.deepEqual(JSON.parse(call?.body ?? '{}'), { senderId: 7, receiverId: OTHER, content: 'Hello Ananya!' });
  assert.ok(await screen.findByText('Hello Ananya!'));
  assert.equal((box as HTMLTextAreaElement).value, '');
});

function trymeServer(sentThisMonth: number, { send }: Pick<ServerOptions, 'send'> = {}) {
  const tryme = buildSessionUser({ id: me.id, subscriptionTier: 'tryme', messagesThisMonth: sentThisMonth });
  let nextId = 2000;
  return fakeServer({
    user: tryme,
    handle: (request) => {
      const path = request.url.pathname;
      if (path === '/api/subscriptions') return jsonResponse(200, { features: { tryme: { messageLimit: 5 } } });
      if (path === `/api/messages/${me.id}/${OTHER}/peer`) return jsonResponse(200, peer);
      if (path === `/api/messages/${me.id}/${OTHER}`) return jsonResponse(200, []);
      if (path === `/api/messages/${me.id}`) return jsonResponse(200, []);
      if (path === '/api/messages' && request.method === 'POST') {
        const body = JSON.parse(request.body) as { senderId: number; receiverId: number; content: string };
        if (send) return send(body);
        return jsonResponse(201, message(nextId++, me.id, body.content, new Date().toISOString()));
      }
      return undefined;
    },
  });
}

test('a tryme member sees the free messages left count down as they send', async () => {
  renderApp(`/chat/${OTHER}`, trymeServer(3));
  assert.ok(await screen.findByText('2 of 5 free messages left this month'));
  const box = await screen.findByRole('textbox', { name: 'Message' });
  fireEvent.change(box, { target: { value: 'Namaste!' } });
  fireEvent.keyDown(box, { key: 'Enter' });
  assert.ok(await screen.findByText('1 of 5 free messages left this month'));
});

test('at the limit the typed text is kept, here and after a visit to the plans, with a link to upgrade', async () => {
  const limited = () =>
    jsonResponse(403, { message: 'Message Limit Reached. Upgrade to Premium for unlimited messages.', upgradeRequired: true, limit: 5 });
  const { router } = renderApp(`/chat/${OTHER}`, trymeServer(4, { send: limited }));
  const box = await screen.findByRole('textbox', { name: 'Message' });
  fireEvent.change(box, { target: { value: 'Would you like to talk on Sunday?' } });
  fireEvent.keyDown(box, { key: 'Enter' });
  assert.ok(await screen.findByText('Message Limit Reached'));
  assert.ok(await screen.findByText(/You've sent all 5 free messages this month/));
  assert.equal((box as HTMLTextAreaElement).value, 'Would you like to talk on Sunday?', 'nothing typed is thrown away');
  assert.equal(router.state.location.pathname, `/chat/${OTHER}`, 'the member decides: no forced trip to the plans');
  fireEvent.click(screen.getByRole('link', { name: 'Upgrade to send' }));
  await waitFor(() => assert.equal(router.state.location.pathname, '/subscription'));
  await act(() => router.navigate({ to: '/chat/$id', params: { id: String(OTHER) } }));
  const again = await screen.findByRole('textbox', { name: 'Message' });
  assert.equal((again as HTMLTextAreaElement).value, 'Would you like to talk on Sunday?');
});

test('a refusal shows the server message; other failures say "Please try again later"', async () => {
  let answer = jsonResponse(403, { message: 'This member is not accepting messages' });
  renderApp(`/chat/${OTHER}`, serve({ send: () => answer }));
  const box = await screen.findByRole('textbox', { name: 'Message' });
  fireEvent.change(box, { target: { value: 'Hello?' } });
  fireEvent.keyDown(box, { key: 'Enter' });
  assert.ok(await screen.findByText('Failed to send message'));
  assert.ok(screen.getByText('This member is not accepting messages'));
  assert.equal((box as HTMLTextAreaElement).value, 'Hello?', 'the draft is kept');

  answer = jsonResponse(500, { message: 'boom' });
  fireEvent.keyDown(box, { key: 'Enter' });
  assert.ok(await screen.findByText('Please try again later'));
});

test('when the member does not accept messages the notice shows and the composer is disabled', async () => {
  renderApp(
    `/chat/${OTHER}`,
    serve({ peer: { ...peer, online: null, canMessage: false, reason: 'This member is not accepting messages' } }),
  );
  assert.ok(await screen.findByText('This member is not accepting messages'));
  assert.equal((screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement).disabled, true);
  assert.equal(screen.queryByText('Online'), null, 'hidden presence shows nothing');
});

test('a live message from this member appears once, even if delivered twice', async () => {
  const thread = [message(1, OTHER, 'Hi!', at(0, 0))];
  renderApp(`/chat/${OTHER}`, serve({ thread }));
  await screen.findByText('Hi!');
  const live = { ...message(77, OTHER, 'Are you free on Sunday?', new Date().toISOString()), senderName: 'Ananya Iyer' };
  thread.push(live);
  act(() => {
    emitLiveEvent('message', live);
    emitLiveEvent('message', live);
  });
  assert.equal((await screen.findAllByText('Are you free on Sunday?')).length, 1);
});

test('a match has the video call button in the header, and the calls of the conversation are lines in the thread', async () => {
  const calls: CallsWithView = {
    canCall: true,
    reason: null,
    upgradeRequired: false,
    calls: [
      { id: 1, direction: 'incoming', status: 'missed', endReason: 'missed', startedAt: at(0, 9), lengthSeconds: null },
      { id: 2, direction: 'outgoing', status: 'ended', endReason: 'hangup', startedAt: at(0, 11), lengthSeconds: 190 },
    ],
  };
  renderApp(`/chat/${OTHER}`, serve({ thread: [message(1, OTHER, 'Call me after lunch?', at(0, 10))], calls }));
  assert.ok(await screen.findByRole('button', { name: 'Video call Ananya Iyer' }));
  const lines = [...document.querySelectorAll('.chat-day__list > li')].map((li) => li.textContent?.replace(/\d{1,2}:\d\d.*$/, '').trim());
  assert.deepEqual(lines, ['Missed video call', 'Call me after lunch?', 'Video call · 3 min 10 s']);
});

test('no call button for someone who is not a match', async () => {
  const calls: CallsWithView = { canCall: false, reason: 'Video calls are for matches: you can call once you have both liked each other', upgradeRequired: false, calls: [] };
  renderApp(`/chat/${OTHER}`, serve({ thread: [message(1, OTHER, 'Hello there', at(0, 10))], calls }));
  assert.ok(await screen.findByText('Hello there'));
  await new Promise((r) => setTimeout(r, 100));
  assert.equal(screen.queryByRole('button', { name: 'Video call Ananya Iyer' }), null);
});

test('in Hindi the header, the call lines and the composer speak Hindi; the messages stay as written', async () => {
  const calls: CallsWithView = {
    canCall: true,
    reason: null,
    upgradeRequired: false,
    calls: [
      { id: 1, direction: 'incoming', status: 'missed', endReason: 'missed', startedAt: at(0, 9), lengthSeconds: null },
      { id: 2, direction: 'outgoing', status: 'ended', endReason: 'hangup', startedAt: at(0, 11), lengthSeconds: 190 },
    ],
  };
  const hindiReader = buildSessionUser({ id: 7, subscriptionTier: 'premium', language: 'hi' });
  renderApp(`/chat/${OTHER}`, serve({ thread: [message(1, OTHER, 'Call me after lunch?', at(0, 10))], calls, user: hindiReader }));
  assert.ok(await screen.findByRole('button', { name: 'Ananya Iyer को वीडियो कॉल करें' }));
  assert.ok(screen.getByRole('region', { name: 'Ananya Iyer से बातचीत' }));
  assert.ok(screen.getByRole('link', { name: 'Ananya Iyer की प्रोफ़ाइल देखें' }));
  assert.ok(screen.getByText('ऑनलाइन'));
  const lines = [...document.querySelectorAll('.chat-day__list > li')].map((li) => li.textContent?.replace(/\d{1,2}:\d\d.*$/, '').trim());
  assert.deepEqual(lines, ['छूटी हुई वीडियो कॉल', 'Call me after lunch?', 'वीडियो कॉल · 3 मिनट 10 सेकंड']);
  const box = screen.getByRole('textbox', { name: 'संदेश' });
  assert.equal(box.getAttribute('placeholder'), 'संदेश लिखें');
  assert.ok(screen.getByRole('button', { name: 'संदेश भेजें' }));
});
