import { Dict, TupleDict } from './interning';

/** Every interned vocabulary of the index. */
export class Dictionaries {
  /** 'male' is 1 and 'female' 2, so the id doubles as the Kundali role. */
  readonly genders = new Dict();
  readonly countries = new Dict();
  readonly educations = new Dict();
  readonly professions = new Dict();
  readonly religions = new Dict();
  readonly tongues = new Dict();
  readonly returnPlans = new Dict();
  readonly integrations = new Dict();
  readonly maritals = new Dict();
  readonly diets = new Dict();
  readonly profileTypes = new Dict();
  readonly eduPrefs = new Dict();
  readonly profPrefs = new Dict();
  /** canonical JSON of a location preference (sorted, without repeats; "[]" for none) */
  readonly locPrefs = new Dict();
  readonly locPrefLists: Array<string[] | null> = [null];
  readonly cities = new Dict();
  readonly communities = new Dict();
  /** canonical JSON of a list preference (marital status, diet, community: sorted, without repeats) */
  readonly listPrefs = new Dict();
  readonly listPrefLists: Array<string[] | null> = [null];
  /** [religion, tongue, return plans, integration, verified 0/1] */
  readonly cultures = new TupleDict<[number, number, number, number, number]>();
  /** [country, education] */
  readonly places = new TupleDict<[number, number]>();
  /** [marital status, diet, profile type, community] */
  readonly miscs = new TupleDict<[number, number, number, number]>();
  /** a member's wishes on the basics: [height min, height max, marital statuses, diets, communities] (lists: listPrefs ids) */
  readonly wishes = new TupleDict<[number | null, number | null, number, number, number]>();
  /** [age min, age max] (null when not given) */
  readonly agePairs = new TupleDict<[number | null, number | null]>();

  constructor() {
    this.genders.id('male');
    this.genders.id('female');
  }

  private static readonly PLAIN = [
    'genders', 'countries', 'educations', 'professions', 'religions', 'tongues', 'returnPlans', 'integrations', 'maritals', 'diets', 'profileTypes',
    'eduPrefs', 'profPrefs', 'locPrefs', 'cities', 'communities', 'listPrefs',
  ] as const;
  private static readonly TUPLES = ['cultures', 'places', 'miscs', 'agePairs', 'wishes'] as const;

  /** Every vocabulary's values in id order (what a snapshot keeps: the ids are their positions). */
  toSnapshot(): Record<string, unknown[]> {
    const out: Record<string, unknown[]> = {};
    for (const key of Dictionaries.PLAIN) out[key] = this[key].values;
    for (const key of Dictionaries.TUPLES) out[key] = this[key].values;
    return out;
  }

  static fromSnapshot(snap: Record<string, unknown[]>): Dictionaries {
    const out = new Dictionaries();
    const values = (key: string) => {
      const v = snap[key];
      if (!Array.isArray(v)) throw new Error(`snapshot: no dictionary ${key}`);
      return v;
    };
    for (const key of Dictionaries.PLAIN) out[key].restore(values(key) as Array<string | null>);
    for (const key of Dictionaries.TUPLES) out[key].restore(values(key) as never);
    // The parsed lists are the canonical texts read back (each was stored as JSON of its sorted list).
    for (let id = 1; id < out.locPrefs.values.length; id++) out.locPrefLists.push(JSON.parse(out.locPrefs.values[id] as string) as string[]);
    for (let id = 1; id < out.listPrefs.values.length; id++) out.listPrefLists.push(JSON.parse(out.listPrefs.values[id] as string) as string[]);
    return out;
  }

  /**
   * Another build's vocabularies interned here in their id order, as if its members had been put after these
   * (a value new here gets the next id, in the order the other build first met it): for each vocabulary, the map
   * from the other build's ids to these.
   */
  absorb(other: Dictionaries): Record<(typeof Dictionaries.PLAIN)[number] | (typeof Dictionaries.TUPLES)[number], Int32Array> {
    const maps = {} as Record<(typeof Dictionaries.PLAIN)[number] | (typeof Dictionaries.TUPLES)[number], Int32Array>;
    for (const key of Dictionaries.PLAIN) {
      const values = other[key].values;
      const map = new Int32Array(values.length);
      for (let id = 1; id < values.length; id++) {
        const before = this[key].size;
        map[id] = this[key].id(values[id]);
        if (key === 'locPrefs' && map[id] === before) this.locPrefLists.push(other.locPrefLists[id]);
        if (key === 'listPrefs' && map[id] === before) this.listPrefLists.push(other.listPrefLists[id]);
      }
      maps[key] = map;
    }
    const tuples = <T extends readonly unknown[]>(from: T[], into: TupleDict<T>, part: (t: T) => T) => Int32Array.from(from, (t) => into.id(part(t)));
    maps.cultures = tuples(other.cultures.values, this.cultures, ([religion, tongue, plans, integration, verified]): [number, number, number, number, number] => [
      maps.religions[religion], maps.tongues[tongue], maps.returnPlans[plans], maps.integrations[integration], verified,
    ]);
    maps.places = tuples(other.places.values, this.places, ([country, education]): [number, number] => [maps.countries[country], maps.educations[education]]);
    maps.miscs = tuples(other.miscs.values, this.miscs, ([marital, diet, type, community]): [number, number, number, number] => [
      maps.maritals[marital], maps.diets[diet], maps.profileTypes[type], maps.communities[community],
    ]);
    maps.agePairs = tuples(other.agePairs.values, this.agePairs, (pair) => pair);
    maps.wishes = tuples(other.wishes.values, this.wishes, ([min, max, marital, diet, community]): [number | null, number | null, number, number, number] => [
      min, max, maps.listPrefs[marital], maps.listPrefs[diet], maps.listPrefs[community],
    ]);
    return maps;
  }

  /**
   * Location preferences as stored, by their id: a handful of texts recur over a million profiles, so each is
   * parsed once. Bounded (emptied when full), as stored texts are the members' own.
   */
  private readonly locPrefTexts = new Map<string, number>();

  /** The id of a location preference as stored (JSON text of a list of countries), normalised. */
  locPrefId(raw: unknown): number {
    if (typeof raw !== 'string') return 0;
    let id = this.locPrefTexts.get(raw);
    if (id === undefined) {
      id = this.parseLocPref(raw);
      if (this.locPrefTexts.size >= 512) this.locPrefTexts.clear();
      this.locPrefTexts.set(raw, id);
    }
    return id;
  }

  private readonly listPrefTexts = new Map<string, number>();

  /** The id of a list preference as stored (JSON text of a list of strings), normalised; 0 for none or an empty list. */
  listPrefId(raw: unknown): number {
    if (typeof raw !== 'string') return 0;
    let id = this.listPrefTexts.get(raw);
    if (id === undefined) {
      const list = stringListOf(raw);
      id = 0;
      if (list && list.length > 0) {
        const canonical = [...new Set(list)].sort();
        const before = this.listPrefs.size;
        id = this.listPrefs.id(JSON.stringify(canonical));
        if (id === before) this.listPrefLists.push(canonical);
      }
      if (this.listPrefTexts.size >= 512) this.listPrefTexts.clear();
      this.listPrefTexts.set(raw, id);
    }
    return id;
  }

  private parseLocPref(raw: string): number {
    const list = stringListOf(raw);
    if (!list) return 0;
    const canonical = [...new Set(list)].sort();
    const before = this.locPrefs.size;
    const id = this.locPrefs.id(JSON.stringify(canonical));
    if (id === before) this.locPrefLists.push(canonical);
    return id;
  }
}

/** The strings of a stored JSON list (a preference), or null when the text is not a JSON list. */
function stringListOf(raw: string): string[] | null {
  try {
    const parsed = JSON.parse(raw) as unknown;
    return Array.isArray(parsed) ? parsed.filter((c): c is string => typeof c === 'string') : null;
  } catch {
    return null;
  }
}
