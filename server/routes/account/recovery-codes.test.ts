import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { generate } from 'otplib';
import { AUTH_MESSAGES } from '../../../contracts/auth';
import { Client, type TestServer, startTestServer } from '../../test/harness';
import { signedInClient } from '../../test/factories';

type Json = Record<string, unknown>;
let server: TestServer;
before(async () => {
  server = await startTestServer();
});
after(() => server.close());

async function withTwoFactor() {
  const member = await signedInClient(server);
  const setup = (await (await member.client.post(`/api/users/${member.user.id}/2fa/setup`)).json()) as { secret: string };
  const enabled = await member.client.post(`/api/users/${member.user.id}/2fa/enable`, { code: await generate({ secret: setup.secret }) });
  assert.equal(enabled.status, 200);
  assert.equal(enabled.headers.get('cache-control'), 'no-store');
  const { recoveryCodes } = (await enabled.json()) as { recoveryCodes: string[] };
  return { ...member, secret: setup.secret, recoveryCodes };
}

const login = (username: string, password: string, totpCode?: string) =>
  new Client(server).postForm('/api/auth/login', { username, password, ...(totpCode ? { totpCode } : {}) });

describe('two-factor recovery codes', () => {
  test('ten single-use codes are shown once when 2FA is turned on; one signs in in place of a code, once', async () => {
    const { client, user, password, recoveryCodes } = await withTwoFactor();
    assert.equal(recoveryCodes.length, 10);
    assert.equal(new Set(recoveryCodes).size, 10);
    for (const code of recoveryCodes) assert.match(code, /^[a-z2-9]{5}-[a-z2-9]{5}$/);
    assert.deepEqual(await (await client.get(`/api/users/${user.id}/2fa`)).json(), { totpEnabled: true, recoveryCodesLeft: 10 });
    const stored = await server.db('totp_recovery_codes').where({ userId: user.id });
    assert.ok(stored.every((row) => !recoveryCodes.some((code) => row.codeHash.includes(code.replace('-', '')))), 'only digests are kept');

    const [first] = recoveryCodes;
    assert.equal((await login(user.username, password, first.toUpperCase())).status, 200, 'typed in capitals, it still works');
    const again = await login(user.username, password, first);
    assert.equal(again.status, 401);
    assert.equal(((await again.json()) as Json).message, AUTH_MESSAGES.totpInvalid);
    assert.equal((await login(user.username, 'wrong-password', recoveryCodes[1])).status, 401, 'the password is still needed');
    assert.deepEqual(await (await client.get(`/api/users/${user.id}/2fa`)).json(), { totpEnabled: true, recoveryCodesLeft: 9 });

    const bell = await server.db('notifications').where({ userId: user.id, title: 'A recovery code was used to sign in' });
    assert.equal(bell.length, 1);
    const mail = await server.db('email_outbox').where({ toEmail: user.email, subject: 'A recovery code was used to sign in to Saathi' });
    assert.equal(mail.length, 1);
    assert.match(mail[0].bodyText, /9 of your recovery codes are left/);
  });

  test('new codes need the password and replace the old ones; turning 2FA off removes them', async () => {
    const { client, user, password, secret, recoveryCodes } = await withTwoFactor();
    const refused = await client.post(`/api/users/${user.id}/2fa/recovery-codes`, { password: 'not-my-password' });
    assert.equal(refused.status, 400);
    assert.equal((await server.db('totp_recovery_codes').where({ userId: user.id }).whereNull('usedAt')).length, 10, 'nothing changed');
    const renewed = await client.post(`/api/users/${user.id}/2fa/recovery-codes`, { password });
    assert.equal(renewed.status, 200);
    const fresh = ((await renewed.json()) as { recoveryCodes: string[] }).recoveryCodes;
    assert.equal(fresh.length, 10);
    assert.equal((await login(user.username, password, recoveryCodes[0])).status, 401, 'an old code no longer works');
    assert.equal((await login(user.username, password, fresh[0])).status, 200);

    const other = await signedInClient(server);
    assert.equal((await other.client.post(`/api/users/${user.id}/2fa/recovery-codes`, { password })).status, 403);

    const next = await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });
    assert.equal((await client.post(`/api/users/${user.id}/2fa/disable`, { code: next })).status, 200);
    assert.equal((await server.db('totp_recovery_codes').where({ userId: user.id })).length, 0);
    assert.equal((await client.post(`/api/users/${user.id}/2fa/recovery-codes`, { password })).status, 400, 'no codes without 2FA');
  });
});
