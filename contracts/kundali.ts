// Kundali (Vedic compatibility) response shapes: the basic result, the AI result and the profile view's
// astrological card. Types only; how the numbers are computed is in docs/kundali-method.md.

export const KUNDALI_TEXTS = {
  incomplete: 'Please make sure both profiles have complete astrological information.',
  aiIncomplete: 'Please make sure both profiles have sufficient astrological information.',
  upgrade: 'This feature requires a Premium or Elite subscription',
  ownOnly: 'You can only check compatibility for your own profile',
} as const;

export const KOOTA_MAX = {
  varna: 1,
  vashya: 2,
  tara: 3,
  yoni: 4,
  grahaMaitri: 5,
  gana: 6,
  bhakoot: 7,
  nadi: 8,
} as const;
export type Koota = keyof typeof KOOTA_MAX;
export type KootaBreakdown = Record<Koota, number>;

/** Which inputs a member's chart was built from. */
export interface KundaliInputsUsed {
  /** 'birth-chart': date, time and place; 'entered': the member's own rashi/nakshatra entries */
  moon: 'birth-chart' | 'entered';
  /** where Mars's house was counted from; 'entered' = the member's own Manglik answer */
  manglik: 'ascendant' | 'moon' | 'entered';
  birthDate: string | null;
  /** 24-hour local time "HH:MM" when known */
  birthTime: string | null;
  birthPlace: { query: string; matched: string; latitude: number; longitude: number; timeZone: string } | null;
  /** the birth instant in UTC (ISO) when date, time and place were all usable */
  birthUtc: string | null;
  /** the zone's offset at that instant, e.g. "+05:30" */
  utcOffset: string | null;
  notes: string[];
}

export interface KundaliBasicResult {
  /** Ashtakoot points, 0–36 */
  kundaliScore: number;
  astrologicalCompatibility: {
    ashtakoot: { score: number; maxScore: 36; percentage: number; breakdown: KootaBreakdown };
    zodiac: { sign1: string | null; sign2: string | null; elementCompatibility: boolean | null };
    manglik: { profile1IsManglik: boolean; profile2IsManglik: boolean };
  };
  manglicCompatibility: boolean;
  horoscopeMatch: boolean;
  matchPercentage: number;
  inputsUsed: { profile1: KundaliInputsUsed; profile2: KundaliInputsUsed };
  /** Each koota: its points, the rule, the table it reads and where the two Moons fall in it */
  kootas?: KootaExplanation[];
  /** Classical exceptions that cancel a Manglik, Nadi or Bhakoot dosha, named with the rule that applies */
  exceptions?: DoshaException[];
  /** Mars houses that make a chart Manglik, and the reference each profile used */
  housesUsed: { manglikHouses: number[]; houseSystem: 'whole-sign'; profile1: { from: KundaliInputsUsed['manglik']; marsHouse: number | null }; profile2: { from: KundaliInputsUsed['manglik']; marsHouse: number | null } };
  /** Where printed Ashtakoot tables disagree, which reading this score follows */
  tablesFollowed?: Array<{ koota: string; reading: string }>;
}

export interface ScoredAspect {
  score: number;
  description: string;
}

export interface KundaliProfileDetails {
  basicDetails: {
    dateOfBirth: string | null;
    birthTime: string | null;
    birthPlace: string | null;
    zodiacSign: string | null;
    moonSign: string;
    nakshatra: string;
    manglik: boolean;
  };
  planetaryInfluences: { dominantPlanet: string; marsInfluence: 'strong' | 'weak' };
  dashaPeriods: { currentDasha: string; remainingYears: number; nextDasha: string };
}

export interface KundaliAiResult {
  aiAnalysis: string;
  generator: 'rules' | 'llm';
  timestamp: string;
  traditionalScores: { kundali: { matchPercentage: number } };
  advancedAnalysis: {
    overallAdvancedScore: ScoredAspect;
    compatibility: {
      planetaryHarmony: ScoredAspect;
      dashaCompatibility: ScoredAspect;
      spiritualConnection: ScoredAspect;
      timingScore: ScoredAspect;
    };
    profile1: KundaliProfileDetails;
    profile2: KundaliProfileDetails;
  };
  inputsUsed: { profile1: KundaliInputsUsed; profile2: KundaliInputsUsed };
}

/** GET /api/compatibility/{userId}/{profileId}: the profile view's astrological card. */
export const KOOTA_NAMES: Record<Koota, string> = {
  varna: 'Varna', vashya: 'Vashya', tara: 'Tara', yoni: 'Yoni', grahaMaitri: 'Graha Maitri', gana: 'Gana', bhakoot: 'Bhakoot', nadi: 'Nadi',
};

export type AstroAspect = 'temperament' | 'communication' | 'emotional' | 'values';

export interface AstroCardView {
  overall: number;
  temperament: number;
  communication: number;
  emotional: number;
  values: number;
  sign1: string | null;
  sign2: string | null;
  /** What each aspect is made of: the kootas it adds up, their points and the points available. */
  basis?: Record<AstroAspect, { kootas: string[]; points: number; max: number }>;
}

/** GET /api/profiles/search: the compatibility page's dropdown. */
export interface ProfileSummaryView {
  id: number;
  userId: number;
  gender: string | null;
  is_deleted: false;
  user: { id: number; fullName: string };
  /** The name the profile is published under (a managed profile's candidate). */
  fullName: string;
  age: number | null;
  city: string | null;
  country: string | null;
  /** Thumbnail, blurred when the owner blurs photos for this viewer. */
  photo: string | null;
  photoBlurred: boolean;
  /** Why the profile is offered first: a mutual match, one the member liked, or one they looked at lately. */
  relation: 'match' | 'liked' | 'viewed' | null;
}

export interface KootaTable {
  caption: string;
  columns: string[];
  rows: Array<{ label: string; cells: string[] }>;
  /** the cell the two Moons select (row and column indexes into rows/cells), when the table is a grid */
  highlight: { row: number; col: number } | null;
}

export interface KootaExplanation {
  key: Koota;
  name: string;
  points: number;
  max: number;
  /** what the koota measures and how it scores */
  rule: string;
  /** how the rule applies to these two charts */
  yours: string;
  /** the same sentence as a catalogue message (`kundali.yours.*`) and its values, for the app to write in its language */
  said?: KundaliSaid;
  table: KootaTable;
}

/**
 * A sentence the server works out, as a catalogue message id and its values: term values (rashis, nakshatras,
 * varnas, animals, planets, ganas, nadis) are the English names the app's `kundaliTerm` translates. A result stored
 * before these existed has only the English sentence.
 */
export interface KundaliSaid {
  id: string;
  values: Record<string, string | number>;
}

export interface DoshaException {
  dosha: 'Manglik' | 'Nadi' | 'Bhakoot';
  /** the classical rule, by name */
  rule: string;
  /** why it applies to these two charts */
  detail: string;
  /** the same as a catalogue message (`kundali.why.*`) and its values */
  said?: KundaliSaid;
}

/** GET /api/kundali/chart/{userId}: the member's rashi chart (whole-sign houses from the ascendant, else the Moon). */
export interface RashiChartView {
  reference: 'ascendant' | 'moon';
  houses: Array<{ house: number; rashi: number; rashiName: string; grahas: Array<{ name: string; abbr: string; degree: number }> }>;
  inputs: KundaliInputsUsed;
}
