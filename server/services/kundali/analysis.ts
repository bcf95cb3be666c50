import { NAKSHATRAS, RASHIS, ZODIAC_SIGNS } from '../../../contracts/enums';
import { KOOTA_MAX, KOOTA_NAMES, type AstroCardView, type Koota, type KundaliAiResult, type KundaliBasicResult, type KundaliProfileDetails, type ScoredAspect } from '../../../contracts/kundali';
import { ashtakoot, ashtakootDirected, type AshtakootResult } from './ashtakoot';
import { type Chart, dominantPlanet, marsInfluence } from './chart';
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

function band(score: number): string {
  if (score >= 80) return 'Excellent';
  if (score >= 65) return 'Good';
  if (score >= 50) return 'Moderate';
  return 'Challenging';
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
export function advancedResult(input: AiInput, now: Date): Omit<KundaliAiResult, 'aiAnalysis' | 'generator'> {
  const { c1, c2, d1, d2 } = input;
  const basic = basicResult(c1, c2);
  const s = advancedScores(pairAshtakoot(c1, c2), d1, d2);
  const aspect = (score: number, text: string): ScoredAspect => ({ score, description: `${band(score)}: ${text}` });
  return {
    timestamp: now.toISOString(),
    traditionalScores: { kundali: { matchPercentage: basic.matchPercentage } },
    advancedAnalysis: {
      overallAdvancedScore: aspect(s.overall, 'the mean of planetary harmony, dasha compatibility, spiritual connection and timing.'),
      compatibility: {
        planetaryHarmony: aspect(s.planetaryHarmony, `Moon-sign lords (Graha Maitri ${basic.astrologicalCompatibility.ashtakoot.breakdown.grahaMaitri}/5), sign placement (Bhakoot ${basic.astrologicalCompatibility.ashtakoot.breakdown.bhakoot}/7) and dominant planets ${d1.dominant} and ${d2.dominant}.`),
        dashaCompatibility: aspect(s.dashaCompatibility, `current mahadashas ${d1.dasha.currentDasha} and ${d2.dasha.currentDasha}, next ${d1.dasha.nextDasha} and ${d2.dasha.nextDasha}.`),
        spiritualConnection: aspect(s.spiritualConnection, `Varna, Gana and Nadi together (${NADIS[NAKSHATRA_NADI[c1.moon.nakshatra]]} and ${NADIS[NAKSHATRA_NADI[c2.moon.nakshatra]]} Nadi).`),
        timingScore: aspect(s.timingScore, `the nature of the running mahadasha lords and Tara (${basic.astrologicalCompatibility.ashtakoot.breakdown.tara}/3).`),
      },
      profile1: profileDetails(c1, d1, input.birthPlaces[0]),
      profile2: profileDetails(c2, d2, input.birthPlaces[1]),
    },
    inputsUsed: basic.inputsUsed,
  };
}

const KOOTA_LABELS: Record<Koota, string> = {
  varna: 'Varna', vashya: 'Vashya', tara: 'Tara', yoni: 'Yoni', grahaMaitri: 'Graha Maitri', gana: 'Gana', bhakoot: 'Bhakoot', nadi: 'Nadi',
};
const KOOTA_MEANING: Record<Koota, string> = {
  varna: 'spiritual temperament', vashya: 'mutual influence', tara: 'wellbeing and timing', yoni: 'intimacy and instinct',
  grahaMaitri: 'friendship of the Moon-sign lords', gana: 'temperament', bhakoot: 'family welfare and prosperity', nadi: 'health and progeny',
};

/** The deterministic narrative: markdown headings, bullets and "Label:" lines written from the computed charts. */
export function rulesAnalysis(input: AiInput, result: Omit<KundaliAiResult, 'aiAnalysis' | 'generator'>): string {
  const { c1, c2, d1, d2, names } = input;
  const a = pairAshtakoot(c1, c2);
  const adv = result.advancedAnalysis;
  const line = (c: Chart) =>
    `${RASHIS[c.moon.rashi]} Moon in ${NAKSHATRAS[c.moon.nakshatra]} pada ${c.moon.pada} (${GANAS[NAKSHATRA_GANA[c.moon.nakshatra]]} gana, ${YONI_ANIMALS[NAKSHATRA_YONI[c.moon.nakshatra]]} yoni)`;
  const strong = (Object.keys(KOOTA_MAX) as Koota[]).filter((k) => a.breakdown[k] >= KOOTA_MAX[k] * 0.75);
  const weak = (Object.keys(KOOTA_MAX) as Koota[]).filter((k) => a.breakdown[k] <= KOOTA_MAX[k] * 0.25);
  const manglikText =
    c1.manglik.isManglik === c2.manglik.isManglik
      ? c1.manglik.isManglik
        ? 'Both charts are Manglik, so the Mars influence is balanced between them.'
        : 'Neither chart is Manglik.'
      : `Only ${c1.manglik.isManglik ? names[0] : names[1]}'s chart is Manglik; traditional remedies or a closer look at both charts are usually advised.`;
  const out = [
    `Overall: ${a.score} of 36 gunas (${result.traditionalScores.kundali.matchPercentage}%) with an advanced score of ${adv.overallAdvancedScore.score}. ${a.score >= HOROSCOPE_MATCH_MINIMUM ? 'The match meets the traditional minimum of 18 gunas.' : 'The match is below the traditional minimum of 18 gunas, so the individual factors deserve attention.'}`,
    '',
    '## Birth charts',
    `- ${names[0]}: ${line(c1)}; dominant planet ${d1.dominant}; Mars ${d1.mars}.`,
    `- ${names[1]}: ${line(c2)}; dominant planet ${d2.dominant}; Mars ${d2.mars}.`,
    '',
    '## Ashtakoot factors',
    ...(Object.keys(KOOTA_MAX) as Koota[]).map((k) => `- ${KOOTA_LABELS[k]}: ${a.breakdown[k]} of ${KOOTA_MAX[k]} (${KOOTA_MEANING[k]})`),
    '',
    '## Strengths',
    ...(strong.length ? strong.map((k) => `- ${KOOTA_LABELS[k]} scores well, supporting ${KOOTA_MEANING[k]}.`) : ['- No factor scores in its top quarter; the match rests on a balance of moderate scores.']),
    '',
    '## Points to consider',
    ...(weak.length ? weak.map((k) => `- ${KOOTA_LABELS[k]} scores low, so ${KOOTA_MEANING[k]} may need conscious effort.`) : ['- No factor scores in its bottom quarter.']),
    `- Manglik: ${manglikText}`,
    '',
    '## Dasha periods',
    `- ${names[0]}: ${d1.dasha.currentDasha} mahadasha, ${d1.dasha.remainingYears} years left, then ${d1.dasha.nextDasha}.`,
    `- ${names[1]}: ${d2.dasha.currentDasha} mahadasha, ${d2.dasha.remainingYears} years left, then ${d2.dasha.nextDasha}.`,
    `Dasha compatibility: ${adv.compatibility.dashaCompatibility.score}%`,
    `Auspicious timing: ${adv.compatibility.timingScore.score}%`,
    '',
    '## Guidance',
    `Planetary harmony: ${adv.compatibility.planetaryHarmony.description}`,
    `Spiritual connection: ${adv.compatibility.spiritualConnection.description}`,
    '- Astrology is one input among many; shared values and open conversation matter most.',
  ];
  return out.join('\n');
}
