/**
 * Interning: each distinct value (a string, or a tuple of small ids) kept once and numbered, so a column holds
 * small integers and a score table has one entry per distinct value. Ids are given in first-seen order, which a
 * snapshot's `restore` depends on.
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
