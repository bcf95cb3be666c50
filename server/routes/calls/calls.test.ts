import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { CALL_TEXTS, type CallFamilyOption, type CallView, type CallsWithView, MAX_CALL_MINUTES, RING_LIMITS, RING_SECONDS } from '../../../contracts/calls';
import { type ConfigError, parseSettings } from '../../config-settings';
import type { LiveEvent } from '../../services/live-events';
import { PgLiveEvents } from '../../services/live-events/postgres';
import { assertSameErrorAnswer } from '../../test/error-bodies';
import { buildProfile, signedInClient } from '../../test/factories';
import { Client, type TestServer, startTestServer } from '../../test/harness';
import { buildBlock, buildFamilyMember, buildLike, buildMatch, buildProfileFamily } from '../../test/table-factories';

const TURN = { urls: ['turn:127.0.0.1:3478?transport=udp', 'turn:127.0.0.1:3478?transport=tcp'], secret: 'calls-test-secret-0123456789' };

let server: TestServer;
before(async () => {
  server = await startTestServer({ turn: TURN });
});
after(async () => {
  await server.close();
});

type Member = Awaited<ReturnType<typeof signedInClient>>;
type Json = Record<string, unknown>;

/** Two members who liked each other; the first on a paid plan (starting calls is paid). */
async function matchedPair(callerTier: 'premium' | 'tryme' = 'premium'): Promise<[Member, Member]> {
  const a = await signedInClient(server, { tier: callerTier, fullName: 'Ravi Kumar' });
  const b = await signedInClient(server, { fullName: 'Priya Raman' });
  const pa = await buildProfile(server, a.user, { gender: 'male', lookingFor: 'female' });
  const pb = await buildProfile(server, b.user);
  await buildLike(server.db, { userId: a.user.id, likedProfileId: pb.id });
  await buildLike(server.db, { userId: b.user.id, likedProfileId: pa.id });
  const [user1Id, user2Id] = [a.user.id, b.user.id].sort((x, y) => x - y);
  await buildMatch(server.db, { user1Id, user2Id });
  return [a, b];
}

async function ring(a: Member, b: Member): Promise<CallView> {
  const res = await a.client.post('/api/calls', { calleeId: b.user.id });
  assert.equal(res.status, 201, await res.clone().text());
  return (await res.json()) as CallView;
}

/** The live events one member's streams receive, from now on. */
function eventsOf(userId: number): LiveEvent[] {
  const seen: LiveEvent[] = [];
  server.services.live.subscribe(userId, (e) => seen.push(e));
  return seen;
}

describe('who may call whom', () => {
  test('matched members ring each other; a member who is not a match is refused with 403, a blocked one is a 404', async () => {
    const [a, b] = await matchedPair();
    const call = await ring(a, b);
    assert.equal(call.status, 'ringing');
    assert.deepEqual(call.participants.map((p) => [p.userId, p.state]), [[a.user.id, 'joined'], [b.user.id, 'invited']]);
    await a.client.post(`/api/calls/${call.id}/hangup`, {});

    const stranger = await signedInClient(server, { tier: 'premium' });
    await buildProfile(server, stranger.user, { gender: 'male' });
    const notMatched = await stranger.client.post('/api/calls', { calleeId: b.user.id });
    assert.equal(notMatched.status, 403);
    assert.equal(((await notMatched.json()) as Json).message, CALL_TEXTS.matchesOnly);

    const [c, d] = await matchedPair();
    await buildBlock(server.db, { blockerId: d.user.id, blockedId: c.user.id });
    const blocked = await c.client.post('/api/calls', { calleeId: d.user.id });
    assert.equal(blocked.status, 404);
    await assertSameErrorAnswer(blocked, await c.client.post('/api/calls', { calleeId: 999999 }));
    assert.equal((await server.db('calls').where({ callerId: c.user.id })).length, 0, 'nothing rang');
    assert.equal((await new Client(server).post('/api/calls', { calleeId: b.user.id })).status, 401);
    assert.equal((await a.client.post('/api/calls', { calleeId: 'x' })).status, 400);
  });

  test('"who can message me: no one" refuses calls too; the free plan may answer but not start a call', async () => {
    const [a, b] = await matchedPair();
    await b.client.patch(`/api/users/${b.user.id}/privacy-settings`, { allowMessagesFrom: 'none' });
    const closed = await a.client.post('/api/calls', { calleeId: b.user.id });
    assert.equal(closed.status, 403);
    assert.equal(((await closed.json()) as Json).message, CALL_TEXTS.notAccepting);

    const [free, other] = await matchedPair('tryme');
    const refused = await free.client.post('/api/calls', { calleeId: other.user.id });
    assert.equal(refused.status, 403);
    assert.deepEqual(await refused.json().then((j) => [(j as Json).message, (j as Json).upgradeRequired]), [CALL_TEXTS.upgrade, true]);
    const chat = (await (await free.client.get(`/api/calls/with/${other.user.id}`)).json()) as CallsWithView;
    assert.deepEqual([chat.canCall, chat.upgradeRequired], [false, true]);
    // The other way round the free member answers.
    await server.db('users').where({ id: other.user.id }).update({ subscriptionTier: 'premium', subscriptionEnds: Date.now() + 86_400_000 });
    const call = await ring(other, free);
    assert.equal((await free.client.post(`/api/calls/${call.id}/accept`, {})).status, 200);
  });

  test('without TURN configured, calls answer 503 with a clear message', async () => {
    const bare = await startTestServer();
    try {
      const a = await signedInClient(bare, { tier: 'premium' });
      const b = await signedInClient(bare);
      await buildProfile(bare, b.user);
      const [user1Id, user2Id] = [a.user.id, b.user.id].sort((x, y) => x - y);
      await buildMatch(bare.db, { user1Id, user2Id });
      const res = await a.client.post('/api/calls', { calleeId: b.user.id });
      assert.equal(res.status, 503);
      assert.equal(((await res.json()) as Json).message, CALL_TEXTS.notConfigured);
    } finally {
      await bare.close();
    }
  });
});

describe('TURN credentials', () => {
  test('go to the participants only, as use-auth-secret credentials coturn verifies with the shared secret, valid for the call', async () => {
    const [a, b] = await matchedPair();
    const call = await ring(a, b);
    const ice = call.ice!;
    assert.equal(ice.iceTransportPolicy, 'relay');
    const [server0] = ice.iceServers;
    assert.deepEqual(server0.urls, TURN.urls);
    const [expiry, whom] = server0.username.split(':');
    assert.equal(whom, String(a.user.id));
    assert.equal(server0.credential, crypto.createHmac('sha1', TURN.secret).update(server0.username).digest('base64'));
    const validFor = Number(expiry) * 1000 - Date.parse(call.createdAt);
    assert.ok(Math.abs(validFor - (RING_SECONDS + MAX_CALL_MINUTES * 60) * 1000) < 2000, `valid for ${validFor} ms`);

    const callee = (await (await b.client.get(`/api/calls/${call.id}`)).json()) as CallView;
    assert.equal(callee.ice?.iceServers[0].username.split(':')[1], String(b.user.id));

    const stranger = await signedInClient(server, { tier: 'premium' });
    const peek = await stranger.client.get(`/api/calls/${call.id}`);
    assert.equal(peek.status, 404);
    assert.ok(!(await peek.text()).includes('credential'));
    assert.equal((await stranger.client.get('/api/calls/current')).status, 200);
    assert.equal(((await (await stranger.client.get('/api/calls/current')).json()) as Json).call, null);

    await a.client.post(`/api/calls/${call.id}/hangup`, {});
    const over = (await (await a.client.get(`/api/calls/${call.id}`)).json()) as CallView;
    assert.equal(over.ice, null, 'no credentials once the call is over');
  });

  test('TURN_URLS and TURN_SECRET are validated together at start-up', () => {
    assert.throws(() => parseSettings({ TURN_URLS: 'turn:turn.example:3478' }), (e: ConfigError) => /TURN_URLS and TURN_SECRET go together/.test(e.message));
    assert.throws(() => parseSettings({ TURN_URLS: 'http://turn.example', TURN_SECRET: TURN.secret }), (e: ConfigError) => /TURN_URLS=.*is not allowed/.test(e.message));
    assert.throws(() => parseSettings({ TURN_URLS: 'stun:turn.example:3478', TURN_SECRET: TURN.secret }), (e: ConfigError) => /at least one turn: or turns: URL/.test(e.message));
    assert.throws(() => parseSettings({ TURN_URLS: 'turn:turn.example:3478', TURN_SECRET: 'short' }), (e: ConfigError) => /TURN_SECRET=\(hidden\) is not allowed/.test(e.message));
    assert.doesNotThrow(() => parseSettings({ TURN_URLS: 'turn:turn.example:3478?transport=udp, turns:turn.example:5349?transport=tcp', TURN_SECRET: TURN.secret }));
  });
});

describe('the life of a call', () => {
  test('answer, signals between the participants only (relayed candidates only), hang up', async () => {
    const [a, b] = await matchedPair();
    const bEvents = eventsOf(b.user.id);
    const call = await ring(a, b);
    assert.ok(bEvents.some((e) => e.kind === 'call' && (e.payload as { call: CallView }).call.status === 'ringing'), 'the callee is rung');
    const early = await a.client.post(`/api/calls/${call.id}/signal`, { to: b.user.id, description: { type: 'offer', sdp: 'v=0' } });
    assert.equal(early.status, 409, 'no signals before the call is answered');
    const answered = (await (await b.client.post(`/api/calls/${call.id}/accept`, {})).json()) as CallView;
    assert.equal(answered.status, 'active');

    const offer = { type: 'offer', sdp: 'v=0\r\na=candidate:1 1 udp 2 10.0.0.1 50000 typ relay raddr 0.0.0.0 rport 0\r\n' };
    assert.equal((await a.client.post(`/api/calls/${call.id}/signal`, { to: b.user.id, description: offer })).status, 204);
    const relayed = bEvents.find((e) => (e.payload as Json).type === 'signal');
    assert.deepEqual(relayed?.payload, { type: 'signal', callId: call.id, from: a.user.id, description: offer });
    const host = { candidate: 'candidate:1 1 udp 2122260223 192.168.1.20 50000 typ host generation 0', sdpMid: '0', sdpMLineIndex: 0 };
    const refused = await a.client.post(`/api/calls/${call.id}/signal`, { to: b.user.id, candidate: host });
    assert.equal(refused.status, 400);
    assert.equal(((await refused.json()) as Json).message, CALL_TEXTS.relayOnly);
    assert.equal((await a.client.post(`/api/calls/${call.id}/signal`, { to: b.user.id, description: { type: 'offer', sdp: 'a=candidate:1 1 udp 2 192.168.1.20 5 typ srflx' } })).status, 400);
    assert.equal((await a.client.post(`/api/calls/${call.id}/signal`, { to: b.user.id })).status, 400, 'a description or a candidate');

    const stranger = await signedInClient(server, { tier: 'premium' });
    assert.equal((await stranger.client.post(`/api/calls/${call.id}/signal`, { to: b.user.id, candidate: { candidate: '' } })).status, 404);
    assert.equal((await a.client.post(`/api/calls/${call.id}/signal`, { to: stranger.user.id, candidate: { candidate: '' } })).status, 409, 'only to someone in the call');

    const ended = (await (await b.client.post(`/api/calls/${call.id}/hangup`, {})).json()) as CallView;
    assert.deepEqual([ended.status, ended.endReason], ['ended', 'hangup']);
    const log = (await (await a.client.get(`/api/calls/with/${b.user.id}`)).json()) as CallsWithView;
    assert.equal(log.calls.at(-1)?.status, 'ended');
    assert.equal(typeof log.calls.at(-1)?.lengthSeconds, 'number');
  });

  test('on PostgreSQL a signal reaches the stream another process holds (LISTEN/NOTIFY), an SDP longer than one NOTIFY too', { skip: !process.env.TEST_DATABASE_URL && 'PostgreSQL only (TEST_DATABASE_URL)' }, async () => {
    // Another Saathi process, as far as the live events go: its own LISTEN connection and origin.
    const elsewhere = new PgLiveEvents(server.config.databaseUrl!, server.db);
    await elsewhere.start();
    try {
      const [a, b] = await matchedPair();
      const call = await ring(a, b);
      await b.client.post(`/api/calls/${call.id}/accept`, {});
      const arrived = new Promise<LiveEvent>((resolve) => {
        elsewhere.subscribe(b.user.id, (e) => {
          if ((e.payload as Json).type === 'signal') resolve(e);
        });
      });
      const sdp = `v=0\r\n${Array.from({ length: 120 }, (_, i) => `a=candidate:${i} 1 udp 16777215 203.0.113.9 ${50000 + i} typ relay raddr 0.0.0.0 rport 0\r\n`).join('')}`;
      assert.ok(sdp.length > 8000);
      assert.equal((await a.client.post(`/api/calls/${call.id}/signal`, { to: b.user.id, description: { type: 'offer', sdp } })).status, 204);
      const event = await arrived;
      assert.deepEqual(event.payload, { type: 'signal', callId: call.id, from: a.user.id, description: { type: 'offer', sdp } });
    } finally {
      await elsewhere.close();
    }
  });

  test('declined: the caller is told; a call nobody answers is missed: a notification and a line in the chat', async () => {
    const [a, b] = await matchedPair();
    const aEvents = eventsOf(a.user.id);
    const first = await ring(a, b);
    const declined = (await (await b.client.post(`/api/calls/${first.id}/decline`, {})).json()) as CallView;
    assert.equal(declined.status, 'declined');
    assert.ok(aEvents.some((e) => e.kind === 'call' && (e.payload as { call: CallView }).call.status === 'declined'));
    assert.equal((await b.client.post(`/api/calls/${first.id}/accept`, {})).status, 409, 'a declined call cannot be answered');

    const second = await ring(a, b);
    await server.db('calls').where({ id: second.id }).update({ createdAt: Date.now() - RING_SECONDS * 1000 - 1 });
    const current = (await (await b.client.get('/api/calls/current')).json()) as { call: CallView | null };
    assert.equal(current.call, null, 'no longer ringing');
    const row = await server.db('calls').where({ id: second.id }).first();
    assert.deepEqual([row.status, row.endReason], ['missed', 'missed']);
    const notifications = (await (await b.client.get(`/api/notifications/${b.user.id}`)).json()) as Array<Json>;
    const missed = notifications.find((n) => n.type === 'missed_call');
    assert.equal(missed?.title, 'Missed video call from Ravi Kumar');
    assert.equal(missed?.relatedItemId, a.user.id, 'it leads to the chat with the caller');
    const log = (await (await b.client.get(`/api/calls/with/${a.user.id}`)).json()) as CallsWithView;
    // (by id: the test moved the second ring's start back past the timeout, before the first)
    assert.deepEqual(log.calls.sort((x, y) => x.id - y.id).map((c) => [c.direction, c.status]), [['incoming', 'declined'], ['incoming', 'missed']]);
    assert.equal((await (await a.client.get(`/api/notifications/${a.user.id}`)).json()).filter((n: Json) => n.type === 'missed_call').length, 0, 'the caller is not told they missed their own call');
  });

  test('busy: a member in a call is not rung again; the caller gets 409 and the callee a missed call', async () => {
    const [a, b] = await matchedPair();
    const [c, d] = await matchedPair();
    const [user1Id, user2Id] = [c.user.id, b.user.id].sort((x, y) => x - y);
    await buildMatch(server.db, { user1Id, user2Id });
    const call = await ring(a, b);
    await b.client.post(`/api/calls/${call.id}/accept`, {});
    const busy = await c.client.post('/api/calls', { calleeId: b.user.id });
    assert.equal(busy.status, 409);
    assert.equal(((await busy.json()) as Json).message, `Priya ${CALL_TEXTS.theyAreBusy}`);
    const again = await a.client.post('/api/calls', { calleeId: b.user.id });
    assert.equal(((await again.json()) as Json).message, CALL_TEXTS.youAreBusy);
    const missed = await server.db('notifications').where({ userId: b.user.id, type: 'missed_call' });
    assert.equal(missed.length, 1);
    assert.equal(missed[0].relatedItemId, c.user.id);
    assert.equal((await server.db('calls').where({ callerId: c.user.id, calleeId: b.user.id }).first()).endReason, 'busy');
    // A callee without a name left is "this member", in the caller's language.
    await server.db('users').where({ id: b.user.id }).update({ fullName: '' });
    await server.db('users').where({ id: c.user.id }).update({ language: 'hi' });
    const hindi = await c.client.post('/api/calls', { calleeId: b.user.id });
    assert.equal(((await hindi.json()) as Json).message, 'संबंधित सदस्य अभी दूसरी कॉल पर हैं। थोड़ी देर बाद फिर कोशिश करें।');
    await server.db('users').where({ id: c.user.id }).update({ language: 'en' });
    const english = await c.client.post('/api/calls', { calleeId: b.user.id });
    assert.equal(((await english.json()) as Json).message, `This member ${CALL_TEXTS.theyAreBusy}`);
    await ring(c, d);
  });

  test('a caller whose rings go unanswered waits an hour before ringing that member again; calls an hour are capped', async () => {
    const [a, b] = await matchedPair();
    const hangUp = async (call: CallView) => assert.equal((await a.client.post(`/api/calls/${call.id}/hangup`, {})).status, 200);
    for (let i = 0; i < RING_LIMITS.unansweredPerMember; i++) await hangUp(await ring(a, b));
    const refused = await a.client.post('/api/calls', { calleeId: b.user.id });
    assert.equal(refused.status, 429);
    assert.equal(((await refused.json()) as Json).message, `Priya ${CALL_TEXTS.ringedEnough}`);
    assert.ok(Number(refused.headers.get('retry-after')) > 3000, 'about an hour');
    assert.equal((await server.db('calls').where({ callerId: a.user.id, calleeId: b.user.id })).length, RING_LIMITS.unansweredPerMember, 'no call was made');
    // The member who was rung may still call back, and an hour later the caller may ring again.
    const back = await b.client.post('/api/calls', { calleeId: a.user.id });
    assert.notEqual(back.status, 429);
    if (back.status === 201) await b.client.post(`/api/calls/${((await back.json()) as CallView).id}/hangup`, {});
    await server.db('calls').where({ callerId: a.user.id }).update({ createdAt: Date.now() - 3_600_001 });
    await hangUp(await ring(a, b));

    // Past the hourly cap of calls started (to anyone), the next is refused.
    await server.db('calls').where({ callerId: a.user.id }).update({ createdAt: Date.now() - 60_000, answeredAt: Date.now() - 50_000 });
    const made = (await server.db('calls').where({ callerId: a.user.id })).length;
    const filler = Array.from({ length: RING_LIMITS.startsPerHour - made }, () => ({ callerId: a.user.id, calleeId: b.user.id, status: 'ended', endReason: 'hangup', createdAt: Date.now() - 30_000, answeredAt: Date.now() - 20_000, endedAt: Date.now() - 10_000 }));
    await server.db('calls').insert(filler);
    const capped = await a.client.post('/api/calls', { calleeId: b.user.id });
    assert.equal(capped.status, 429);
    assert.equal(((await capped.json()) as Json).message, CALL_TEXTS.tooManyCalls);
  });

  test('a block ends a live call at once; an unlike (unmatch) too', async () => {
    const [a, b] = await matchedPair();
    const aEvents = eventsOf(a.user.id);
    const call = await ring(a, b);
    await b.client.post(`/api/calls/${call.id}/accept`, {});
    assert.equal((await b.client.post('/api/blocks', { userId: a.user.id })).status, 201);
    const row = await server.db('calls').where({ id: call.id }).first();
    assert.deepEqual([row.status, row.endReason], ['ended', 'blocked']);
    const last = aEvents.filter((e) => e.kind === 'call').at(-1)?.payload as { call: CallView };
    assert.deepEqual([last.call.status, last.call.ice], ['ended', null], 'the other side is told and holds no credentials');
    assert.equal((await a.client.post(`/api/calls/${call.id}/signal`, { to: b.user.id, candidate: { candidate: '' } })).status, 409);

    const [c, d] = await matchedPair();
    const second = await ring(c, d);
    await d.client.post(`/api/calls/${second.id}/accept`, {});
    const cProfile = await server.db('profiles').where({ userId: c.user.id }).first();
    assert.equal((await d.client.delete(`/api/profile-likes/${d.user.id}/${cProfile.id}`)).status, 200);
    assert.deepEqual(Object.values(await server.db('calls').where({ id: second.id }).first('status', 'endReason')), ['ended', 'unmatched']);
    assert.equal((await c.client.post('/api/calls', { calleeId: d.user.id })).status, 403, 'no longer a match');
  });

  test('a report from the call carries its time and length', async () => {
    const [a, b] = await matchedPair();
    const call = await ring(a, b);
    await b.client.post(`/api/calls/${call.id}/accept`, {});
    await server.db('calls').where({ id: call.id }).update({ answeredAt: Date.now() - 192_000 });
    await a.client.post(`/api/calls/${call.id}/hangup`, {});
    const res = await b.client.post(`/api/calls/${call.id}/report`, { reportedUserId: a.user.id, reason: 'harassment', details: 'Rude from the start' });
    assert.equal(res.status, 201);
    const report = await server.db('reports').where({ id: ((await res.json()) as Json).id }).first();
    assert.equal(report.filedFrom, 'video_call');
    assert.match(report.details, /^Reported from a video call started \d{4}-\d\d-\d\d \d\d:\d\d UTC, length 3 min 1\d s\.\n\nRude from the start$/);
    const stranger = await signedInClient(server);
    assert.equal((await stranger.client.post(`/api/calls/${call.id}/report`, { reportedUserId: a.user.id, reason: 'harassment' })).status, 404);
    assert.equal((await b.client.post(`/api/calls/${call.id}/report`, { reportedUserId: stranger.user.id, reason: 'harassment' })).status, 404);
  });
});

describe('a family introduction', () => {
  test('a member adds family they allowed to join calls (mayCall, off by default), up to two a side', async () => {
    const [a, b] = await matchedPair();
    const profile = await server.db('profiles').where({ userId: b.user.id }).first();
    await buildProfileFamily(server.db, { profileId: profile.id, consent: 'self' });
    const helpers: Member[] = [];
    for (const relation of ['mother', 'father', 'sibling']) {
      const helper = await signedInClient(server, { fullName: `Helper ${relation}` });
      await buildFamilyMember(server.db, { profileId: profile.id, userId: helper.user.id, relation });
      helpers.push(helper);
    }
    const call = await ring(a, b);
    const tooEarly = await b.client.post(`/api/calls/${call.id}/family`, { userId: helpers[0].user.id });
    assert.equal(tooEarly.status, 409, 'family join an answered call');
    await b.client.post(`/api/calls/${call.id}/accept`, {});
    const off = (await (await b.client.get(`/api/calls/${call.id}/family`)).json()) as { allowed: boolean; people: CallFamilyOption[] };
    assert.deepEqual(off, { allowed: false, people: [] });
    const refused = await b.client.post(`/api/calls/${call.id}/family`, { userId: helpers[0].user.id });
    assert.equal(refused.status, 403);
    assert.equal(((await refused.json()) as Json).message, CALL_TEXTS.familyNotAllowed);

    assert.equal((await b.client.patch(`/api/family/${profile.id}/permissions`, { mayCall: true })).status, 200);
    const on = (await (await b.client.get(`/api/calls/${call.id}/family`)).json()) as { allowed: boolean; people: CallFamilyOption[] };
    assert.deepEqual(on.people.map((p) => p.name), ["Priya's mother", "Priya's father", "Priya's sibling"]);
    assert.equal((await a.client.post(`/api/calls/${call.id}/family`, { userId: helpers[0].user.id })).status, 403, "the other side's family is not theirs to add");
    assert.equal((await helpers[0].client.get(`/api/calls/${call.id}`)).status, 404, 'not in the call before being added');

    for (const helper of helpers.slice(0, 2)) assert.equal((await b.client.post(`/api/calls/${call.id}/family`, { userId: helper.user.id })).status, 200);
    const full = await b.client.post(`/api/calls/${call.id}/family`, { userId: helpers[2].user.id });
    assert.equal(full.status, 409);
    assert.equal(((await full.json()) as Json).message, CALL_TEXTS.familyFull);

    const rung = (await (await helpers[0].client.get('/api/calls/current')).json()) as { call: CallView };
    assert.equal(rung.call.you.role, 'family');
    assert.equal(rung.call.ice?.iceServers[0].username.split(':')[1], String(helpers[0].user.id), 'each participant gets their own credentials');
    const joined = (await (await helpers[0].client.post(`/api/calls/${call.id}/accept`, {})).json()) as CallView;
    assert.deepEqual(joined.participants.map((p) => [p.name, p.state]), [['Ravi Kumar', 'joined'], ['Priya Raman', 'joined'], ["Priya's mother", 'joined'], ["Priya's father", 'invited']]);
    assert.equal((await helpers[0].client.post(`/api/calls/${call.id}/signal`, { to: a.user.id, candidate: { candidate: '' } })).status, 204, 'family talk to everyone in the call');
    assert.equal((await helpers[0].client.post(`/api/calls/${call.id}/family`, { userId: helpers[2].user.id })).status, 403, 'only the two members add family');

    // The candidate turns "join my video calls" off: the family in the call leave it at once, and may not be added.
    await helpers[1].client.post(`/api/calls/${call.id}/accept`, {});
    assert.equal((await b.client.patch(`/api/family/${profile.id}/permissions`, { mayCall: false })).status, 200);
    const dropped = (await (await a.client.get(`/api/calls/${call.id}`)).json()) as CallView;
    assert.deepEqual(dropped.participants.map((p) => p.state), ['joined', 'joined', 'left', 'left']);
    assert.equal(dropped.status, 'active', 'the two members go on');
    assert.equal((await b.client.post(`/api/calls/${call.id}/family`, { userId: helpers[0].user.id })).status, 403);
    await b.client.patch(`/api/family/${profile.id}/permissions`, { mayCall: true });
    for (const helper of helpers.slice(0, 2)) {
      assert.equal((await b.client.post(`/api/calls/${call.id}/family`, { userId: helper.user.id })).status, 200, 'added again');
      await helper.client.post(`/api/calls/${call.id}/accept`, {});
    }
    // Removed from the family: that one leaves the call.
    const member = await server.db('family_members').where({ profileId: profile.id, userId: helpers[1].user.id }).first();
    assert.equal((await b.client.delete(`/api/family/${profile.id}/members/${member.id}`)).status, 200);
    assert.equal(((await (await a.client.get(`/api/calls/${call.id}`)).json()) as CallView).participants.find((p) => p.userId === helpers[1].user.id)?.state, 'left');

    const left = (await (await helpers[0].client.post(`/api/calls/${call.id}/hangup`, {})).json()) as CallView;
    assert.equal(left.status, 'active', 'family leaving does not end the call');
    await b.client.post(`/api/calls/${call.id}/hangup`, {});
    const after = (await (await b.client.get(`/api/calls/${call.id}`)).json()) as CallView;
    assert.deepEqual([after.status, after.you.state, after.ice], ['ended', 'left', null]);
  });
});
