import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Client, type TestServer, startTestServer } from '../../../test/harness';
import { buildUser } from '../../../test/factories';

let server: TestServer;
before(async () => {
  server = await startTestServer();
});
after(async () => {
  await server.close();
});

type Json = Record<string, unknown>;

async function signedIn(role: 'reviewer' | 'admin', fullName: string) {
  const { user, password } = await buildUser(server, { role, fullName });
  const client = new Client(server);
  assert.equal((await client.post('/api/ops/session', { username: user.username, password })).status, 200);
  return { client, user, password };
}

async function actions(client: Client, memberId: number) {
  const body = (await (await client.get(`/api/ops/audit?member=${memberId}&kind=actions`)).json()) as { items: Array<Json & { actor: Json }> };
  return body.items.map((e) => [e.action, e.actor.fullName]);
}

describe('reviewer lifecycle', () => {
  test('deactivating a reviewer ends their open session at once and refuses their sign-in until reactivated', async () => {
    const admin = await signedIn('admin', 'Asha Admin');
    const reviewer = await signedIn('reviewer', 'Ravi Reviewer');
    assert.equal((await reviewer.client.get('/api/ops/reports')).status, 200);

    const res = await admin.client.post(`/api/ops/reviewers/${reviewer.user.id}/deactivate`, { note: 'Left the team' });
    assert.equal(res.status, 200, await res.clone().text());
    assert.equal((await reviewer.client.get('/api/ops/reports')).status, 401, 'the open session ended');
    assert.equal((await reviewer.client.get(`/media/photos/${'a'.repeat(32)}.jpg`)).status, 404);
    assert.equal((await new Client(server).post('/api/ops/session', { username: reviewer.user.username, password: reviewer.password })).status, 401, 'refused like a wrong password');
    const list = (await (await admin.client.get('/api/ops/reviewers')).json()) as Json[];
    assert.equal(list.find((r) => r.id === reviewer.user.id)?.status, 'suspended');

    assert.equal((await admin.client.post(`/api/ops/reviewers/${reviewer.user.id}/deactivate`)).status, 409);
    assert.equal((await admin.client.post(`/api/ops/reviewers/${reviewer.user.id}/reactivate`)).status, 200);
    assert.equal((await new Client(server).post('/api/ops/session', { username: reviewer.user.username, password: reviewer.password })).status, 200);
    assert.deepEqual(await actions(admin.client, reviewer.user.id), [
      ['reviewer.reactivate', 'Asha Admin'],
      ['reviewer.deactivate', 'Asha Admin'],
    ]);
  });

  test('changing a role applies at once; the last active admin and one\'s own account are protected', async () => {
    // A fresh server's only admin: nobody else can be left without one.
    const solo = await startTestServer();
    try {
      const { user, password } = await buildUser(solo, { role: 'admin', fullName: 'Only Admin' });
      const admin = new Client(solo);
      await admin.post('/api/ops/session', { username: user.username, password });
      const { user: r, password: rp } = await buildUser(solo, { role: 'reviewer', fullName: 'Rita' });
      const rita = new Client(solo);
      await rita.post('/api/ops/session', { username: r.username, password: rp });
      assert.equal((await rita.get('/api/ops/reviewers')).status, 403);

      assert.equal((await admin.post(`/api/ops/reviewers/${user.id}/deactivate`)).status, 409, 'not yourself');
      assert.equal((await admin.post(`/api/ops/reviewers/${user.id}/role`, { role: 'reviewer' })).status, 409);
      assert.equal((await admin.post(`/api/ops/reviewers/${r.id}/role`, { role: 'owner' })).status, 400);
      assert.equal((await admin.post(`/api/ops/reviewers/${r.id}/role`, { role: 'admin' })).status, 200);
      assert.equal((await rita.get('/api/ops/reviewers')).status, 401, 'her session ended with the change');
      await rita.post('/api/ops/session', { username: r.username, password: rp });
      assert.equal((await rita.get('/api/ops/reviewers')).status, 200, 'signed in again, she is an admin');
      // Now two admins: Rita may demote the first, who is then the one protected.
      assert.equal((await rita.post(`/api/ops/reviewers/${user.id}/role`, { role: 'reviewer' })).status, 200);
      await admin.post('/api/ops/session', { username: user.username, password });
      assert.equal((await admin.post(`/api/ops/reviewers/${r.id}/deactivate`)).status, 403, 'a reviewer cannot');
      const member = await buildUser(solo);
      assert.equal((await rita.post(`/api/ops/reviewers/${member.user.id}/deactivate`)).status, 404, 'members are not staff');
      assert.equal((await rita.post('/api/ops/reviewers/999999/role', { role: 'admin' })).status, 404);
    } finally {
      await solo.close();
    }
  });

  test('a password reset issues a one-hour link for the reviewer (emailed; where it is stored is the mail service\'s rule)', async () => {
    const admin = await signedIn('admin', 'Reset Admin');
    const { user } = await buildUser(server, { role: 'reviewer', fullName: 'Forgetful Reviewer' });
    assert.equal((await admin.client.post(`/api/ops/reviewers/${user.id}/reset`)).status, 200);
    const tokens = await server.db('password_reset_tokens').where({ userId: user.id });
    assert.equal(tokens.length, 1);
    assert.ok(Number(tokens[0].expiresAt) - Date.now() <= 3_600_000);
    assert.equal(tokens[0].usedAt, null);
    assert.deepEqual(await actions(admin.client, user.id), [['reviewer.reset', 'Reset Admin']]);
  });
});
