// A live-event stream lives exactly as long as its session: every way a session ends closes the stream at once
// (well inside the 25-second heartbeat), and nothing private reaches it afterwards. Runs on SQLite, and on
// PostgreSQL with TEST_DATABASE_URL (server/cross-process.test.ts covers a stream held by another process).
import assert from 'node:assert/strict';
import http from 'node:http';
import type { Context } from 'koa';
import { after, before, describe, test } from 'node:test';
import { databaseSessionStore } from '../../middleware/session-store';
import type { LiveEvent } from '../../services/live-events';
import { endSessions } from '../../services/session-end';
import { buildProfile, buildUser, signedInClient } from '../../test/factories';
import { Client, type TestServer, startTestServer } from '../../test/harness';

let server: TestServer;
before(async () => {
  server = await startTestServer();
});
after(() => server.close());

/** How soon a stream must close after the request that ended its session has answered. */
const CLOSES_WITHIN_MS = 2000;

interface Stream {
  events: Array<{ event: string; data: Record<string, unknown> }>;
  /** resolves when the server ended the stream */
  ended: Promise<void>;
  isOpen(): boolean;
  close(): void;
}

/** Opens `client`'s event stream and resolves once it is ready. */
function openStream(client: Client): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${server.url}/api/events`, { headers: { Cookie: client.cookieHeader() } }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`stream refused: ${res.statusCode}`));
      const events: Stream['events'] = [];
      let open = true;
      let buffer = '';
      const ended = new Promise<void>((done) => res.on('end', done));
      void ended.then(() => {
        open = false;
      });
      res.on('data', (chunk: Buffer) => {
        buffer += chunk.toString();
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (!event || !data) continue;
          events.push({ event, data: JSON.parse(data) as Record<string, unknown> });
          if (event === 'ready') resolve({ events, ended, isOpen: () => open, close: () => req.destroy() });
        }
      });
    });
    req.on('error', (e) => (e.message.includes('aborted') || e.message.includes('socket hang up') ? undefined : reject(e)));
    setTimeout(() => reject(new Error('no ready event within 5 s')), 5000).unref();
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Fails unless the server ends `stream` within the bound, with `session-ended` as its last event. */
async function assertClosesPromptly(stream: Stream, what: string): Promise<void> {
  const closed = await Promise.race([stream.ended.then(() => true), sleep(CLOSES_WITHIN_MS).then(() => false)]);
  stream.close();
  assert.ok(closed, `${what}: the stream was still open ${CLOSES_WITHIN_MS} ms later`);
  assert.equal(stream.events.at(-1)?.event, 'session-ended', `${what}: the stream says why it ends`);
}

/** A member signed in on two devices (each its own session), with a profile others may write to. */
async function memberOnTwoDevices() {
  const built = await buildUser(server, { tier: 'premium' });
  await buildProfile(server, built.user);
  const device = async () => {
    const client = new Client(server);
    const res = await client.postForm('/api/auth/login', { username: built.user.username, password: built.password });
    assert.equal(res.status, 200);
    return client;
  };
  return { ...built, phone: await device(), laptop: await device() };
}

/** Someone who writes to the member after their session ended: the message must not reach the closed stream. */
async function messageTo(userId: number, content: string): Promise<void> {
  const sender = await signedInClient(server, { tier: 'premium' });
  await buildProfile(server, sender.user, { gender: 'male', lookingFor: 'female' });
  const sent = await sender.client.post('/api/messages', { receiverId: userId, content });
  assert.equal(sent.status, 201, await sent.clone().text());
}

function messagesOn(stream: Stream): unknown[] {
  return stream.events.filter((e) => e.event === 'message').map((e) => e.data.content);
}

/** Waits until `stream` got a message with this content (the same publish reached every stream of the member). */
async function untilMessage(stream: Stream, content: string): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!messagesOn(stream).includes(content)) {
    if (Date.now() > deadline) throw new Error(`"${content}" never reached the open stream`);
    await sleep(20);
  }
}

describe('ending a session closes its open event stream at once', () => {
  test('a password change on another device', async () => {
    const member = await memberOnTwoDevices();
    const phone = await openStream(member.phone);
    const laptop = await openStream(member.laptop);
    const changed = await member.laptop.post(`/api/users/${member.user.id}/change-password`, { currentPassword: member.password, newPassword: 'a brand new passphrase' });
    assert.equal(changed.status, 200);
    await assertClosesPromptly(phone, 'password change');
    await messageTo(member.user.id, 'private after the password change');
    await untilMessage(laptop, 'private after the password change');
    assert.deepEqual(messagesOn(phone), [], 'nothing reached the signed-out phone');
    assert.ok(laptop.isOpen(), 'the device that changed the password stays signed in, its stream too');
    laptop.close();
  });

  test('a password reset by link', async () => {
    const member = await memberOnTwoDevices();
    const phone = await openStream(member.phone);
    const visitor = new Client(server);
    const requested = (await (await visitor.post('/api/auth/password-reset/request', { email: member.user.email })).json()) as { token?: string };
    assert.ok(requested.token, 'demo mode shows the token');
    const reset = await visitor.post('/api/auth/password-reset/confirm', { token: requested.token, password: 'a reset passphrase', confirmPassword: 'a reset passphrase' });
    assert.equal(reset.status, 200);
    await assertClosesPromptly(phone, 'password reset');
  });

  test('"sign out this device" from the devices list, and signing out on the device itself', async () => {
    const member = await memberOnTwoDevices();
    const phone = await openStream(member.phone);
    const laptop = await openStream(member.laptop);
    const devices = (await (await member.laptop.get(`/api/users/${member.user.id}/sessions`)).json()) as Array<{ id: string; current: boolean }>;
    const other = devices.find((d) => !d.current);
    assert.ok(other);
    assert.equal((await member.laptop.delete(`/api/users/${member.user.id}/sessions/${other.id}`)).status, 200);
    await assertClosesPromptly(phone, 'sign out this device');
    await messageTo(member.user.id, 'private after the device sign-out');
    await untilMessage(laptop, 'private after the device sign-out');
    assert.deepEqual(messagesOn(phone), []);

    assert.equal((await member.laptop.post('/api/auth/logout')).status, 200);
    await assertClosesPromptly(laptop, 'sign out');
  });

  test('suspension by ops', async () => {
    const member = await memberOnTwoDevices();
    const phone = await openStream(member.phone);
    const admin = await buildUser(server, { role: 'admin' });
    const ops = new Client(server);
    assert.equal((await ops.post('/api/ops/session', { username: admin.user.username, password: admin.password })).status, 200);
    assert.equal((await ops.post(`/api/ops/members/${member.user.id}/suspend`, { reason: 'Harassment reported twice' })).status, 200);
    await assertClosesPromptly(phone, 'suspension');
    await messageTo(member.user.id, 'private after the suspension').catch(() => {});
    await sleep(200);
    assert.deepEqual(messagesOn(phone), []);
  });

  test('account deletion from another device', async () => {
    const member = await memberOnTwoDevices();
    const phone = await openStream(member.phone);
    const deleted = await member.laptop.post('/api/user/delete', { password: member.password });
    assert.equal(deleted.status, 200, await deleted.clone().text());
    await assertClosesPromptly(phone, 'account deletion');
  });

  test("the candidate removes a family member: the helper's stream closes", async () => {
    const candidate = await signedInClient(server, { fullName: 'Arjun Mehta', tier: 'premium' });
    const profile = await buildProfile(server, candidate.user, { gender: 'male', lookingFor: 'female' });
    const email = `father.${profile.id}@example.test`;
    assert.equal((await candidate.client.post(`/api/family/${profile.id}/invitations`, { role: 'family', email, relation: 'father' })).status, 201);
    const mail = await server.db('email_outbox').where({ toEmail: email }).orderBy('id', 'desc').first();
    const token = /\/family-invite\/([A-Za-z0-9_-]+)/.exec(mail.bodyText)?.[1] ?? '';
    const father = new Client(server);
    const joined = await father.post(`/api/family-invitations/${token}`, { fullName: 'Rakesh Mehta', username: `rakesh_${profile.id}`, password: 'rakesh-pass-123', confirmPassword: 'rakesh-pass-123' });
    assert.equal(joined.status, 200, await joined.clone().text());
    const view = (await (await father.get(`/api/family/${profile.id}`)).json()) as { people: Array<{ role: string; memberId: number | null }> };
    const memberId = view.people.find((p) => p.role === 'family')?.memberId;
    const stream = await openStream(father);
    assert.equal((await candidate.client.delete(`/api/family/${profile.id}/members/${memberId}`)).status, 200);
    await assertClosesPromptly(stream, 'family removal');
  });

  test('a staff account deactivated in the console', async () => {
    const reviewer = await buildUser(server, { role: 'reviewer' });
    const reviewerConsole = new Client(server);
    assert.equal((await reviewerConsole.post('/api/ops/session', { username: reviewer.user.username, password: reviewer.password })).status, 200);
    const stream = await openStream(reviewerConsole);
    const admin = await buildUser(server, { role: 'admin' });
    const adminConsole = new Client(server);
    assert.equal((await adminConsole.post('/api/ops/session', { username: admin.user.username, password: admin.password })).status, 200);
    assert.equal((await adminConsole.post(`/api/ops/reviewers/${reviewer.user.id}/deactivate`, {})).status, 200);
    await assertClosesPromptly(stream, 'staff deactivation');
  });
});

describe('endSessions', () => {
  test('inside a transaction it announces only after the commit, and a rollback announces nothing', async () => {
    const member = await memberOnTwoDevices();
    const heard: LiveEvent[] = [];
    const unsubscribe = server.services.live.subscribe(member.user.id, (e) => heard.push(e));
    try {
      await server.db
        .transaction(async (trx) => {
          assert.equal(await endSessions(server.services.live, trx, { userId: member.user.id }), 2);
          throw new Error('changed its mind');
        })
        .catch(() => {});
      await sleep(50);
      assert.equal(heard.length, 0, 'a rolled-back end is not announced');
      assert.equal((await member.phone.get('/api/auth/user')).status, 200, 'and the sessions are still there');

      await server.db.transaction(async (trx) => {
        await endSessions(server.services.live, trx, { userId: member.user.id });
        await sleep(50);
        assert.equal(heard.length, 0, 'not announced before the commit');
      });
      await sleep(50);
      assert.deepEqual(heard.map((e) => [e.kind, e.payload]), [['session-ended', {}]]);
      assert.equal((await member.phone.get('/api/auth/user')).status, 401);
    } finally {
      unsubscribe();
    }
  });

  test('a request still in flight when its session ended does not write the session back', async () => {
    const member = await memberOnTwoDevices();
    const store = databaseSessionStore(server.db, server.services.live);
    const key = (await server.db('sessions').where({ userId: member.user.id }).orderBy('createdAt').first('id')).id as string;
    const ctx = { state: {}, get: () => '', ip: '127.0.0.1' } as unknown as Context;
    const data = await store.get(key, undefined, { ctx });
    assert.ok(data);
    await endSessions(server.services.live, server.db, { userId: member.user.id });
    await store.set(key, { ...data, seen: 1 }, 86_400_000, { ctx });
    assert.equal(await server.db('sessions').where({ id: key }).first(), undefined);
  });
});
