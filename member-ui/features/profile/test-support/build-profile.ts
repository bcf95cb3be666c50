import type { CompletionStatusView, ProfileView } from '../../../../contracts/views';

/** The member's own profile as the API presents it; override what a test cares about. */
export function buildOwnProfile(overrides: Partial<ProfileView> = {}): ProfileView {
  return {
    id: 31,
    userId: 7,
    user: { id: 7, fullName: 'Priya Sharma', isVerified: false },
    fullName: 'Priya Sharma',
    username: 'priya',
    isVerified: false,
    gender: 'female',
    lookingFor: 'male',
    dateOfBirth: '1996-04-12',
    age: 29,
    profileType: 'self',
    parentName: null,
    parentRelationship: null,
    parentContact: null,
    location: 'Toronto, Canada',
    country: 'Canada',
    city: 'Toronto',
    height: null,
    education: "Master's",
    educationDetails: null,
    profession: 'Data Scientist',
    company: null,
    income: null,
    maritalStatus: null,
    about: null,
    bio: null,
    motherTongue: 'Hindi',
    religion: 'Hindu',
    diet: null,
    photos: [],
    photoDetails: [],
    photosBlurred: false,
    birthHour: null,
    birthMinute: null,
    birthAmPm: null,
    birthPlace: null,
    zodiacSign: null,
    rashi: null,
    nakshatra: null,
    manglik: null,
    gotra: null,
    kundaliDetails: [],
    familyType: null,
    familyValues: null,
    siblingDetails: null,
    familyBackground: null,
    agePreferenceMin: null,
    agePreferenceMax: null,
    locationPreference: [],
    educationPreference: null,
    professionPreference: null,
    nriResidenceCountry: null,
    nriCommunity: null,
    culturalIntegrationLevel: 'moderate',
    returnToIndiaPlans: 'considering',
    languagePreferences: '[]',
    languages: [],
    visaImmigrationExperience: null,
    profileCompletionStage: 2,
    basicInfoComplete: true,
    personalDetailsComplete: false,
    astrologyInfoComplete: false,
    familyInfoComplete: false,
    preferencesComplete: false,
    matchPercentage: null,
    is_deleted: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

const STAGE_NAMES = ['Basic Information', 'Personal Details', 'Astrological Information', 'Family Information', 'Partner Preferences'];

/** Completion status with the first `done` stages complete. */
export function buildCompletion(done: number, overrides: Partial<CompletionStatusView> = {}): CompletionStatusView {
  const next = done < 5 ? done + 1 : null;
  return {
    profileId: 31,
    completionPercentage: done * 20,
    isComplete: next === null,
    currentStage: next,
    nextStage: next
      ? { stage: next, name: STAGE_NAMES[next - 1], fields: next === 2 ? ['height', 'education', 'profession', 'maritalStatus', 'income', 'about'] : [], description: 'Next stage' }
      : null,
    stages: STAGE_NAMES.map((name, i) => ({ stage: i + 1, name, complete: i < done })),
    ...overrides,
  };
}
