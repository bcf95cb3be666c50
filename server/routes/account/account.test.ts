import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { generate } from 'otplib';
import { AUTH_MESSAGES } from '../../../contracts/auth';
import { DELETE_TEXTS } from '../../../contracts/messaging';
import { Client, type TestServer, listTables, startTestServer } from '../../test/harness';
import { buildProfile, buildUser, jpegBytes, signedInClient } from '../../test/factories';
import { withoutErrorId } from '../../test/error-bodies';

let server: TestServer;
before(async () => {
  server = await startTestServer();
});
after(async () => {
  await server.close();
});

type Json = Record<string, unknown>;

async function secondSession(username: string, password: string) {
  const client = new Client(server);
  const res = await client.postForm('/api/auth/login', { username, password });
  assert.equal(res.status, 200);
  return client;
}

describe('change password', () => {
  test('checks the current password, keeps this session and ends every other one', async () => {
    const { client, user, password } = await signedInClient(server);
    const other = await secondSession(user.username, password);
    const wrong = await client.post(`/api/users/${user.id}/change-password`, { currentPassword: 'not-it-at-all', newPassword: 'fresh-password-1' });
    assert.equal(wrong.status, 400);
    assert.equal(((await wrong.json()) as Json).message, 'Current password is incorrect');
    const short = await client.post(`/api/users/${user.id}/change-password`, { currentPassword: password, newPassword: 'short' });
    assert.equal(((await short.json()) as Json).message, 'Password must be at least 8 characters');
    const missing = await client.post(`/api/users/${user.id}/change-password`, { newPassword: 'fresh-password-1' });
    assert.equal(((await missing.json()) as Json).message, AUTH_MESSAGES.currentPasswordRequired);
    const ok = await client.post(`/api/users/${user.id}/change-password`, { currentPassword: password, newPassword: 'fresh-password-1' });
    assert.equal(ok.status, 200);
    assert.equal((await client.get('/api/auth/user')).status, 200, 'this session stays');
    assert.equal((await other.get('/api/auth/user')).status, 401, 'the other session ended');
    const stranger = await signedInClient(server);
    assert.equal((await stranger.client.post(`/api/users/${user.id}/change-password`, { currentPassword: password, newPassword: 'x-password-2' })).status, 403);
  });
});

describe('two-factor authentication', () => {
  test('setup, enable with a code, then sign-in asks for the code', async () => {
    const { client, user, password } = await signedInClient(server);
    const setup = (await (await client.post(`/api/users/${user.id}/2fa/setup`)).json()) as { secret: string; otpauthUrl: string; qrCodeImageUrl: string };
    assert.match(setup.otpauthUrl, /^otpauth:\/\/totp\/Saathi/);
    assert.match(setup.qrCodeImageUrl, /^data:image\/png;base64,/);
    assert.equal((await client.post(`/api/users/${user.id}/2fa/enable`, { code: '000000' })).status, 400);
    const code = await generate({ secret: setup.secret });
    assert.equal((await client.post(`/api/users/${user.id}/2fa/enable`, { code })).status, 200);

    const noCode = await new Client(server).postForm('/api/auth/login', { username: user.username, password });
    assert.equal(noCode.status, 401);
    assert.deepEqual(withoutErrorId(await noCode.json()), { message: AUTH_MESSAGES.totpRequired, code: 'totp_required', totpRequired: true });
    const badCode = await new Client(server).postForm('/api/auth/login', { username: user.username, password, totpCode: '123456' });
    assert.equal(((await badCode.json()) as Json).message, AUTH_MESSAGES.totpInvalid);
    // The code that turned 2FA on was used once already: a code is accepted once per account (RFC 6238 §5.2).
    const reused = await new Client(server).postForm('/api/auth/login', { username: user.username, password, totpCode: code });
    assert.equal(reused.status, 401);
    assert.equal(((await reused.json()) as Json).message, AUTH_MESSAGES.totpInvalid);
    const next = await generate({ secret: setup.secret, epoch: Math.floor(Date.now() / 1000) + 30 });
    const good = await new Client(server).postForm('/api/auth/login', { username: user.username, password, totpCode: next });
    assert.equal(good.status, 200);
    const replayed = await new Client(server).postForm('/api/auth/login', { username: user.username, password, totpCode: next });
    assert.equal(replayed.status, 401, 'a code that signed in once does not sign in again');
    assert.equal(((await replayed.json()) as Json).message, AUTH_MESSAGES.totpInvalid);
    const wrongPassword = await new Client(server).postForm('/api/auth/login', { username: user.username, password: 'wrong-password', totpCode: await generate({ secret: setup.secret }) });
    assert.equal(((await wrongPassword.json()) as Json).message, AUTH_MESSAGES.invalidCredentials, 'the password is checked first');
  });
});

describe('manage devices', () => {
  test('lists the sessions and ends a chosen one', async () => {
    const { client, user, password } = await signedInClient(server);
    const other = await secondSession(user.username, password);
    const list = (await (await client.get(`/api/users/${user.id}/sessions`)).json()) as Array<{ id: string; current: boolean }>;
    assert.equal(list.length, 2);
    assert.equal(list.filter((s) => s.current).length, 1);
    const target = list.find((s) => !s.current);
    assert.ok(target);
    assert.ok(!(await server.db('sessions').pluck('id')).includes(target.id), 'raw session ids are never exposed');
    assert.equal((await client.delete(`/api/users/${user.id}/sessions/${target.id}`)).status, 200);
    assert.equal((await other.get('/api/auth/user')).status, 401);
    assert.equal((await client.delete(`/api/users/${user.id}/sessions/nope`)).status, 404);
  });
});

describe('data export', () => {
  test("contains the member's own data and nothing of anyone else's", async () => {
    const a = await signedInClient(server, { fullName: 'Ira Kapoor', tier: 'premium' });
    const b = await signedInClient(server, { fullName: 'Dev Malhotra', tier: 'premium' });
    await buildProfile(server, a.user, { about: 'I love kathak and cold brew.' });
    await buildProfile(server, b.user, { gender: 'male' });
    assert.equal((await a.client.post('/api/messages', { receiverId: b.user.id, content: 'my words' })).status, 201);
    await b.client.post('/api/messages', { receiverId: a.user.id, content: 'their private words' });
    const res = await a.client.get(`/api/users/${a.user.id}/export`);
    assert.match(res.headers.get('content-disposition') ?? '', /attachment; filename="saathi-data-/);
    const text = await res.text();
    const data = JSON.parse(text) as Json;
    assert.equal((data.account as Json).fullName, 'Ira Kapoor');
    assert.ok(text.includes('I love kathak and cold brew.'));
    assert.ok(text.includes('my words'));
    assert.ok(!text.includes('their private words'));
    assert.ok(!text.includes('Dev Malhotra'));
    assert.ok(!text.includes('passwordHash') && !text.includes('scrypt$') && !text.includes('$argon2id$'));
    assert.equal((await b.client.get(`/api/users/${a.user.id}/export`)).status, 403);
  });
});

describe('account deletion', () => {
  test('a wrong password changes nothing', async () => {
    const { client, user } = await signedInClient(server);
    const res = await client.post('/api/user/delete', { password: 'wrong-password' });
    assert.equal(res.status, 400);
    assert.equal(((await res.json()) as Json).message, DELETE_TEXTS.wrongPassword);
    const empty = await client.post('/api/user/delete', { password: '' });
    assert.equal(((await empty.json()) as Json).message, DELETE_TEXTS.passwordRequired);
    assert.equal(Number((await server.db('users').where({ id: user.id }).first()).isDeleted), 0);
  });

  test('anonymises the account, removes personal data and files, ends sessions', async () => {
    const a = await signedInClient(server, { fullName: 'Zoya Qureshi', email: 'zoya.q@example.test', username: 'zoya_q', tier: 'premium' });
    const b = await signedInClient(server, { tier: 'premium' });
    const up = (await (await a.client.upload('/api/upload/photo', 'photo', await jpegBytes(), 'zoya.jpg', 'image/jpeg')).json()) as { id: number; url: string };
    const profile = await buildProfile(server, a.user, { about: 'Zoya loves poetry', city: 'Birmingham', parentContact: '+44 7700 900999' });
    await a.client.patch(`/api/profiles/${profile.id}`, { photoIds: [up.id] });
    const pb = await buildProfile(server, b.user, { gender: 'male' });
    await a.client.post('/api/profile-likes', { likedProfileId: pb.id });
    await b.client.post('/api/profile-likes', { likedProfileId: profile.id });
    await a.client.post('/api/messages', { receiverId: b.user.id, content: 'Salaam from Zoya' });
    await a.client.post(`/api/profiles/${profile.id}/share`, {});
    const other = await secondSession('zoya_q', a.password);
    const fileKey = (await server.db('photos').where({ id: up.id }).first()).fileKey;
    assert.ok(fs.existsSync(path.join(server.dataDir, 'media', `${fileKey}.jpg`)));

    const res = await a.client.post('/api/user/delete', { password: a.password });
    assert.equal(res.status, 200);
    assert.equal(((await res.json()) as Json).message, DELETE_TEXTS.done);
    assert.equal((await a.client.get('/api/auth/user')).status, 401);
    assert.equal((await other.get('/api/auth/user')).status, 401);
    assert.equal((await new Client(server).postForm('/api/auth/login', { username: 'zoya_q', password: a.password })).status, 401);

    const row = await server.db('users').where({ id: a.user.id }).first();
    assert.equal(row.fullName, 'Deleted Member');
    assert.notEqual(row.email, 'zoya.q@example.test');
    assert.equal(row.subscriptionTier, 'tryme');
    assert.equal((await server.db('messages').where({ senderId: a.user.id }).orWhere({ receiverId: a.user.id })).length, 0);
    assert.equal((await server.db('profile_likes').where({ userId: a.user.id })).length, 0);
    assert.equal((await server.db('matches').where({ user1Id: a.user.id }).orWhere({ user2Id: a.user.id })).length, 0);
    assert.equal((await server.db('profile_shares').where({ userId: a.user.id, isActive: true })).length, 0);
    assert.equal((await server.db('photos').where({ userId: a.user.id })).length, 0);
    assert.ok(!fs.existsSync(path.join(server.dataDir, 'media', `${fileKey}.jpg`)), 'photo files deleted');

    // No table holds the name, email or photo name any more.
    for (const name of await listTables(server.db)) {
      const rows = await server.db(name).select('*');
      const dump = JSON.stringify(rows);
      for (const needle of ['Zoya Qureshi', 'zoya.q@example.test', 'zoya_q', 'Zoya loves poetry', fileKey, '+44 7700 900999']) {
        assert.ok(!dump.includes(needle), `${needle} left in ${name}`);
      }
    }
    const list = (await (await b.client.get(`/api/messages/${b.user.id}`)).json()) as Json[];
    assert.deepEqual(list, [], 'gone from the other member’s conversations');
    assert.equal((await b.client.get(`/api/profiles/${profile.id}`)).status, 404);
  });

  test('a visitor cannot delete anything', async () => {
    const { user } = await buildUser(server);
    assert.equal((await new Client(server).post('/api/user/delete', { password: 'x' })).status, 401);
    assert.equal(Number((await server.db('users').where({ id: user.id }).first()).isDeleted), 0);
  });
});
