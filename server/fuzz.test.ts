import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import fc from 'fast-check';
import { apiRouters } from './app';
import { type TestServer, startTestServer } from './test/harness';
import { buildProfile, buildUser, signedInClient } from './test/factories';

/**
 * Hostile input: fast-check throws arbitrary paths, queries and bodies — wrong types, huge and unicode strings,
 * prototype-pollution keys — at every API route as a signed-in member and as a reviewer. No request may end in a
 * 5xx, the process must survive, and a refused request (4xx) must not change what is stored.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 10_000);

// Routes that end the fuzzing session itself would only reduce coverage; they are tested on their own elsewhere.
// The event stream never ends by design; it has its own test.
const SKIP = new Set(['GET /api/events', 'POST /api/auth/logout', 'DELETE /api/users/:userId/sessions/:sessionRef', 'POST /api/ops/session', 'POST /api/auth/login']);

let server: TestServer;
before(async () => {
  server = await startTestServer();
});
after(async () => {
  await server.close();
});

const hostileString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.constantFrom('__proto__', 'constructor', 'prototype', "' OR 1=1 --", '<script>alert(1)</script>', '../../etc/passwd', '%00', '\u0000', 'NaN', '-1', '0', '1e309', ''),
  fc.string({ minLength: 5000, maxLength: 20_000 }).map((s) => s.repeat(2)),
);

const hostileJson = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    hostileString,
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    tie('object'),
  ),
  object: fc.dictionary(fc.oneof(fc.constantFrom('__proto__', 'constructor', 'userId', 'id', 'tier', 'content', 'password', 'role', 'isVerified'), fc.string({ maxLength: 12 })), tie('value'), {
    maxKeys: 6,
  }),
})).object;

test(`${RUNS} hostile requests: no 5xx, no crash, refused requests change nothing`, async () => {
  const member = await signedInClient(server, { tier: 'premium' });
  await buildProfile(server, member.user);
  const { user: reviewerUser, password: reviewerPassword } = await buildUser(server, { role: 'admin' });
  const other = await signedInClient(server);
  await buildProfile(server, other.user, { gender: 'male' });
  const reviewer = (await signedInClient(server)).client;
  reviewer.cookies.clear();
  assert.equal((await reviewer.post('/api/ops/session', { username: reviewerUser.username, password: reviewerPassword })).status, 200);

  const services = { config: server.config, db: server.db, live: { publish() {}, subscribe: () => () => {}, listenerCount: () => 0 } as never, engine: {} as never, cards: {} as never, log: () => {}, metrics: {} as never, media: {} as never, lifecycle: { draining: false } };
  const routes = apiRouters(services)
    .flatMap((r) => r.stack.flatMap((l) => l.methods.filter((m) => m !== 'HEAD').map((method) => ({ method, path: String(l.path) }))))
    .filter((r) => !SKIP.has(`${r.method} ${r.path}`));

  const countRows = async () => {
    const tables = ['users', 'profiles', 'photos', 'messages', 'notifications', 'profile_likes', 'matches', 'profile_shares', 'blocks', 'reports', 'user_moods', 'payments', 'success_stories', 'verification_requests'];
    const counts = await Promise.all(tables.map(async (t) => Number((await server.db(t).count({ n: '*' }).first())?.n ?? 0)));
    return counts.join(',');
  };

  const failures: string[] = [];
  let sent = 0;
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom(...routes),
      fc.array(fc.oneof(fc.integer({ min: -5, max: 1_000_000 }).map(String), hostileString), { minLength: 4, maxLength: 4 }),
      fc.dictionary(fc.oneof(fc.constantFrom('query', 'limit', 'cursor', 'minAge', 'maxAge', 'locations', 'page', 'sort', '__proto__'), fc.string({ maxLength: 8 })), hostileString, { maxKeys: 4 }),
      fc.oneof(hostileJson, fc.constant(undefined)),
      fc.boolean(),
      fc.integer({ min: 0, max: 49 }),
      async (route, params, query, body, asStaff, sample) => {
        let i = 0;
        const path = route.path.replace(/:[A-Za-z0-9]+/g, () => encodeURIComponent(params[i++ % params.length] || 'x'));
        const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
        const client = asStaff && route.path.startsWith('/api/ops') ? reviewer : member.client;
        const checkState = sample === 0;
        const before = checkState ? await countRows() : '';
        const res = await client.request(route.method, `${path}${qs ? `?${qs}` : ''}`, { json: route.method === 'GET' ? undefined : (body ?? {}) });
        sent += 1;
        await res.arrayBuffer();
        if (res.status >= 500) failures.push(`${res.status} ${route.method} ${path}`);
        if (checkState && res.status >= 400 && res.status < 500 && (await countRows()) !== before) {
          failures.push(`refused ${res.status} ${route.method} ${path} changed stored rows`);
        }
      },
    ),
    { numRuns: RUNS, seed: 20261122 },
  );
  assert.equal(sent, RUNS);
  assert.deepEqual(failures.slice(0, 20), []);
  assert.equal((await fetch(`${server.url}/api/health`)).status, 200, 'the server is still up');
});
