import { Dict, TupleDict } from './store';

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
  /** [religion, tongue, return plans, integration, verified 0/1] */
  readonly cultures = new TupleDict<[number, number, number, number, number]>();
  /** [country, education] */
  readonly places = new TupleDict<[number, number]>();
  /** [marital status, diet, profile type] */
  readonly miscs = new TupleDict<[number, number, number]>();
  /** [age min, age max] (null when not given) */
  readonly agePairs = new TupleDict<[number | null, number | null]>();

  constructor() {
    this.genders.id('male');
    this.genders.id('female');
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

  private parseLocPref(raw: string): number {
    let list: string[] | null = null;
    try {
      const parsed = JSON.parse(raw) as unknown;
      if (Array.isArray(parsed)) list = parsed.filter((c): c is string => typeof c === 'string');
    } catch {
      list = null;
    }
    if (!list) return 0;
    const canonical = [...new Set(list)].sort();
    const before = this.locPrefs.size;
    const id = this.locPrefs.id(JSON.stringify(canonical));
    if (id === before) this.locPrefLists.push(canonical);
    return id;
  }
}
