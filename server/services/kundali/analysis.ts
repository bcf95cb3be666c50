import { NAKSHATRAS, RASHIS, ZODIAC_SIGNS } from '../../../contracts/enums';
import { KOOTA_MAX, KOOTA_NAMES, type AstroCardView, type Koota, type KundaliAiResult, type KundaliBasicResult, type KundaliProfileDetails, type ScoredAspect } from '../../../contracts/kundali';
import { ashtakoot, ashtakootDirected, type AshtakootResult } from './ashtakoot';
import { type Chart, dominantPlanet, marsInfluence } from './chart';
import { catalogueWord, optionWord, type Translator, translatorFor } from '../../i18n';
import { type DashaState, vimshottari } from './dasha';
import { doshaExceptions, explainKootas } from './explain';
import { GANAS, GRAHA_MAITRI_POINTS, type Graha, MANGLIK_HOUSES, NADIS, NAKSHATRA_GANA, NAKSHATRA_NADI, NAKSHATRA_YONI, SIGN_LORDS, type SignLord, TABLES_FOLLOWED, YONI_ANIMALS, ZODIAC_ELEMENT } from './tables';

/** Ashtakoot minimum for an acceptable match in the classical texts: 18 of 36. */
export const HOROSCOPE_MATCH_MINIMUM = 18;

const pct = (part: number, whole: number) => Math.round((100 * part) / whole);

/** Element of a western sign (Aries fire, Taurus earth, Gemini air, Cancer water, repeating). */
export function elementOf(sign: string | null): (typeof ZODIAC_ELEMENT)[number] | null {
  const i = ZODIAC_SIGNS.indexOf(sign as (typeof ZODIAC_SIGNS)[number]);
  return i < 0 ? null : ZODIAC_ELEMENT[i % 4];
}

/** Elements match when they are the same or the classical complements (fire–air, earth–water). */
export function elementsCompatible(a: string | null, b: string | null): boolean | null {
  const x = elementOf(a);
  const y = elementOf(b);
  if (!x || !y) return null;
  if (x === y) return true;
  const pair = [x, y].sort().join('-');
  return pair === 'air-fire' || pair === 'earth-water';
}

export function pairAshtakoot(c1: Chart, c2: Chart): AshtakootResult {
  return ashtakoot({ ...c1.moon, gender: c1.gender }, { ...c2.moon, gender: c2.gender });
}

/** Which chart took the groom's role in the score (the same choice ashtakoot() makes). */
function rolesOf(c1: Chart, c2: Chart): { groom: Chart; bride: Chart } {
  if (c1.gender === 'male' && c2.gender === 'female') return { groom: c1, bride: c2 };
  if (c1.gender === 'female' && c2.gender === 'male') return { groom: c2, bride: c1 };
  const sum = (b: Record<string, number>) => Object.values(b).reduce((s, v) => s + v, 0);
  return sum(ashtakootDirected(c2.moon, c1.moon)) > sum(ashtakootDirected(c1.moon, c2.moon)) ? { groom: c2, bride: c1 } : { groom: c1, bride: c2 };
}

/** Part 2 §3 "Basic Kundali result". profile1 is the viewer. */
export function basicResult(c1: Chart, c2: Chart): KundaliBasicResult {
  const a = pairAshtakoot(c1, c2);
  const percentage = pct(a.score, 36);
  return {
    kundaliScore: a.score,
    astrologicalCompatibility: {
      ashtakoot: { score: a.score, maxScore: 36, percentage, breakdown: a.breakdown },
      zodiac: { sign1: c1.sunSign, sign2: c2.sunSign, elementCompatibility: elementsCompatible(c1.sunSign, c2.sunSign) },
      manglik: { profile1IsManglik: c1.manglik.isManglik, profile2IsManglik: c2.manglik.isManglik },
    },
    // Manglik partners are matched with Manglik partners: compatible when both or neither are Manglik.
    manglicCompatibility: c1.manglik.isManglik === c2.manglik.isManglik,
    horoscopeMatch: a.score >= HOROSCOPE_MATCH_MINIMUM,
    matchPercentage: percentage,
    inputsUsed: { profile1: c1.inputs, profile2: c2.inputs },
    kootas: explainKootas(c1, c2, a.breakdown, rolesOf(c1, c2)),
    exceptions: doshaExceptions(c1, c2, a.breakdown),
    housesUsed: {
      manglikHouses: [...MANGLIK_HOUSES],
      houseSystem: 'whole-sign',
      profile1: { from: c1.manglik.from, marsHouse: c1.manglik.marsHouse },
      profile2: { from: c2.manglik.from, marsHouse: c2.manglik.marsHouse },
    },
    tablesFollowed: [...TABLES_FOLLOWED],
  };
}

/**
 * The profile view's astrological card, each a percentage of the points available in its kootas:
 *   temperament   = Gana + Yoni            (of 10)
 *   communication = Graha Maitri + Vashya  (of 7)
 *   emotional     = Bhakoot + Tara         (of 10)
 *   values        = Varna + Nadi           (of 9)
 *   overall       = the Ashtakoot percentage (of 36)
 */
export function astroCard(basic: KundaliBasicResult): AstroCardView {
  const b = basic.astrologicalCompatibility.ashtakoot.breakdown;
  const share = (keys: Koota[]) => pct(keys.reduce((s, k) => s + b[k], 0), keys.reduce((s, k) => s + KOOTA_MAX[k], 0));
  const basisOf = (keys: Koota[]) => ({
    kootas: keys.map((k) => KOOTA_NAMES[k]),
    points: keys.reduce((s, k) => s + b[k], 0),
    max: keys.reduce((s, k) => s + KOOTA_MAX[k], 0),
  });
  return {
    basis: {
      temperament: basisOf(['gana', 'yoni']),
      communication: basisOf(['grahaMaitri', 'vashya']),
      emotional: basisOf(['bhakoot', 'tara']),
      values: basisOf(['varna', 'nadi']),
    },
    overall: basic.astrologicalCompatibility.ashtakoot.percentage,
    temperament: share(['gana', 'yoni']),
    communication: share(['grahaMaitri', 'vashya']),
    emotional: share(['bhakoot', 'tara']),
    values: share(['varna', 'nadi']),
    sign1: basic.astrologicalCompatibility.zodiac.sign1,
    sign2: basic.astrologicalCompatibility.zodiac.sign2,
  };
}

// ---- Advanced analysis -------------------------------------------------------------------------------------

/** The nodes take the nature of a sign lord for friendship ("Shanivat Rahu, Kujavat Ketu"). */
const AS_SIGN_LORD: Record<Graha, SignLord> = {
  Sun: 'Sun', Moon: 'Moon', Mars: 'Mars', Mercury: 'Mercury', Jupiter: 'Jupiter', Venus: 'Venus', Saturn: 'Saturn', Rahu: 'Saturn', Ketu: 'Mars',
};
/** Graha Maitri points (0–5) between any two grahas. */
export function friendship(a: Graha, b: Graha): number {
  return GRAHA_MAITRI_POINTS[SIGN_LORDS.indexOf(AS_SIGN_LORD[a])][SIGN_LORDS.indexOf(AS_SIGN_LORD[b])];
}
/** How benefic a mahadasha lord is by nature: Jupiter and Venus fully, Mercury and Moon mostly, Sun half, malefics a quarter. */
export const DASHA_BENEFIC: Record<Graha, number> = {
  Jupiter: 1, Venus: 1, Mercury: 0.75, Moon: 0.75, Sun: 0.5, Mars: 0.25, Saturn: 0.25, Rahu: 0.25, Ketu: 0.25,
};

export interface ChartDetails {
  dominant: SignLord;
  mars: 'strong' | 'weak';
  dasha: DashaState;
}

/** What the advanced analysis needs beyond the Moon: a birth date (for dasha and the other grahas). */
export function chartDetails(chart: Chart, now: Date): ChartDetails | null {
  const dominant = dominantPlanet(chart);
  const mars = marsInfluence(chart);
  const birth = chart.birthInstant ?? (chart.inputs.birthDate ? new Date(`${chart.inputs.birthDate}T12:00:00Z`) : null);
  if (!dominant || !mars || !birth) return null;
  return { dominant, mars, dasha: vimshottari(chart.moon.longitude, birth, now) };
}

function band(score: number, t: Translator): string {
  if (score >= 80) return t('server.kundali.band.excellent');
  if (score >= 65) return t('server.kundali.band.good');
  if (score >= 50) return t('server.kundali.band.moderate');
  return t('server.kundali.band.challenging');
}

/**
 * The Kundali words of the report in `t`'s language: grahas, ganas, yonis and nadis (kundali.term.*), rashis,
 * nakshatras and kootas (opt.*), the labels the app gives the same names.
 */
function termsIn(t: Translator) {
  return {
    term: (name: string) => catalogueWord(t, `kundali.term.${name}`, name),
    rashi: (index: number) => optionWord(t, 'rashi', RASHIS[index]),
    nakshatra: (index: number) => optionWord(t, 'nakshatra', NAKSHATRAS[index]),
    koota: (k: Koota) => optionWord(t, 'koota', KOOTA_NAMES[k]),
  };
}

/**
 * The four advanced metrics (each 0–100) and their mean:
 *   planetaryHarmony    = 100 × (0.5 × GrahaMaitri/5 + 0.3 × Bhakoot/7 + 0.2 × friendship(dominant planets)/5)
 *   dashaCompatibility  = 100 × (0.7 × friendship(current mahadasha lords) + 0.3 × friendship(next lords)) / 5
 *   spiritualConnection = 100 × (Varna + Gana + Nadi) / 15
 *   timingScore         = 100 × (0.6 × mean benefic weight of the current lords + 0.4 × Tara/3)
 *   overall             = round(mean of the four)
 */
export function advancedScores(a: AshtakootResult, d1: ChartDetails, d2: ChartDetails) {
  const b = a.breakdown;
  const planetaryHarmony = Math.round(100 * (0.5 * (b.grahaMaitri / 5) + 0.3 * (b.bhakoot / 7) + 0.2 * (friendship(d1.dominant, d2.dominant) / 5)));
  const dashaCompatibility = Math.round((100 * (0.7 * friendship(d1.dasha.currentDasha, d2.dasha.currentDasha) + 0.3 * friendship(d1.dasha.nextDasha, d2.dasha.nextDasha))) / 5);
  const spiritualConnection = pct(b.varna + b.gana + b.nadi, 15);
  const timingScore = Math.round(100 * (0.6 * ((DASHA_BENEFIC[d1.dasha.currentDasha] + DASHA_BENEFIC[d2.dasha.currentDasha]) / 2) + 0.4 * (b.tara / 3)));
  const overall = Math.round((planetaryHarmony + dashaCompatibility + spiritualConnection + timingScore) / 4);
  return { planetaryHarmony, dashaCompatibility, spiritualConnection, timingScore, overall };
}

function profileDetails(chart: Chart, d: ChartDetails, birthPlace: string | null): KundaliProfileDetails {
  return {
    basicDetails: {
      dateOfBirth: chart.inputs.birthDate,
      birthTime: chart.inputs.birthTime,
      birthPlace: chart.inputs.birthPlace?.matched ?? birthPlace,
      zodiacSign: chart.sunSign,
      moonSign: RASHIS[chart.moon.rashi],
      nakshatra: NAKSHATRAS[chart.moon.nakshatra],
      manglik: chart.manglik.isManglik,
    },
    planetaryInfluences: { dominantPlanet: d.dominant, marsInfluence: d.mars },
    dashaPeriods: { currentDasha: d.dasha.currentDasha, remainingYears: d.dasha.remainingYears, nextDasha: d.dasha.nextDasha },
  };
}

export interface AiInput {
  c1: Chart;
  c2: Chart;
  d1: ChartDetails;
  d2: ChartDetails;
  names: [string, string];
  birthPlaces: [string | null, string | null];
}

/** Everything of the AI result except the narrative (which the rules engine or the LLM writes). */
export function advancedResult(input: AiInput, now: Date, t: Translator = translatorFor('en')): Omit<KundaliAiResult, 'aiAnalysis' | 'generator'> {
  const { c1, c2, d1, d2 } = input;
  const basic = basicResult(c1, c2);
  const s = advancedScores(pairAshtakoot(c1, c2), d1, d2);
  const { term } = termsIn(t);
  const points = basic.astrologicalCompatibility.ashtakoot.breakdown;
  const aspect = (score: number, text: string): ScoredAspect => ({ score, description: t('server.kundali.aspect', { band: band(score, t), text }) });
  return {
    timestamp: now.toISOString(),
    traditionalScores: { kundali: { matchPercentage: basic.matchPercentage } },
    advancedAnalysis: {
      overallAdvancedScore: aspect(s.overall, t('server.kundali.overallText')),
      compatibility: {
        planetaryHarmony: aspect(s.planetaryHarmony, t('server.kundali.harmonyText', { grahaMaitri: points.grahaMaitri, bhakoot: points.bhakoot, first: term(d1.dominant), second: term(d2.dominant) })),
        dashaCompatibility: aspect(s.dashaCompatibility, t('server.kundali.dashaText', { first: term(d1.dasha.currentDasha), second: term(d2.dasha.currentDasha), firstNext: term(d1.dasha.nextDasha), secondNext: term(d2.dasha.nextDasha) })),
        spiritualConnection: aspect(s.spiritualConnection, t('server.kundali.spiritualText', { first: term(NADIS[NAKSHATRA_NADI[c1.moon.nakshatra]]), second: term(NADIS[NAKSHATRA_NADI[c2.moon.nakshatra]]) })),
        timingScore: aspect(s.timingScore, t('server.kundali.timingText', { tara: points.tara })),
      },
      profile1: profileDetails(c1, d1, input.birthPlaces[0]),
      profile2: profileDetails(c2, d2, input.birthPlaces[1]),
    },
    inputsUsed: basic.inputsUsed,
  };
}

/** The deterministic narrative, in `t`'s language: markdown headings, bullets and "Label:" lines written from the computed charts. */
export function rulesAnalysis(input: AiInput, result: Omit<KundaliAiResult, 'aiAnalysis' | 'generator'>, t: Translator = translatorFor('en')): string {
  const { c1, c2, d1, d2, names } = input;
  const a = pairAshtakoot(c1, c2);
  const adv = result.advancedAnalysis;
  const { term, rashi, nakshatra, koota } = termsIn(t);
  const meaning = (k: Koota) => t(`server.kundali.meaning.${k}`);
  const moon = (c: Chart) =>
    t('server.kundali.moonLine', {
      rashi: rashi(c.moon.rashi), nakshatra: nakshatra(c.moon.nakshatra), pada: c.moon.pada,
      gana: term(GANAS[NAKSHATRA_GANA[c.moon.nakshatra]]), yoni: term(YONI_ANIMALS[NAKSHATRA_YONI[c.moon.nakshatra]]),
    });
  const chart = (name: string, c: Chart, d: ChartDetails) => `- ${t('server.kundali.chartLine', { name, moon: moon(c), dominant: term(d.dominant), mars: t(`server.kundali.mars.${d.mars}`) })}`;
  const dasha = (name: string, d: ChartDetails) => `- ${t('server.kundali.dashaLine', { name, dasha: term(d.dasha.currentDasha), years: d.dasha.remainingYears, next: term(d.dasha.nextDasha) })}`;
  const kootas = Object.keys(KOOTA_MAX) as Koota[];
  const strong = kootas.filter((k) => a.breakdown[k] >= KOOTA_MAX[k] * 0.75);
  const weak = kootas.filter((k) => a.breakdown[k] <= KOOTA_MAX[k] * 0.25);
  const manglikText =
    c1.manglik.isManglik === c2.manglik.isManglik
      ? t(c1.manglik.isManglik ? 'server.kundali.manglikBoth' : 'server.kundali.manglikNeither')
      : t('server.kundali.manglikOne', { name: c1.manglik.isManglik ? names[0] : names[1] });
  const verdict = t(a.score >= HOROSCOPE_MATCH_MINIMUM ? 'server.kundali.meetsMinimum' : 'server.kundali.belowMinimum');
  const out = [
    t('server.kundali.overall', { score: a.score, percent: result.traditionalScores.kundali.matchPercentage, advanced: adv.overallAdvancedScore.score, verdict }),
    '',
    `## ${t('server.kundali.heading.charts')}`,
    chart(names[0], c1, d1),
    chart(names[1], c2, d2),
    '',
    `## ${t('server.kundali.heading.factors')}`,
    ...kootas.map((k) => `- ${t('server.kundali.kootaLine', { koota: koota(k), points: a.breakdown[k], max: KOOTA_MAX[k], meaning: meaning(k) })}`),
    '',
    `## ${t('server.kundali.heading.strengths')}`,
    ...(strong.length ? strong.map((k) => `- ${t('server.kundali.strong', { koota: koota(k), meaning: meaning(k) })}`) : [`- ${t('server.kundali.noStrong')}`]),
    '',
    `## ${t('server.kundali.heading.consider')}`,
    ...(weak.length ? weak.map((k) => `- ${t('server.kundali.weak', { koota: koota(k), meaning: meaning(k) })}`) : [`- ${t('server.kundali.noWeak')}`]),
    `- ${t('server.kundali.manglikLine', { text: manglikText })}`,
    '',
    `## ${t('server.kundali.heading.dasha')}`,
    dasha(names[0], d1),
    dasha(names[1], d2),
    t('server.kundali.dashaCompatibility', { score: adv.compatibility.dashaCompatibility.score }),
    t('server.kundali.timing', { score: adv.compatibility.timingScore.score }),
    '',
    `## ${t('server.kundali.heading.guidance')}`,
    t('server.kundali.harmony', { text: adv.compatibility.planetaryHarmony.description }),
    t('server.kundali.spiritual', { text: adv.compatibility.spiritualConnection.description }),
    `- ${t('server.kundali.closing')}`,
  ];
  return out.join('\n');
}
