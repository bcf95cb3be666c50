import type { MatchProfile } from '../matching';
import { Dictionaries } from './dictionaries';
import { type Role, placementOf } from './kundali-table';
import {
  F_ACTIVE,
  F_LIVE,
  F_MEMBER,
  F_PHOTO,
  F_VERIFIED,
  FOREVER,
  MemberStore,
  NO_DOB,
  NO_HOUR,
  NO_MOON,
  VIS_SHIFT,
} from './store';
import { TextIndex, textHash } from './text-index';

/**
 * What the index reads of a member: one row per live profile, with its owner's account and privacy facts. The
 * same shape comes from the start-up scan and from reloading one member after a change.
 */
export interface MemberRow {
  profileId: number;
  userId: number;
  gender: string | null;
  lookingFor: string | null;
  dateOfBirth: string | null;
  country: string | null;
  education: string | null;
  profession: string | null;
  religion: string | null;
  motherTongue: string | null;
  maritalStatus: string | null;
  diet: string | null;
  returnToIndiaPlans: string | null;
  culturalIntegrationLevel: string | null;
  agePreferenceMin: number | null;
  agePreferenceMax: number | null;
  locationPreference: string | null;
  educationPreference: string | null;
  professionPreference: string | null;
  profileType: string | null;
  moonLongitude: number | null;
  searchText: string | null;
  isVerified: boolean;
  active: boolean;
  isMember: boolean;
  subscriptionTier: string | null;
  subscriptionEnds: number | null;
  lastActiveAt: number | null;
  visibility: string | null;
  hasPhoto: boolean;
}

const DAY_MS = 86_400_000;

/** Days since 1970 of a 'YYYY-MM-DD' birth date that is a real calendar day, else NO_DOB (as ageFromDateOfBirth). */
export function dobDays(value: string | null): number {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return NO_DOB;
  const [y, m, d] = value.split('-').map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return NO_DOB;
  return Math.round(date.getTime() / DAY_MS);
}

const visibilityCode = (v: string | null) => (v === null || v === 'all' ? 0 : v === 'matches' ? 1 : 2);
const ageOrNull = (n: number | null) => (n === null || n === undefined ? null : Number(n));

/** Growable lists of positions, one per small key (append-only; dead positions are skipped by their flags). */
export class PositionLists {
  private readonly lists = new Map<number, { a: Int32Array; n: number }>();

  add(key: number, position: number): void {
    let list = this.lists.get(key);
    if (!list) {
      list = { a: new Int32Array(1024), n: 0 };
      this.lists.set(key, list);
    }
    if (list.n === list.a.length) {
      const bigger = new Int32Array(Math.ceil(list.a.length * 1.25) + 16);
      bigger.set(list.a);
      list.a = bigger;
    }
    list.a[list.n++] = position;
  }

  /** The positions of a key, in the order added (a view, valid until the next add). */
  of(key: number): Int32Array {
    const list = this.lists.get(key);
    return list ? list.a.subarray(0, list.n) : new Int32Array(0);
  }

  bytes(): number {
    let total = 0;
    for (const list of this.lists.values()) total += list.a.byteLength;
    return total;
  }
}

export class MemberIndex {
  readonly store = new MemberStore();
  readonly dicts = new Dictionaries();
  readonly text = new TextIndex();
  /** positions by gender, so a scan for the gender a viewer looks for reads only those */
  readonly byGender = new PositionLists();
  /** position of each user's live profile, -1 when none */
  private positions = new Int32Array(1024).fill(-1);
  /** positions that hold a live profile */
  liveCount = 0;

  positionOf(userId: number): number {
    return userId >= 0 && userId < this.positions.length ? this.positions[userId] : -1;
  }

  private setPosition(userId: number, position: number): void {
    if (userId >= this.positions.length) {
      const next = new Int32Array(Math.max(userId + 1, Math.ceil(this.positions.length * 1.5))).fill(-1);
      next.set(this.positions);
      this.positions = next;
    }
    this.positions[userId] = position;
  }

  /** Writes a member's row, in place or (when the text changed) at a new position; returns the position. */
  put(row: MemberRow, nowMs: number): number {
    const s = this.store;
    const hash = textHash(row.searchText);
    let p = this.positionOf(row.userId);
    const genderId = Math.min(255, this.dicts.genders.id(row.gender));
    // A new position when the text or the gender changes: the text index and the per-gender lists are append-only.
    const moved = p === -1 || s.textHash[p] !== hash || s.profileId[p] !== row.profileId || s.gender[p] !== genderId;
    if (moved) {
      if (p !== -1) this.kill(p);
      p = s.append();
      this.text.add(p, row.searchText);
      this.byGender.add(genderId, p);
      this.setPosition(row.userId, p);
      this.liveCount++;
    }
    const d = this.dicts;
    const before = moved ? null : this.signature(p);
    const changedBefore = s.changedAt[p];
    s.userId[p] = row.userId;
    s.profileId[p] = row.profileId;
    s.textHash[p] = hash;
    s.flags[p] =
      F_LIVE | (row.active ? F_ACTIVE : 0) | (row.isMember ? F_MEMBER : 0) | (row.isVerified ? F_VERIFIED : 0) | (row.hasPhoto ? F_PHOTO : 0) |
      (visibilityCode(row.visibility) << VIS_SHIFT);
    s.gender[p] = Math.min(255, d.genders.id(row.gender));
    s.lookingFor[p] = Math.min(255, d.genders.id(row.lookingFor));
    s.dob[p] = dobDays(row.dateOfBirth);
    s.culture.set(p, d.cultures.id([d.religions.id(row.religion), d.tongues.id(row.motherTongue), d.returnPlans.id(row.returnToIndiaPlans), d.integrations.id(row.culturalIntegrationLevel), row.isVerified ? 1 : 0]));
    s.place.set(p, d.places.id([d.countries.id(row.country), d.educations.id(row.education)]));
    s.profession.set(p, d.professions.id(row.profession));
    s.misc.set(p, d.miscs.id([d.maritals.id(row.maritalStatus), d.diets.id(row.diet), d.profileTypes.id(row.profileType)]));
    s.agePair.set(p, d.agePairs.id([ageOrNull(row.agePreferenceMin), ageOrNull(row.agePreferenceMax)]));
    s.locPref.set(p, d.locPrefId(row.locationPreference));
    s.eduPref.set(p, d.eduPrefs.id(row.educationPreference));
    s.profPref.set(p, d.profPrefs.id(row.professionPreference));
    s.moon[p] = placementOf(row.moonLongitude);
    s.activeHour[p] = row.lastActiveAt === null ? NO_HOUR : Math.floor(Number(row.lastActiveAt) / 3_600_000);
    const ends = row.subscriptionEnds === null ? FOREVER : Math.max(0, Math.min(FOREVER - 1, Math.floor(Number(row.subscriptionEnds) / 1000)));
    s.eliteUntil[p] = row.subscriptionTier === 'elite' ? ends : 0;
    // Only a change to what ranks or filters the member counts as a change for paging (not the hourly activity).
    s.changedAt[p] = before !== null && before === this.signature(p) ? changedBefore : nowMs;
    return p;
  }

  /** What a member's score and filters read, as one string. */
  private signature(p: number): string {
    const s = this.store;
    return [
      s.flags[p] & ~(F_ACTIVE | F_MEMBER) & 0xff, s.gender[p], s.lookingFor[p], s.dob[p], s.culture.a[p], s.place.a[p], s.profession.a[p], s.misc.a[p],
      s.agePair.a[p], s.locPref.a[p], s.eduPref.a[p], s.profPref.a[p], s.moon[p],
    ].join(',');
  }

  private kill(p: number): void {
    if (this.store.flags[p] & F_LIVE) this.liveCount--;
    this.store.flags[p] &= ~F_LIVE;
  }

  /** The member no longer has a live profile. */
  remove(userId: number): void {
    const p = this.positionOf(userId);
    if (p === -1) return;
    this.kill(p);
    this.store.changedAt[p] = Date.now();
    this.setPosition(userId, -1);
  }

  /** The member at a position as computeMatch reads a profile. */
  matchProfile(p: number): MatchProfile {
    const s = this.store;
    const d = this.dicts;
    const [religion, tongue, plans, integration, verified] = d.cultures.values[s.culture.a[p]];
    const [country, education] = d.places.values[s.place.a[p]];
    const [min, max] = d.agePairs.values[s.agePair.a[p]];
    const dob = s.dob[p];
    return {
      userId: s.userId[p],
      gender: d.genders.values[s.gender[p]] ?? null,
      lookingFor: d.genders.values[s.lookingFor[p]] ?? null,
      dateOfBirth: dob === NO_DOB ? null : new Date(dob * DAY_MS).toISOString().slice(0, 10),
      country: d.countries.values[country],
      education: d.educations.values[education],
      profession: d.professions.values[s.profession.a[p]],
      religion: d.religions.values[religion],
      motherTongue: d.tongues.values[tongue],
      agePreferenceMin: min,
      agePreferenceMax: max,
      locationPreference: d.locPrefLists[s.locPref.a[p]],
      educationPreference: d.eduPrefs.values[s.eduPref.a[p]],
      professionPreference: d.profPrefs.values[s.profPref.a[p]],
      culturalIntegrationLevel: d.integrations.values[integration],
      returnToIndiaPlans: d.returnPlans.values[plans],
      isVerified: verified === 1,
    };
  }

  roleOf(p: number): Role {
    const g = this.store.gender[p];
    return g === 1 || g === 2 ? g : 0;
  }

  moonOf(p: number): number {
    return p === -1 ? NO_MOON : this.store.moon[p];
  }
}
