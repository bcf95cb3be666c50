import { NAKSHATRAS, RASHIS } from '../../../contracts/enums';
import { KOOTA_MAX, KOOTA_NAMES, type DoshaException, type Koota, type KootaExplanation, type KootaTable, type KundaliSaid, type RashiChartView } from '../../../contracts/kundali';
import { translate } from '../../i18n';
import { countSigns, countStars } from './ashtakoot';
import type { Chart } from './chart';
import {
  BHAKOOT_DOSHA_COUNTS, EXALTATION, GANAS, GANA_POINTS, GRAHAS, GRAHA_MAITRI_POINTS, INAUSPICIOUS_TARA_REMAINDERS, MANGLIK_HOUSES,
  NADIS, NAKSHATRA_GANA, NAKSHATRA_NADI, NAKSHATRA_YONI, NATURAL_RELATIONS, PADA_SPAN, NAKSHATRA_SPAN, RASHI_LORD, SIGN_LORDS,
  TARA_NAMES, VARNA_NAMES, VARNA_RANK, VASHYA_GROUPS, VASHYA_POINTS, YONI_ANIMALS, YONI_POINTS, vashyaGroup,
} from './tables';

const num = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1));

/**
 * A sentence about the two charts: its catalogue message and values (the app writes it in the member's language),
 * and its English text (results are stored, and read by clients that show the English).
 */
const say = (id: string, values: KundaliSaid['values']): { text: string; said: KundaliSaid } => ({
  text: translate('en', id as Parameters<typeof translate>[1], values),
  said: { id, values },
});
const grid = (caption: string, names: readonly string[], points: readonly (readonly number[])[], highlight: { row: number; col: number } | null): KootaTable => ({
  caption,
  columns: [...names],
  rows: points.map((row, i) => ({ label: names[i], cells: row.map(num) })),
  highlight,
});

/**
 * Each koota with its rule, the reference table it reads and where the two Moons fall in it. `me` is the viewer's
 * chart; `groom`/`bride` are the classical roles the score used (Varna and Gana are directional).
 */
export function explainKootas(me: Chart, them: Chart, breakdown: Record<Koota, number>, roles: { groom: Chart; bride: Chart }): KootaExplanation[] {
  const m1 = me.moon;
  const m2 = them.moon;
  const rashi = (c: Chart) => RASHIS[c.moon.rashi];
  const star = (c: Chart) => NAKSHATRAS[c.moon.nakshatra];
  const out = (key: Koota, rule: string, values: KundaliSaid['values'], table: KootaTable): KootaExplanation => {
    const { text, said } = say(`kundali.yours.${key}`, values);
    return { key, name: KOOTA_NAMES[key], points: breakdown[key], max: KOOTA_MAX[key], rule, yours: text, said, table };
  };
  const v1 = vashyaGroup(m1.longitude);
  const v2 = vashyaGroup(m2.longitude);
  const y1 = NAKSHATRA_YONI[m1.nakshatra];
  const y2 = NAKSHATRA_YONI[m2.nakshatra];
  const l1 = SIGN_LORDS.indexOf(RASHI_LORD[m1.rashi]);
  const l2 = SIGN_LORDS.indexOf(RASHI_LORD[m2.rashi]);
  const gb = NAKSHATRA_GANA[roles.bride.moon.nakshatra];
  const gg = NAKSHATRA_GANA[roles.groom.moon.nakshatra];
  const forward = countStars(m1.nakshatra, m2.nakshatra);
  const back = countStars(m2.nakshatra, m1.nakshatra);
  const signCount = countSigns(m1.rashi, m2.rashi);
  const varnaRows = VARNA_NAMES.map((name, rank) => ({
    label: name,
    cells: [RASHIS.filter((_, i) => VARNA_RANK[i] === rank).join(', ')],
  })).reverse();
  return [
    out('varna', 'Varna (1 point): the Moon sign gives a varna; 1 point when the groom\'s varna is the same as or higher than the bride\'s.',
      { who: roles.groom === me ? 'you' : 'them', groomRashi: rashi(roles.groom), groomVarna: VARNA_NAMES[VARNA_RANK[roles.groom.moon.rashi]], brideRashi: rashi(roles.bride), brideVarna: VARNA_NAMES[VARNA_RANK[roles.bride.moon.rashi]] },
      { caption: 'Varna by Moon sign', columns: ['Moon signs'], rows: varnaRows, highlight: null }),
    out('vashya', 'Vashya (2 points): the Moon sign\'s group (quadruped, human, water, wild, insect) and how the two groups draw each other.',
      { mine: VASHYA_GROUPS[v1], theirs: VASHYA_GROUPS[v2], points: num(VASHYA_POINTS[v1][v2]) },
      grid('Vashya points (your group down, theirs across)', VASHYA_GROUPS, VASHYA_POINTS, { row: v1, col: v2 })),
    out('tara', 'Tara (3 points): count the stars from each Moon nakshatra to the other, divide by 9; a remainder of 3, 5 or 7 (Vipat, Pratyak, Vadha) earns nothing, any other 1.5 each way.',
      { myStar: star(me), theirStar: star(them), forward, forwardTara: TARA_NAMES[forward % 9], back, backTara: TARA_NAMES[back % 9] },
      { caption: 'Tara by remainder', columns: ['Tara', 'Points'], rows: TARA_NAMES.map((name, r) => ({ label: String(r === 0 ? 9 : r), cells: [name, INAUSPICIOUS_TARA_REMAINDERS.includes(r) ? '0' : '1.5'] })), highlight: null }),
    out('yoni', 'Yoni (4 points): each nakshatra has an animal; same animal 4, friendly 3 or 2, unfriendly 1, sworn enemies 0.',
      { myStar: star(me), myYoni: YONI_ANIMALS[y1], theirStar: star(them), theirYoni: YONI_ANIMALS[y2], points: num(YONI_POINTS[y1][y2]) },
      grid('Yoni points (your animal down, theirs across)', YONI_ANIMALS, YONI_POINTS, { row: y1, col: y2 })),
    out('grahaMaitri', 'Graha Maitri (5 points): the friendship of the two Moon signs\' lords, from the natural friendships of the planets.',
      { myRashi: rashi(me), myLord: SIGN_LORDS[l1], theirRashi: rashi(them), theirLord: SIGN_LORDS[l2], points: num(GRAHA_MAITRI_POINTS[l1][l2]) },
      grid('Graha Maitri points (your lord down, theirs across)', SIGN_LORDS, GRAHA_MAITRI_POINTS, { row: l1, col: l2 })),
    out('gana', 'Gana (6 points): each nakshatra is Deva, Manushya or Rakshasa; the table is read with the bride\'s gana down and the groom\'s across.',
      { brideStar: star(roles.bride), brideGana: GANAS[gb], groomStar: star(roles.groom), groomGana: GANAS[gg], points: num(GANA_POINTS[gb][gg]) },
      { ...grid('Gana points (bride down, groom across)', GANAS, GANA_POINTS, { row: gb, col: gg }) }),
    out('bhakoot', 'Bhakoot (7 points): count the signs from one Moon to the other; 2/12, 5/9 and 6/8 placements score 0, all others 7.',
      { theirRashi: rashi(them), count: signCount, myRashi: rashi(me), back: countSigns(m2.rashi, m1.rashi) },
      { caption: 'Bhakoot by sign count', columns: ['Points'], rows: Array.from({ length: 12 }, (_, i) => ({ label: String(i + 1), cells: [BHAKOOT_DOSHA_COUNTS.includes(i + 1) ? '0' : '7'] })), highlight: { row: signCount - 1, col: 0 } }),
    out('nadi', 'Nadi (8 points): each nakshatra belongs to one of three nadis; the same nadi scores 0 (Nadi dosha), different nadis 8.',
      { myStar: star(me), myNadi: NADIS[NAKSHATRA_NADI[m1.nakshatra]], theirStar: star(them), theirNadi: NADIS[NAKSHATRA_NADI[m2.nakshatra]] },
      { caption: 'Nakshatras by nadi', columns: ['Nakshatras'], rows: NADIS.map((name, n) => ({ label: name, cells: [NAKSHATRAS.filter((_, i) => NAKSHATRA_NADI[i] === n).join(', ')] })), highlight: null }),
  ];
}

const padaOf = (c: Chart) => Math.floor((c.moon.longitude % NAKSHATRA_SPAN) / PADA_SPAN) + 1;
const friends = (a: string, b: string) =>
  NATURAL_RELATIONS[a as keyof typeof NATURAL_RELATIONS]?.friends.includes(b as never) && NATURAL_RELATIONS[b as keyof typeof NATURAL_RELATIONS]?.friends.includes(a as never);

/** Mars in its own sign (Mesha, Vrishchika) or exalted (Makara) does not make the dosha, in the houses that count. */
function marsDignified(c: Chart): { dignity: 'own' | 'exalted'; sign: string } | null {
  if (!c.grahas || c.manglik.marsHouse === null) return null;
  const sign = Math.floor(c.grahas.Mars / 30) % 12;
  if (sign === 0 || sign === 7) return { dignity: 'own', sign: RASHIS[sign] };
  if (sign === EXALTATION.Mars) return { dignity: 'exalted', sign: RASHIS[sign] };
  return null;
}

/** The classical cancellations (parihara) that apply to this pair, each named with its rule. */
export function doshaExceptions(me: Chart, them: Chart, breakdown: Record<Koota, number>): DoshaException[] {
  const out: DoshaException[] = [];
  const add = (dosha: DoshaException['dosha'], rule: string, id: string, values: KundaliSaid['values']) => {
    const { text, said } = say(`kundali.why.${id}`, values);
    out.push({ dosha, rule, detail: text, said });
  };
  const rashi = (c: Chart) => RASHIS[c.moon.rashi];
  const star = (c: Chart) => NAKSHATRAS[c.moon.nakshatra];
  if (breakdown.nadi === 0) {
    if (me.moon.rashi === them.moon.rashi && me.moon.nakshatra !== them.moon.nakshatra) {
      add('Nadi', 'Same Moon sign, different nakshatras', 'nadiSameRashi', { rashi: rashi(me), myStar: star(me), theirStar: star(them) });
    } else if (me.moon.nakshatra === them.moon.nakshatra && me.moon.rashi !== them.moon.rashi) {
      add('Nadi', 'Same nakshatra, different Moon signs', 'nadiSameStar', { star: star(me), myRashi: rashi(me), theirRashi: rashi(them) });
    } else if (me.moon.nakshatra === them.moon.nakshatra && padaOf(me) !== padaOf(them)) {
      add('Nadi', 'Same nakshatra, different padas', 'nadiPadas', { star: star(me), myPada: padaOf(me), theirPada: padaOf(them) });
    }
  }
  if (breakdown.bhakoot === 0) {
    const l1 = RASHI_LORD[me.moon.rashi];
    const l2 = RASHI_LORD[them.moon.rashi];
    if (l1 === l2) {
      add('Bhakoot', 'Same lord of both Moon signs', 'bhakootSameLord', { myRashi: rashi(me), theirRashi: rashi(them), lord: l1 });
    } else if (friends(l1, l2)) {
      add('Bhakoot', 'Lords of the Moon signs are mutual friends', 'bhakootFriends', { myLord: l1, theirLord: l2, myRashi: rashi(me), theirRashi: rashi(them) });
    }
  }
  const manglik = [me, them].filter((c) => c.manglik.isManglik);
  if (manglik.length === 2) {
    add('Manglik', 'Both charts are Manglik', 'manglikBoth', {});
  } else if (manglik.length === 1) {
    const dignified = marsDignified(manglik[0]);
    if (dignified) {
      add('Manglik', 'Mars in its own or exaltation sign', 'marsDignified', {
        who: manglik[0] === me ? 'you' : 'them', ...dignified, house: manglik[0].manglik.marsHouse ?? 0, houses: MANGLIK_HOUSES.join(', '),
      });
    }
  }
  return out;
}

const ABBR: Record<string, string> = { Sun: 'Su', Moon: 'Mo', Mars: 'Ma', Mercury: 'Me', Jupiter: 'Ju', Venus: 'Ve', Saturn: 'Sa', Rahu: 'Ra', Ketu: 'Ke' };

/** The rashi chart: twelve whole-sign houses from the ascendant's sign (or the Moon's without a birth time). */
export function rashiChart(chart: Chart): RashiChartView {
  const first = chart.ascendant !== null ? Math.floor(chart.ascendant / 30) % 12 : chart.moon.rashi;
  const houses: RashiChartView['houses'] = Array.from({ length: 12 }, (_, i) => {
    const sign = (first + i) % 12;
    return { house: i + 1, rashi: sign, rashiName: RASHIS[sign], grahas: [] };
  });
  const place = (name: string, longitude: number) => {
    const sign = Math.floor(longitude / 30) % 12;
    houses[(sign - first + 12) % 12].grahas.push({ name, abbr: ABBR[name] ?? name.slice(0, 2), degree: Math.floor(longitude % 30) });
  };
  if (chart.grahas) for (const graha of GRAHAS) place(graha, chart.grahas[graha]);
  else place('Moon', chart.moon.longitude);
  return { reference: chart.ascendant !== null ? 'ascendant' : 'moon', houses, inputs: chart.inputs };
}
