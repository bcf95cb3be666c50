import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { ProfileViewersView } from '../../../contracts/profile-views';
import type { User } from '../../models/user';
import { Client, type TestServer, startTestServer } from '../../test/harness';
import { buildProfile, buildUser, signedInClient } from '../../test/factories';

let server: TestServer;
before(async () => {
  server = await startTestServer();
});
after(() => server.close());

const DAY = 24 * 3600_000;

/** `viewer` opened `profileId` at `at` (a row of profile_views, as recordProfileView writes it). */
async function viewed(viewer: User, profileId: number, at: number) {
  await server.db('profile_views').insert({ viewerUserId: viewer.id, profileId, viewDate: new Date(at).toISOString().slice(0, 10), createdAt: at });
}

async function viewerWithProfile(fullName: string, role: 'member' | 'reviewer' = 'member') {
  const built = role === 'member' ? await signedInClient(server, { fullName }) : { ...(await buildUser(server, { fullName, role })), client: null };
  const profile = await buildProfile(server, built.user, { gender: 'male', lookingFor: 'female', fullName });
  return { ...built, profile };
}

async function ownerOf(tier: 'tryme' | 'premium') {
  const owner = await signedInClient(server, { tier, fullName: `Owner ${tier}` });
  const profile = await buildProfile(server, owner.user, { gender: 'female', lookingFor: 'male' });
  return { ...owner, profile };
}

describe('GET /api/profile-views/:userId', () => {
  test('a premium member sees each viewer once, by their latest view, newest first', async () => {
    const owner = await ownerOf('premium');
    const early = await viewerWithProfile('Early Viewer');
    const late = await viewerWithProfile('Late Viewer');
    const now = Date.now();
    await viewed(early.user, owner.profile.id, now - 5 * DAY);
    await viewed(late.user, owner.profile.id, now - 2 * DAY);
    await viewed(early.user, owner.profile.id, now - DAY);
    const res = await owner.client.get(`/api/profile-views/${owner.user.id}`);
    assert.equal(res.status, 200);
    const body = (await res.json()) as ProfileViewersView;
    assert.equal(body.count, 2);
    assert.equal(body.upgradeRequired, false);
    assert.deepEqual(body.viewers?.map((v) => v.fullName), ['Early Viewer', 'Late Viewer']);
    assert.equal(body.viewers?.[0].viewedAt, new Date(now - DAY).toISOString());
    assert.equal(body.viewers?.[0].id, early.profile.id);
  });

  test('a free (tryme) member gets the count and nobody: no name, no id', async () => {
    const owner = await ownerOf('tryme');
    const viewer = await viewerWithProfile('Hidden Rohan');
    await viewed(viewer.user, owner.profile.id, Date.now());
    const res = await owner.client.get(`/api/profile-views/${owner.user.id}`);
    assert.equal(res.status, 200);
    const text = await res.text();
    assert.deepEqual(JSON.parse(text), { count: 1, viewers: null, upgradeRequired: true });
    assert.doesNotMatch(text, /Rohan/);
  });

  test('never listed nor counted: blocked either way, visibility none, deleted, suspended, staff', async () => {
    const owner = await ownerOf('premium');
    const now = Date.now();
    const shown = await viewerWithProfile('Shown Viewer');
    const blockedByOwner = await viewerWithProfile('Blocked By Owner');
    const blockerOfOwner = await viewerWithProfile('Blocker Of Owner');
    const hidden = await viewerWithProfile('Hidden Viewer');
    const deleted = await viewerWithProfile('Deleted Viewer');
    const suspended = await viewerWithProfile('Suspended Viewer');
    const staff = await viewerWithProfile('Staff Viewer', 'reviewer');
    for (const v of [shown, blockedByOwner, blockerOfOwner, hidden, deleted, suspended, staff]) await viewed(v.user, owner.profile.id, now - 1000);
    assert.equal((await owner.client.post('/api/blocks', { userId: blockedByOwner.user.id })).status, 201);
    assert.equal((await blockerOfOwner.client?.post('/api/blocks', { userId: owner.user.id }))?.status, 201);
    assert.equal((await hidden.client?.patch(`/api/users/${hidden.user.id}/privacy-settings`, { profileVisibility: 'none' }))?.status, 200);
    await server.db('users').where({ id: deleted.user.id }).update({ isDeleted: true });
    await server.db('users').where({ id: suspended.user.id }).update({ status: 'suspended' });
    const body = (await (await owner.client.get(`/api/profile-views/${owner.user.id}`)).json()) as ProfileViewersView;
    assert.deepEqual(body.viewers?.map((v) => v.fullName), ['Shown Viewer']);
    assert.equal(body.count, 1);
  });

  test('a viewer who shows their profile to matches only is listed when matched, not otherwise', async () => {
    const owner = await ownerOf('premium');
    const matched = await viewerWithProfile('Matched Viewer');
    const stranger = await viewerWithProfile('Unmatched Viewer');
    assert.equal((await matched.client?.post('/api/profile-likes', { likedProfileId: owner.profile.id }))?.status, 201);
    assert.equal((await owner.client.post('/api/profile-likes', { likedProfileId: matched.profile.id })).status, 201);
    for (const v of [matched, stranger]) {
      await viewed(v.user, owner.profile.id, Date.now());
      assert.equal((await v.client?.patch(`/api/users/${v.user.id}/privacy-settings`, { profileVisibility: 'matches' }))?.status, 200);
    }
    const body = (await (await owner.client.get(`/api/profile-views/${owner.user.id}`)).json()) as ProfileViewersView;
    assert.deepEqual(body.viewers?.map((v) => v.fullName), ['Matched Viewer']);
    assert.equal(body.count, 1);
  });

  test("another member's viewers are refused (403) and a visitor is asked to sign in (401)", async () => {
    const owner = await ownerOf('premium');
    const snoop = await signedInClient(server, { tier: 'premium' });
    const viewer = await viewerWithProfile('Private Viewer');
    await viewed(viewer.user, owner.profile.id, Date.now());
    const res = await snoop.client.get(`/api/profile-views/${owner.user.id}`);
    assert.equal(res.status, 403);
    assert.doesNotMatch(await res.text(), /Private Viewer/);
    assert.equal((await new Client(server).get(`/api/profile-views/${owner.user.id}`)).status, 401);
  });

  test('a member without a profile has no viewers; a malformed id is a 400', async () => {
    const member = await signedInClient(server, { tier: 'premium' });
    assert.deepEqual(await (await member.client.get(`/api/profile-views/${member.user.id}`)).json(), { count: 0, viewers: [], upgradeRequired: false });
    assert.equal((await member.client.get('/api/profile-views/abc')).status, 400);
  });
});
