import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { Cursors } from './cursor';
import type { SearchFilters } from './filters';
import { blankValues } from './line-columns';
import { MemberIndex } from './member-index';
import type { MemberValues } from './member-row';
import { Passes } from './passes';
import { searchPage } from './queries';
import type { Relations } from './relations';
import { Scorer } from './scorer';
import { SortedOrders } from './sorted-orders';
import { NO_DOB } from './store';

/**
 * Sorted searches walk presorted orders (sorted-orders.ts): for random members and random changes (last active and
 * creation moving in place, birth dates and genders moving a member, members leaving and arriving), every page of
 * every sort, followed by its cursors, must equal a brute force over the same members, and the sweep of every
 * member the engine ran before the orders. Tails are merged after a handful of changes, so merges happen often.
 */

const HOUR = 3_600_000;
const NOW = Date.UTC(2026, 11, 1);
const NO_RELATIONS: Relations = { blocked: [], matched: [], liked: [], notInterested: [], family: [], moodSignals: false };

interface Member {
  userId: number;
  profileId: number;
  gender: number;
  lookingFor: number;
  dob: number;
  createdAt: number | null;
  lastActiveAt: number | null;
  height: number | null;
  hasPhoto: boolean;
  visibility: number;
}

const memberArb = fc.record({
  gender: fc.constantFrom(1, 2),
  lookingFor: fc.constantFrom(0, 1, 2, 2, 1),
  // Few distinct keys, so ties (ordered by profile id) are common.
  dob: fc.oneof(fc.constant(NO_DOB), fc.integer({ min: 7000, max: 7030 })),
  createdAt: fc.option(fc.integer({ min: 0, max: 40 }).map((m) => NOW - m * 60_000), { nil: null }),
  lastActiveAt: fc.option(fc.integer({ min: 0, max: 30 }).map((h) => NOW - h * HOUR), { nil: null }),
  height: fc.option(fc.integer({ min: 150, max: 190 }), { nil: null }),
  hasPhoto: fc.boolean(),
  visibility: fc.constantFrom(0, 0, 0, 2),
});

type Change =
  | { kind: 'active' | 'created' | 'dob' | 'gender' | 'visibility' | 'leave'; who: number; value: number }
  | { kind: 'arrive'; member: Omit<Member, 'userId' | 'profileId'> };

const changeArb = (n: number): fc.Arbitrary<Change> =>
  fc.oneof(
    { weight: 6, arbitrary: fc.record({ kind: fc.constant('active' as const), who: fc.nat({ max: n - 1 }), value: fc.integer({ min: -5, max: 0 }) }) },
    fc.record({ kind: fc.constantFrom('created' as const, 'dob' as const, 'gender' as const, 'visibility' as const, 'leave' as const), who: fc.nat({ max: n - 1 }), value: fc.nat({ max: 40 }) }),
    memberArb.map((member) => ({ kind: 'arrive' as const, member })),
  );

function valuesOf(m: Member): MemberValues {
  return {
    ...blankValues(),
    profileId: m.profileId,
    userId: m.userId,
    gender: m.gender,
    lookingFor: m.lookingFor,
    dob: m.dob,
    createdAt: m.createdAt,
    lastActiveAt: m.lastActiveAt,
    height: m.height,
    hasPhoto: m.hasPhoto,
    visibility: m.visibility,
    active: true,
    member: true,
  };
}

/** Whom the viewer's sorted search lists, in order, by brute force. */
function brute(members: Map<number, Member>, viewer: Member, filters: SearchFilters): number[] {
  const key = (m: Member) =>
    filters.sort === 'newest'
      ? m.createdAt === null ? 0 : Math.floor(m.createdAt / 60_000)
      : filters.sort === 'active'
        ? m.lastActiveAt === null ? -1 : Math.floor(m.lastActiveAt / HOUR)
        : m.dob;
  return [...members.values()]
    .filter((m) => m.userId !== viewer.userId && m.visibility === 0)
    .filter((m) => (viewer.lookingFor === 0 || m.gender === viewer.lookingFor) && (m.lookingFor === 0 || m.lookingFor === viewer.gender))
    .filter((m) => !filters.hasPhoto || m.hasPhoto)
    .filter((m) => filters.minHeightCm === undefined || (m.height !== null && m.height >= filters.minHeightCm))
    .filter((m) => filters.maxHeightCm === undefined || (m.height !== null && m.height <= filters.maxHeightCm))
    .sort((a, b) => key(b) - key(a) || a.profileId - b.profileId)
    .map((m) => m.profileId);
}

function everyPage(index: MemberIndex, viewerId: number, filters: SearchFilters, limit: number): { ids: number[]; total: number } {
  const q = { index, scorer: new Scorer(index.dicts), passes: new Passes() };
  const cursors = new Cursors(['sorted-orders test']);
  const ids: number[] = [];
  let cursor: string | undefined;
  let total = -1;
  for (let guard = 0; guard < 1000; guard++) {
    const page = searchPage(q, cursors, { id: viewerId, role: 'member' }, NO_RELATIONS, filters, { cursor, limit, digest: 'test' });
    if (total === -1) total = page.total;
    ids.push(...page.results.map((r) => r.profileId));
    if (!page.nextCursor) break;
    cursor = page.nextCursor;
  }
  return { ids, total };
}

test('sorted searches over the presorted orders: every page equals a brute force and the sweep of everyone, through changes and merges', () => {
  // Without filters on single members the orders are walked (the total from the counts); with them, one sweep.
  const filtersArb = fc
    .tuple(
      fc.constantFrom('newest' as const, 'active' as const, 'age' as const),
      fc.oneof(
        { weight: 4, arbitrary: fc.constant({}) },
        fc.constant({ hasPhoto: true }),
        fc.record({ minHeightCm: fc.integer({ min: 150, max: 170 }), maxHeightCm: fc.integer({ min: 170, max: 190 }) }, { requiredKeys: [] }),
      ),
    )
    .map(([sort, more]): SearchFilters => ({ tokens: [], sort, ...more }));
  fc.assert(
    fc.property(
      fc.array(memberArb, { minLength: 2, maxLength: 300 }).chain((initial) =>
        fc.tuple(fc.constant(initial), fc.array(fc.tuple(fc.array(changeArb(initial.length), { maxLength: 40 }), fc.nat({ max: initial.length - 1 }), filtersArb, fc.integer({ min: 1, max: 12 })), { minLength: 1, maxLength: 6 })),
      ),
      ([initial, rounds]) => {
        const members = new Map<number, Member>();
        let nextId = 1;
        const build = MemberIndex.forBuild(initial.length + 8);
        for (const m of initial) {
          const member = { ...m, userId: nextId, profileId: nextId++ };
          members.set(member.userId, member);
          build.put(valuesOf(member), NOW);
        }
        const index = build.clustered();
        // Tails merged after a few entries, so the merge is exercised as often as the walk.
        index.orders = SortedOrders.make(index.store, 3);
        const order = [...members.keys()];
        for (const [changes, who, filters, limit] of rounds) {
          for (const change of changes) {
            if (change.kind === 'arrive') {
              const member = { ...change.member, userId: nextId, profileId: nextId++ };
              members.set(member.userId, member);
              order.push(member.userId);
              index.put(valuesOf(member), NOW);
              continue;
            }
            const m = members.get(order[change.who % order.length]);
            if (!m) continue;
            if (change.kind === 'leave') {
              members.delete(m.userId);
              index.remove(m.userId);
              continue;
            }
            if (change.kind === 'active') m.lastActiveAt = NOW + change.value * HOUR;
            if (change.kind === 'created') m.createdAt = NOW - change.value * 60_000;
            if (change.kind === 'dob') m.dob = 7000 + change.value;
            if (change.kind === 'gender') m.gender = 3 - m.gender;
            if (change.kind === 'visibility') m.visibility = m.visibility === 0 ? 2 : 0;
            index.put(valuesOf(m), NOW);
          }
          const viewer = members.get(order[who % order.length]);
          if (!viewer) continue;
          const expected = brute(members, viewer, filters);
          const got = everyPage(index, viewer.userId, filters, limit);
          assert.deepEqual(got.ids, expected);
          assert.equal(got.total, expected.length);
          // The sweep of every member (no orders) gives the same pages.
          const orders: SortedOrders | null = index.orders;
          index.orders = null;
          const swept = everyPage(index, viewer.userId, filters, limit);
          index.orders = orders;
          assert.deepEqual(swept.ids, expected);
        }
      },
    ),
    { numRuns: Number(process.env.ORACLE_RUNS ?? 150) },
  );
});
