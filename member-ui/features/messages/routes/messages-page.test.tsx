import '../../../test/setup-dom';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import assert from 'node:assert/strict';
import { afterEach, test } from 'node:test';
import type { ConversationView } from '../../../../contracts/views';
import { buildSessionUser } from '../../../test/build-user';
import { jsonResponse } from '../../../test/fetch-stub';

const { cleanupApp, fakeServer, renderApp } = await import('../../../test/render-app');

afterEach(cleanupApp);

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();

function conversation(id: number, fullName: string, content: string, createdAt: string, unreadCount = 0, lastFrom = id): ConversationView {
  return {
    otherUser: { id, fullName },
    profile: { id: id + 100, photos: [] },
    lastMessage: { content, createdAt, senderId: lastFrom, sentBy: null },
    matchedAt: null,
    unreadCount,
  };
}

const CONVERSATIONS = [
  conversation(21, 'Ananya Iyer', 'See you at the Diwali mela on Saturday?', minutesAgo(0), 2),
  conversation(22, 'Rohan Mehta', 'My parents loved your profile', minutesAgo(5)),
  conversation(23, 'Meera Pillai', 'Happy Onam!', minutesAgo(60 * 24 * 2 + 1)),
];

function serve(list: ConversationView[], user = buildSessionUser({ subscriptionTier: 'premium' })) {
  return fakeServer({
    user,
    handle: (request) => {
      if (request.url.pathname === `/api/messages/${user.id}`) return jsonResponse(200, list);
      if (request.url.pathname === '/api/subscriptions') return jsonResponse(200, { features: { tryme: { messageLimit: 5 } } });
      return undefined;
    },
  });
}

test('rows show name, short relative time, preview, unread dot, and link to the chat', async () => {
  renderApp('/messages', serve(CONVERSATIONS));
  const list = await screen.findByRole('list', { name: 'Conversations' });
  const rows = within(list).getAllByRole('link');
  assert.equal(rows.length, 3);
  const ananya = within(list).getByRole('link', { name: 'Ananya Iyer, 2 unread' });
  assert.equal(ananya.getAttribute('href'), '/chat/21');
  assert.ok(within(ananya).getByText('just now'));
  assert.ok(within(ananya).getByText('See you at the Diwali mela on Saturday?'));
  assert.ok(ananya.querySelector('.conversation__dot'), 'unread dot');
  const rohan = within(list).getByRole('link', { name: 'Rohan Mehta' });
  assert.ok(within(rohan).getByText('5m ago'));
  assert.equal(rohan.querySelector('.conversation__dot'), null);
  assert.ok(within(list).getByText('2d ago'));
});

test('the preview names who wrote the last message as the thread does: their family, or you', async () => {
  const user = buildSessionUser({ id: 7, subscriptionTier: 'premium' });
  const fromFamily = conversation(21, 'Priya Raman', 'Namaste, I am Priya’s mother', minutesAgo(1), 1);
  if (fromFamily.lastMessage) fromFamily.lastMessage.sentBy = { relation: 'mother', label: "Priya's mother" };
  renderApp('/messages', serve([fromFamily, conversation(22, 'Meera Pillai', 'Happy Onam!', minutesAgo(5), 0, 7), conversation(23, 'Dev Shah', 'Hello', minutesAgo(9))], user));
  const list = await screen.findByRole('list', { name: 'Conversations' });
  const previews = [...list.querySelectorAll('.conversation__preview')].map((p) => p.textContent);
  assert.deepEqual(previews, ["Priya's mother: Namaste, I am Priya’s mother", 'You: Happy Onam!', 'Hello']);
});

test('the search box filters by name or last message, ignoring case', async () => {
  renderApp('/messages', serve(CONVERSATIONS));
  await screen.findByRole('list', { name: 'Conversations' });
  const search = screen.getByRole('searchbox', { name: 'Search messages' });
  assert.equal(search.getAttribute('placeholder'), 'Search messages');

  fireEvent.change(search, { target: { value: 'ROHAN' } });
  let names = within(screen.getByRole('list', { name: 'Conversations' })).getAllByRole('link').map((a) => a.textContent);
  assert.equal(names.length, 1);
  assert.match(names[0] ?? '', /Rohan Mehta/);

  fireEvent.change(search, { target: { value: 'diwali' } });
  names = within(screen.getByRole('list', { name: 'Conversations' })).getAllByRole('link').map((a) => a.textContent);
  assert.equal(names.length, 1);
  assert.match(names[0] ?? '', /Ananya Iyer/);

  fireEvent.change(search, { target: { value: 'nobody here' } });
  assert.ok(screen.getByText('No conversations match “nobody here”'));
  assert.equal(screen.queryByRole('list', { name: 'Conversations' }), null);
});

test('no conversations shows the empty state', async () => {
  renderApp('/messages', serve([]));
  assert.ok(await screen.findByText('No messages yet'));
  assert.ok(screen.getByText('Start a conversation by matching with profiles and sending a message'));
});

test('a tryme member created this month sees how many of the month’s messages remain', async () => {
  const user = buildSessionUser({ subscriptionTier: 'tryme', messageCount: 3, messagesThisMonth: 3 });
  renderApp('/messages', serve([], user));
  const notice = await screen.findByRole('complementary', { name: 'Message limit' });
  await waitFor(() => assert.ok(within(notice).getByText('2 of 5 free messages left this month')));
  assert.equal(within(notice).getByRole('link', { name: 'Upgrade to Premium' }).getAttribute('href'), '/subscription');
});

test('a tryme member who used the allowance sees "Message Limit Reached"', async () => {
  const user = buildSessionUser({ subscriptionTier: 'tryme', messageCount: 5, messagesThisMonth: 5 });
  renderApp('/messages', serve([], user));
  assert.ok(await screen.findByText('Message Limit Reached'));
});

test('only this month’s messages count against the allowance', async () => {
  const user = buildSessionUser({ subscriptionTier: 'tryme', messageCount: 40, messagesThisMonth: 1, createdAt: '2020-01-01T00:00:00.000Z' });
  renderApp('/messages', serve([], user));
  assert.ok(await screen.findByText(/4 of 5 free messages left this month/));
});

test('premium members see no limit notice', async () => {
  renderApp('/messages', serve(CONVERSATIONS));
  await screen.findByRole('list', { name: 'Conversations' });
  assert.equal(screen.queryByRole('complementary', { name: 'Message limit' }), null);
});

test('a new match nobody has written to yet is listed to say hello to, instead of "No messages yet"', async () => {
  const match: ConversationView = { otherUser: { id: 31, fullName: 'Rahul Verma' }, profile: { id: 131, photos: [] }, lastMessage: null, matchedAt: minutesAgo(3), unreadCount: 0 };
  renderApp('/messages', serve([match]));
  const list = await screen.findByRole('list', { name: 'Conversations' });
  const row = within(list).getByRole('link', { name: 'Rahul Verma, new match' });
  assert.equal(row.getAttribute('href'), '/chat/31');
  assert.ok(within(row).getByText('New match · Say hello to Rahul'));
  assert.ok(within(row).getByText('3m ago'));
  assert.equal(screen.queryByText('No messages yet'), null);
});

test("in helper mode Messages is the candidate's conversations family may see, each opened in the family chat", async () => {
  const vikram = buildSessionUser({ id: 9, fullName: 'Vikram Shah', profileId: null });
  const helped = (message: boolean) => [
    { profileId: 40, candidateUserId: 31, candidateTier: 'premium', candidateName: 'Arjun', relation: 'father', consent: 'confirmed', mayShare: true, may: { edit: true, search: true, like: true, suggest: true, message, share: true } },
  ];
  // The last message is Arjun's own (sender 31): named by his first name to his father.
  const arjuns = [conversation(21, 'Priya Raman', 'Lovely to hear from your family', minutesAgo(3)), conversation(22, 'Kavya Rao', 'Namaste, Arjun writes', minutesAgo(9), 0, 31)];
  const helperServer = (message: boolean) =>
    fakeServer({
      user: vikram,
      handle: (request) => {
        if (request.url.pathname === '/api/family') return jsonResponse(200, helped(message));
        if (request.url.pathname === '/api/messages/31' && request.headers.get('X-Saathi-Acting-For') === '40') return jsonResponse(200, arjuns);
        return undefined;
      },
    });
  renderApp('/messages', helperServer(true));
  assert.ok(await screen.findByRole('heading', { name: 'Messages for Arjun' }, { timeout: 20_000 }));
  const list = await screen.findByRole('list', { name: 'Conversations' });
  const [priya, kavya] = within(list).getAllByRole('link');
  assert.equal(priya.getAttribute('href'), '/family/40/chat/21');
  assert.ok(within(kavya).getByText('Arjun:'));
  cleanupApp();
  const { fetchStub } = renderApp('/messages', helperServer(false));
  assert.ok(await screen.findByText('Arjun has not allowed family to write to members for them.', {}, { timeout: 20_000 }));
  assert.equal(fetchStub.callsTo('GET', '/api/messages/31').length, 0);
});
