import type { MatchProfile } from '../matching';
import { Dictionaries } from './dictionaries';
import { isPlain } from './eligibility';
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
  type StoreSnapshot,
  VIS_SHIFT,
} from './store';
import type { Packer, Unpacker } from './columns-file';
import { PlaceCounts } from './place-counts';
import { TextIndex, type TextSnapshot } from './text-index';
import { textHash } from './text-words';
import { TextLog } from './text-log';
import { type Group, type GroupSnapshot, Groups, countInto, countingSort, liveByBirthDate } from './groups';
import { DAY_MS, type MemberValues, ageOrNull, textOf } from './member-row';

export class MemberIndex {
  readonly store: MemberStore;
  readonly dicts: Dictionaries;
  /** the text index; while `textPending`, only of the members moved or added since the build */
  text: TextIndex;
  /**
   * A build that defers its text index (`forBuild`) keeps each position's text here instead, in position order;
   * null otherwise. See TextLog.
   */
  textLog: TextLog | null = null;
  /**
   * After such a build, until its text index is in (`landText`): its texts and, for each, its position in this
   * index (`next`, -1: not kept) and back (`order`).
   */
  private pendingText: { log: TextLog; order: Int32Array; next: Int32Array } | null = null;
  /** positions by gender and culture tuple: a scan reads only the gender the viewer looks for, best groups first */
  readonly groups: Groups;
  /** plain members counted by (gender, country) and birth date, once clustered or restored (null while filling) */
  places: PlaceCounts | null = null;
  /** position of each user's live profile, -1 when none */
  private positions = new Int32Array(1024).fill(-1);
  /**
   * Where the start-up build laid out each gender's members ([from, to) of positions: a gender's groups side by
   * side), and where the members added since begin; empty until clustered or restored.
   */
  private genderSpans = new Map<number, [number, number]>();
  private clusteredSize = 0;
  /** positions that hold a live profile */
  liveCount = 0;
  /**
   * False in the start-up build's index: `clustered` counts each group's plainly visible members afresh, so
   * keeping the counts member by member (a million times) was work thrown away; and it lays the groups out from
   * each member's gender and culture, so the build's groups keep no lists of positions (a list appended to a
   * million times on two threads, then merged, was a tenth of the build).
   */
  private counting = true;

  constructor(parts?: { store: MemberStore; dicts: Dictionaries; text: TextIndex; groups?: Groups }) {
    this.store = parts?.store ?? new MemberStore();
    this.dicts = parts?.dicts ?? new Dictionaries();
    this.text = parts?.text ?? new TextIndex();
    this.groups = parts?.groups ?? new Groups();
  }

  /**
   * An empty index for the start-up build, room for `capacity` members; only `clustered` of it is used. With
   * `deferText`, the texts go to a TextLog and the text index is built later (see `textPending`).
   */
  static forBuild(capacity: number, deferText = false): MemberIndex {
    const out = new MemberIndex();
    out.counting = false;
    out.store.grow(capacity);
    if (deferText) out.textLog = new TextLog(capacity);
    return out;
  }

  /** Whether the build's text index is still to come (text searches read its texts meanwhile: `textHits`). */
  get textPending(): boolean {
    return this.pendingText !== null;
  }

  /** What the text index is built from, while it is pending: the build's texts and their order in this index. */
  pendingTexts(): { log: TextLog; order: Int32Array } | null {
    return this.pendingText && { log: this.pendingText.log, order: this.pendingText.order };
  }

  /**
   * The text index built from `pendingTexts()` takes over, with the texts of members moved or added since added
   * to it (their positions are all after the build's).
   */
  landText(built: TextIndex): void {
    built.absorb(this.text, 0);
    this.text = built;
    this.pendingText = null;
  }

  /** Bytes the text index holds, and while it is pending the build's texts and their order. */
  textBytes(): number {
    const pending = this.pendingText;
    return this.text.bytes() + (pending ? pending.log.bytesHeld() + pending.order.byteLength + pending.next.byteLength : 0);
  }

  /**
   * The positions whose text holds every token (see TextIndex.hits; dead ones among them), only those of `spans`
   * where the text index is used. While the text index is pending, the build's positions come from its texts.
   */
  textHits(tokens: string[], spans: Int32Array | null): Int32Array {
    const later = this.text.hits(tokens, this.store.size, spans);
    const pending = this.pendingText;
    if (!pending) return later;
    const fromLog = pending.log.positionsWith(tokens);
    const out = new Int32Array(fromLog.length + later.length);
    let n = 0;
    for (let k = 0; k < fromLog.length; k++) {
      const p = pending.next[fromLog[k]];
      if (p !== -1) out[n++] = p;
    }
    out.set(later, n);
    return out.subarray(0, n + later.length);
  }

  /** The whole index as a snapshot's header and arrays (snapshot.ts); `fromSnapshot` gives back the same index. */
  toSnapshot(packer: Packer): IndexSnapshot {
    if (this.pendingText) throw new Error('snapshot: the text index is not built yet');
    return {
      store: this.store.toSnapshot(packer),
      dicts: this.dicts.toSnapshot(),
      text: this.text.toSnapshot(packer),
      groups: this.groups.toSnapshot(packer),
      positions: packer.add(this.positions),
      liveCount: this.liveCount,
    };
  }

  /**
   * The index a snapshot holds; with `forAbsorb`, only to be absorbed into a build (the other half of a start-up
   * build: nothing a query needs is worked out for it).
   */
  static fromSnapshot(snap: IndexSnapshot, unpacker: Unpacker, options: { forAbsorb?: boolean } = {}): MemberIndex {
    const out = new MemberIndex({
      store: MemberStore.fromSnapshot(snap.store, unpacker),
      dicts: Dictionaries.fromSnapshot(snap.dicts),
      text: TextIndex.fromSnapshot(snap.text, unpacker),
      groups: Groups.fromSnapshot(snap.groups, unpacker),
    });
    out.positions = unpacker.get(snap.positions, 'Int32Array');
    out.liveCount = snap.liveCount;
    if (options.forAbsorb) {
      out.counting = false;
      return out;
    }
    out.spanGenders();
    out.places = out.countPlaces();
    return out;
  }

  /**
   * Another start-up build's members (read after these: higher profile ids) added after these, as if they had
   * been put here one by one: the two halves of a start-up build read by two threads (parallel-scan.ts).
   */
  absorb(other: MemberIndex): void {
    if (other.dicts.genders.size > 255 || this.dicts.genders.size > 255) throw new Error('absorb: a gender id above 255 was clamped');
    const maps = this.dicts.absorb(other.dicts);
    const s = this.store;
    const o = other.store;
    const offset = s.size;
    if (offset + o.size > s.capacity) s.grow(offset + o.size + 64);
    this.text.absorb(other.text, offset);
    if (this.textLog) {
      if (!other.textLog) throw new Error('absorb: the other half kept no texts');
      this.textLog.absorb(other.textLog);
    }
    const gender = (g: number) => Math.min(255, maps.genders[g]);
    for (const g of other.groups.of(null)) {
      const into = this.groups.group(gender(g.gender), maps.cultures[g.culture]).positions;
      for (let k = 0; k < g.positions.n; k++) into.add(g.positions.a[k] + offset);
    }
    const n = o.size;
    s.userId.set(o.userId.subarray(0, n), offset);
    s.profileId.set(o.profileId.subarray(0, n), offset);
    s.flags.set(o.flags.subarray(0, n), offset);
    s.dob.set(o.dob.subarray(0, n), offset);
    s.moon.set(o.moon.subarray(0, n), offset);
    s.activeHour.set(o.activeHour.subarray(0, n), offset);
    s.eliteUntil.set(o.eliteUntil.subarray(0, n), offset);
    s.changedAt.set(o.changedAt.subarray(0, n), offset);
    s.textHash.set(o.textHash.subarray(0, n), offset);
    // Column by column, each loop on one array type (one loop over every column per member was twice as slow).
    s.culture.remapped(o.culture, maps.cultures, offset, n);
    s.place.remapped(o.place, maps.places, offset, n);
    s.profession.remapped(o.profession, maps.professions, offset, n);
    s.misc.remapped(o.misc, maps.miscs, offset, n);
    s.agePair.remapped(o.agePair, maps.agePairs, offset, n);
    s.locPref.remapped(o.locPref, maps.locPrefs, offset, n);
    s.eduPref.remapped(o.eduPref, maps.eduPrefs, offset, n);
    s.profPref.remapped(o.profPref, maps.profPrefs, offset, n);
    for (let i = 0; i < n; i++) {
      const p = offset + i;
      s.gender[p] = gender(o.gender[i]);
      s.lookingFor[p] = gender(o.lookingFor[i]);
      if (o.flags[i] & F_LIVE) this.setPosition(o.userId[i], p);
    }
    s.size = offset + o.size;
    this.liveCount += other.liveCount;
  }

  /**
   * The same members with each (gender, culture) group's positions side by side and dead positions dropped. A
   * query reads its groups member after member, so neighbours share cache lines (at 100k members a filtered
   * search takes 2.3 ms laid out so, 3.4 ms in arrival order). The start-up build ends with it; the text index is renumbered in place, so
   * the index it came from must not be used again.
   */
  clustered(): MemberIndex {
    const s = this.store;
    const groups = this.groups.of(null);
    const order = this.clusterOrder(groups);
    const next = new Int32Array(s.size).fill(-1);
    for (let i = 0; i < order.length; i++) next[order[i]] = i;
    this.text.renumber(next);
    const out = new MemberIndex({ store: s.gathered(order, Math.ceil(order.length * 1.02) + 64), dicts: this.dicts, text: this.text });
    if (this.textLog) out.pendingText = { log: this.textLog, order, next };
    const store = out.store;
    let maxUser = 0;
    for (let i = 0; i < order.length; i++) maxUser = Math.max(maxUser, store.userId[i]);
    out.positions = new Int32Array(maxUser + 1).fill(-1);
    for (let i = 0; i < order.length; i++) out.positions[store.userId[i]] = i;
    const countryOf = this.countryOfPlaces();
    const place = store.place.a;
    let from = 0;
    for (const g of groups) {
      let to = from;
      while (to < order.length && store.gender[to] === g.gender && store.culture.a[to] === g.culture) to++;
      const group = out.groups.group(g.gender, g.culture);
      group.positions.fill(from, to);
      const runs: number[] = [];
      for (let i = from; i < to; i++) {
        const country = countryOf[place[i]];
        if (runs.length === 0 || runs[runs.length - 3] !== country) runs.push(country, i - from, i - from);
        runs[runs.length - 1] = i - from + 1;
        if (isPlain(store.flags[i])) countInto(group, store.lookingFor[i], store.moon[i], 1);
      }
      group.runs = Int32Array.from(runs);
      group.sorted = to - from;
      from = to;
    }
    out.liveCount = order.length;
    out.spanGenders();
    // A build that defers its text index defers its place counts too (`settlePlaces`, a fifth of a second at a
    // million members): until then a total is counted by sweeping, the same answer.
    out.places = this.textLog ? null : out.countPlaces();
    return out;
  }

  /** Each place id's country id, as a typed array (clustering reads it once a member). */
  private countryOfPlaces(): Int32Array {
    return Int32Array.from(this.dicts.places.values, (place) => place[0]);
  }

  /** The place counts of a build that deferred them (see `clustered`), made now from the members as they are. */
  settlePlaces(): void {
    if (this.places === null) this.places = this.countPlaces();
  }

  private spanGenders(): void {
    const spans = new Map<number, [number, number, number]>();
    for (const g of this.groups.of(null)) {
      if (g.sorted === 0) continue;
      const from = g.positions.a[0];
      const span = spans.get(g.gender);
      if (!span) spans.set(g.gender, [from, from + g.sorted, g.sorted]);
      else {
        span[0] = Math.min(span[0], from);
        span[1] = Math.max(span[1], from + g.sorted);
        span[2] += g.sorted;
      }
      this.clusteredSize += g.sorted;
    }
    // Side by side as `clustered` lays them out (a gender's span holds only its groups), or no spans at all.
    const contiguous = [...spans.values()].every(([from, to, n]) => to - from === n);
    this.genderSpans = contiguous ? new Map([...spans].map(([gender, [from, to]]) => [gender, [from, to]])) : new Map();
    if (!contiguous) this.clusteredSize = 0;
  }

  /**
   * The positions a text search for members of `gender` (0: anyone) needs to look at, as spans for
   * TextIndex.hits: that gender's part of the build's layout and every member added since; null for all.
   */
  spansOf(gender: number): Int32Array | null {
    if (gender === 0 || this.clusteredSize === 0) return null;
    const span = this.genderSpans.get(gender);
    return span ? Int32Array.of(span[0], span[1], this.clusteredSize, 0x7fffffff) : Int32Array.of(this.clusteredSize, 0x7fffffff);
  }

  private countPlaces(): PlaceCounts {
    const places = this.dicts.places.values;
    return PlaceCounts.make(this.store, (place) => places[place][0], this.dicts.genders.size, this.dicts.countries.size);
  }

  /**
   * The live positions ordered by group (in `groups`' order), then country, then birth date, then position: stable
   * counting sorts over typed arrays, last key first, group and country in one when their pairs are few (a
   * comparison sort with a closure reading each one's country through its place tuple made clustering 100k
   * members 0.3 s of CPU).
   */
  private clusterOrder(groups: Group[]): Int32Array {
    const s = this.store;
    const countryOf = this.countryOfPlaces();
    const countries = this.dicts.countries.size;
    let order = liveByBirthDate(s);
    const n = order.length;
    // Each member's group by its gender and culture (a build's groups keep no positions: see `counting`).
    const genders = this.dicts.genders.size;
    const ordinalOf = new Int32Array(this.dicts.cultures.size * genders);
    groups.forEach((g, ordinal) => {
      ordinalOf[g.culture * genders + g.gender] = ordinal;
    });
    const culture = s.culture.a;
    const place = s.place.a;
    const key = new Int32Array(s.size);
    const pairs = groups.length * countries;
    if (pairs <= 4 * n + 1024) {
      for (let i = 0; i < n; i++) {
        const p = order[i];
        key[p] = ordinalOf[culture[p] * genders + s.gender[p]] * countries + countryOf[place[p]];
      }
      return countingSort(order, key, pairs);
    }
    for (let i = 0; i < n; i++) key[order[i]] = countryOf[place[order[i]]];
    order = countingSort(order, key, countries);
    for (let i = 0; i < n; i++) key[order[i]] = ordinalOf[culture[order[i]] * genders + s.gender[order[i]]];
    return countingSort(order, key, groups.length);
  }

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

  /**
   * Writes a member's values (read for this index: their ids are its dictionaries'), in place or (see `moved`) at
   * a new position; returns the position.
   */
  put(v: MemberValues, nowMs: number): number {
    const s = this.store;
    const d = this.dicts;
    let p = this.positionOf(v.userId);
    const genderId = Math.min(255, v.gender);
    const cultureId = d.cultures.id([v.religion, v.tongue, v.returnPlans, v.integration, v.verified ? 1 : 0]);
    // A new position when the text, gender, culture, country or birth date changes: the text index and the group
    // lists are append-only, and a group's ordered part is ordered by country and birth date.
    const moved =
      p === -1 || s.textHash[p] !== textHash(textOf(v)) || s.profileId[p] !== v.profileId || s.gender[p] !== genderId || s.culture.a[p] !== cultureId ||
      d.places.values[s.place.a[p]][0] !== v.country || s.dob[p] !== v.dob;
    if (moved) {
      if (p !== -1) this.kill(p);
      p = s.append();
      // The start-up build's log takes the bytes as read; the text index reads a string.
      s.textHash[p] = this.textLog !== null && v.textBytes !== null ? this.textLog.addBytes(p, v.textBytes, v.textFrom, v.textTo) : (this.textLog ?? this.text).add(p, textOf(v));
      const group = this.groups.group(genderId, cultureId);
      if (this.counting) group.positions.add(p);
      this.setPosition(v.userId, p);
      this.liveCount++;
    } else {
      this.countPlain(p, -1);
    }
    const before = moved ? null : this.signature(p);
    const changedBefore = s.changedAt[p];
    s.userId[p] = v.userId;
    s.profileId[p] = v.profileId;
    s.flags[p] =
      F_LIVE | (v.active ? F_ACTIVE : 0) | (v.member ? F_MEMBER : 0) | (v.verified ? F_VERIFIED : 0) | (v.hasPhoto ? F_PHOTO : 0) | (v.visibility << VIS_SHIFT);
    s.gender[p] = genderId;
    s.lookingFor[p] = Math.min(255, v.lookingFor);
    s.dob[p] = v.dob;
    s.culture.set(p, cultureId);
    s.place.set(p, d.places.id([v.country, v.education]));
    s.profession.set(p, v.profession);
    s.misc.set(p, d.miscs.id([v.marital, v.diet, v.profileType]));
    s.agePair.set(p, d.agePairs.id([ageOrNull(v.ageMin), ageOrNull(v.ageMax)]));
    s.locPref.set(p, v.locPref);
    s.eduPref.set(p, v.eduPref);
    s.profPref.set(p, v.profPref);
    s.moon[p] = placementOf(v.moonLongitude);
    s.activeHour[p] = v.lastActiveAt === null ? NO_HOUR : Math.floor(Number(v.lastActiveAt) / 3_600_000);
    const ends = v.subscriptionEnds === null ? FOREVER : Math.max(0, Math.min(FOREVER - 1, Math.floor(Number(v.subscriptionEnds) / 1000)));
    s.eliteUntil[p] = v.elite ? ends : 0;
    // Only a change to what ranks or filters the member counts as a change for paging (not the hourly activity).
    s.changedAt[p] = before !== null && before === this.signature(p) ? changedBefore : nowMs;
    if (moved) this.places?.added(s, p);
    this.countPlain(p, 1);
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

  /** Keeps the group's count of plainly visible members in step (before a change: -1, after: +1). */
  private countPlain(p: number, delta: number): void {
    const s = this.store;
    if (!this.counting || !isPlain(s.flags[p])) return;
    this.groups.countPlain(s.gender[p], s.culture.a[p], s.lookingFor[p], s.moon[p], delta);
    this.places?.countPlain(s, p, delta);
  }

  private kill(p: number): void {
    this.countPlain(p, -1);
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

export interface IndexSnapshot {
  store: StoreSnapshot;
  dicts: Record<string, unknown[]>;
  text: TextSnapshot;
  groups: GroupSnapshot[];
  positions: number;
  liveCount: number;
}
