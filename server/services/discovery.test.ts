import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Profile } from '../models/profile';
import { visibleProfilesFilter } from '../policies/profile-visibility';
import { type TestServer, startTestServer } from '../test/harness';
import { buildProfile, buildUser, signedInClient } from '../test/factories';
import { User } from '../models/user';
import { presentCards } from './discovery';

let server: TestServer;
before(async () => {
  server = await startTestServer();
});
after(async () => {
  await server.close();
});

type Card = { id: number; userId: number; photosBlurred: boolean; matchPercentage: number | null };

async function man(city: string, overrides: Record<string, unknown> = {}) {
  const { user } = await buildUser(server);
  return buildProfile(server, user, { gender: 'male', lookingFor: 'female', city, country: 'Canada', ...overrides });
}

describe('presentCards', () => {
  test('keeps exactly the profiles the list form of the policy (visibleProfilesFilter) keeps, for every privacy state', async () => {
    const { user: viewer } = await buildUser(server);
    await buildProfile(server, viewer, { gender: 'female', lookingFor: 'male' });
    const profiles: Awaited<ReturnType<typeof man>>[] = [];
    for (let i = 0; i < 12; i++) profiles.push(await man('Regina'));
    const [none, matchesOnly, matchesMatched, matchesMatchedOther, blocked, blocker, deletedProfile, deletedUser, suspended, noPrivacyRow] = profiles;
    const db = server.db;
    const now = Date.now();
    await db('privacy_settings').where({ userId: none.userId }).update({ profileVisibility: 'none' });
    await db('privacy_settings').whereIn('userId', [matchesOnly.userId, matchesMatched.userId, matchesMatchedOther.userId]).update({ profileVisibility: 'matches' });
    const pair = (a: number, b: number) => (a < b ? { user1Id: a, user2Id: b } : { user1Id: b, user2Id: a });
    await db('matches').insert({ ...pair(viewer.id, matchesMatched.userId), createdAt: now });
    await db('matches').insert({ ...pair(viewer.id, matchesMatchedOther.userId), createdAt: now });
    await db('blocks').insert({ blockerId: viewer.id, blockedId: blocked.userId, createdAt: now });
    await db('blocks').insert({ blockerId: blocker.userId, blockedId: viewer.id, createdAt: now });
    await db('profiles').where({ id: deletedProfile.id }).update({ isDeleted: true });
    await db('users').where({ id: deletedUser.userId }).update({ isDeleted: true });
    await db('users').where({ id: suspended.userId }).update({ status: 'suspended' });
    await db('privacy_settings').where({ userId: noPrivacyRow.userId }).delete();

    const policy = (await Profile.query(db).modify(visibleProfilesFilter(viewer.id)).select('profiles.id')).map((p) => p.id).sort((a, b) => a - b);
    const present = async (who: { id: number }) => {
      const as = await User.query(db).findById(who.id);
      assert.ok(as);
      return presentCards(server.services, as, profiles.map((p) => p.id), new Map());
    };
    const shownIds = (await present(viewer)).map((c) => c.id).sort((a, b) => a - b);
    assert.deepEqual(shownIds, policy);
    for (const hiddenOne of [none, matchesOnly, blocked, blocker, deletedProfile, deletedUser, suspended]) assert.ok(!shownIds.includes(hiddenOne.id));
    for (const shown of [matchesMatched, matchesMatchedOther, noPrivacyRow, profiles[10], profiles[11]]) assert.ok(shownIds.includes(shown.id));
    // And from the other side: the blocked and blocker members do not see the viewer either.
    const viewerProfile = await db('profiles').where({ userId: viewer.id }).first('id');
    for (const other of [blocked, blocker]) {
      const as = await User.query(db).findById(other.userId);
      assert.ok(as);
      assert.deepEqual(await presentCards(server.services, as, [Number(viewerProfile.id)], new Map()), []);
    }
  });
});

describe('search pages', () => {
  test('every page is checked again when presented: hidden, blocked and blurred at once, a new match unblurs', async () => {
    const me = await signedInClient(server, { tier: 'premium' });
    await buildProfile(server, me.user, { gender: 'female', lookingFor: 'male', city: 'Halifax', country: 'Canada' });
    const men = [];
    for (let i = 0; i < 6; i++) men.push(await man('Saskatoon'));
    const db = server.db;
    const search = async (path: string) => {
      const res = await me.client.get(path);
      assert.equal(res.status, 200);
      return { cards: (await res.json()) as Card[], cursor: res.headers.get('x-next-cursor') };
    };
    const first = await search('/api/search?query=saskatoon&limit=3');
    assert.equal(first.cards.length, 3);
    assert.ok(first.cursor);
    const all = [...first.cards, ...(await search(`/api/search?query=saskatoon&limit=3&cursor=${encodeURIComponent(first.cursor ?? '')}`)).cards];
    assert.deepEqual(all.map((c) => c.id).sort(), men.map((m) => m.id).sort());

    // Changes after the first pages were read.
    const [hidden, blocked, blurred, blocker] = all.map((c) => c.userId);
    await db('privacy_settings').where({ userId: hidden }).update({ profileVisibility: 'none' });
    await db('blocks').insert({ blockerId: me.user.id, blockedId: blocked, createdAt: Date.now() });
    await db('blocks').insert({ blockerId: blocker, blockedId: me.user.id, createdAt: Date.now() });
    await db('privacy_settings').where({ userId: blurred }).update({ blurPhotos: true });
    const blurredProfile = all[2];
    await db('photos').insert({ userId: blurred, profileId: blurredProfile.id, purpose: 'profile', position: 0, fileKey: 'b'.repeat(32), width: 10, height: 10, bytes: 10, createdAt: Date.now() });

    const again = await search('/api/search?query=saskatoon&limit=6');
    const ids = again.cards.map((c) => c.userId);
    for (const gone of [hidden, blocked, blocker]) assert.ok(!ids.includes(gone), 'no longer visible');
    assert.equal(again.cards.find((c) => c.userId === blurred)?.photosBlurred, true);
    assert.equal(again.cards.length, 3);

    // A match lifts the blur at once.
    const pair = me.user.id < blurred ? { user1Id: me.user.id, user2Id: blurred } : { user1Id: blurred, user2Id: me.user.id };
    await db('matches').insert({ ...pair, createdAt: Date.now() });
    const matched = await search('/api/search?query=saskatoon&limit=6');
    assert.equal(matched.cards.find((c) => c.userId === blurred)?.photosBlurred, false);

  });
});

describe('daily matches on a large table', () => {
  test('the selection holds only visible candidates of the wanted gender, best first, stable all day', async () => {
    const me = await signedInClient(server, { tier: 'premium' });
    await buildProfile(server, me.user, { gender: 'female', lookingFor: 'male' });
    // Clones of a built profile, a third of them hidden.
    const template = await man('Winnipeg');
    const db = server.db;
    const userRow = await db('users').where({ id: template.userId }).first();
    const profileRow = await db('profiles').where({ id: template.id }).first();
    const privacyRow = await db('privacy_settings').where({ userId: template.userId }).first();
    const { id: _u, ...userFields } = userRow;
    const { id: _p, ...profileFields } = profileRow;
    const total = 3400;
    for (let start = 0; start < total; start += 100) {
      await db.transaction(async (trx) => {
        const users = [];
        for (let i = start; i < Math.min(total, start + 100); i++) {
          users.push({ ...userFields, username: `clone_${i}`, usernameLower: `clone_${i}`, email: `clone_${i}@example.test`, emailLower: `clone_${i}@example.test` });
        }
        for (let k = 0; k < users.length; k += 20) await trx('users').insert(users.slice(k, k + 20));
        const userIds = (await trx('users').whereIn('usernameLower', users.map((u) => u.usernameLower)).orderBy('id').select('id')).map((r) => Number(r.id));
        const profiles = userIds.map((userId, k) => ({ ...profileFields, userId, gender: k % 3 === 0 ? 'female' : 'male' }));
        for (let k = 0; k < profiles.length; k += 20) await trx('profiles').insert(profiles.slice(k, k + 20));
        const privacy = userIds.map((userId) => ({ ...privacyRow, userId }));
        for (let k = 0; k < privacy.length; k += 20) await trx('privacy_settings').insert(privacy.slice(k, k + 20));
      });
    }
    // Hide a third of the men: none of them may be chosen.
    const hiddenUsers = (await db('profiles').where('gender', 'male').whereRaw('id % 3 = 1').select('userId')).map((r) => Number(r.userId));
    for (let k = 0; k < hiddenUsers.length; k += 500) {
      await db('privacy_settings').whereIn('userId', hiddenUsers.slice(k, k + 500)).update({ profileVisibility: 'none' });
    }
    const daily = (await (await me.client.get('/api/matches/daily')).json()) as Card[];
    assert.equal(daily.length, 10);
    const rows = await db('profiles').whereIn('id', daily.map((c) => c.id)).select('id', 'gender', 'userId');
    const hidden = new Set(hiddenUsers);
    for (const r of rows) {
      assert.equal(r.gender, 'male');
      assert.ok(!hidden.has(Number(r.userId)), 'hidden profiles are never chosen');
    }
    for (let i = 1; i < daily.length; i++) assert.ok((daily[i - 1].matchPercentage ?? 0) >= (daily[i].matchPercentage ?? 0), 'best first');
    const again = (await (await me.client.get('/api/matches/daily')).json()) as Card[];
    assert.deepEqual(again.map((c) => c.id), daily.map((c) => c.id));
  });
});
