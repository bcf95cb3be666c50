/**
 * The Ashtakoot (Guna Milan) reference tables, written once as data.
 *
 * Sources: the classical North-Indian Ashtakoot rules as tabulated in PyJHora
 * (naturalstupid/PyJHora src/jhora/horoscope/match/compatibility.py, after saravali.de) and cross-checked against
 * VedAstro (VedAstro/VedAstro Library/Logic/MatchCalculator.cs, after B. V. Raman's "Muhurtha"). Where the two
 * disagree, the reading used here and the reason are recorded in TABLES.md beside this file.
 *
 * Indices: rashi 0–11 = Mesha … Meena (contracts/enums RASHIS), nakshatra 0–26 = Ashwini … Revati (NAKSHATRAS).
 */

export const GRAHAS = ['Sun', 'Moon', 'Mars', 'Mercury', 'Jupiter', 'Venus', 'Saturn', 'Rahu', 'Ketu'] as const;
export type Graha = (typeof GRAHAS)[number];
/** The seven grahas that own signs (the nodes own none). */
export const SIGN_LORDS = ['Sun', 'Moon', 'Mars', 'Mercury', 'Jupiter', 'Venus', 'Saturn'] as const;
export type SignLord = (typeof SIGN_LORDS)[number];

export const NAKSHATRA_SPAN = 360 / 27;
export const PADA_SPAN = NAKSHATRA_SPAN / 4;

/** Lord of each rashi. */
export const RASHI_LORD: readonly SignLord[] = [
  'Mars', 'Venus', 'Mercury', 'Moon', 'Sun', 'Mercury', 'Venus', 'Mars', 'Jupiter', 'Saturn', 'Saturn', 'Jupiter',
];

/** Exaltation rashi of each sign lord; debilitation is the opposite rashi. */
export const EXALTATION: Record<SignLord, number> = { Sun: 0, Moon: 1, Mars: 9, Mercury: 5, Jupiter: 3, Venus: 11, Saturn: 6 };

/**
 * Naisargika (natural) friendships, Brihat Parashara Hora Shastra ch. 3: friends and enemies; every other
 * planet is neutral. Graha Maitri points follow from these (see GRAHA_MAITRI_POINTS).
 */
export const NATURAL_RELATIONS: Record<SignLord, { friends: SignLord[]; enemies: SignLord[] }> = {
  Sun: { friends: ['Moon', 'Mars', 'Jupiter'], enemies: ['Venus', 'Saturn'] },
  Moon: { friends: ['Sun', 'Mercury'], enemies: [] },
  Mars: { friends: ['Sun', 'Moon', 'Jupiter'], enemies: ['Mercury'] },
  Mercury: { friends: ['Sun', 'Venus'], enemies: ['Moon'] },
  Jupiter: { friends: ['Sun', 'Moon', 'Mars'], enemies: ['Mercury', 'Venus'] },
  Venus: { friends: ['Mercury', 'Saturn'], enemies: ['Sun', 'Moon'] },
  Saturn: { friends: ['Mercury', 'Venus'], enemies: ['Sun', 'Moon', 'Mars'] },
};

// ---- 1. Varna (1 point) -------------------------------------------------------------------------------------
/** Varna rank by Moon rashi: Brahmin 3 (Karka, Vrishchika, Meena), Kshatriya 2 (Mesha, Simha, Dhanu),
 *  Vaishya 1 (Vrishabha, Kanya, Makara), Shudra 0 (Mithuna, Tula, Kumbha). */
export const VARNA_RANK: readonly number[] = [2, 1, 0, 3, 2, 1, 0, 3, 2, 1, 0, 3];
export const VARNA_NAMES = ['Shudra', 'Vaishya', 'Kshatriya', 'Brahmin'] as const;

// ---- 2. Vashya (2 points) -----------------------------------------------------------------------------------
export const VASHYA_GROUPS = ['Chatushpada', 'Manava', 'Jalachara', 'Vanachara', 'Keeta'] as const;
export type VashyaGroup = 0 | 1 | 2 | 3 | 4;
/** Vashya group of the Moon: Dhanu and Makara change group at 15°. */
export function vashyaGroup(siderealMoon: number): VashyaGroup {
  const rashi = Math.floor(siderealMoon / 30) % 12;
  const degree = siderealMoon - rashi * 30;
  const byRashi: readonly VashyaGroup[] = [0, 0, 1, 2, 3, 1, 1, 4, 1, 0, 1, 2];
  if (rashi === 8) return degree < 15 ? 1 : 0; // Dhanu: human first half, quadruped second
  if (rashi === 9) return degree < 15 ? 0 : 2; // Makara: quadruped first half, water second
  return byRashi[rashi];
}
/** Points between two Vashya groups (symmetric; the commonly printed North-Indian table, see TABLES.md). */
export const VASHYA_POINTS: readonly (readonly number[])[] = [
  //Ch   Ma   Ja   Va   Ke
  [2.0, 1.0, 1.0, 0.5, 1.0], // Chatushpada
  [1.0, 2.0, 0.5, 0.0, 1.0], // Manava
  [1.0, 0.5, 2.0, 1.0, 1.0], // Jalachara
  [0.5, 0.0, 1.0, 2.0, 0.0], // Vanachara
  [1.0, 1.0, 1.0, 0.0, 2.0], // Keeta
];

// ---- 3. Tara (3 points) -------------------------------------------------------------------------------------
/** Tara names by remainder (count % 9, 0 = 9th). Remainders 3, 5 and 7 — Vipat, Pratyak, Vadha — are inauspicious. */
export const TARA_NAMES = ['Parama Mitra', 'Janma', 'Sampat', 'Vipat', 'Kshema', 'Pratyak', 'Sadhana', 'Vadha', 'Mitra'] as const;
export const INAUSPICIOUS_TARA_REMAINDERS: readonly number[] = [3, 5, 7];

// ---- 4. Yoni (4 points) -------------------------------------------------------------------------------------
export const YONI_ANIMALS = [
  'Horse', 'Elephant', 'Sheep', 'Serpent', 'Dog', 'Cat', 'Rat', 'Cow', 'Buffalo', 'Tiger', 'Deer', 'Monkey', 'Mongoose', 'Lion',
] as const;
/** Yoni animal of each nakshatra (both references agree). */
export const NAKSHATRA_YONI: readonly number[] = [0, 1, 2, 3, 3, 4, 5, 2, 5, 6, 6, 7, 8, 9, 8, 9, 10, 10, 4, 11, 12, 11, 13, 0, 13, 7, 1];
/** Yoni points (PyJHora's YoniArray; symmetric — VedAstro's copy has two asymmetric cells, see TABLES.md). */
export const YONI_POINTS: readonly (readonly number[])[] = [
  //Ho El Sh Se Do Ca Ra Co Bu Ti De Mo Mg Li
  [4, 2, 2, 3, 2, 2, 2, 1, 0, 1, 1, 3, 2, 1], // Horse
  [2, 4, 3, 3, 2, 2, 2, 2, 3, 1, 2, 3, 2, 0], // Elephant
  [2, 3, 4, 2, 1, 2, 1, 3, 3, 1, 2, 0, 3, 1], // Sheep
  [3, 3, 2, 4, 2, 1, 1, 1, 1, 2, 2, 2, 0, 2], // Serpent
  [2, 2, 1, 2, 4, 2, 1, 2, 2, 1, 0, 2, 1, 1], // Dog
  [2, 2, 2, 1, 2, 4, 0, 2, 2, 1, 3, 3, 2, 1], // Cat
  [2, 2, 1, 1, 1, 0, 4, 2, 2, 2, 2, 2, 1, 2], // Rat
  [1, 2, 3, 1, 2, 2, 2, 4, 3, 0, 3, 2, 2, 1], // Cow
  [0, 3, 3, 1, 2, 2, 2, 3, 4, 1, 2, 2, 2, 1], // Buffalo
  [1, 1, 1, 2, 1, 1, 2, 0, 1, 4, 1, 1, 2, 1], // Tiger
  [1, 2, 2, 2, 0, 3, 2, 3, 2, 1, 4, 2, 2, 1], // Deer
  [3, 3, 0, 2, 2, 3, 2, 2, 2, 1, 2, 4, 3, 2], // Monkey
  [2, 2, 3, 0, 1, 2, 1, 2, 2, 2, 2, 3, 4, 2], // Mongoose
  [1, 0, 1, 2, 1, 1, 2, 1, 1, 1, 1, 2, 2, 4], // Lion
];

// ---- 5. Graha Maitri (5 points) -----------------------------------------------------------------------------
/** Points between the lords of the two Moon signs (order of SIGN_LORDS; symmetric). Equals the derivation from
 *  NATURAL_RELATIONS: friend+friend 5, friend+neutral 4, neutral+neutral 3, friend+enemy 1, neutral+enemy 0.5,
 *  enemy+enemy 0 (checked by a test). */
export const GRAHA_MAITRI_POINTS: readonly (readonly number[])[] = [
  //Su   Mo   Ma   Me   Ju   Ve   Sa
  [5.0, 5.0, 5.0, 4.0, 5.0, 0.0, 0.0], // Sun
  [5.0, 5.0, 4.0, 1.0, 4.0, 0.5, 0.5], // Moon
  [5.0, 4.0, 5.0, 0.5, 5.0, 3.0, 0.5], // Mars
  [4.0, 1.0, 0.5, 5.0, 0.5, 5.0, 4.0], // Mercury
  [5.0, 4.0, 5.0, 0.5, 5.0, 0.5, 3.0], // Jupiter
  [0.0, 0.5, 3.0, 5.0, 0.5, 5.0, 5.0], // Venus
  [0.0, 0.5, 0.5, 4.0, 3.0, 5.0, 5.0], // Saturn
];

// ---- 6. Gana (6 points) -------------------------------------------------------------------------------------
export const GANAS = ['Deva', 'Manushya', 'Rakshasa'] as const;
/** Gana of each nakshatra (both references agree). */
export const NAKSHATRA_GANA: readonly (0 | 1 | 2)[] = [
  0, 1, 2, 1, 0, 1, 0, 0, 2, 2, 1, 1, 0, 2, 0, 2, 0, 2, 2, 1, 1, 0, 2, 2, 1, 1, 0,
];
/**
 * Gana points indexed [bride's gana][groom's gana], the reading of most printed tables (TABLES.md): groom Deva with
 * bride Manushya 6 and the reverse 5; groom Rakshasa with bride Deva 1 and the reverse 0.
 */
export const GANA_POINTS: readonly (readonly number[])[] = [
  //groom: Deva Manushya Rakshasa
  [6, 5, 1], // bride Deva
  [6, 6, 0], // bride Manushya
  [0, 0, 6], // bride Rakshasa
];

// ---- 7. Bhakoot (7 points) ----------------------------------------------------------------------------------
/** Bhakoot by the count (1–12) from one Moon sign to the other: 2/12, 5/9 and 6/8 placements score 0; same sign,
 *  3/11, 4/10 and 7/7 score 7. The rule is symmetric (count c one way is 14 − c the other way). */
export const BHAKOOT_DOSHA_COUNTS: readonly number[] = [2, 12, 5, 9, 6, 8];

// ---- 8. Nadi (8 points) -------------------------------------------------------------------------------------
export const NADIS = ['Aadi (Vata)', 'Madhya (Pitta)', 'Antya (Kapha)'] as const;
/** Nadi of each nakshatra (both references agree); the same Nadi scores 0, different Nadis 8. */
export const NAKSHATRA_NADI: readonly (0 | 1 | 2)[] = [
  0, 1, 2, 2, 1, 0, 0, 1, 2, 2, 1, 0, 0, 1, 2, 2, 1, 0, 0, 1, 2, 2, 1, 0, 0, 1, 2,
];

// ---- Vimshottari dasha --------------------------------------------------------------------------------------
/** Mahadasha order and years (120 in all); the lord of nakshatra n is DASHA_ORDER[n % 9]. */
export const DASHA_ORDER: readonly Graha[] = ['Ketu', 'Venus', 'Sun', 'Moon', 'Mars', 'Rahu', 'Jupiter', 'Saturn', 'Mercury'];
export const DASHA_YEARS: Record<Graha, number> = { Ketu: 7, Venus: 20, Sun: 6, Moon: 10, Mars: 7, Rahu: 18, Jupiter: 16, Saturn: 19, Mercury: 17 };

// ---- Manglik ------------------------------------------------------------------------------------------------
/** Houses (whole-sign, counted from the ascendant or the Moon) in which Mars makes a chart Manglik. */
export const MANGLIK_HOUSES: readonly number[] = [1, 2, 4, 7, 8, 12];

// ---- Western elements (the zodiac card) ---------------------------------------------------------------------
export const ZODIAC_ELEMENT = ['fire', 'earth', 'air', 'water'] as const;

/**
 * The kootas whose printed tables disagree, and the reading the score follows (the sources are in TABLES.md). The
 * Kundali report lists them, so a family comparing with a printed table or an astrologer knows why a figure differs.
 */
export const TABLES_FOLLOWED: ReadonlyArray<{ koota: string; reading: string }> = [
  { koota: 'Varna', reading: 'the classical sign list (Karka, Vrishchika, Meena Brahmin; Mesha, Simha, Dhanu Kshatriya; Vrishabha, Kanya, Makara Vaishya; Mithuna, Tula, Kumbha Shudra): 1 when the groom’s varna is at least the bride’s' },
  { koota: 'Vashya', reading: 'the commonly printed symmetric table, so a pair’s points do not depend on who is the bride' },
  { koota: 'Tara', reading: 'stars counted both ways; each direction earns 1.5 unless its remainder is 3, 5 or 7 (Vipat, Pratyak, Vadha)' },
  { koota: 'Gana', reading: 'most printed tables (Future Point’s, the muhurta texts): groom Deva with bride Manushya 6 and the reverse 5; groom Rakshasa with bride Deva 1 and the reverse 0' },
  { koota: 'Bhakoot', reading: 'the 2/12, 5/9 and 6/8 positions score 0, every other 7; no cancellation' },
  { koota: 'Nadi', reading: 'the same nadi scores 0, different nadis 8; no cancellation' },
];
