import { NAKSHATRAS, RASHIS } from '../../../contracts/enums';
import { KOOTA_MAX, KOOTA_NAMES, type DoshaException, type Koota, type KootaExplanation, type KootaTable, type RashiChartView } from '../../../contracts/kundali';
import { countSigns, countStars } from './ashtakoot';
import type { Chart } from './chart';
import {
  BHAKOOT_DOSHA_COUNTS, EXALTATION, GANAS, GANA_POINTS, GRAHAS, GRAHA_MAITRI_POINTS, INAUSPICIOUS_TARA_REMAINDERS, MANGLIK_HOUSES,
  NADIS, NAKSHATRA_GANA, NAKSHATRA_NADI, NAKSHATRA_YONI, NATURAL_RELATIONS, PADA_SPAN, NAKSHATRA_SPAN, RASHI_LORD, SIGN_LORDS,
  TARA_NAMES, VARNA_NAMES, VARNA_RANK, VASHYA_GROUPS, VASHYA_POINTS, YONI_ANIMALS, YONI_POINTS, vashyaGroup,
} from './tables';

const num = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1));
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
  const out = (key: Koota, rule: string, yours: string, table: KootaTable): KootaExplanation => ({
    key, name: KOOTA_NAMES[key], points: breakdown[key], max: KOOTA_MAX[key], rule, yours, table,
  });
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
      `${roles.groom === me ? 'Your' : 'Their'} Moon (groom's role) in ${rashi(roles.groom)} is ${VARNA_NAMES[VARNA_RANK[roles.groom.moon.rashi]]}; the bride's in ${rashi(roles.bride)} is ${VARNA_NAMES[VARNA_RANK[roles.bride.moon.rashi]]}.`,
      { caption: 'Varna by Moon sign', columns: ['Moon signs'], rows: varnaRows, highlight: null }),
    out('vashya', 'Vashya (2 points): the Moon sign\'s group (quadruped, human, water, wild, insect) and how the two groups draw each other.',
      `Your Moon is ${VASHYA_GROUPS[v1]}, theirs ${VASHYA_GROUPS[v2]}: ${num(VASHYA_POINTS[v1][v2])} points.`,
      grid('Vashya points (your group down, theirs across)', VASHYA_GROUPS, VASHYA_POINTS, { row: v1, col: v2 })),
    out('tara', 'Tara (3 points): count the stars from each Moon nakshatra to the other, divide by 9; a remainder of 3, 5 or 7 (Vipat, Pratyak, Vadha) earns nothing, any other 1.5 each way.',
      `From ${star(me)} to ${star(them)} is ${forward} (${TARA_NAMES[forward % 9]}), back is ${back} (${TARA_NAMES[back % 9]}).`,
      { caption: 'Tara by remainder', columns: ['Tara', 'Points'], rows: TARA_NAMES.map((name, r) => ({ label: String(r === 0 ? 9 : r), cells: [name, INAUSPICIOUS_TARA_REMAINDERS.includes(r) ? '0' : '1.5'] })), highlight: null }),
    out('yoni', 'Yoni (4 points): each nakshatra has an animal; same animal 4, friendly 3 or 2, unfriendly 1, sworn enemies 0.',
      `${star(me)} is ${YONI_ANIMALS[y1]}, ${star(them)} is ${YONI_ANIMALS[y2]}: ${num(YONI_POINTS[y1][y2])} points.`,
      grid('Yoni points (your animal down, theirs across)', YONI_ANIMALS, YONI_POINTS, { row: y1, col: y2 })),
    out('grahaMaitri', 'Graha Maitri (5 points): the friendship of the two Moon signs\' lords, from the natural friendships of the planets.',
      `${rashi(me)} is ruled by ${SIGN_LORDS[l1]}, ${rashi(them)} by ${SIGN_LORDS[l2]}: ${num(GRAHA_MAITRI_POINTS[l1][l2])} points.`,
      grid('Graha Maitri points (your lord down, theirs across)', SIGN_LORDS, GRAHA_MAITRI_POINTS, { row: l1, col: l2 })),
    out('gana', 'Gana (6 points): each nakshatra is Deva, Manushya or Rakshasa; the table is read with the bride\'s gana down and the groom\'s across.',
      `The bride's ${star(roles.bride)} is ${GANAS[gb]}, the groom's ${star(roles.groom)} is ${GANAS[gg]}: ${num(GANA_POINTS[gb][gg])} points.`,
      { ...grid('Gana points (bride down, groom across)', GANAS, GANA_POINTS, { row: gb, col: gg }) }),
    out('bhakoot', 'Bhakoot (7 points): count the signs from one Moon to the other; 2/12, 5/9 and 6/8 placements score 0, all others 7.',
      `${rashi(them)} is sign ${signCount} from ${rashi(me)} (and ${countSigns(m2.rashi, m1.rashi)} back).`,
      { caption: 'Bhakoot by sign count', columns: ['Points'], rows: Array.from({ length: 12 }, (_, i) => ({ label: String(i + 1), cells: [BHAKOOT_DOSHA_COUNTS.includes(i + 1) ? '0' : '7'] })), highlight: { row: signCount - 1, col: 0 } }),
    out('nadi', 'Nadi (8 points): each nakshatra belongs to one of three nadis; the same nadi scores 0 (Nadi dosha), different nadis 8.',
      `${star(me)} is ${NADIS[NAKSHATRA_NADI[m1.nakshatra]]}, ${star(them)} is ${NADIS[NAKSHATRA_NADI[m2.nakshatra]]}.`,
      { caption: 'Nakshatras by nadi', columns: ['Nakshatras'], rows: NADIS.map((name, n) => ({ label: name, cells: [NAKSHATRAS.filter((_, i) => NAKSHATRA_NADI[i] === n).join(', ')] })), highlight: null }),
  ];
}

const padaOf = (c: Chart) => Math.floor((c.moon.longitude % NAKSHATRA_SPAN) / PADA_SPAN) + 1;
const friends = (a: string, b: string) =>
  NATURAL_RELATIONS[a as keyof typeof NATURAL_RELATIONS]?.friends.includes(b as never) && NATURAL_RELATIONS[b as keyof typeof NATURAL_RELATIONS]?.friends.includes(a as never);

/** Mars in its own sign (Mesha, Vrishchika) or exalted (Makara) does not make the dosha, in the houses that count. */
function marsDignified(c: Chart): string | null {
  if (!c.grahas || c.manglik.marsHouse === null) return null;
  const sign = Math.floor(c.grahas.Mars / 30) % 12;
  if (sign === 0 || sign === 7) return `Mars is in its own sign, ${RASHIS[sign]}`;
  if (sign === EXALTATION.Mars) return `Mars is exalted in ${RASHIS[sign]}`;
  return null;
}

/** The classical cancellations (parihara) that apply to this pair, each named with its rule. */
export function doshaExceptions(me: Chart, them: Chart, breakdown: Record<Koota, number>): DoshaException[] {
  const out: DoshaException[] = [];
  if (breakdown.nadi === 0) {
    if (me.moon.rashi === them.moon.rashi && me.moon.nakshatra !== them.moon.nakshatra) {
      out.push({ dosha: 'Nadi', rule: 'Same Moon sign, different nakshatras', detail: `Both Moons are in ${RASHIS[me.moon.rashi]} but in ${NAKSHATRAS[me.moon.nakshatra]} and ${NAKSHATRAS[them.moon.nakshatra]}, which cancels the Nadi dosha.` });
    } else if (me.moon.nakshatra === them.moon.nakshatra && me.moon.rashi !== them.moon.rashi) {
      out.push({ dosha: 'Nadi', rule: 'Same nakshatra, different Moon signs', detail: `Both Moons are in ${NAKSHATRAS[me.moon.nakshatra]} but in ${RASHIS[me.moon.rashi]} and ${RASHIS[them.moon.rashi]}, which cancels the Nadi dosha.` });
    } else if (me.moon.nakshatra === them.moon.nakshatra && padaOf(me) !== padaOf(them)) {
      out.push({ dosha: 'Nadi', rule: 'Same nakshatra, different padas', detail: `Both Moons are in ${NAKSHATRAS[me.moon.nakshatra]}, in padas ${padaOf(me)} and ${padaOf(them)}, which cancels the Nadi dosha.` });
    }
  }
  if (breakdown.bhakoot === 0) {
    const l1 = RASHI_LORD[me.moon.rashi];
    const l2 = RASHI_LORD[them.moon.rashi];
    if (l1 === l2) {
      out.push({ dosha: 'Bhakoot', rule: 'Same lord of both Moon signs', detail: `${RASHIS[me.moon.rashi]} and ${RASHIS[them.moon.rashi]} are both ruled by ${l1}, which cancels the Bhakoot dosha.` });
    } else if (friends(l1, l2)) {
      out.push({ dosha: 'Bhakoot', rule: 'Lords of the Moon signs are mutual friends', detail: `${l1} and ${l2}, the lords of ${RASHIS[me.moon.rashi]} and ${RASHIS[them.moon.rashi]}, are natural friends, which cancels the Bhakoot dosha.` });
    }
  }
  const manglik = [me, them].filter((c) => c.manglik.isManglik);
  if (manglik.length === 2) {
    out.push({ dosha: 'Manglik', rule: 'Both charts are Manglik', detail: 'Mars sits in a Manglik house in both charts; the doshas cancel each other.' });
  } else if (manglik.length === 1) {
    const dignified = marsDignified(manglik[0]);
    if (dignified) {
      out.push({ dosha: 'Manglik', rule: 'Mars in its own or exaltation sign', detail: `${manglik[0] === me ? 'In your chart' : 'In their chart'} ${dignified} (house ${manglik[0].manglik.marsHouse} of ${MANGLIK_HOUSES.join(', ')}), which cancels the Manglik dosha.` });
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
