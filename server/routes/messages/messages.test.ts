import assert from 'node:assert/strict';
import http from 'node:http';
import { after, before, describe, test } from 'node:test';
import { MESSAGE_TEXTS } from '../../../contracts/messaging';
import { THREAD_LIMIT } from '../../services/messaging';
import { Client, type TestServer, startTestServer } from '../../test/harness';
import { buildProfile, signedInClient } from '../../test/factories';
import { assertSameErrorAnswer } from '../../test/error-bodies';
import { buildBlock, buildMatch, buildMessage, buildNotification } from '../../test/table-factories';

let server: TestServer;
before(async () => {
  server = await startTestServer({ trymeMessageLimit: 5 });
});
after(async () => {
  await server.close();
});

type Json = Record<string, unknown>;

describe('sending messages', () => {
  test('content is trimmed; empty, over-long and non-string content are 400s', async () => {
    const a = await signedInClient(server, { tier: 'premium' });
    const b = await signedInClient(server);
    await buildProfile(server, b.user);
    const ok = await a.client.post('/api/messages', { senderId: a.user.id, receiverId: b.user.id, content: '  Namaste! How was Diwali?  ' });
    assert.equal(ok.status, 201);
    assert.equal(((await ok.json()) as Json).content, 'Namaste! How was Diwali?');
    const cases: Array<[unknown, string]> = [
      ['   ', MESSAGE_TEXTS.empty],
      ['x'.repeat(2001), MESSAGE_TEXTS.tooLong],
      [42, MESSAGE_TEXTS.notText],
      [{ text: 'hi' }, MESSAGE_TEXTS.notText],
    ];
    for (const [content, message] of cases) {
      const res = await a.client.post('/api/messages', { receiverId: b.user.id, content });
      assert.equal(res.status, 400);
      assert.equal(((await res.json()) as Json).message, message);
    }
    assert.equal((await a.client.post('/api/messages', { receiverId: b.user.id, content: 'x'.repeat(2000) })).status, 201);
    assert.equal((await server.db('messages').where({ senderId: a.user.id })).length, 2);
  });

  test('the sender is always the session member', async () => {
    const a = await signedInClient(server);
    const b = await signedInClient(server);
    const res = await a.client.post('/api/messages', { senderId: b.user.id, receiverId: a.user.id, content: 'spoofed' });
    assert.equal(res.status, 403);
    assert.equal((await new Client(server).post('/api/messages', { receiverId: b.user.id, content: 'hi' })).status, 401);
  });

  test('blocked, deleted, suspended and closed inboxes refuse', async () => {
    const a = await signedInClient(server, { tier: 'premium' });
    const b = await signedInClient(server);
    await buildProfile(server, b.user);
    await buildBlock(server.db, { blockerId: b.user.id, blockedId: a.user.id });
    const blocked = await a.client.post('/api/messages', { receiverId: b.user.id, content: 'hello' });
    const nobody = await a.client.post('/api/messages', { receiverId: 999999, content: 'hello' });
    assert.equal(blocked.status, 404, 'a block answers like a member who does not exist');
    await assertSameErrorAnswer(blocked, nobody);

    const c = await signedInClient(server);
    await buildProfile(server, c.user);
    await c.client.patch(`/api/users/${c.user.id}/privacy-settings`, { allowMessagesFrom: 'none' });
    const closed = await a.client.post('/api/messages', { receiverId: c.user.id, content: 'hello' });
    assert.equal(closed.status, 403);
    assert.equal(((await closed.json()) as Json).message, MESSAGE_TEXTS.notAccepting);
    await c.client.patch(`/api/users/${c.user.id}/privacy-settings`, { allowMessagesFrom: 'matches' });
    assert.equal(((await (await a.client.post('/api/messages', { receiverId: c.user.id, content: 'hello' })).json()) as Json).message, MESSAGE_TEXTS.matchesOnly);
    const [user1Id, user2Id] = [a.user.id, c.user.id].sort((x, y) => x - y);
    await buildMatch(server.db, { user1Id, user2Id });
    assert.equal((await a.client.post('/api/messages', { receiverId: c.user.id, content: 'hello match' })).status, 201);

    const d = await signedInClient(server);
    await server.db('users').where({ id: d.user.id }).update({ status: 'suspended' });
    assert.equal((await a.client.post('/api/messages', { receiverId: d.user.id, content: 'hi' })).status, 404);
    assert.equal((await a.client.post('/api/messages', { receiverId: 999999, content: 'hi' })).status, 404);
  });

  test('tryme members get 5 new messages a calendar month, then 403 with upgradeRequired', async () => {
    const a = await signedInClient(server, { tier: 'tryme' });
    const b = await signedInClient(server);
    await buildProfile(server, b.user);
    // Last month's messages do not count.
    await buildMessage(server.db, { senderId: a.user.id, receiverId: b.user.id, content: 'old', isRead: true, createdAt: Date.UTC(2020, 0, 5) });
    for (let i = 1; i <= 5; i++) assert.equal((await a.client.post('/api/messages', { receiverId: b.user.id, content: `message ${i}` })).status, 201);
    assert.equal(((await (await a.client.get('/api/auth/user')).json()) as Json).messagesThisMonth, 5, "last month's message is not counted");
    const sixth = await a.client.post('/api/messages', { receiverId: b.user.id, content: 'message 6' });
    assert.equal(sixth.status, 403);
    const body = (await sixth.json()) as Json;
    assert.equal(body.upgradeRequired, true);
    assert.equal(body.message, MESSAGE_TEXTS.limitReached);
    await server.db('users').where({ id: a.user.id }).update({ subscriptionTier: 'premium', subscriptionEnds: Date.now() + 86_400_000 });
    assert.equal((await a.client.post('/api/messages', { receiverId: b.user.id, content: 'unlimited now' })).status, 201);
  });
});

describe('conversations and threads', () => {
  test('summaries carry the other member, last message and unread count; opening the thread marks read', async () => {
    const a = await signedInClient(server, { fullName: 'Asha Reddy', tier: 'premium' });
    const b = await signedInClient(server, { fullName: 'Bharat Menon', tier: 'premium' });
    await buildProfile(server, a.user, { gender: 'female' });
    await buildProfile(server, b.user, { gender: 'male' });
    await b.client.post('/api/messages', { receiverId: a.user.id, content: 'Hi Asha' });
    await b.client.post('/api/messages', { receiverId: a.user.id, content: 'Are you in London this weekend?' });
    const list = (await (await a.client.get(`/api/messages/${a.user.id}`)).json()) as Json[];
    assert.equal(list.length, 1);
    assert.deepEqual(list[0].otherUser, { id: b.user.id, fullName: 'Bharat Menon' });
    assert.equal((list[0].lastMessage as Json).content, 'Are you in London this weekend?');
    assert.equal(list[0].unreadCount, 2);
    assert.deepEqual(await (await a.client.get(`/api/messages/${a.user.id}/unread-count`)).json(), { count: 2 });
    const note = await server.db('notifications').where({ userId: a.user.id, type: 'message' }).first();
    assert.equal(note.relatedItemId, b.user.id, 'message notifications open the chat with the sender');

    const thread = (await (await a.client.get(`/api/messages/${a.user.id}/${b.user.id}`)).json()) as Json[];
    assert.deepEqual(thread.map((m) => m.content), ['Hi Asha', 'Are you in London this weekend?']);
    assert.deepEqual(await (await a.client.get(`/api/messages/${a.user.id}/unread-count`)).json(), { count: 0 });
    const peer = (await (await a.client.get(`/api/messages/${a.user.id}/${b.user.id}/peer`)).json()) as Json;
    assert.equal(peer.fullName, 'Bharat Menon');
    assert.equal(peer.canMessage, true);
    assert.equal(typeof peer.online, 'boolean');

    await b.client.patch(`/api/users/${b.user.id}/privacy-settings`, { showOnlineStatus: false, showLastSeen: false });
    const hidden = (await (await a.client.get(`/api/messages/${a.user.id}/${b.user.id}/peer`)).json()) as Json;
    assert.equal(hidden.online, null);
    assert.equal(hidden.lastSeenAt, null);

    const c = await signedInClient(server);
    for (const p of [`/api/messages/${a.user.id}`, `/api/messages/${a.user.id}/${b.user.id}`, `/api/messages/${a.user.id}/unread-count`, `/api/messages/${a.user.id}/${b.user.id}/peer`]) {
      assert.equal((await c.client.get(p)).status, 403, p);
      assert.equal((await new Client(server).get(p)).status, 401, p);
    }
  });

  test('a thread longer than the answer holds gives its newest messages, oldest first', async () => {
    const a = await signedInClient(server, { tier: 'premium' });
    const b = await signedInClient(server, { tier: 'premium' });
    await buildProfile(server, a.user, { gender: 'female' });
    await buildProfile(server, b.user, { gender: 'male' });
    const start = Date.now() - 10 * 86_400_000;
    const rows = Array.from({ length: THREAD_LIMIT + 5 }, (_, i) => ({
      senderId: i % 2 ? a.user.id : b.user.id, receiverId: i % 2 ? b.user.id : a.user.id, content: `message ${i + 1}`, isRead: true, createdAt: start + i * 60_000,
    }));
    for (let i = 0; i < rows.length; i += 100) await server.db('messages').insert(rows.slice(i, i + 100));
    const thread = (await (await a.client.get(`/api/messages/${a.user.id}/${b.user.id}`)).json()) as Json[];
    assert.equal(thread.length, THREAD_LIMIT);
    assert.equal(thread[0].content, 'message 6');
    assert.equal(thread[thread.length - 1].content, `message ${THREAD_LIMIT + 5}`, 'the newest message is in the thread');
  });

  test('a new message reaches an open event stream at once', async () => {
    const a = await signedInClient(server, { tier: 'premium' });
    const b = await signedInClient(server, { tier: 'premium' });
    await buildProfile(server, b.user);
    const received = new Promise<string>((resolve, reject) => {
      const req = http.get(`${server.url}/api/events`, { headers: { Cookie: b.client.cookieHeader() } }, (res) => {
        assert.equal(res.headers['content-type'], 'text/event-stream; charset=utf-8');
        let buffer = '';
        res.on('data', (chunk: Buffer) => {
          buffer += chunk.toString();
          if (buffer.includes('event: ready')) void a.client.post('/api/messages', { receiverId: b.user.id, content: 'live hello' });
          const match = /event: message\ndata: (.+)\n/.exec(buffer);
          if (match) {
            req.destroy();
            resolve(match[1]);
          }
        });
      });
      req.on('error', (e) => (e.message.includes('aborted') || e.message.includes('socket hang up') ? undefined : reject(e)));
      setTimeout(() => reject(new Error('no event within 5 s')), 5000).unref();
    });
    const data = JSON.parse(await received) as Json;
    assert.equal(data.content, 'live hello');
    assert.equal(data.senderId, a.user.id);
    assert.equal((await new Client(server).get('/api/events')).status, 401);
  });
});

describe('notifications', () => {
  test('mark one and mark all; never someone else', async () => {
    const a = await signedInClient(server);
    const b = await signedInClient(server);
    const now = Date.now();
    await buildNotification(server.db, { userId: a.user.id, type: 'like', title: 'one', isRead: false, createdAt: now });
    await buildNotification(server.db, { userId: a.user.id, type: 'match', title: 'two', isRead: false, createdAt: now });
    await buildNotification(server.db, { userId: b.user.id, type: 'like', title: 'theirs', isRead: false, createdAt: now });
    const mine = await server.db('notifications').where({ userId: a.user.id }).orderBy('id');
    const theirs = await server.db('notifications').where({ userId: b.user.id }).first();
    assert.equal((await a.client.patch(`/api/notifications/${theirs.id}/mark-read`)).status, 404);
    assert.equal(Number((await server.db('notifications').where({ id: theirs.id }).first()).isRead), 0);
    assert.equal((await a.client.patch(`/api/notifications/${mine[0].id}/mark-read`)).status, 200);
    assert.deepEqual(await (await a.client.get(`/api/notifications/${a.user.id}/count`)).json(), { count: 1 });
    assert.equal((await a.client.patch(`/api/notifications/${b.user.id}/mark-all-read`)).status, 403);
    assert.equal((await a.client.patch(`/api/notifications/${a.user.id}/mark-all-read`)).status, 200);
    assert.deepEqual(await (await a.client.get(`/api/notifications/${a.user.id}/count`)).json(), { count: 0 });
    assert.deepEqual(await (await b.client.get(`/api/notifications/${b.user.id}/count`)).json(), { count: 1 });
  });

  test('a member who turned off new-message notifications gets none', async () => {
    const a = await signedInClient(server, { tier: 'premium' });
    const b = await signedInClient(server);
    await buildProfile(server, b.user);
    await b.client.patch(`/api/users/${b.user.id}/notification-settings`, { newMessages: false });
    await a.client.post('/api/messages', { receiverId: b.user.id, content: 'quiet please' });
    assert.equal((await server.db('notifications').where({ userId: b.user.id })).length, 0);
  });
});

describe('a new match in Messages', () => {
  test('a match nobody has written in yet is listed to say hello to; once written, it is a conversation; a block removes it', async () => {
    const a = await signedInClient(server);
    const b = await signedInClient(server, { fullName: 'Rahul Verma' });
    await buildProfile(server, a.user);
    const profileB = await buildProfile(server, b.user, { gender: 'male', lookingFor: 'female' });
    const matchedAt = Date.now() - 60_000;
    await buildMatch(server.db, { user1Id: a.user.id, user2Id: b.user.id, createdAt: matchedAt });
    type Row = { otherUser: { id: number; fullName: string }; profile: { id: number | null }; lastMessage: unknown; matchedAt: string | null; unreadCount: number };
    const list = async () => (await (await a.client.get(`/api/messages/${a.user.id}`)).json()) as Row[];

    assert.deepEqual(await list(), [{ otherUser: { id: b.user.id, fullName: 'Rahul Verma' }, profile: { id: profileB.id, photos: [] }, lastMessage: null, matchedAt: new Date(matchedAt).toISOString(), unreadCount: 0 }]);
    const other = await signedInClient(server);
    assert.deepEqual(await (await other.client.get(`/api/messages/${other.user.id}`)).json(), [], 'nobody else sees it');

    assert.equal((await a.client.post('/api/messages', { receiverId: b.user.id, content: 'Namaste Rahul' })).status, 201);
    const [written] = await list();
    assert.equal((written.lastMessage as { content: string }).content, 'Namaste Rahul');
    assert.equal(written.matchedAt, new Date(matchedAt).toISOString());

    const c = await signedInClient(server);
    await buildProfile(server, c.user, { gender: 'male', lookingFor: 'female' });
    await buildMatch(server.db, { user1Id: c.user.id, user2Id: a.user.id });
    assert.equal((await list()).length, 2);
    await buildBlock(server.db, { blockerId: a.user.id, blockedId: c.user.id });
    assert.deepEqual((await list()).map((r) => r.otherUser.id), [b.user.id], 'a blocked match is gone');
  });
});
