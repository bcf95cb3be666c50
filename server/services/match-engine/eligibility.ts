import { type Audience, type PairFacts, type TargetFacts, decideRelationship } from '../../policies/relationship';
import { F_ACTIVE, F_LIVE, F_MEMBER, VIS_MASK, VIS_SHIFT } from './store';

/**
 * Who may be listed to whom is the relationship policy's decision (`mayViewProfile` of its pure core), asked here
 * once for every combination of the facts it reads — the target's account state, live profile and visibility,
 * and between the two a block either way and a match — instead of once per member per query. The engine then
 * reads the answer from a table indexed by the member's flags and the pair's two bits. The engine adds only its
 * own rules on top: not the viewer, and gender wanted both ways.
 */

export const PAIR_BLOCKED = 1;
export const PAIR_MATCHED = 2;

const AUDIENCES: Audience[] = ['all', 'matches', 'none'];
const CLASS_MASK = F_ACTIVE | F_MEMBER | F_LIVE | VIS_MASK;

/** MAY_LIST[isStaff][(flags & CLASS_MASK) * 4 + pairBits] */
function buildTable(isStaff: boolean): Uint8Array {
  const table = new Uint8Array((CLASS_MASK + 1) * 4);
  for (let flags = 0; flags <= CLASS_MASK; flags++) {
    if ((flags & CLASS_MASK) !== flags) continue;
    const visibility = (flags & VIS_MASK) >> VIS_SHIFT;
    const target: TargetFacts = {
      userId: 2,
      active: (flags & F_ACTIVE) !== 0,
      isMember: (flags & F_MEMBER) !== 0,
      profileLive: (flags & F_LIVE) !== 0,
      visibility: AUDIENCES[Math.min(2, visibility)],
      blurPhotos: false,
      allowMessagesFrom: 'all',
    };
    for (let pair = 0; pair < 4; pair++) {
      const facts: PairFacts = { blocked: (pair & PAIR_BLOCKED) !== 0, viewerBlocked: false, matched: (pair & PAIR_MATCHED) !== 0, conversed: false };
      table[flags * 4 + pair] = decideRelationship({ userId: 1, isStaff }, target, facts).mayViewProfile ? 1 : 0;
    }
  }
  return table;
}

const TABLES = [buildTable(false), buildTable(true)];

/** The policy's answer table for a viewer; index it with `listIndex`. */
export const mayListTable = (isStaff: boolean) => TABLES[isStaff ? 1 : 0];

export const listIndex = (flags: number, pairBits: number) => (flags & CLASS_MASK) * 4 + pairBits;

/**
 * A live position any member may be shown when nothing lies between the two (no block, no match): the case the
 * groups count ahead (member-index.ts), so an unfiltered search's total needs no visit per member.
 */
export const isPlain = (flags: number) => TABLES[0][listIndex(flags, 0)] === 1;
