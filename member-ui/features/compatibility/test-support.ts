import type { KundaliAiResult, KundaliBasicResult, KundaliInputsUsed, KundaliProfileDetails, ProfileSummaryView } from '../../../contracts/kundali';

const birthChartInputs: KundaliInputsUsed = {
  moon: 'birth-chart',
  manglik: 'ascendant',
  birthDate: '1995-02-14',
  birthTime: '06:30',
  birthPlace: { query: 'Kochi, India', matched: 'Kochi, India', latitude: 9.97, longitude: 76.28, timeZone: 'Asia/Kolkata' },
  birthUtc: '1995-02-14T01:00:00.000Z',
  utcOffset: '+05:30',
  notes: [],
};

/** A basic Kundali result as GET /api/kundali-compatibility returns it; override what a test cares about. */
export function buildBasicResult(overrides: Partial<KundaliBasicResult> & { score?: number } = {}): KundaliBasicResult {
  const score = overrides.score ?? 24;
  const percentage = Math.round((score / 36) * 100);
  const { score: _score, ...rest } = overrides;
  return {
    kundaliScore: score,
    astrologicalCompatibility: {
      ashtakoot: {
        score,
        maxScore: 36,
        percentage,
        breakdown: { varna: 1, vashya: 2, tara: 1.5, yoni: 3, grahaMaitri: 5, gana: 0, bhakoot: 7, nadi: 8 },
      },
      zodiac: { sign1: 'Aquarius', sign2: 'Gemini', elementCompatibility: true },
      manglik: { profile1IsManglik: false, profile2IsManglik: true },
    },
    manglicCompatibility: false,
    horoscopeMatch: score >= 18,
    matchPercentage: percentage,
    inputsUsed: { profile1: birthChartInputs, profile2: { ...birthChartInputs, moon: 'entered', manglik: 'entered', birthTime: null, birthPlace: null, birthUtc: null, utcOffset: null } },
    housesUsed: {
      manglikHouses: [1, 2, 4, 7, 8, 12],
      houseSystem: 'whole-sign',
      profile1: { from: 'ascendant', marsHouse: 3 },
      profile2: { from: 'entered', marsHouse: null },
    },
    ...rest,
  };
}

const chart = (moonSign: string): KundaliProfileDetails => ({
  basicDetails: { dateOfBirth: '1995-02-14', birthTime: '06:30', birthPlace: 'Kochi, India', zodiacSign: 'Aquarius', moonSign, nakshatra: 'Rohini', manglik: false },
  planetaryInfluences: { dominantPlanet: 'Venus', marsInfluence: 'weak' },
  dashaPeriods: { currentDasha: 'Venus', remainingYears: 7.5, nextDasha: 'Sun' },
});

export function buildAiResult(overrides: Partial<KundaliAiResult> = {}): KundaliAiResult {
  return {
    aiAnalysis: 'Overall: 24 of 36 gunas.\n\n## Strengths\n- Nadi scores well.\n\n## Guidance\nPlanetary harmony: steady.',
    generator: 'rules',
    timestamp: '2026-03-01T10:00:00.000Z',
    traditionalScores: { kundali: { matchPercentage: 67 } },
    advancedAnalysis: {
      overallAdvancedScore: { score: 80, description: 'Strong overall.' },
      compatibility: {
        planetaryHarmony: { score: 71, description: 'Harmonious lords.' },
        dashaCompatibility: { score: 70, description: 'Balanced periods.' },
        spiritualConnection: { score: 55, description: 'Moderate.' },
        timingScore: { score: 90, description: 'Auspicious.' },
      },
      profile1: chart('Vrishabha'),
      profile2: chart('Mithuna'),
    },
    inputsUsed: buildBasicResult().inputsUsed,
    ...overrides,
  };
}

export function buildProfileSummary(userId: number, fullName: string, gender = 'female', overrides: Partial<ProfileSummaryView> = {}): ProfileSummaryView {
  return {
    id: userId + 100,
    userId,
    gender,
    is_deleted: false,
    user: { id: userId, fullName },
    fullName,
    age: 29,
    city: 'London',
    country: 'United Kingdom',
    photo: `/media/photos/${userId}_thumb.jpg`,
    photoBlurred: false,
    relation: null,
    ...overrides,
  };
}
