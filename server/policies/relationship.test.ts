import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import fc from 'fast-check';
import { Profile } from '../models/profile';
import { type TestServer, startTestServer } from '../test/harness';
import { buildProfile, buildUser } from '../test/factories';
import { visibleProfilesFilter } from './profile-visibility';
import { type PairFacts, type TargetFacts, decideFamily, decideRelationship, mayLikeOrMessageAsSelf, relationshipBetween } from './relationship';
import { buildBlock, buildMatch, buildProfileFamily } from '../test/table-factories';

let server: TestServer;
before(async () => {
  server = await startTestServer();
});
after(() => server.close());

const memberArb = fc.record({
  role: fc.constantFrom('member', 'member', 'member', 'reviewer'),
  status: fc.constantFrom('active', 'active', 'active', 'suspended'),
  isDeleted: fc.constantFrom(false, false, false, true),
  profile: fc.constantFrom('live', 'live', 'live', 'deleted', 'declined', 'gated', 'gate-passed', 'none'),
  visibility: fc.constantFrom('all', 'all', 'matches', 'none'),
  blurPhotos: fc.boolean(),
});

describe('the relationship policy', () => {
  test('its list form (SQL, used by search, likes, matches and pickers) equals its pair form over random members', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(memberArb, { minLength: 3, maxLength: 7 }),
        fc.array(fc.tuple(fc.nat(6), fc.nat(6)), { maxLength: 8 }),
        fc.array(fc.tuple(fc.nat(6), fc.nat(6)), { maxLength: 8 }),
        async (members, blockPairs, matchPairs) => {
          const users: Awaited<ReturnType<typeof buildUser>>['user'][] = [];
          for (const m of members) {
            const { user } = await buildUser(server, { role: m.role as 'member' | 'reviewer' });
            await server.db('users').where({ id: user.id }).update({ status: m.status, isDeleted: m.isDeleted });
            await server.db('privacy_settings').where({ userId: user.id }).update({ profileVisibility: m.visibility, blurPhotos: m.blurPhotos });
            if (m.profile !== 'none') {
              const profile = await buildProfile(server, user);
              if (m.profile === 'deleted') await server.db('profiles').where({ id: profile.id }).update({ isDeleted: true });
              // made by family and declined by the person it was for: hidden from everyone
              if (m.profile === 'declined') await buildProfileFamily(server.db, { profileId: profile.id, consent: 'declined' });
              // made by family behind the consent gate: hidden from others until the candidate confirms; then shown
              if (m.profile === 'gated') await buildProfileFamily(server.db, { profileId: profile.id, consent: 'unconfirmed', hiddenUntilConfirmed: true });
              if (m.profile === 'gate-passed') await buildProfileFamily(server.db, { profileId: profile.id, consent: 'confirmed', hiddenUntilConfirmed: true });
            }
            users.push(user);
          }
          const at = (i: number) => users[i % users.length];
          // Random pairs repeat: each block and each match goes in once.
          const built = new Set<string>();
          for (const [a, b] of blockPairs) {
            const key = `block ${at(a).id} ${at(b).id}`;
            if (at(a).id !== at(b).id && !built.has(key)) await buildBlock(server.db, { blockerId: at(a).id, blockedId: at(b).id });
            built.add(key);
          }
          for (const [a, b] of matchPairs) {
            const [user1Id, user2Id] = [at(a).id, at(b).id].sort((x, y) => x - y);
            const key = `match ${user1Id} ${user2Id}`;
            if (user1Id !== user2Id && !built.has(key)) await buildMatch(server.db, { user1Id, user2Id });
            built.add(key);
          }
          const ids = users.map((u) => u.id);
          // Lists are what signed-in members see (staff work in the console; suspended members cannot sign in).
          for (const [index, viewer] of users.entries()) {
            const m = members[index];
            if (m.role !== 'member' || m.status !== 'active' || m.isDeleted) continue;
            // Its own account always sees a live profile, the consent gate or not.
            if (m.profile === 'gated' || m.profile === 'gate-passed' || m.profile === 'live') assert.equal((await relationshipBetween(server.db, viewer, viewer.id)).mayViewProfile, true);
            const listed = new Set(
              (await Profile.query(server.db).modify(visibleProfilesFilter(viewer.id)).whereIn('profiles.userId', ids).select('profiles.userId')).map((p) => p.userId),
            );
            for (const target of users) {
              if (target.id === viewer.id) continue;
              const pair = await relationshipBetween(server.db, viewer, target.id);
              assert.equal(listed.has(target.id), pair.mayViewProfile, `viewer ${viewer.id} → ${target.id}`);
            }
          }
        },
      ),
      { numRuns: 12 },
    );
  });

  const target = (overrides: Partial<TargetFacts> = {}): TargetFacts => ({
    userId: 2, active: true, isMember: true, profileLive: true, visibility: 'all', blurPhotos: false, allowMessagesFrom: 'all', ...overrides,
  });
  const pair = (overrides: Partial<PairFacts> = {}): PairFacts => ({ blocked: false, viewerBlocked: false, matched: false, conversed: false, ...overrides });
  const viewer = { userId: 1, isStaff: false };

  test('the rules, one at a time', () => {
    assert.equal(decideRelationship(viewer, target(), pair()).mayViewProfile, true);
    assert.equal(decideRelationship(null, target(), pair()).mayViewProfile, false, 'visitors: shared links only');
    assert.deepEqual(decideRelationship(viewer, target(), pair({ blocked: true })).knows, false, 'a block erases the other');
    assert.equal(decideRelationship(viewer, target(), pair({ blocked: true, viewerBlocked: true })).mayBlockOrReport, true, 'block, then report');
    assert.equal(decideRelationship(viewer, target({ visibility: 'matches' }), pair()).mayViewProfile, false);
    assert.equal(decideRelationship(viewer, target({ visibility: 'matches' }), pair({ matched: true })).mayViewProfile, true);
    assert.equal(decideRelationship(viewer, target({ visibility: 'none' }), pair({ matched: true })).mayViewProfile, false);
    assert.equal(decideRelationship(viewer, target({ visibility: 'none' }), pair({ conversed: true })).knows, true, 'a conversation already held goes on');
    assert.equal(decideRelationship(viewer, target({ visibility: 'none' }), pair()).messageRefusal, 'unknown', 'no cold messages to a hidden member');
    assert.equal(decideRelationship(viewer, target({ blurPhotos: true }), pair()).clearPhotos, false);
    assert.equal(decideRelationship(viewer, target({ blurPhotos: true }), pair({ matched: true })).clearPhotos, true);
    assert.equal(decideRelationship(viewer, target({ allowMessagesFrom: 'matches' }), pair()).messageRefusal, 'matches-only');
    assert.equal(decideRelationship(viewer, target({ allowMessagesFrom: 'none' }), pair({ matched: true })).messageRefusal, 'not-accepting');
    assert.equal(decideRelationship(viewer, target({ active: false }), pair({ matched: true })).knows, false, 'suspended or deleted: no one');
    assert.equal(decideRelationship({ userId: 9, isStaff: true }, target({ visibility: 'none', blurPhotos: true }), pair()).clearPhotos, true, 'staff see everything');
    assert.equal(decideRelationship({ userId: 2, isStaff: false }, target({ visibility: 'none' }), pair()).mayViewProfile, true, 'the owner sees their own');
  });
});

describe('the family rules', () => {
  const all = { mayEdit: true, maySearch: true, mayLike: true, mayShortlist: true, mayMessage: true, mayShare: true, mayCall: true };
  const none = { mayEdit: false, maySearch: false, mayLike: false, mayShortlist: false, mayMessage: false, mayShare: false, mayCall: false };
  test('one at a time', () => {
    assert.equal(decideFamily({ role: null, consent: 'confirmed', permissions: all }, 'see-people'), false, 'nobody else');
    assert.equal(decideFamily({ role: 'family', consent: 'unconfirmed', permissions: none }, 'like'), true, 'before the candidate accepts, family runs the profile');
    assert.equal(decideFamily({ role: 'family', consent: 'unconfirmed', permissions: all }, 'invite-candidate'), true);
    assert.equal(decideFamily({ role: 'family', consent: 'unconfirmed', permissions: all }, 'set-permissions'), false);
    assert.equal(decideFamily({ role: 'family', consent: 'confirmed', permissions: none }, 'like'), false, 'then only as the candidate allows');
    assert.equal(decideFamily({ role: 'family', consent: 'confirmed', permissions: { ...none, mayLike: true } }, 'like'), true);
    assert.equal(decideFamily({ role: 'family', consent: 'confirmed', permissions: all }, 'invite-family'), false, 'only the candidate invites family');
    assert.equal(decideFamily({ role: 'family', consent: 'confirmed', permissions: all }, 'decide-suggestion'), false);
    assert.equal(decideFamily({ role: 'candidate', consent: 'confirmed', permissions: none }, 'remove-member'), true);
    assert.equal(decideFamily({ role: 'candidate', consent: 'self', permissions: none }, 'invite-candidate'), false);
    assert.equal(decideFamily({ role: 'family', consent: 'declined', permissions: all }, 'edit'), false, 'declined: nobody acts for it');
    assert.equal(decideFamily({ role: 'family', consent: 'declined', permissions: all }, 'see-people'), true);
    assert.equal(decideFamily({ role: 'candidate', consent: 'self', permissions: none }, 'share'), true, 'a member shares their own profile');
    assert.equal(decideFamily({ role: 'family', consent: 'unconfirmed', permissions: none }, 'share'), true, 'family share the profile they run');
    assert.equal(decideFamily({ role: 'family', consent: 'confirmed', permissions: none }, 'share'), false, 'then only as the candidate allows');
    assert.equal(decideFamily({ role: 'family', consent: 'confirmed', permissions: { ...none, mayShare: true } }, 'share'), true);
    assert.equal(decideFamily({ role: null, consent: 'self', permissions: all }, 'share'), false, 'nobody else');
    assert.equal(decideFamily({ role: 'candidate', consent: 'declined', permissions: all }, 'share'), false, 'a declined profile is not shared');
    assert.equal(decideFamily({ role: 'family', consent: 'unconfirmed', permissions: none }, 'set-consent-gate'), true, 'family choose the gate before the candidate confirms');
    assert.equal(decideFamily({ role: 'family', consent: 'confirmed', permissions: all }, 'set-consent-gate'), false, 'not after');
    assert.equal(decideFamily({ role: 'candidate', consent: 'confirmed', permissions: all }, 'set-consent-gate'), false, 'confirmed, there is no gate to set');
    assert.equal(decideFamily({ role: null, consent: 'unconfirmed', permissions: all }, 'set-consent-gate'), false, 'nobody else');
    assert.equal(decideFamily({ role: 'family', consent: 'confirmed', permissions: none }, 'call'), false, 'family join calls only as the candidate allows');
    assert.equal(decideFamily({ role: 'family', consent: 'confirmed', permissions: { ...none, mayCall: true } }, 'call'), true);
    assert.equal(decideFamily({ role: null, consent: 'confirmed', permissions: all }, 'call'), false, 'nobody else');
  });
  test("a helper's own account likes and writes only for the candidate, unless it has a profile of its own", () => {
    assert.equal(mayLikeOrMessageAsSelf({ helpsWithProfiles: true, hasOwnProfile: false }), false, 'a father helping his son, with no profile');
    assert.equal(mayLikeOrMessageAsSelf({ helpsWithProfiles: true, hasOwnProfile: true }), true, 'a sister helping her brother, looking herself');
    assert.equal(mayLikeOrMessageAsSelf({ helpsWithProfiles: false, hasOwnProfile: true }), true, 'any member');
    assert.equal(mayLikeOrMessageAsSelf({ helpsWithProfiles: false, hasOwnProfile: false }), true, 'a member yet to make a profile (other rules apply)');
  });
});
