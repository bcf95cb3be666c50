import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { examplePath, PROTECTED_ROUTES, PUBLIC_ROUTES } from '../contracts/routes';
import { Client, type TestServer, startTestServer } from './test/harness';
import { signedInClient } from './test/factories';
import { withoutErrorId } from './test/error-bodies';
import { buildBlock, buildMessage, buildNotification } from './test/table-factories';

let server: TestServer;
before(async () => {
  server = await startTestServer();
});
after(async () => {
  await server.close();
});

describe('serving the apps', () => {
  test('GET /api/health answers ok with the database reachable', async () => {
    const res = await fetch(`${server.url}/api/health`);
    assert.equal(res.status, 200);
    assert.deepEqual(await res.json(), { status: 'ok' });
  });

  test('every route of the spec returns the member app with 200', async () => {
    for (const route of [...PUBLIC_ROUTES, ...PROTECTED_ROUTES]) {
      const res = await fetch(server.url + examplePath(route));
      assert.equal(res.status, 200, route);
      assert.match(res.headers.get('content-type') ?? '', /text\/html/);
      assert.match(await res.text(), /<title>member<\/title>/, route);
    }
  });

  test('any other path returns the member app with 404 so it shows the not-found screen', async () => {
    for (const p of ['/no-such-page', '/profile/abc', '/profiles/1', '/chat/', '/search/more']) {
      const res = await fetch(server.url + p);
      assert.equal(res.status, p === '/chat/' ? 404 : 404, p);
      assert.match(await res.text(), /<title>member<\/title>/);
    }
  });

  test('the ops console is served at /ops and below', async () => {
    for (const p of ['/ops', '/ops/', '/ops/verification', '/ops/members/12']) {
      const res = await fetch(server.url + p);
      assert.equal(res.status, 200, p);
      assert.match(await res.text(), /<title>ops<\/title>/);
    }
  });

  test('unknown API paths are JSON 404s', async () => {
    const res = await fetch(`${server.url}/api/definitely-not-here`);
    assert.equal(res.status, 404);
    assert.match(res.headers.get('content-type') ?? '', /application\/json/);
    assert.deepEqual(withoutErrorId(await res.json()), { message: 'API route not found', code: 'not_found' });
  });

  test('hashed assets are cached immutably and compressed', async () => {
    const res = await fetch(`${server.url}/assets/main-TESTHASH.js`, { headers: { 'Accept-Encoding': 'gzip' } });
    assert.equal(res.status, 200);
    assert.match(res.headers.get('cache-control') ?? '', /immutable/);
    assert.equal(res.headers.get('content-encoding'), 'gzip');
    const ops = await fetch(`${server.url}/ops/assets/main-TESTHASH.js`);
    assert.equal(ops.status, 200);
    assert.match(await ops.text(), /"ops"/);
    const missing = await fetch(`${server.url}/assets/nope-123.js`);
    assert.equal(missing.status, 404);
    const traversal = await fetch(`${server.url}/assets/..%2f..%2fpackage.json`);
    assert.equal(traversal.status, 404);
  });

  test('index.html is never cached', async () => {
    const res = await fetch(`${server.url}/login`);
    assert.equal(res.headers.get('cache-control'), 'no-cache');
  });

  test('share pages are noindex and send no referrer', async () => {
    const res = await fetch(`${server.url}/shared/abcdef`);
    assert.equal(res.headers.get('x-robots-tag'), 'noindex, nofollow');
    assert.equal(res.headers.get('referrer-policy'), 'no-referrer');
  });
});

describe('security headers on every response type', () => {
  const paths = ['/', '/no-such-page', '/ops', '/assets/main-TESTHASH.js', '/api/health', '/api/auth/user', '/api/nope', '/media/photos/0123456789abcdef0123456789abcdef.jpg'];
  for (const p of paths) {
    test(p, async () => {
      const res = await fetch(server.url + p);
      const csp = res.headers.get('content-security-policy') ?? '';
      assert.match(csp, /default-src 'self'/);
      assert.match(csp, /frame-ancestors 'none'/);
      assert.match(csp, /script-src 'self'(;|$| )/);
      assert.doesNotMatch(csp, /unsafe-eval/);
      assert.equal(res.headers.get('x-content-type-options'), 'nosniff');
      assert.ok(res.headers.get('referrer-policy'));
      assert.equal(res.headers.get('x-frame-options'), 'DENY');
    });
  }
});

describe('media', () => {
  test('an unknown or malformed media path is a 404 that reveals nothing', async () => {
    for (const p of ['/media/photos/0123456789abcdef0123456789abcdef.jpg', '/media/photos/..%2f..%2fsaathi.sqlite', '/media/photos/x.html']) {
      const res = await fetch(server.url + p);
      assert.equal(res.status, 404, p);
      assert.match(res.headers.get('content-type') ?? '', /application\/json/);
    }
  });
});

describe('notification and message counts', () => {
  test('a member reads their own counts; another member and a visitor are refused', async () => {
    const a = await signedInClient(server);
    const b = await signedInClient(server);
    await buildNotification(server.db, { userId: a.user.id, type: 'like', title: 'Someone liked your profile', isRead: false });
    await buildNotification(server.db, { userId: a.user.id, type: 'match', title: 'New match', isRead: true });
    await buildMessage(server.db, { senderId: b.user.id, receiverId: a.user.id, content: 'Namaste!', isRead: false });
    await buildMessage(server.db, { senderId: b.user.id, receiverId: a.user.id, content: 'How are you?', isRead: false });
    const own = await a.client.get(`/api/notifications/${a.user.id}/count`);
    assert.deepEqual(await own.json(), { count: 1 });
    const unread = await a.client.get(`/api/messages/${a.user.id}/unread-count`);
    assert.deepEqual(await unread.json(), { count: 2 });
    const list = (await (await a.client.get(`/api/notifications/${a.user.id}`)).json()) as Array<{ title: string; isRead: boolean }>;
    assert.equal(list.length, 2);

    for (const p of [`/api/notifications/${a.user.id}/count`, `/api/notifications/${a.user.id}`, `/api/messages/${a.user.id}/unread-count`]) {
      assert.equal((await b.client.get(p)).status, 403, `another member: ${p}`);
      assert.equal((await new Client(server).get(p)).status, 401, `visitor: ${p}`);
    }
    assert.equal((await a.client.get('/api/notifications/abc/count')).status, 400);
  });

  test('a blocked sender does not count towards the unread badge', async () => {
    const a = await signedInClient(server);
    const b = await signedInClient(server);
    await buildMessage(server.db, { senderId: b.user.id, receiverId: a.user.id, content: 'hi', isRead: false });
    await buildBlock(server.db, { blockerId: a.user.id, blockedId: b.user.id });
    assert.deepEqual(await (await a.client.get(`/api/messages/${a.user.id}/unread-count`)).json(), { count: 0 });
  });
});

describe('bad input never becomes a 500', () => {
  test('malformed JSON and oversized bodies are 4xx with a message', async () => {
    const client = new Client(server);
    const bad = await client.request('POST', '/api/auth/password-reset/request', {
      headers: { 'Content-Type': 'application/json', Origin: server.origin },
    });
    assert.ok(bad.status < 500);
    const res = await fetch(`${server.url}/api/auth/password-reset/request`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: server.origin, Accept: 'application/json' },
      body: '{"email": ',
    });
    assert.equal(res.status, 400);
    assert.ok(((await res.json()) as { message: string }).message);
    const huge = await fetch(`${server.url}/api/auth/password-reset/request`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: server.origin, Accept: 'application/json' },
      body: JSON.stringify({ email: 'a'.repeat(400_000) }),
    });
    assert.equal(huge.status, 413);
    const weird = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: server.origin, Accept: 'application/json' },
      body: JSON.stringify({ username: { $gt: '' }, password: ['x'], __proto__: { admin: true } }),
    });
    assert.equal(weird.status, 400);
  });
});
