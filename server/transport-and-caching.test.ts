import assert from 'node:assert/strict';
import { generate } from 'otplib';
import http from 'node:http';
import { after, before, describe, test } from 'node:test';
import { Client, type TestServer, startTestServer } from './test/harness';
import { buildProfile, buildUser, jpegBytes, signedInClient } from './test/factories';
import { assertSameErrorAnswer } from './test/error-bodies';
import { buildBlock } from './test/table-factories';

type Json = Record<string, unknown>;

/**
 * A conditional GET as a browser revalidates its cache. (fetch() cannot: a request carrying If-None-Match is sent
 * with Cache-Control: no-cache, which tells any server to answer in full.)
 */
function revalidate(server: TestServer, client: Client, path: string, etag: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(`${server.url}${path}`, { headers: { Cookie: client.cookieHeader(), 'If-None-Match': etag } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      })
      .on('error', reject);
  });
}

describe('photos and ID images are not kept by the browser beyond what access allows', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server.close());

  test('a photo is revalidated on every use (304 only after the access check); a block ends it at once', async () => {
    const owner = await signedInClient(server);
    const up = (await (await owner.client.upload('/api/upload/photo', 'photo', await jpegBytes(), 'p.jpg', 'image/jpeg')).json()) as { id: number; url: string };
    const profile = await buildProfile(server, owner.user);
    assert.equal((await owner.client.patch(`/api/profiles/${profile.id}`, { photoIds: [up.id] })).status, 200);
    const viewer = await signedInClient(server);
    const first = await viewer.client.get(up.url);
    assert.equal(first.status, 200);
    assert.equal(first.headers.get('cache-control'), 'private, no-cache');
    const etag = first.headers.get('etag');
    assert.ok(etag);
    assert.equal(await revalidate(server, viewer.client, up.url, etag), 304, 'unchanged and still allowed: no body sent again');
    await buildBlock(server.db, { blockerId: owner.user.id, blockedId: viewer.user.id });
    assert.equal(await revalidate(server, viewer.client, up.url, etag), 404, 'after a block even a revalidation is refused');
  });

  test('ID images are never stored by the browser', async () => {
    const member = await signedInClient(server);
    await buildProfile(server, member.user);
    const form = new FormData();
    form.append('documentType', 'passport');
    form.append('selfie', new Blob([new Uint8Array(await jpegBytes())], { type: 'image/jpeg' }), 'selfie.jpg');
    form.append('document', new Blob([new Uint8Array(await jpegBytes({ width: 120 }))], { type: 'image/jpeg' }), 'passport.jpg');
    const submit = await fetch(`${server.url}/api/verification`, { method: 'POST', headers: { Cookie: member.client.cookieHeader(), Origin: server.origin, Accept: 'application/json' }, body: form });
    assert.equal(submit.status, 201);
    const { user, password } = await buildUser(server, { role: 'reviewer' });
    const reviewer = new Client(server);
    assert.equal((await reviewer.post('/api/ops/session', { username: user.username, password })).status, 200);
    const queue = (await (await reviewer.get('/api/ops/verifications')).json()) as { items: Array<Json & { selfieUrl: string; documentUrl: string }> };
    const item = queue.items.find((i) => (i.user as Json).id === member.user.id);
    assert.ok(item);
    for (const url of [item.selfieUrl, item.documentUrl]) {
      const res = await reviewer.get(url);
      assert.equal(res.status, 200);
      assert.equal(res.headers.get('cache-control'), 'no-store');
      assert.equal(res.headers.get('etag'), null);
    }
  });
});

describe('over https the session cookie is Secure and HSTS is sent', () => {
  async function signIn(server: TestServer, headers: Record<string, string> = {}) {
    const { user, password } = await buildUser(server);
    // The browser's own origin: https when the proxy in front of us speaks https.
    const origin = headers['X-Forwarded-Proto'] === 'https' ? server.origin.replace('http:', 'https:') : server.origin;
    return new Client(server, { origin }).request('POST', '/api/auth/login', { form: { username: user.username, password }, headers });
  }

  test('behind a trusted TLS proxy with no PUBLIC_URL', async () => {
    const server = await startTestServer({ trustProxy: true, publicUrl: null, secureCookies: false });
    try {
      const https = await signIn(server, { 'X-Forwarded-Proto': 'https' });
      assert.equal(https.status, 200);
      assert.match(https.headers.getSetCookie().join('\n'), /saathi\.sid=[^;]+;.*secure/i);
      assert.match(https.headers.get('strict-transport-security') ?? '', /max-age=31536000/);
      const plain = await signIn(server);
      assert.doesNotMatch(plain.headers.getSetCookie().join('\n'), /secure/i, 'plain http (local development) keeps working');
      assert.equal(plain.headers.get('strict-transport-security'), null);
    } finally {
      await server.close();
    }
  });

  test('with an https PUBLIC_URL, even when the proxy in front is not trusted (no 500)', async () => {
    const server = await startTestServer({ demoMode: false, publicUrl: 'https://saathi.example', secureCookies: true, trustProxy: false });
    try {
      const res = await new Client(server, { origin: 'https://saathi.example' }).request('POST', '/api/auth/login', { form: { username: 'nobody_here', password: 'wrong-password' } });
      assert.equal(res.status, 401);
      const { user, password } = await buildUser(server);
      const ok = await new Client(server, { origin: 'https://saathi.example' }).request('POST', '/api/auth/login', { form: { username: user.username, password } });
      assert.equal(ok.status, 200);
      assert.match(ok.headers.getSetCookie().join('\n'), /saathi\.sid=[^;]+;.*secure/i);
      assert.match(ok.headers.get('strict-transport-security') ?? '', /max-age=31536000/);
      const cookies = ok.headers.getSetCookie();
      assert.ok(cookies.some((c) => c.startsWith('saathi_device=')), 'a new device gets its cookie');
      for (const cookie of cookies) assert.match(cookie, /;\s*secure/i, `every cookie is Secure: ${cookie.split('=')[0]}`);
    } finally {
      await server.close();
    }
  });
});

describe('behind proxies, the client address is the one the nearest trusted proxy added', () => {
  const limits = { login: { max: 2, windowMs: 60_000 }, register: { max: 100, windowMs: 60_000 }, passwordReset: { max: 100, windowMs: 60_000 }, contact: { max: 100, windowMs: 60_000 } };
  /** Password guesses at unknown accounts are limited per client address (five times the per-account limit). */
  async function guessesAllowed(server: TestServer, forwardedFor: (i: number) => string): Promise<number> {
    let allowed = 0;
    for (let i = 0; i < 14; i++) {
      const res = await new Client(server).request('POST', '/api/auth/login', { form: { username: `nobody_${i}`, password: 'guess' }, headers: { 'X-Forwarded-For': forwardedFor(i) } });
      if (res.status === 401) allowed++;
      else assert.equal(res.status, 429);
    }
    return allowed;
  }

  test('one proxy (nginx $proxy_add_x_forwarded_for): a client writing its own X-Forwarded-For does not get a fresh limit', async () => {
    const server = await startTestServer({ trustProxy: true, trustProxyHops: 1, rateLimits: limits });
    try {
      // The client forges a new leftmost address each time; the proxy appends the real one, 203.0.113.7.
      assert.equal(await guessesAllowed(server, (i) => `198.51.100.${i}, 203.0.113.7`), 10);
    } finally {
      await server.close();
    }
  });

  test('two proxies (a load balancer, then nginx): the address the outer one added counts', async () => {
    const server = await startTestServer({ trustProxy: true, trustProxyHops: 2, rateLimits: limits });
    try {
      assert.equal(await guessesAllowed(server, (i) => `198.51.100.${i}, 203.0.113.7, 10.0.0.2`), 10);
      // Different real clients behind the same two proxies each have their own budget.
      assert.equal(await guessesAllowed(server, (i) => `203.0.113.${100 + i}, 10.0.0.2`), 14);
    } finally {
      await server.close();
    }
  });
});

describe('the Expo dev-client info is for developers only', () => {
  test('a demo instance shows it to signed-in members; a real one only to staff, and only when configured', async () => {
    const demo = await startTestServer({ demoMode: true });
    const real = await startTestServer({ demoMode: false });
    const configured = await startTestServer({ demoMode: false, expoDevInfo: true });
    try {
      assert.equal((await new Client(demo).get('/api/dev/expo-info')).status, 401);
      assert.equal((await (await signedInClient(demo)).client.get('/api/dev/expo-info')).status, 200);
      for (const role of ['member', 'admin'] as const) {
        const unknown = await (await signedInClient(real)).client.get('/api/no-such-route');
        const res = await (await signedInClient(real, { role })).client.get('/api/dev/expo-info');
        assert.equal(res.status, 404, role);
        await assertSameErrorAnswer(res, unknown, role);
      }
      assert.equal((await new Client(real).get('/api/dev/expo-info')).status, 404);
      assert.equal((await (await signedInClient(configured)).client.get('/api/dev/expo-info')).status, 404, 'members never');
      const { user, password } = await buildUser(configured, { role: 'admin' });
      const admin = new Client(configured);
      assert.equal((await admin.post('/api/ops/session', { username: user.username, password })).status, 200);
      assert.equal((await admin.get('/api/dev/expo-info')).status, 401, 'a real deployment: signed out everywhere but the enrolment until two-factor is on');
      const setup = (await (await admin.post(`/api/users/${user.id}/2fa/setup`)).json()) as { secret: string };
      assert.equal((await admin.post(`/api/users/${user.id}/2fa/enable`, { code: await generate({ secret: setup.secret }) })).status, 200);
      const info = await admin.get('/api/dev/expo-info');
      assert.equal(info.status, 200);
      assert.match(((await info.json()) as Json).devUrl as string, /^exp:\/\//);
    } finally {
      await Promise.all([demo.close(), real.close(), configured.close()]);
    }
  });
});
