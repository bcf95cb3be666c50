import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Client, type TestServer, startTestServer } from '../test/harness';
import { buildUser } from '../test/factories';
import { ARGON2_OWASP, hashPassword, legacyScryptHash, needsRehash, verifyPassword } from './passwords';

describe('password hashes', () => {
  test('new hashes are Argon2id with OWASP parameters (19 MiB, 2 passes, 1 lane) and verify', async () => {
    const hash = await hashPassword('correct horse battery');
    assert.match(hash, /^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    assert.equal(await verifyPassword('correct horse battery', hash), true);
    assert.equal(await verifyPassword('correct horse batterY', hash), false);
    assert.equal(needsRehash(hash), false);
  });

  test('scrypt hashes made before Argon2id still verify, and are marked for re-hashing', async () => {
    const old = await legacyScryptHash('öffne mich', 1024);
    assert.match(old, /^scrypt\$1024\$8\$1\$/);
    assert.equal(await verifyPassword('öffne mich', old), true);
    assert.equal(await verifyPassword('oeffne mich', old), false);
    assert.equal(needsRehash(old), true);
    assert.equal(needsRehash(await hashPassword('x', { memoryKib: 1024, timeCost: 1 }), ARGON2_OWASP), true, 'a cheaper Argon2id is upgraded too');
  });

  test('a malformed stored hash never verifies', async () => {
    for (const stored of ['', 'scrypt$', 'scrypt$abc$8$1$c2FsdA$aGFzaA', '$argon2id$v=19$m=19456,t=2,p=1$bad', 'plaintext']) {
      assert.equal(await verifyPassword('anything', stored), false, stored);
    }
  });
});

describe('sign-in upgrades an old hash', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server.close());

  test('a member with an scrypt hash signs in, and their hash becomes Argon2id that still signs in', async () => {
    const { user, password } = await buildUser(server);
    await server.db('users').where({ id: user.id }).update({ passwordHash: await legacyScryptHash(password, 1024) });
    const wrong = await new Client(server).post('/api/auth/login', { username: user.username, password: `${password}!` });
    assert.equal(wrong.status, 401);
    assert.match((await server.db('users').where({ id: user.id }).first('passwordHash')).passwordHash, /^scrypt\$/, 'a failed sign-in changes nothing');

    const first = await new Client(server).post('/api/auth/login', { username: user.username, password });
    assert.equal(first.status, 200, await first.text());
    const stored = (await server.db('users').where({ id: user.id }).first('passwordHash')).passwordHash as string;
    assert.match(stored, /^\$argon2id\$v=19\$m=1024,t=1,p=1\$/, 'upgraded with the configured parameters');
    const again = await new Client(server).post('/api/auth/login', { username: user.username, password });
    assert.equal(again.status, 200);
    assert.equal((await server.db('users').where({ id: user.id }).first('passwordHash')).passwordHash, stored, 'not re-hashed again');
  });

  test('a new account gets an Argon2id hash', async () => {
    const { user } = await buildUser(server);
    assert.match((await server.db('users').where({ id: user.id }).first('passwordHash')).passwordHash, /^\$argon2id\$/);
  });
});
