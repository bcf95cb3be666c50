import { clusterOrder, countryOfPlaces, layOutGroups } from './cluster';
import type { Packer, Unpacker } from './columns-file';
import { Dictionaries } from './dictionaries';
import { isPlain } from './eligibility';
import { GenderSpans } from './gender-spans';
import { type GroupSnapshot, Groups } from './groups';
import { type MemberValues, ageOrNull, textOf } from './member-row';
import { MemberTexts } from './member-texts';
import { PlaceCounts } from './place-counts';
import { CityIds, heightOrNull } from './city-ids';
import { type Role, placementOf, rashiOfPlacement } from './kundali-table';
import { F_ACTIVE, F_LIVE, F_MEMBER, F_PHOTO, F_VERIFIED, FOREVER, MemberStore, NO_HEIGHT, NO_HOUR, NO_MOON, type StoreSnapshot, VIS_SHIFT } from './store';
import { TextIndex, type TextSnapshot } from './text-index';
import { TextLog } from './text-log';
import { SORT_COLUMNS, SortedOrders } from './sorted-orders';
import { textHash } from './text-words';

/**
 * The index of every live member: the store's columns, the dictionaries, the texts, the groups with their counts,
 * each user's position and the place counts. This file owns how a member is put in, moved and removed, how a
 * start-up build's halves are joined and laid out (cluster.ts holds the layout's order), and the snapshot of it all.
 */
export class MemberIndex {
  readonly store: MemberStore;
  readonly dicts: Dictionaries;
  /** the search texts: the text index, and a deferring build's texts until it is in */
  readonly texts: MemberTexts;
  /** positions by gender and culture tuple: a scan reads only the gender the viewer looks for, best groups first */
  readonly groups: Groups;
  /** plain members counted by (gender, country) and birth date, once clustered or restored (null while filling) */
  places: PlaceCounts | null = null;
  /** live positions presorted for the searches sorted by a column, made with the place counts (null until then) */
  orders: SortedOrders | null = null;
  /** position of each user's live profile, -1 when none */
  private positions = new Int32Array(1024).fill(-1);
  /** where the start-up build laid out each gender's members; empty until clustered or restored */
  private genderSpans = new GenderSpans();
  /** positions that hold a live profile */
  liveCount = 0;
  /**
   * False in the start-up build's index: `clustered` counts each group's plainly visible members afresh, so
   * keeping the counts member by member (a million times) was work thrown away; and it lays the groups out from
   * each member's gender and culture, so the build's groups keep no lists of positions (a list appended to a
   * million times on two threads, then merged, was a tenth of the build).
   */
  private counting = true;
  private readonly cityIds = new CityIds();

  constructor(parts?: { store: MemberStore; dicts: Dictionaries; texts: MemberTexts; groups?: Groups }) {
    this.store = parts?.store ?? new MemberStore();
    this.dicts = parts?.dicts ?? new Dictionaries();
    this.texts = parts?.texts ?? new MemberTexts();
    this.groups = parts?.groups ?? new Groups();
  }

  /**
   * An empty index for the start-up build, room for `capacity` members; only `clustered` of it is used. With
   * `deferText`, the texts go to a TextLog and the text index is built later (see MemberTexts.pending).
   */
  static forBuild(capacity: number, deferText = false): MemberIndex {
    const out = new MemberIndex();
    out.counting = false;
    out.store.grow(capacity);
    if (deferText) out.texts.log = new TextLog(capacity);
    return out;
  }

  /**
   * The positions whose text holds every token (see MemberTexts.hits; dead ones among them), only those of
   * `spans` where the text index is used.
   */
  textHits(tokens: string[], spans: Int32Array | null): Int32Array {
    return this.texts.hits(tokens, this.store.size, spans);
  }

  /** The whole index as a snapshot's header and arrays (snapshot.ts); `fromSnapshot` gives back the same index. */
  toSnapshot(packer: Packer): IndexSnapshot {
    if (this.texts.pending) throw new Error('snapshot: the text index is not built yet');
    return {
      store: this.store.toSnapshot(packer),
      dicts: this.dicts.toSnapshot(),
      text: this.texts.index.toSnapshot(packer),
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
      texts: new MemberTexts(TextIndex.fromSnapshot(snap.text, unpacker)),
      groups: Groups.fromSnapshot(snap.groups, unpacker),
    });
    out.positions = unpacker.get(snap.positions, 'Int32Array');
    out.liveCount = snap.liveCount;
    if (options.forAbsorb) {
      out.counting = false;
      return out;
    }
    out.genderSpans = GenderSpans.of(out.groups);
    out.places = out.countPlaces();
    out.orders = SortedOrders.make(out.store);
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
    this.texts.absorb(other.texts, offset);
    const gender = (g: number) => Math.min(255, maps.genders[g]);
    for (const g of other.groups.of(null)) {
      const into = this.groups.group(gender(g.gender), maps.cultures[g.culture]).positions;
      for (let k = 0; k < g.positions.n; k++) into.add(g.positions.a[k] + offset);
    }
    const n = o.size;
    s.absorbColumns(o, maps, offset);
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
    const order = clusterOrder(s, this.dicts, groups);
    const next = new Int32Array(s.size).fill(-1);
    for (let i = 0; i < order.length; i++) next[order[i]] = i;
    const texts = this.texts.clustered(order, next);
    const out = new MemberIndex({ store: s.gathered(order, Math.ceil(order.length * 1.02) + 64), dicts: this.dicts, texts });
    const store = out.store;
    let maxUser = 0;
    for (let i = 0; i < order.length; i++) maxUser = Math.max(maxUser, store.userId[i]);
    out.positions = new Int32Array(maxUser + 1).fill(-1);
    for (let i = 0; i < order.length; i++) out.positions[store.userId[i]] = i;
    layOutGroups(store, groups, out.groups, countryOfPlaces(this.dicts));
    out.liveCount = order.length;
    out.genderSpans = GenderSpans.of(out.groups);
    // A build that defers its text index defers its place counts too (`settlePlaces`, a fifth of a second at a
    // million members): until then a total is counted by sweeping, the same answer.
    out.places = texts.pending ? null : out.countPlaces();
    out.orders = texts.pending ? null : SortedOrders.make(out.store);
    return out;
  }

  /** The place counts and sorted orders of a build that deferred them (see `clustered`), made now from the members as they are. */
  settlePlaces(): void {
    if (this.places === null) this.places = this.countPlaces();
    if (this.orders === null) this.orders = SortedOrders.make(this.store);
  }

  /** See GenderSpans.spansOf. */
  spansOf(gender: number): Int32Array | null {
    return this.genderSpans.spansOf(gender);
  }

  private countPlaces(): PlaceCounts {
    const places = this.dicts.places.values;
    return PlaceCounts.make(this.store, (place) => places[place][0], this.dicts.genders.size, this.dicts.countries.size);
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
      s.textHash[p] = this.texts.add(p, v);
      const group = this.groups.group(genderId, cultureId);
      if (this.counting) group.positions.add(p);
      this.setPosition(v.userId, p);
      this.liveCount++;
    } else {
      this.countPlain(p, -1);
    }
    const before = moved ? null : this.signature(p);
    const changedBefore = s.changedAt[p];
    const keysBefore = moved ? null : SORT_COLUMNS.map((column) => s[column][p]);
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
    s.misc.set(p, d.miscs.id([v.marital, v.diet, v.profileType, v.community]));
    s.wishes.set(p, d.wishes.id([heightOrNull(v.heightMin), heightOrNull(v.heightMax), v.maritalPref, v.dietPref, v.communityPref]));
    [s.height[p], s.geo[p]] = [heightOrNull(v.height) ?? NO_HEIGHT, this.cityIds.of(this.dicts, v.city, v.country)];
    s.createdMinute[p] = v.createdAt === null ? 0 : Math.floor(Number(v.createdAt) / 60_000);
    s.agePair.set(p, d.agePairs.id([ageOrNull(v.ageMin), ageOrNull(v.ageMax)]));
    s.locPref.set(p, v.locPref);
    s.eduPref.set(p, v.eduPref);
    s.profPref.set(p, v.profPref);
    s.moon[p] = placementOf(v.moonLongitude);
    // The rashi the profile and card show: the Moon's, else the one entered (services/kundali/effective.ts).
    s.rashi[p] = s.moon[p] === NO_MOON ? v.rashi : rashiOfPlacement(s.moon[p]) + 1;
    s.activeHour[p] = v.lastActiveAt === null ? NO_HOUR : Math.floor(Number(v.lastActiveAt) / 3_600_000);
    const ends = v.subscriptionEnds === null ? FOREVER : Math.max(0, Math.min(FOREVER - 1, Math.floor(Number(v.subscriptionEnds) / 1000)));
    s.eliteUntil[p] = v.elite ? ends : 0;
    // Only a change to what ranks or filters the member counts as a change for paging (not the hourly activity).
    s.changedAt[p] = before !== null && before === this.signature(p) ? changedBefore : nowMs;
    if (moved) this.places?.added(s, p);
    // Last active moves in place (the other sort keys only with a move): the orders learn of either.
    if (this.orders !== null && keysBefore === null) this.orders.added(s, p);
    else if (this.orders !== null && keysBefore !== null) {
      for (let c = 0; c < SORT_COLUMNS.length; c++) if (s[SORT_COLUMNS[c]][p] !== keysBefore[c]) this.orders.changed(s, p, c);
    }
    this.countPlain(p, 1);
    return p;
  }

  /** What a member's score and filters read, as one string. */
  private signature(p: number): string {
    const s = this.store;
    return [
      s.flags[p] & ~(F_ACTIVE | F_MEMBER) & 0xff, s.gender[p], s.lookingFor[p], s.dob[p], s.culture.a[p], s.place.a[p], s.profession.a[p], s.misc.a[p],
      s.agePair.a[p], s.locPref.a[p], s.eduPref.a[p], s.profPref.a[p], s.moon[p], s.wishes.a[p], s.height[p], s.geo[p], s.rashi[p],
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

  roleOf = (p: number): Role => (this.store.gender[p] === 1 || this.store.gender[p] === 2 ? (this.store.gender[p] as Role) : 0);
  moonOf = (p: number): number => (p === -1 ? NO_MOON : this.store.moon[p]);
}

export interface IndexSnapshot {
  store: StoreSnapshot;
  dicts: Record<string, unknown[]>;
  text: TextSnapshot;
  groups: GroupSnapshot[];
  positions: number;
  liveCount: number;
}
