// Web Push end to end: a real push receiver started in the test (an HTTP server on the loopback interface, allowed
// by the test-only PUSH_ALLOW_LOOPBACK) takes the server's aes128gcm requests; the test decrypts each with the
// subscription's private key and auth secret (ECDH P-256 + HKDF, RFC 8291) and checks the VAPID signature
// (RFC 8292), so what is asserted is what a browser would show.
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { Client, type TestServer, startTestServer } from '../../test/harness';
import { buildProfile, signedInClient } from '../../test/factories';
import { pushDeliveryJob } from '../../jobs/push-delivery';
import { JobScheduler } from '../../jobs/scheduler';
import { PUSH_MAX_ATTEMPTS, deliverPush, pushRetryDelayMs } from './send';

interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

let receiver: http.Server;
let receiverOrigin: string;
const received: Received[] = [];
/** the status the receiver answers per path (201 unless set) */
const answers = new Map<string, number>();
/** answers given once each, in order, before `answers` applies (a service that fails, then recovers) */
const answerQueue = new Map<string, Array<{ status: number; retryAfter?: string }>>();
let server: TestServer;

before(async () => {
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '';
      received.push({ path, headers: req.headers, body: Buffer.concat(chunks) });
      const once = answerQueue.get(path)?.shift();
      if (once) return res.writeHead(once.status, once.retryAfter ? { 'Retry-After': once.retryAfter } : {}).end();
      res.writeHead(answers.get(path) ?? 201).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverOrigin = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  server = await startTestServer({ push: { vapidPublicKey: null, vapidPrivateKey: null, subject: 'mailto:push-test@saathi.example', allowLoopback: true } });
});
after(async () => {
  await server?.close();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

/** A browser's side of a subscription: its key pair and auth secret, and what it hands the server. */
function browserSubscription(name: string) {
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = crypto.randomBytes(16);
  const path = `/push/${name}`;
  return {
    path,
    ecdh,
    auth,
    json: { endpoint: `${receiverOrigin}${path}`, expirationTime: null, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') } },
  };
}
type Browser = ReturnType<typeof browserSubscription>;

const hmac = (key: Buffer, data: Buffer) => crypto.createHmac('sha256', key).update(data).digest();

/** RFC 8291 / RFC 8188: decrypts one aes128gcm push message the way the browser does. */
function decrypt(browser: Browser, body: Buffer): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20];
  const serverPublic = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  assert.equal(idLength, 65, 'the key id is the sender’s uncompressed P-256 key');
  assert.ok(ciphertext.length <= recordSize, 'one record');
  const ecdhSecret = browser.ecdh.computeSecret(serverPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), browser.ecdh.getPublicKey(), serverPublic]);
  const ikm = hmac(hmac(browser.auth, ecdhSecret), Buffer.concat([keyInfo, Buffer.from([1])]));
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
  const decipher = crypto.createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  assert.equal(padded[end], 2, 'the last record ends with the delimiter 0x02');
  return padded.subarray(0, end).toString('utf8');
}

/** RFC 8292: the request carries a JWT for the receiver's origin, signed with the server's VAPID key. */
function assertVapid(headers: http.IncomingHttpHeaders, publicKey: string) {
  const match = /^vapid t=([^,]+), k=([A-Za-z0-9_-]+)$/.exec(String(headers.authorization));
  assert.ok(match, `Authorization: ${headers.authorization}`);
  const [, jwt, k] = match;
  assert.equal(k, publicKey);
  const [head, claims, signature] = jwt.split('.');
  const point = Buffer.from(k, 'base64url');
  const key = crypto.createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') }, format: 'jwk' });
  assert.ok(crypto.verify('sha256', Buffer.from(`${head}.${claims}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url')), 'VAPID signature');
  const payload = JSON.parse(Buffer.from(claims, 'base64url').toString()) as { aud: string; exp: number; sub: string };
  assert.equal(payload.aud, receiverOrigin);
  assert.equal(payload.sub, 'mailto:push-test@saathi.example');
}

async function nextPush(path: string, after = 0): Promise<Received> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const hit = received.slice(after).find((r) => r.path === path);
    if (hit) return hit;
    if (Date.now() > deadline) throw new Error(`no push reached ${path}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function publicKey(): Promise<string> {
  return ((await (await new Client(server).get('/api/push/public-key')).json()) as { publicKey: string }).publicKey;
}

async function subscribe(member: Awaited<ReturnType<typeof signedInClient>>, browser: Browser) {
  const res = await member.client.post(`/api/users/${member.user.id}/push-subscriptions`, browser.json);
  assert.equal(res.status, 201, await res.clone().text());
}

describe('push subscriptions', () => {
  test('a member subscribes this browser; others, visitors and bad subscriptions are refused and change nothing', async () => {
    const member = await signedInClient(server);
    const stranger = await signedInClient(server);
    const browser = browserSubscription('sub-checks');
    const url = `/api/users/${member.user.id}/push-subscriptions`;
    const count = async () => Number((await server.db('push_subscriptions').count({ n: '*' }).first())?.n);
    const before = await count();

    assert.equal((await new Client(server).post(url, browser.json)).status, 401);
    assert.equal((await stranger.client.post(url, browser.json)).status, 403);
    const bad: Array<[unknown, number]> = [
      [{ ...browser.json, keys: { ...browser.json.keys, p256dh: Buffer.alloc(65, 7).toString('base64url') } }, 400], // not a curve point
      [{ ...browser.json, keys: { p256dh: browser.json.keys.p256dh } }, 400],
      [{ ...browser.json, keys: { ...browser.json.keys, auth: 'short' } }, 400],
      [{ ...browser.json, extra: 1 }, 400],
      [{ endpoint: 12 }, 400],
      [{ ...browser.json, endpoint: 'https://evil.example/push/1' }, 422],
      [{ ...browser.json, endpoint: 'https://10.0.0.1/push' }, 422],
      [{ ...browser.json, endpoint: 'http://fcm.googleapis.com/fcm/send/x' }, 422],
      [{ ...browser.json, endpoint: 'http://192.168.1.5:8080/push' }, 422],
      [{ ...browser.json, endpoint: 'not a url' }, 422],
    ];
    for (const [body, status] of bad) {
      const res = await member.client.post(url, body);
      assert.equal(res.status, status, JSON.stringify(body));
      assert.ok(((await res.json()) as { message: string }).message);
    }
    assert.equal(await count(), before);

    assert.equal((await member.client.post(url, browser.json)).status, 201);
    assert.equal((await member.client.post(url, browser.json)).status, 200, 'the same browser again is one subscription');
    const list = (await (await member.client.get(url)).json()) as { items: Array<{ id: number; service: string }> };
    assert.equal(list.items.length, 1);
    assert.equal(list.items[0].service, '127.0.0.1');
    assert.equal((await stranger.client.get(url)).status, 403);
    assert.equal((await stranger.client.delete(`${url}/${list.items[0].id}`)).status, 403);
    assert.equal((await stranger.client.delete(`/api/users/${stranger.user.id}/push-subscriptions/${list.items[0].id}`)).status, 404, 'another member’s subscription is not found');
    assert.equal(await count(), before + 1);

    const off = `${url}?endpoint=${encodeURIComponent(browser.json.endpoint)}`;
    assert.equal((await member.client.delete(off)).status, 200);
    assert.equal((await member.client.delete(off)).status, 404);
    assert.equal(await count(), before);
  });

  test('the VAPID key pair is generated once into the data directory and served', async () => {
    const key = await publicKey();
    assert.match(key, /^[A-Za-z0-9_-]{87}$/);
    assert.equal(await publicKey(), key);
    const { loadVapidKeys } = await import('../../keys');
    assert.equal(loadVapidKeys(server.config).publicKey, key, 'the file in the data directory is reused');
  });
});

describe('pushes for the bell’s events, decrypted as the browser would', () => {
  test('a message: the sender’s first name and a link to the chat, no text unless the member turned it on', async () => {
    const priya = await signedInClient(server, { fullName: 'Priya Sharma', tier: 'premium' });
    const arjun = await signedInClient(server, { fullName: 'Arjun Mehta', tier: 'premium' });
    await buildProfile(server, priya.user, { gender: 'female', lookingFor: 'male' });
    await buildProfile(server, arjun.user, { gender: 'male', lookingFor: 'female' });
    const browser = browserSubscription('priya-phone');
    await subscribe(priya, browser);
    const key = await publicKey();

    let mark = received.length;
    const sent = await arjun.client.post('/api/messages', { receiverId: priya.user.id, content: 'PRIVATE-WORDS see you at the mandir' });
    assert.equal(sent.status, 201, await sent.clone().text());
    const first = await nextPush(browser.path, mark);
    assert.equal(first.headers['content-encoding'], 'aes128gcm');
    assert.ok(Number(first.headers.ttl) > 0);
    assertVapid(first.headers, key);
    assert.ok(!first.body.includes(Buffer.from('PRIVATE-WORDS')), 'the payload travels encrypted');
    const shown = JSON.parse(decrypt(browser, first.body)) as Record<string, string>;
    assert.deepEqual(shown, { title: 'Arjun sent you a message', body: 'Open Saathi to read it.', url: `/chat/${arjun.user.id}`, tag: `message-${arjun.user.id}` });

    const settings = `/api/users/${priya.user.id}/notification-settings`;
    assert.equal((await priya.client.patch(settings, { pushMessageText: true })).status, 200);
    mark = received.length;
    await arjun.client.post('/api/messages', { receiverId: priya.user.id, content: 'Shall we talk on Sunday?' });
    const second = JSON.parse(decrypt(browser, (await nextPush(browser.path, mark)).body)) as Record<string, string>;
    assert.equal(second.body, 'Shall we talk on Sunday?');

    // Push turned off: nothing goes to the device; the next push after turning it on is the next message.
    assert.equal((await priya.client.patch(settings, { pushNotifications: false })).status, 200);
    mark = received.length;
    await arjun.client.post('/api/messages', { receiverId: priya.user.id, content: 'Sent while push is off' });
    assert.equal((await priya.client.patch(settings, { pushNotifications: true })).status, 200);
    await arjun.client.post('/api/messages', { receiverId: priya.user.id, content: 'Sent after push is on again' });
    const third = JSON.parse(decrypt(browser, (await nextPush(browser.path, mark)).body)) as Record<string, string>;
    assert.equal(third.body, 'Sent after push is on again');
    assert.equal(received.slice(mark).filter((r) => r.path === browser.path).length, 1);
  });

  test('a like names the liker only to a member whose plan shows likers; a match pushes to both', async () => {
    const meera = await signedInClient(server, { fullName: 'Meera Iyer', tier: 'premium' });
    const kabir = await signedInClient(server, { fullName: 'Kabir Khan', tier: 'tryme' });
    const meeraProfile = await buildProfile(server, meera.user, { gender: 'female', lookingFor: 'male' });
    const kabirProfile = await buildProfile(server, kabir.user, { gender: 'male', lookingFor: 'female' });
    const meeraPhone = browserSubscription('meera-phone');
    const kabirPhone = browserSubscription('kabir-phone');
    await subscribe(meera, meeraPhone);
    await subscribe(kabir, kabirPhone);

    let mark = received.length;
    assert.equal((await meera.client.post('/api/profile-likes', { likedProfileId: kabirProfile.id })).status, 201);
    const hidden = decrypt(kabirPhone, (await nextPush(kabirPhone.path, mark)).body);
    assert.deepEqual(JSON.parse(hidden), { title: 'Someone liked your profile', body: 'Upgrade to Premium or Elite to see who.', url: '/notifications', tag: 'like' });
    assert.doesNotMatch(hidden, /Meera/);

    mark = received.length;
    assert.equal((await kabir.client.post('/api/profile-likes', { likedProfileId: meeraProfile.id })).status, 201);
    const pushesTo = async (browser: Browser, n: number) => {
      const deadline = Date.now() + 10_000;
      while (received.slice(mark).filter((r) => r.path === browser.path).length < n) {
        if (Date.now() > deadline) throw new Error(`expected ${n} pushes to ${browser.path}`);
        await new Promise((r) => setTimeout(r, 20));
      }
      return received.slice(mark).filter((r) => r.path === browser.path).map((r) => JSON.parse(decrypt(browser, r.body)) as Record<string, string>);
    };
    const meeraGot = await pushesTo(meeraPhone, 2);
    assert.deepEqual(meeraGot.find((p) => p.tag.startsWith('like')), { title: 'Kabir liked your profile', body: 'Like them back to make it a match.', url: `/profile/${kabirProfile.id}`, tag: `like-${kabir.user.id}` });
    assert.deepEqual(meeraGot.find((p) => p.tag.startsWith('match')), { title: "It's a match!", body: 'You and Kabir like each other. Say hello!', url: `/chat/${kabir.user.id}`, tag: `match-${kabir.user.id}` });
    const [kabirMatch] = await pushesTo(kabirPhone, 1);
    assert.deepEqual(kabirMatch, { title: "It's a match!", body: 'You and Meera like each other. Say hello!', url: `/chat/${meera.user.id}`, tag: `match-${meera.user.id}` });
  });

  test('a subscription the push service reports gone (410, 404) is deleted; a refused request (400) is given up; a failing one is kept and retried', async () => {
    const asha = await signedInClient(server, { fullName: 'Asha Nair', tier: 'premium' });
    const sender = await signedInClient(server, { fullName: 'Vikram Rao', tier: 'premium' });
    await buildProfile(server, asha.user, { gender: 'female', lookingFor: 'male' });
    await buildProfile(server, sender.user, { gender: 'male', lookingFor: 'female' });
    const gone = browserSubscription('asha-gone');
    const missing = browserSubscription('asha-missing');
    const broken = browserSubscription('asha-broken');
    const refused = browserSubscription('asha-refused');
    const fine = browserSubscription('asha-fine');
    answers.set(gone.path, 410);
    answers.set(missing.path, 404);
    answers.set(broken.path, 500);
    answers.set(refused.path, 400);
    const all = [gone, missing, broken, refused, fine];
    for (const b of all) await subscribe(asha, b);
    const mark = received.length;
    assert.equal((await sender.client.post('/api/messages', { receiverId: asha.user.id, content: 'Hello Asha' })).status, 201);
    for (const b of all) await nextPush(b.path, mark);
    const settled = await until(async () => {
      const rows = await pushRows(asha.user.id);
      return rows.length === 3 && rows.every((r) => r.sentAt !== null || r.failedAt !== null || r.error !== null) ? rows : null;
    });
    const byEndpoint = new Map(settled.map((r) => [String(r.endpoint), r]));
    assert.deepEqual([...byEndpoint.keys()].sort(), [broken, refused, fine].map((b) => b.json.endpoint).sort(), 'the gone ones are deleted with their pushes');
    const retrying = byEndpoint.get(broken.json.endpoint);
    assert.equal(retrying?.failedAt, null);
    assert.match(String(retrying?.error), /attempt 1 failed, retrying: HTTP 500/);
    const givenUp = byEndpoint.get(refused.json.endpoint);
    assert.ok(givenUp?.failedAt);
    assert.match(String(givenUp?.error), /refused: HTTP 400/);
    assert.equal(givenUp?.payload, null);
    assert.ok(byEndpoint.get(fine.json.endpoint)?.sentAt);
    const kept = await server.db('push_subscriptions').where({ endpoint: fine.json.endpoint }).first();
    assert.ok(kept.lastSuccessAt, 'a delivered push is recorded');
  });
});

/** A member with one browser subscribed, and someone whose message to them is pushed. */
async function pushedMessage(name: string, browser: ReturnType<typeof browserSubscription> = browserSubscription(name)) {
  const member = await signedInClient(server, { fullName: 'Kavya Menon', tier: 'premium' });
  const sender = await signedInClient(server, { fullName: 'Rohan Das', tier: 'premium' });
  await buildProfile(server, member.user, { gender: 'female', lookingFor: 'male' });
  await buildProfile(server, sender.user, { gender: 'male', lookingFor: 'female' });
  await subscribe(member, browser);
  assert.equal((await sender.client.post('/api/messages', { receiverId: member.user.id, content: 'Namaste' })).status, 201);
  const first = await until(async () => {
    const [row] = await pushRows(member.user.id);
    return row && Number(row.attempts) === 1 && (row.error !== null || row.sentAt !== null) ? row : null;
  });
  return { member, sender, browser, first };
}

type PushRow = Record<string, unknown> & { id: number };
const pushRows = async (userId: number): Promise<PushRow[]> =>
  server.db('push_outbox as o').join('push_subscriptions as s', 's.id', 'o.subscriptionId').where('s.userId', userId).orderBy('o.id').select('o.*', 's.endpoint');
const pushRow = async (id: number): Promise<PushRow | undefined> => server.db('push_outbox').where({ id }).first();

async function until<T>(probe: () => Promise<T | null | undefined>): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('the expected state was never reached');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('push delivery is durable and retried', () => {
  const services = () => ({ db: server.db, config: server.config });

  test('a push the service fails (503, then 429 with Retry-After) is retried with backoff and arrives once, by the push-delivery job as after a restart', async () => {
    const browser = browserSubscription('kavya-flaky');
    answerQueue.set(browser.path, [{ status: 503 }, { status: 429, retryAfter: '900' }]);
    const { first } = await pushedMessage('kavya-flaky', browser);
    assert.match(String(first.error), /attempt 1 failed, retrying: HTTP 503/);
    assert.equal(first.sentAt, null);
    const firstDue = Number(first.nextAttemptAt);
    assert.ok(firstDue >= Number(first.createdAt) + pushRetryDelayMs(1) && firstDue <= Date.now() + pushRetryDelayMs(1));

    assert.equal(await deliverPush(services(), first.id, firstDue - 1), 'busy', 'not due yet');
    assert.equal(await deliverPush(services(), first.id, firstDue), 'retry');
    const second = (await pushRow(first.id)) as PushRow;
    assert.equal(Number(second.attempts), 2);
    assert.ok(Number(second.nextAttemptAt) >= firstDue + 900_000, 'the service asked for 15 minutes: longer than the backoff');

    // A fresh scheduler, as a restarted process would have, finds it due and sends it.
    await server.db('push_outbox').where({ id: first.id }).update({ nextAttemptAt: Date.now() - 1 });
    const run = await new JobScheduler(server.db, [pushDeliveryJob(server.config)]).runNow('push-delivery');
    assert.match(String(run.result), /^sent 1, retrying 0, gone 0, failed 0$/);
    const done = (await pushRow(first.id)) as PushRow;
    assert.ok(done.sentAt);
    assert.equal(done.payload, null, 'nothing of the message is kept once delivered');
    const got = received.filter((r) => r.path === browser.path);
    assert.equal(got.length, 3);
    assert.equal((JSON.parse(decrypt(browser, got[2].body)) as { title: string }).title, 'Rohan sent you a message');
    assert.equal(await deliverPush(services(), first.id, Date.now() + 86_400_000), 'busy', 'a delivered push is not sent again');
  });

  test('a push service that does not answer is retried; after the last attempt the push is given up and the browser kept', async () => {
    const probe = http.createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const deadPort = (probe.address() as AddressInfo).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const browser = browserSubscription('kavya-unreachable');
    browser.json.endpoint = `http://127.0.0.1:${deadPort}/push/unreachable`;
    const { member, first } = await pushedMessage('kavya-unreachable', browser);
    assert.match(String(first.error), /attempt 1 failed, retrying: /);
    let row = first;
    while (row.failedAt === null) {
      assert.equal(await deliverPush(services(), first.id, Number(row.nextAttemptAt)), Number(row.attempts) + 1 < PUSH_MAX_ATTEMPTS ? 'retry' : 'failed');
      row = (await pushRow(first.id)) as PushRow;
    }
    assert.equal(Number(row.attempts), PUSH_MAX_ATTEMPTS);
    assert.match(String(row.error), new RegExp(`gave up after ${PUSH_MAX_ATTEMPTS} attempts`));
    assert.equal(row.payload, null);
    assert.equal((await server.db('push_subscriptions').where({ userId: member.user.id })).length, 1, 'an unreachable service is not a gone subscription');
  });

  test('two attempts at the same due push at once send it once', async () => {
    const browser = browserSubscription('kavya-twice');
    answerQueue.set(browser.path, [{ status: 502 }]);
    const { first } = await pushedMessage('kavya-twice', browser);
    const at = Number(first.nextAttemptAt);
    const outcomes = await Promise.all([deliverPush(services(), first.id, at), deliverPush(services(), first.id, at), deliverPush(services(), first.id, at)]);
    assert.deepEqual(outcomes.sort(), ['busy', 'busy', 'sent']);
    assert.equal(received.filter((r) => r.path === browser.path).length, 2, 'the failed attempt and one delivery');
  });

  test('a browser the member removes gets none of its pending pushes', async () => {
    const browser = browserSubscription('kavya-removed');
    answerQueue.set(browser.path, [{ status: 500 }]);
    const { member, first } = await pushedMessage('kavya-removed', browser);
    const [device] = ((await (await member.client.get(`/api/users/${member.user.id}/push-subscriptions`)).json()) as { items: Array<{ id: number }> }).items;
    assert.equal((await member.client.delete(`/api/users/${member.user.id}/push-subscriptions/${device.id}`)).status, 200);
    assert.equal(await pushRow(first.id), undefined);
    assert.equal(await deliverPush(services(), first.id, Date.now() + 86_400_000), 'busy');
    assert.equal(received.filter((r) => r.path === browser.path).length, 1);
  });
});
