import type { AgeTable } from './ages';
import type { ScoreTables } from './scorer';

/**
 * What a query asks of the scan (the plan: the viewer's relations as bits per position, the eligibility table,
 * the filters as tables, the paging point, how many) and what it answers. passes.ts prepares a plan; a search
 * filter is a field here, read in the sweep (sweep.ts) and, when it looks at single members, in the totals'
 * shortcuts (totals.ts).
 */

// Relation bits of a position for the viewer of the query (pair bits first, as eligibility.ts reads them).
export const R_BLOCKED = 1;
export const R_MATCHED = 2;
export const R_SELF = 4;
export const R_NOT_INTERESTED = 8;
export const R_LIKED = 16;
export const R_EXCLUDED = 32; // the query's own exclusions (shown on earlier days)
export const R_ALLOWED = 64; // the query's allow-list (mood match)

export interface ScanPlan {
  /** the text hits (positions whose text holds every word of the query), or null without words */
  hits: Int32Array | null;
  mayList: Uint8Array;
  /** the policy's table is the members' one (not staff's): group counts are of what it lets members see */
  memberTable: boolean;
  /** per position relation bits, non-zero only for the viewer's relations */
  relation: Uint8Array;
  /** positions with a relation bit set (each once) */
  marked: number[];
  skipBits: number;
  viewerGender: number;
  viewerLookingFor: number;
  /** gender rule applies (the viewer has a profile) */
  genders: boolean;
  tables: ScoreTables | null;
  ages: AgeTable;
  placeOk: Uint8Array | null;
  /** the countries filter alone (by country id), to read only those countries' stretches of a group */
  countryOk: Uint8Array | null;
  /** placeOk, when set, is the countries filter alone (no education filter): a member's country answers it */
  placeByCountry: boolean;
  cultureOk: Uint8Array | null;
  miscOk: Uint8Array | null;
  astroOk: Uint8Array | null;
  minAge: number;
  maxAge: number;
  /** height range in cm (0 and 255: none); a member without a height fails any range */
  minHeight: number;
  maxHeight: number;
  /** by gazetteer id (store.geo): the distance filter, or null */
  geoOk: Uint8Array | null;
  /** by rashi code (store.rashi), or null */
  rashiOk: Uint8Array | null;
  /**
   * The ranking key per position when results are sorted by a column (newest, active, age): higher first, ties by
   * profile id; null ranks by the score (with bounds)
   */
  sortKey: Int32Array | null;
  /** the store column sortKey is (sorted-orders.ts' numbering), or null */
  sortColumn: number | null;
  /** pages after the first of a sort by activity: a position whose key rose past this since the search began is left out */
  keyCeiling: number;
  needPhoto: boolean;
  minActiveHour: number;
  requireAllowed: boolean;
  /** extra ranking points per position (featured), or null; never more than `maxBonus` */
  bonus: ((p: number) => number) | null;
  maxBonus: number;
  /** results strictly after (key, profileId) in (key desc, id asc) order; the key is the score without a sortKey */
  after: { key: number; profileId: number } | null;
  /** positions changed after this instant (ms) are left out (pages after the first) */
  changedBefore: number;
  /** whether the total is wanted (daily and featured lists do not show one) */
  countTotal: boolean;
  k: number;
}

export interface ScanResult {
  total: number;
  /** best first: positions, scores (percent, -1 without a viewer profile), ranking keys */
  positions: number[];
  scores: number[];
}
