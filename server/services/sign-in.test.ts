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

  test('suspended and unconfirmed staff accounts are refused like a wrong password, with no session, and audited', async () => {
    const { user: suspended, password } = await buildUser(server, { role: 'reviewer' });
    await server.db('users').where({ id: suspended.id }).update({ status: 'suspended' });
    const right = await opsLogin(server, suspended.username, password);
    const wrong = await opsLogin(server, suspended.username, 'not-the-password');
    assert.deepEqual([right.status, wrong.status], [401, 401]);
    assert.deepEqual(withoutErrorId(await right.json()), withoutErrorId(await wrong.json()));

    const { user: unconfirmed, password: p2 } = await buildUser(server, { role: 'reviewer' });
    await server.db('users').where({ id: unconfirmed.id }).update({ emailConfirmedAt: null });
    const client = new Client(server);
    const refused = await client.post('/api/ops/session', { username: unconfirmed.username, password: p2 });
    assert.equal(refused.status, 401);
    assert.equal(((await refused.json()) as Json).message, AUTH_MESSAGES.invalidCredentials);
    assert.equal((await client.get('/api/ops/me')).status, 401);
    const refusals = await server.db('audit_log').whereIn('subjectUserId', [suspended.id, unconfirmed.id]).select('action');
    assert.deepEqual(refusals.map((r) => r.action), ['ops.sign_in_refused', 'ops.sign_in_refused']);
    const failures = await server.db('audit_log').where('details', 'like', `%"login":"${suspended.username}"%`).where({ action: 'ops.sign_in_failed' });
    assert.equal(failures.length, 1, 'the wrong password is a failure, named by what was typed');
  });
});

describe('staff sign in only through the console', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server.close());

  for (const role of ['reviewer', 'admin'] as const) {
    test(`the member form refuses ${role === 'admin' ? 'an admin' : 'a reviewer'} exactly like a wrong password, and both attempts are audited`, async () => {
      const { user, password } = await buildUser(server, { role });
      const client = new Client(server);
      const right = await client.post('/api/auth/login', { username: user.username, password });
      const wrong = await new Client(server).post('/api/auth/login', { username: user.username, password: 'not-the-password' });
      assert.deepEqual([right.status, wrong.status], [401, 401]);
      assert.deepEqual(withoutErrorId(await right.json()), withoutErrorId(await wrong.json()));
      assert.equal((await client.get('/api/ops/me')).status, 401, 'no session that works in the console');
      assert.equal((await client.get('/api/auth/user')).status, 401, 'nor in the member app');
      const rows = await server.db('audit_log').where({ subjectUserId: user.id }).orWhere('details', 'like', `%${user.username}%`).orderBy('id').select('action', 'details');
      assert.deepEqual(rows.map((r) => r.action), ['ops.sign_in_refused', 'ops.sign_in_failed']);
      assert.match(String(rows[0].details), /"form":"member"/);
      // The console still lets them in, and says so in the log.
      assert.equal((await opsLogin(server, user.username, password)).status, 200);
      assert.equal((await server.db('audit_log').where({ subjectUserId: user.id, action: 'ops.sign_in' })).length, 1);
    });
  }

  test('a member signing in on the member form writes nothing to the staff audit log', async () => {
    const { user, password } = await buildUser(server);
    assert.equal((await memberLogin(server, user.username, password)).status, 200);
    assert.equal((await memberLogin(server, user.username, 'wrong')).status, 401);
    assert.equal((await server.db('audit_log').where({ subjectUserId: user.id })).length, 0);
  });
});

describe('no password oracle for accounts that cannot sign in', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server.close());

  const cases = [
    ['suspended member', { status: 'suspended' }, 'Your Saathi account is suspended'],
    ['banned member', { status: 'banned' }, 'Your Saathi account is banned'],
    ['unconfirmed member', { emailConfirmedAt: null }, 'Confirm your email address for Saathi'],
  ] as const;
  for (const [name, change, subject] of cases) {
    test(`a ${name} gets the wrong-password answer for the right password too; the reason goes by email, once an hour`, async () => {
      const { user, password } = await buildUser(server);
      await server.db('users').where({ id: user.id }).update(change);
      const right = await memberLogin(server, user.username, password);
      const wrong = await memberLogin(server, user.username, 'not-the-password');
      assert.deepEqual([right.status, wrong.status], [401, 401]);
      assert.deepEqual(withoutErrorId(await right.json()), withoutErrorId(await wrong.json()));
      const mails = await server.db('email_outbox').where({ toEmail: user.email, subject });
      assert.equal(mails.length, 1, 'one email for the two attempts: at most one an hour');
    });
  }

  test('a wrong password alone also sends the reason, so the email tells the guesser nothing either', async () => {
    const { user } = await buildUser(server);
    await server.db('users').where({ id: user.id }).update({ emailConfirmedAt: null });
    assert.equal((await memberLogin(server, user.username, 'a-wrong-guess')).status, 401);
    assert.equal((await server.db('email_outbox').where({ toEmail: user.email, subject: 'Confirm your email address for Saathi' })).length, 1);
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
