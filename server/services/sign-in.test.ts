import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { generate, generateSecret } from 'otplib';
import { AUTH_MESSAGES } from '../../contracts/auth';
import type { Config } from '../config';
import { hitRateLimit } from '../middleware/rate-limit';
import { Client, type TestServer, startTestServer } from '../test/harness';
import { buildUser } from '../test/factories';
import { withoutErrorId } from '../test/error-bodies';

type Json = Record<string, unknown>;
const limits = (login: number): Partial<Config> => ({
  rateLimits: {
    login: { max: login, windowMs: 60_000 },
    register: { max: 100, windowMs: 60_000 },
    passwordReset: { max: 100, windowMs: 60_000 },
    contact: { max: 100, windowMs: 60_000 },
  },
});

const memberLogin = (server: TestServer, username: string, password: string, totpCode?: string) =>
  new Client(server).postForm('/api/auth/login', { username, password, ...(totpCode ? { totpCode } : {}) });
const opsLogin = (server: TestServer, username: string, password: string, totpCode?: string) =>
  new Client(server).post('/api/ops/session', { username, password, ...(totpCode ? { totpCode } : {}) });

async function withTotp(server: TestServer, userId: number): Promise<string> {
  const secret = generateSecret();
  await server.db('users').where({ id: userId }).update({ totpSecret: secret, totpEnabled: true });
  return secret;
}

describe('the ops sign-in applies the same checks as the member sign-in', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server.close());

  test('an admin with two-factor on needs the code on the console too, and each code works once', async () => {
    const { user, password } = await buildUser(server, { role: 'admin' });
    const secret = await withTotp(server, user.id);
    const noCode = await opsLogin(server, user.username, password);
    assert.equal(noCode.status, 401);
    assert.deepEqual(withoutErrorId(await noCode.json()), { message: AUTH_MESSAGES.totpRequired, code: 'totp_required', totpRequired: true });
    const client = new Client(server);
    const code = await generate({ secret });
    const ok = await client.post('/api/ops/session', { username: user.username, password, totpCode: code });
    assert.equal(ok.status, 200);
    assert.equal((await client.get('/api/ops/me')).status, 200);
    const replay = await opsLogin(server, user.username, password, code);
    assert.equal(replay.status, 401, 'the same code again is refused');
    assert.equal(((await replay.json()) as Json).message, AUTH_MESSAGES.totpInvalid);
    const elsewhere = await memberLogin(server, user.username, password, code);
    assert.equal(elsewhere.status, 401, 'nor is it accepted by the other sign-in');
  });

  test('suspended and unconfirmed staff accounts are refused with no session', async () => {
    const { user: suspended, password } = await buildUser(server, { role: 'reviewer' });
    await server.db('users').where({ id: suspended.id }).update({ status: 'suspended' });
    const res = await opsLogin(server, suspended.username, password);
    assert.equal(res.status, 403);
    assert.equal(((await res.json()) as Json).message, AUTH_MESSAGES.accountSuspended);

    const { user: unconfirmed, password: p2 } = await buildUser(server, { role: 'reviewer' });
    await server.db('users').where({ id: unconfirmed.id }).update({ emailConfirmedAt: null });
    const client = new Client(server);
    const refused = await client.post('/api/ops/session', { username: unconfirmed.username, password: p2 });
    assert.equal(refused.status, 403);
    assert.equal(((await refused.json()) as Json).message, AUTH_MESSAGES.emailNotConfirmed);
    assert.equal((await client.get('/api/ops/me')).status, 401);
  });
});

describe('one per-account limit for both sign-ins', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer(limits(3));
  });
  after(() => server.close());

  test('username and email on the member and the console sign-ins share one budget of failures', async () => {
    const { user, password } = await buildUser(server);
    assert.equal((await memberLogin(server, user.username, 'wrong-1')).status, 401);
    assert.equal((await memberLogin(server, user.email, 'wrong-2')).status, 401);
    assert.equal((await opsLogin(server, user.email.toUpperCase(), 'wrong-3')).status, 401);
    const blocked = await memberLogin(server, user.username, password);
    assert.equal(blocked.status, 429, 'the fourth try on the account is refused, even with the right password');
    assert.ok(Number(blocked.headers.get('retry-after')) >= 1);
    assert.equal((await opsLogin(server, user.username, password)).status, 429);
  });

  test('successful sign-ins do not count: an office behind one address signs in all day', async () => {
    const { user, password } = await buildUser(server);
    for (let i = 0; i < 12; i++) {
      const res = await memberLogin(server, user.username, password);
      assert.equal(res.status, 200, `sign-in ${i + 1}`);
    }
    const { user: staff, password: staffPassword } = await buildUser(server, { role: 'reviewer' });
    for (let i = 0; i < 12; i++) assert.equal((await opsLogin(server, staff.username, staffPassword)).status, 200, `console sign-in ${i + 1}`);
  });

  test('a flood from one address is stopped across accounts', async () => {
    const flood = await startTestServer(limits(2));
    try {
      let limited = 0;
      // 2 × 5 = 10 failures per address; spread over accounts so no single account's limit is what stops it.
      for (let i = 0; i < 14; i++) {
        const res = await memberLogin(flood, `nobody_${i}`, 'guess');
        if (res.status === 429) limited++;
        else assert.equal(res.status, 401);
      }
      assert.equal(limited, 4);
    } finally {
      await flood.close();
    }
  });
});

describe('the limiter is atomic', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer(limits(5));
  });
  after(() => server.close());

  test('parallel guesses cannot pass the limit together (same database, any number of processes)', async () => {
    const { user } = await buildUser(server);
    const answers = await Promise.all(Array.from({ length: 24 }, (_, i) => memberLogin(server, user.username, `guess-${i}`)));
    const statuses = answers.map((r) => r.status);
    assert.equal(statuses.filter((s) => s === 401).length, 5, statuses.join(','));
    assert.equal(statuses.filter((s) => s === 429).length, 19);
  });

  test('the counter itself: parallel hits on one key are each counted once', async () => {
    const rule = { max: 7, windowMs: 60_000 };
    const now = Date.now();
    const waits = await Promise.all(Array.from({ length: 30 }, () => hitRateLimit(server.db, 'atomic-test', rule, now)));
    assert.equal(waits.filter((w) => w === null).length, 7);
    const row = await server.db('rate_limits').where({ key: 'atomic-test' }).first();
    assert.equal(Number(row.count), 30);
  });

  test('attempts straddling a window edge count together (a sliding window, not twice the limit)', async () => {
    const rule = { max: 3, windowMs: 60_000 };
    const edge = Math.floor(Date.now() / rule.windowMs) * rule.windowMs + rule.windowMs;
    for (let i = 0; i < 3; i++) assert.equal(await hitRateLimit(server.db, 'edge-test', rule, edge - 1_000), null);
    // Two seconds later, in the next window: the three attempts still weigh 2.95, so a fourth is over.
    const wait = await hitRateLimit(server.db, 'edge-test', rule, edge + 1_000);
    assert.ok(wait !== null && wait > 30 && wait < 40, `wait ${wait}`);
    // Once the earlier window weighs little enough (its three attempts and the refused one count), one passes.
    assert.equal(await hitRateLimit(server.db, 'edge-test', rule, edge + 50_000), null);
    assert.notEqual(await hitRateLimit(server.db, 'edge-test', rule, edge + 50_001), null);
    // Two windows later the slate is clean.
    assert.equal(await hitRateLimit(server.db, 'edge-test', rule, edge + 2 * rule.windowMs + 1), null);
  });
});
