import type { Dictionaries } from './dictionaries';
import { isPlain } from './eligibility';
import { type Group, type Groups, countInto, countingSort, liveByBirthDate } from './groups';
import type { MemberStore } from './store';

/**
 * The start-up build's layout: live members ordered by (gender, culture) group, then country, then birth date, so
 * a query reads each group's members side by side and a countries or age filter reads only stretches of them;
 * then each group's positions, its country runs and its counts of plainly visible members, from that order.
 */

/** Each place id's country id, as a typed array (clustering reads it once a member). */
export function countryOfPlaces(dicts: Dictionaries): Int32Array {
  return Int32Array.from(dicts.places.values, (place) => place[0]);
}

/**
 * The live positions ordered by group (in `groups`' order), then country, then birth date, then position: stable
 * counting sorts over typed arrays, last key first, group and country in one when their pairs are few (a
 * comparison sort with a closure reading each one's country through its place tuple made clustering 100k
 * members 0.3 s of CPU).
 */
export function clusterOrder(s: MemberStore, dicts: Dictionaries, groups: Group[]): Int32Array {
  const countryOf = countryOfPlaces(dicts);
  const countries = dicts.countries.size;
  let order = liveByBirthDate(s);
  const n = order.length;
  // Each member's group by its gender and culture (a build's groups keep no positions: see MemberIndex.counting).
  const genders = dicts.genders.size;
  const ordinalOf = new Int32Array(dicts.cultures.size * genders);
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

/**
 * Fills `into`'s groups from a store laid out in `groups`' order (clusterOrder): each group's positions, the
 * runs of its countries (country, from, to: offsets in the group) and its counts of plainly visible members.
 */
export function layOutGroups(store: MemberStore, groups: Group[], into: Groups, countryOf: Int32Array): void {
  const place = store.place.a;
  const size = store.size;
  let from = 0;
  for (const g of groups) {
    let to = from;
    while (to < size && store.gender[to] === g.gender && store.culture.a[to] === g.culture) to++;
    const group = into.group(g.gender, g.culture);
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
}
