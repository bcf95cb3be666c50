import type { Packer, Unpacker } from './columns-file';
import type { Dictionaries } from './dictionaries';
import { IdColumn, gather } from './id-column';

/**
 * The engine's columnar member store: one position per member with a live profile, each attribute a typed array,
 * every text value interned to a small integer (dictionaries.ts keeps the strings once). Positions are never reused
 * while the process runs: a member whose search text changes moves to a new position (the text index is
 * append-only), the old one is marked dead. This file owns the columns, their flag bits and sentinels, growing,
 * gathering (clustering), appending another build's columns and the store's part of a snapshot.
 */

// Flag bits of a member.
export const F_ACTIVE = 1; // account not deleted, not suspended
export const F_MEMBER = 2; // a member account (not staff)
export const F_LIVE = 4; // live profile at this position (cleared when the member moves or the profile goes)
export const F_VERIFIED = 8;
export const F_PHOTO = 16;
export const VIS_SHIFT = 5; // two bits: 0 all, 1 matches, 2 none
export const VIS_MASK = 3 << VIS_SHIFT;

export const NO_DOB = -0x80000000;
export const NO_MOON = 255;
export const NO_AGE = 255;
export const NO_HOUR = -1;
export const FOREVER = 0xffffffff;
export const NO_HEIGHT = 0;
export const NO_CITY = 0;
export const NO_RASHI = 0;

function grown<T extends Int32Array | Uint8Array | Uint16Array | Uint32Array | Float64Array>(a: T, capacity: number): T {
  const next = new (a.constructor as new (n: number) => T)(capacity);
  next.set(a.subarray(0, Math.min(a.length, capacity)));
  return next;
}

const PLAIN_COLUMNS = [
  'userId', 'profileId', 'flags', 'gender', 'lookingFor', 'dob', 'moon', 'activeHour', 'eliteUntil', 'changedAt', 'textHash', 'height', 'geo', 'rashi',
  'createdMinute',
] as const;
const ID_COLUMNS = ['culture', 'place', 'profession', 'misc', 'agePair', 'locPref', 'eduPref', 'profPref', 'wishes'] as const;

export class MemberStore {
  capacity: number;
  size = 0;
  userId: Int32Array;
  profileId: Int32Array;
  flags: Uint8Array;
  /** gender id (genders dict) and the Kundali role: 1 male, 2 female, 0 anything else */
  gender: Uint8Array;
  lookingFor: Uint8Array;
  /** days since 1970-01-01 (UTC), NO_DOB when missing or not a real date */
  dob: Int32Array;
  /** (religion, mother tongue, return plans, integration, verified): one score table lookup */
  culture: IdColumn;
  /** (country, education): one score table lookup; the parts stay reachable through the dictionary */
  place: IdColumn;
  profession: IdColumn;
  /** (marital status, diet, profile type, community): the filters on them, and the score's "yours" side of the basics */
  misc: IdColumn;
  /** the member's wishes on the basics (height range, marital statuses, diets, communities): the score's "theirs" side */
  wishes: IdColumn;
  /** cm, NO_HEIGHT when not given */
  height: Uint8Array;
  /** the city's id in the gazetteer (contracts/gazetteer.ts), NO_CITY when it does not know it */
  geo: Uint16Array;
  /** the rashi every screen shows (the Moon's when there is one, else the entered one): 1-12 in RASHIS' order, NO_RASHI none */
  rashi: Uint8Array;
  /** minutes since 1970 when the profile was made (sort=newest) */
  createdMinute: Int32Array;
  /** the member's wishes: (age min, age max), countries, education, profession */
  agePair: IdColumn;
  locPref: IdColumn;
  eduPref: IdColumn;
  profPref: IdColumn;
  /** Moon placement code (kundali-table.ts), NO_MOON when no chart can be cast */
  moon: Uint8Array;
  /** hours since 1970 of the last activity, NO_HOUR when never */
  activeHour: Int32Array;
  /** elite until (seconds since 1970; FOREVER without an end), 0 when not elite */
  eliteUntil: Uint32Array;
  /** ms since 1970 when this position last changed (pages after the first skip members changed since) */
  changedAt: Float64Array;
  /** hash of the search text, to tell whether the text index must change */
  textHash: Int32Array;

  constructor(capacity = 1024) {
    this.capacity = capacity;
    this.userId = new Int32Array(capacity);
    this.profileId = new Int32Array(capacity);
    this.flags = new Uint8Array(capacity);
    this.gender = new Uint8Array(capacity);
    this.lookingFor = new Uint8Array(capacity);
    this.dob = new Int32Array(capacity);
    this.culture = new IdColumn(capacity);
    this.place = new IdColumn(capacity);
    this.profession = new IdColumn(capacity);
    this.misc = new IdColumn(capacity);
    this.wishes = new IdColumn(capacity);
    this.height = new Uint8Array(capacity);
    this.geo = new Uint16Array(capacity);
    this.rashi = new Uint8Array(capacity);
    this.createdMinute = new Int32Array(capacity);
    this.agePair = new IdColumn(capacity);
    this.locPref = new IdColumn(capacity);
    this.eduPref = new IdColumn(capacity);
    this.profPref = new IdColumn(capacity);
    this.moon = new Uint8Array(capacity);
    this.activeHour = new Int32Array(capacity);
    this.eliteUntil = new Uint32Array(capacity);
    this.changedAt = new Float64Array(capacity);
    this.textHash = new Int32Array(capacity);
  }

  /** A new position at the end (growing every column by a quarter when full). */
  append(): number {
    if (this.size === this.capacity) this.grow(Math.ceil(this.capacity * 1.25) + 16);
    return this.size++;
  }

  grow(capacity: number): void {
    this.capacity = capacity;
    for (const key of PLAIN_COLUMNS) {
      (this as Record<typeof key, Int32Array | Uint8Array | Uint16Array | Uint32Array | Float64Array>)[key] = grown(this[key], capacity);
    }
    for (const key of ID_COLUMNS) this[key].grow(capacity);
  }

  /** A store of the members at `order`'s positions, in that order (position i holds order[i]). */
  gathered(order: Int32Array, capacity: number): MemberStore {
    const out = new MemberStore(capacity);
    for (const key of PLAIN_COLUMNS) gather(this[key] as never, order, out[key]);
    for (const key of ID_COLUMNS) out[key] = this[key].gathered(order, capacity);
    out.size = order.length;
    return out;
  }

  /**
   * Another start-up build's members' columns appended at `offset` (room for them made by the caller), their ids
   * mapped to this store's dictionaries (`maps`: Dictionaries.absorb); gender and lookingFor are the caller's.
   */
  absorbColumns(o: MemberStore, maps: ReturnType<Dictionaries['absorb']>, offset: number): void {
    const n = o.size;
    this.userId.set(o.userId.subarray(0, n), offset);
    this.profileId.set(o.profileId.subarray(0, n), offset);
    this.flags.set(o.flags.subarray(0, n), offset);
    this.dob.set(o.dob.subarray(0, n), offset);
    this.moon.set(o.moon.subarray(0, n), offset);
    this.activeHour.set(o.activeHour.subarray(0, n), offset);
    this.eliteUntil.set(o.eliteUntil.subarray(0, n), offset);
    this.changedAt.set(o.changedAt.subarray(0, n), offset);
    this.textHash.set(o.textHash.subarray(0, n), offset);
    this.height.set(o.height.subarray(0, n), offset);
    this.geo.set(o.geo.subarray(0, n), offset);
    this.rashi.set(o.rashi.subarray(0, n), offset);
    this.createdMinute.set(o.createdMinute.subarray(0, n), offset);
    // Column by column, each loop on one array type (one loop over every column per member was twice as slow).
    this.culture.remapped(o.culture, maps.cultures, offset, n);
    this.place.remapped(o.place, maps.places, offset, n);
    this.profession.remapped(o.profession, maps.professions, offset, n);
    this.misc.remapped(o.misc, maps.miscs, offset, n);
    this.agePair.remapped(o.agePair, maps.agePairs, offset, n);
    this.locPref.remapped(o.locPref, maps.locPrefs, offset, n);
    this.eduPref.remapped(o.eduPref, maps.eduPrefs, offset, n);
    this.profPref.remapped(o.profPref, maps.profPrefs, offset, n);
    this.wishes.remapped(o.wishes, maps.wishes, offset, n);
  }

  /** What a snapshot keeps of the store: the used part of each column. */
  toSnapshot(packer: Packer): StoreSnapshot {
    const columns: Record<string, number> = {};
    for (const key of PLAIN_COLUMNS) columns[key] = packer.add(this[key].subarray(0, this.size));
    for (const key of ID_COLUMNS) columns[key] = packer.add(this[key].a.subarray(0, this.size));
    return { capacity: this.capacity, size: this.size, columns };
  }

  static fromSnapshot(snap: StoreSnapshot, unpacker: Unpacker): MemberStore {
    const out = new MemberStore(snap.capacity);
    out.size = snap.size;
    const column = (key: string) => {
      const n = snap.columns[key];
      if (n === undefined) throw new Error(`snapshot: the store has no column ${key}`);
      const data = unpacker.any(n);
      if (data.length !== snap.size) throw new Error(`snapshot: column ${key} has ${data.length} values for ${snap.size} positions`);
      return data;
    };
    for (const key of PLAIN_COLUMNS) {
      const data = column(key);
      if (data.constructor !== out[key].constructor) throw new Error(`snapshot: column ${key} is a ${data.constructor.name}`);
      out[key].set(data as never);
    }
    for (const key of ID_COLUMNS) out[key] = IdColumn.of(column(key), snap.capacity);
    return out;
  }

  /** Bytes held by the columns. */
  bytes(): number {
    let total = 0;
    for (const value of Object.values(this)) {
      if (ArrayBuffer.isView(value)) total += value.byteLength;
      else if (value instanceof IdColumn) total += value.a.byteLength;
    }
    return total;
  }
}

export interface StoreSnapshot {
  capacity: number;
  size: number;
  columns: Record<string, number>;
}
