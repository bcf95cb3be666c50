import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { apiRouters } from './app';
import type { User } from './models/user';
import { type Client, type TestServer, startTestServer } from './test/harness';
import { buildProfile, signedInClient } from './test/factories';
import { withoutErrorId } from './test/error-bodies';
import { buildBlock } from './test/table-factories';

/**
 * An attacker's walk: every API route with a member's user id or profile id in it (taken from the router, so a
 * new route is walked automatically), plus the routes that take one in the body, called by a signed-in member
 * about someone whose profile is hidden from them, someone who blocked them, and ids that do not exist. Each
 * route must answer all of them identically — status and body — so walking ids reveals nobody.
 */

let server: TestServer;
before(async () => {
  server = await startTestServer();
});
after(() => server.close());

const USER_PARAMS = new Set(['userId', 'userId1', 'userId2', 'otherUserId']);
const NO_ONE = 987_654_321;

interface Target {
  kind: string;
  userId: number;
  profileId: number;
}

function routeTable(): Array<{ method: string; path: string }> {
  const services = { config: server.config, db: server.db, live: { publish() {}, subscribe: () => () => {}, listenerCount: () => 0 } as never, engine: {} as never, cards: {} as never, log: () => {}, metrics: {} as never, media: {} as never, lifecycle: { draining: false } };
  const out: Array<{ method: string; path: string }> = [];
  for (const router of apiRouters(services)) {
    for (const layer of router.stack) for (const method of layer.methods) if (method !== 'HEAD') out.push({ method, path: String(layer.path) });
  }
  return out.filter((r) => !r.path.startsWith('/api/ops/'));
}

/** The path with the caller's and the target's ids put in, or null when no parameter names a member. */
function fill(path: string, self: User, target: Target): string | null {
  const params = [...path.matchAll(/:(\w+)/g)].map((m) => m[1]);
  const memberParams = params.filter((p) => USER_PARAMS.has(p) || p === 'profileId' || (p === 'id' && path.startsWith('/api/profiles/')));
  if (memberParams.length === 0) return null;
  // Other kinds of ids (photos, shares, sessions, tokens) are not walked here.
  if (params.some((p) => !memberParams.includes(p) && p !== 'stage')) return null;
  let filled = path.replace(':stage', '1');
  memberParams.forEach((param, index) => {
    const isTarget = index === memberParams.length - 1;
    const isProfile = param === 'profileId' || param === 'id';
    const value = isProfile ? (isTarget ? target.profileId : NO_ONE) : isTarget ? target.userId : self.id;
    filled = filled.replace(`:${param}`, String(value));
  });
  return filled;
}

/** Routes that take a member in the body. */
const BODY_ROUTES: Array<{ method: string; path: string; body: (t: Target) => Record<string, unknown> }> = [
  { method: 'POST', path: '/api/messages', body: (t) => ({ receiverId: t.userId, content: 'Hello there' }) },
  { method: 'POST', path: '/api/blocks', body: (t) => ({ userId: t.userId }) },
  { method: 'POST', path: '/api/reports', body: (t) => ({ reportedUserId: t.userId, reason: 'fake_profile' }) },
  { method: 'POST', path: '/api/profile-likes', body: (t) => ({ likedProfileId: t.profileId }) },
];

async function member(fullName: string) {
  const built = await signedInClient(server, { fullName, tier: 'premium' });
  const profile = await buildProfile(server, built.user, { gender: 'female', lookingFor: 'male' });
  return { ...built, profile };
}

/** Fresh people for each call, so one route's side effects cannot change the next answer. */
async function scene(): Promise<{ attacker: Awaited<ReturnType<typeof member>>; targets: Target[] }> {
  const attacker = await signedInClient(server, { fullName: 'Curious Member', tier: 'premium' });
  await buildProfile(server, attacker.user, { gender: 'male', lookingFor: 'female' });
  const hidden = await member('Hidden Member');
  await server.db('privacy_settings').where({ userId: hidden.user.id }).update({ profileVisibility: 'none' });
  const matchesOnly = await member('Matches Only Member');
  await server.db('privacy_settings').where({ userId: matchesOnly.user.id }).update({ profileVisibility: 'matches' });
  const blocker = await member('Blocking Member');
  await buildBlock(server.db, { blockerId: blocker.user.id, blockedId: attacker.user.id });
  return {
    attacker: { ...attacker, profile: null as never },
    targets: [
      { kind: 'hidden from everyone', userId: hidden.user.id, profileId: hidden.profile.id },
      { kind: 'shown to matches only', userId: matchesOnly.user.id, profileId: matchesOnly.profile.id },
      { kind: 'has blocked the caller', userId: blocker.user.id, profileId: blocker.profile.id },
      { kind: 'does not exist', userId: NO_ONE, profileId: NO_ONE },
    ],
  };
}

async function answer(client: Client, method: string, path: string, body?: Record<string, unknown>) {
  const res = await client.request(method, path, body === undefined ? {} : { json: body });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    /* not JSON: compared as text */
  }
  // Every request has its own errorId; the rest of an error body must not tell the targets apart.
  if (res.status >= 400) return { status: res.status, body: withoutErrorId(parsed), errorId: (parsed as { errorId: string }).errorId };
  return { status: res.status, body: parsed, errorId: null };
}

test('hidden, blocked and non-existent members get identical answers on every route that names a member', async () => {
  const walked: string[] = [];
  const routes = routeTable();
  for (const route of [...routes.map((r) => ({ ...r, body: undefined })), ...BODY_ROUTES]) {
    const { attacker, targets } = await scene();
    const answers: Array<{ kind: string; status: number; body: unknown; errorId: string | null }> = [];
    for (const target of targets) {
      const path = route.body ? route.path : fill(route.path, attacker.user, target);
      if (!path) break;
      answers.push({ kind: target.kind, ...(await answer(attacker.client, route.method, path, route.body?.(target))) });
    }
    if (answers.length === 0) continue;
    walked.push(`${route.method} ${route.path}`);
    // "Does not exist" is last: every other answer must look exactly like it.
    const reference = answers[answers.length - 1];
    const rest = answers.slice(0, -1);
    for (const other of rest) {
      assert.deepEqual(
        { status: other.status, body: other.body },
        { status: reference.status, body: reference.body },
        `${route.method} ${route.path}: "${other.kind}" answers differently from "${reference.kind}"`,
      );
    }
    const errorIds = answers.flatMap((a) => (a.errorId ? [a.errorId] : []));
    assert.equal(new Set(errorIds).size, errorIds.length, `${route.method} ${route.path}: each error has its own errorId`);
  }
  // The walk covers the routes the attack used, so a refactor cannot quietly drop them.
  for (const route of ['GET /api/messages/:userId/:otherUserId/peer', 'POST /api/blocks', 'POST /api/reports', 'POST /api/messages', 'GET /api/profiles/:id', 'PATCH /api/profiles/:id', 'POST /api/profiles/:id/share']) {
    assert.ok(walked.includes(route), `${route} was walked`);
  }
});

test('the peer endpoint and new conversations: a hidden member is no one; a conversation already held goes on', async () => {
  const { attacker, targets } = await scene();
  const hidden = targets[0];
  const peer = await attacker.client.get(`/api/messages/${attacker.user.id}/${hidden.userId}/peer`);
  assert.equal(peer.status, 404);
  assert.doesNotMatch(JSON.stringify(await peer.json()), /Hidden Member|lastSeen|online/);
  assert.equal((await attacker.client.post('/api/messages', { receiverId: hidden.userId, content: 'cold message' })).status, 404);
  assert.equal((await server.db('messages').where({ receiverId: hidden.userId })).length, 0);
  assert.equal((await attacker.client.post('/api/blocks', { userId: hidden.userId })).status, 404);
  assert.deepEqual(await (await attacker.client.get('/api/blocks')).json(), [], 'nothing to list afterwards');

  // Two members who already talk keep talking after one of them hides their profile.
  const { attacker: friend, targets: others } = await scene();
  const visible = await member('Visible Then Hidden');
  assert.equal((await friend.client.post('/api/messages', { receiverId: visible.user.id, content: 'Namaste' })).status, 201);
  await server.db('privacy_settings').where({ userId: visible.user.id }).update({ profileVisibility: 'none' });
  const stillPeer = await friend.client.get(`/api/messages/${friend.user.id}/${visible.user.id}/peer`);
  assert.equal(stillPeer.status, 200);
  const body = (await stillPeer.json()) as Record<string, unknown>;
  assert.equal(body.fullName, 'Visible Then Hidden');
  assert.equal(body.profileId, null, 'the hidden profile itself is not linked');
  assert.equal((await friend.client.post('/api/messages', { receiverId: visible.user.id, content: 'Still there?' })).status, 201);
  assert.ok(others.length > 0);
});

test('a member may report someone they blocked first', async () => {
  const { attacker } = await scene();
  const harasser = await member('Harassing Member');
  assert.equal((await attacker.client.post('/api/blocks', { userId: harasser.user.id })).status, 201);
  assert.equal((await attacker.client.post('/api/blocks', { userId: harasser.user.id })).status, 201, 'blocking again is harmless');
  const report = await attacker.client.post('/api/reports', { reportedUserId: harasser.user.id, reason: 'harassment' });
  assert.equal(report.status, 201);
});

test("owner-only profile routes answer 404 for every profile the caller does not own, visible or not", async () => {
  const { attacker } = await scene();
  const visible = await member('Visible Member');
  for (const [method, path, body] of [
    ['PATCH', `/api/profiles/{id}`, { about: 'taken over' }],
    ['DELETE', `/api/profiles/{id}`, undefined],
    ['POST', `/api/profiles/{id}/share`, { expirationDays: 7 }],
    ['GET', `/api/profiles/{id}/shares`, undefined],
    ['POST', `/api/profiles/{id}/completion/1`, {}],
  ] as const) {
    const theirs = await answer(attacker.client, method, path.replace('{id}', String(visible.profile.id)), body);
    const none = await answer(attacker.client, method, path.replace('{id}', String(NO_ONE)), body);
    assert.equal(theirs.status, 404, `${method} ${path}`);
    assert.deepEqual({ status: theirs.status, body: theirs.body }, { status: none.status, body: none.body }, `${method} ${path}: someone else's profile answers like none`);
    assert.notEqual(theirs.errorId, none.errorId, 'each error has its own errorId');
  }
  assert.equal((await server.db('profiles').where({ id: visible.profile.id }).first()).about, visible.profile.about);
});

test('a tryme member is told that someone liked them, not who; a paid member sees who', async () => {
  const admirer = await member('Alice Admirer');
  for (const tier of ['tryme', 'premium'] as const) {
    const liked = await signedInClient(server, { tier });
    const likedProfile = await buildProfile(server, liked.user, { gender: 'male', lookingFor: 'female' });
    assert.equal((await admirer.client.post('/api/profile-likes', { likedProfileId: likedProfile.id })).status, 201);
    const list = (await (await liked.client.get(`/api/notifications/${liked.user.id}`)).json()) as Array<Record<string, unknown>>;
    const like = list.find((n) => n.type === 'like');
    assert.ok(like, tier);
    if (tier === 'tryme') {
      assert.doesNotMatch(JSON.stringify(like), /Alice|Admirer/);
      assert.equal(like.relatedItemId, null);
      assert.equal(like.sourceId, null);
      assert.equal((await liked.client.get(`/api/profile-likes/${liked.user.id}/received`)).status, 403, 'the list agrees');
    } else {
      assert.match(String(like.content), /Alice Admirer/);
      assert.equal(like.relatedItemId, admirer.profile.id);
    }
  }
});
