import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { generateSecret } from 'otplib';
import type { Config } from '../../config';
import { SECRET_ATTEMPTS_MESSAGE } from '../../services/session-secrets';
import { Client, type TestServer, startTestServer } from '../../test/harness';
import { signedInClient } from '../../test/factories';

type Json = Record<string, unknown>;
const LIMIT = 4;
const limits: Partial<Config> = {
  rateLimits: {
    login: { max: LIMIT, windowMs: 60_000 },
    register: { max: 100, windowMs: 60_000 },
    passwordReset: { max: 100, windowMs: 60_000 },
    contact: { max: 100, windowMs: 60_000 },
  },
};

let server: TestServer;
before(async () => {
  server = await startTestServer(limits);
});
after(() => server.close());

/** Each secret checked inside a session, as a stolen session would guess at it. */
const guesses: Array<[string, (userId: number) => [string, Json], boolean]> = [
  ['change-password', (id) => [`/api/users/${id}/change-password`, { currentPassword: 'a-wrong-guess', newPassword: 'fresh-password-1' }], false],
  ['2fa/disable', (id) => [`/api/users/${id}/2fa/disable`, { code: '000000' }], true],
  ['2fa/enable', (id) => [`/api/users/${id}/2fa/enable`, { code: '000000' }], false],
  ['2fa/recovery-codes', (id) => [`/api/users/${id}/2fa/recovery-codes`, { password: 'a-wrong-guess' }], true],
  ['account deletion', () => ['/api/user/delete', { password: 'a-wrong-guess' }], false],
];

describe('secrets checked inside a session have an attempt limit', () => {
  for (const [name, request, totpOn] of guesses) {
    test(`${name}: wrong guesses past the limit answer 429 and end the session`, async () => {
      const { client, user, password } = await signedInClient(server);
      await server.db('users').where({ id: user.id }).update({ totpSecret: generateSecret(), totpEnabled: totpOn });
      const [path, body] = request(user.id);
      for (let i = 0; i < LIMIT; i++) assert.equal((await client.post(path, body)).status, 400, `guess ${i + 1} is checked`);
      const limited = await client.post(path, body);
      assert.equal(limited.status, 429);
      assert.equal(((await limited.json()) as Json).message, SECRET_ATTEMPTS_MESSAGE);
      assert.ok(Number(limited.headers.get('retry-after')) >= 1);
      assert.equal((await client.get('/api/auth/user')).status, 401, 'the session that guessed is over');
      // The owner can still sign in: these guesses have their own bucket, not the sign-in's.
      assert.equal((await new Client(server).postForm('/api/auth/login', { username: user.username, password })).status, totpOn ? 401 : 200);
      const row = await server.db('users').where({ id: user.id }).first();
      assert.equal(Boolean(row.isDeleted), false, 'nothing was changed');
    });
  }

  test('parallel guesses cannot slip past the limit together', async () => {
    const { client, user } = await signedInClient(server);
    const answers = await Promise.all(Array.from({ length: 12 }, () => client.post(`/api/users/${user.id}/change-password`, { currentPassword: 'a-wrong-guess', newPassword: 'fresh-password-1' })));
    const count = (status: number) => answers.filter((r) => r.status === status).length;
    assert.ok(count(400) <= LIMIT, `at most ${LIMIT} guesses are checked, got ${count(400)}`);
    assert.ok(count(429) >= 1, 'the rest are refused');
    assert.equal(count(400) + count(429) + count(401), 12, 'the others find the session already ended');
  });

  test('right answers are given back: a member changing their password repeatedly is never limited', async () => {
    const { client, user, password } = await signedInClient(server);
    let current = password;
    for (let i = 0; i < LIMIT + 3; i++) {
      const next = `fresh-password-${i}`;
      assert.equal((await client.post(`/api/users/${user.id}/change-password`, { currentPassword: current, newPassword: next })).status, 200);
      current = next;
    }
  });
});
