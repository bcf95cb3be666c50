import type { Column, Packer, Unpacker } from './columns-file';

/**
 * The engine's columnar member store: one position per member with a live profile, each attribute a typed array,
 * every text value interned to a small integer (its dictionary keeps the strings once). Positions are never reused
 * while the process runs: a member whose search text changes moves to a new position (the text index is
 * append-only), the old one is marked dead.
 */

/** Interned strings: id 0 is null. */
export class Dict {
  private readonly ids = new Map<string, number>();
  readonly values: Array<string | null> = [null];

  id(value: string | null | undefined): number {
    if (value === null || value === undefined) return 0;
    let id = this.ids.get(value);
    if (id === undefined) {
      id = this.values.length;
      this.values.push(value);
      this.ids.set(value, id);
    }
    return id;
  }

  find(value: string): number | undefined {
    return this.ids.get(value);
  }

  get size(): number {
    return this.values.length;
  }

  /** The dictionary of a snapshot's values (ids unchanged: each value is interned again in its order). */
  restore(values: Array<string | null>): void {
    for (let i = 1; i < values.length; i++) {
      if (this.id(values[i]) !== i) throw new Error('snapshot: a dictionary does not round-trip');
    }
  }
}

/**
 * The map key of a tuple: when every part is null or a whole number below 1023 (five parts fit a double's 53
 * bits), a number (each part + 1 in ten bits, null 0); else the parts' joined text. A number key spares a string
 * per row at start-up (a million rows × four tuples), and never equals a text key.
 */
function tupleKey(parts: readonly unknown[]): number | string {
  if (parts.length > 5) return parts.join('\u0001');
  let key = 0;
  for (let i = 0; i < parts.length; i++) {
    const v = parts[i];
    if (v === null || v === undefined) key *= 1024;
    else if (typeof v === 'number' && Number.isInteger(v) && v >= 0 && v < 1023) key = key * 1024 + v + 1;
    else return parts.join('\u0001');
  }
  return key;
}

const RECENT_BITS = 10;

/** Composite keys (several small ids) interned the same way, with the parts kept for table building. */
export class TupleDict<T extends readonly unknown[]> {
  private readonly ids = new Map<number | string, number>();
  readonly values: T[] = [];

  /**
   * The ids of recent number keys, by a hash of the key: a number key above 2^31 is a heap number, which the map
   * hashes and compares slowly, and the start-up build asks four times a row.
   */
  private readonly recentKeys = new Float64Array(1 << RECENT_BITS).fill(-1);
  private readonly recentIds = new Int32Array(1 << RECENT_BITS);

  id(parts: T): number {
    const key = tupleKey(parts);
    if (typeof key !== 'number') return this.lookup(key, parts);
    const slot = Math.imul((key | 0) ^ ((key / 4294967296) | 0), 0x9e3779b1) >>> (32 - RECENT_BITS);
    if (this.recentKeys[slot] === key) return this.recentIds[slot];
    const id = this.lookup(key, parts);
    this.recentKeys[slot] = key;
    this.recentIds[slot] = id;
    return id;
  }

  private lookup(key: number | string, parts: T): number {
    let id = this.ids.get(key);
    if (id === undefined) {
      id = this.values.length;
      this.values.push(parts);
      this.ids.set(key, id);
    }
    return id;
  }

  get size(): number {
    return this.values.length;
  }

  restore(values: T[]): void {
    for (let i = 0; i < values.length; i++) {
      if (this.id(values[i]) !== i) throw new Error('snapshot: a dictionary does not round-trip');
    }
  }
}

/** A column of ids that starts at 16 bits and widens to 32 the first time a larger id arrives. */
export class IdColumn {
  a: Uint16Array | Uint32Array;
  constructor(capacity: number) {
    this.a = new Uint16Array(capacity);
  }
  set(i: number, v: number): void {
    if (v > 0xffff && this.a instanceof Uint16Array) this.a = Uint32Array.from(this.a);
    this.a[i] = v;
  }
  /** A column holding `order`'s values, in that order. */
  gathered(order: Int32Array, capacity: number): IdColumn {
    const out = new IdColumn(capacity);
    if (this.a instanceof Uint32Array) out.a = gather(this.a, order, new Uint32Array(capacity));
    else out.a = gather(this.a, order, new Uint16Array(capacity));
    return out;
  }

  /** Sets [offset, offset + n) to `other`'s first n ids mapped through `map` (another build's ids to this one's). */
  remapped(other: IdColumn, map: Int32Array, offset: number, n: number): void {
    let widest = 0;
    for (let id = 0; id < map.length; id++) if (map[id] > widest) widest = map[id];
    if (widest > 0xffff && this.a instanceof Uint16Array) this.a = Uint32Array.from(this.a);
    remap(other.a, map, this.a, offset, n);
  }

  /** A column of the given capacity holding `data` (its width kept). */
  static of(data: Column, capacity: number): IdColumn {
    const out = new IdColumn(capacity);
    if (data instanceof Uint32Array) out.a = new Uint32Array(capacity);
    else if (!(data instanceof Uint16Array)) throw new Error('snapshot: an id column is neither 16 nor 32 bits wide');
    out.a.set(data);
    return out;
  }

  grow(capacity: number): void {
    const next = this.a instanceof Uint16Array ? new Uint16Array(capacity) : new Uint32Array(capacity);
    next.set(this.a.subarray(0, Math.min(this.a.length, capacity)));
    this.a = next;
  }
}

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

function grown<T extends Int32Array | Uint8Array | Uint32Array | Float64Array>(a: T, capacity: number): T {
  const next = new (a.constructor as new (n: number) => T)(capacity);
  next.set(a.subarray(0, Math.min(a.length, capacity)));
  return next;
}

type Gatherable = Int32Array | Uint8Array | Uint16Array | Uint32Array | Float64Array;

/**
 * `to[i] = from[order[i]]` for every i, `to` returned. One loop per array type: a single loop fed every column's
 * type compiles to a polymorphic element access; gathering a million members' columns takes 0.46 s of CPU so, and
 * 0.25 s this way (CPU profiles of the start-up build).
 */
function gather<T extends Gatherable>(from: T, order: Int32Array, to: T): T {
  if (from instanceof Int32Array) gatherInt32(from, order, to as Int32Array);
  else if (from instanceof Uint8Array) gatherUint8(from, order, to as Uint8Array);
  else if (from instanceof Uint16Array) gatherUint16(from, order, to as Uint16Array);
  else if (from instanceof Uint32Array) gatherUint32(from, order, to as Uint32Array);
  else gatherFloat64(from as Float64Array, order, to as Float64Array);
  return to;
}
/** to[offset + i] = map[from[i]] for i below n; one copy of the loop per pair of array types that meet here. */
function remap(from: Uint16Array | Uint32Array, map: Int32Array, to: Uint16Array | Uint32Array, offset: number, n: number): void {
  if (from instanceof Uint16Array) {
    if (to instanceof Uint16Array) remap16to16(from, map, to, offset, n);
    else remapAny(from, map, to, offset, n);
  } else remapAny(from, map, to, offset, n);
}
function remap16to16(from: Uint16Array, map: Int32Array, to: Uint16Array, offset: number, n: number): void {
  for (let i = 0; i < n; i++) to[offset + i] = map[from[i]];
}
function remapAny(from: Uint16Array | Uint32Array, map: Int32Array, to: Uint16Array | Uint32Array, offset: number, n: number): void {
  for (let i = 0; i < n; i++) to[offset + i] = map[from[i]];
}
function gatherInt32(from: Int32Array, order: Int32Array, to: Int32Array): void {
  for (let i = 0; i < order.length; i++) to[i] = from[order[i]];
}
function gatherUint8(from: Uint8Array, order: Int32Array, to: Uint8Array): void {
  for (let i = 0; i < order.length; i++) to[i] = from[order[i]];
}
function gatherUint16(from: Uint16Array, order: Int32Array, to: Uint16Array): void {
  for (let i = 0; i < order.length; i++) to[i] = from[order[i]];
}
function gatherUint32(from: Uint32Array, order: Int32Array, to: Uint32Array): void {
  for (let i = 0; i < order.length; i++) to[i] = from[order[i]];
}
function gatherFloat64(from: Float64Array, order: Int32Array, to: Float64Array): void {
  for (let i = 0; i < order.length; i++) to[i] = from[order[i]];
}

const PLAIN_COLUMNS = ['userId', 'profileId', 'flags', 'gender', 'lookingFor', 'dob', 'moon', 'activeHour', 'eliteUntil', 'changedAt', 'textHash'] as const;
const ID_COLUMNS = ['culture', 'place', 'profession', 'misc', 'agePair', 'locPref', 'eduPref', 'profPref'] as const;

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
  /** (marital status, diet, profile type): filters only */
  misc: IdColumn;
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
      (this as Record<typeof key, Int32Array | Uint8Array | Uint32Array | Float64Array>)[key] = grown(this[key], capacity);
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
