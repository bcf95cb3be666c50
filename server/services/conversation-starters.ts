import { countryWord, optionWord, type Translator, translatorFor } from '../i18n';

/**
 * Conversation starters for two members: what they share (interests named in both "about" texts, languages,
 * country or city, profession, plans to return to India, a mood both logged) and, failing that, the other
 * member's own profile. Pure: the route reads the profiles and the shared mood (moods.ts) and passes them in.
 */

const INTERESTS = [
  'cricket', 'football', 'tennis', 'badminton', 'running', 'cycling', 'hiking', 'yoga', 'meditation', 'travel',
  'cooking', 'baking', 'music', 'singing', 'carnatic', 'hindustani', 'bollywood', 'dance', 'kathak', 'bharatanatyam',
  'bhangra', 'garba', 'reading', 'poetry', 'writing', 'movies', 'photography', 'painting', 'gardening', 'chess',
  'volunteering', 'startups', 'history', 'theatre', 'podcasts',
];

const LANGUAGE_NAMES: Record<string, string> = {
  hindi: 'Hindi', english: 'English', punjabi: 'Punjabi', tamil: 'Tamil', telugu: 'Telugu', marathi: 'Marathi',
  gujarati: 'Gujarati', bengali: 'Bengali', kannada: 'Kannada', malayalam: 'Malayalam', odia: 'Odia', urdu: 'Urdu',
};

interface StarterProfile {
  city: string | null;
  country: string | null;
  profession: string | null;
  about: string | null;
  motherTongue: string | null;
  returnToIndiaPlans: string | null;
  languagePreferences: string | null;
  birthPlace: string | null;
}

function languagesOf(p: StarterProfile): Set<string> {
  const out = new Set<string>();
  if (p.motherTongue && p.motherTongue !== 'Other') out.add(p.motherTongue.toLowerCase());
  try {
    const list = JSON.parse(p.languagePreferences ?? '[]') as Array<{ language?: string }>;
    for (const l of list) if (l.language) out.add(l.language.toLowerCase());
  } catch {
    /* no languages */
  }
  return out;
}

const interestsOf = (about: string | null) => new Set(INTERESTS.filter((i) => new RegExp(`\\b${i}`, 'i').test(about ?? '')));

/**
 * Conversation starters from what the two members share (interests named in both "about" texts, languages,
 * country or city, profession, plans to return to India, a mood both logged recently) and, failing that, from
 * the other member's own profile, in the reader's language (`t`); what members wrote (a city, a profession, an
 * interest named in their text) is quoted as written. Deterministic: the same two profiles give the same starters,
 * best first.
 */
export function conversationStarters(mine: StarterProfile, theirs: StarterProfile, name: string, sharedMood: string | null, t: Translator = translatorFor('en')): string[] {
  const starters: string[] = [];
  const sharedInterests = [...interestsOf(mine.about)].filter((i) => interestsOf(theirs.about).has(i));
  for (const interest of sharedInterests.slice(0, 2)) starters.push(t('server.text.starter.interest', { interest }));
  const sharedLanguages = [...languagesOf(mine)].filter((l) => languagesOf(theirs).has(l) && l !== 'english');
  if (sharedLanguages.length) starters.push(t('server.text.starter.language', { language: optionWord(t, 'language', LANGUAGE_NAMES[sharedLanguages[0]] ?? sharedLanguages[0]) }));
  if (mine.city && theirs.city && mine.city === theirs.city) {
    starters.push(t('server.text.starter.sameCity', { city: theirs.city }));
  } else if (mine.country && theirs.country && mine.country === theirs.country) {
    starters.push(t('server.text.starter.sameCountry', { country: countryWord(t, theirs.country) }));
  } else if (theirs.country) {
    starters.push(t('server.text.starter.theirCountry', { name, country: countryWord(t, theirs.country) }));
  }
  if (mine.profession && theirs.profession && mine.profession.toLowerCase() === theirs.profession.toLowerCase()) {
    starters.push(t('server.text.starter.sameProfession', { profession: theirs.profession.toLowerCase() }));
  } else if (theirs.profession) {
    starters.push(t('server.text.starter.theirProfession', { name, profession: theirs.profession.toLowerCase() }));
  }
  if (mine.returnToIndiaPlans && theirs.returnToIndiaPlans && mine.returnToIndiaPlans === theirs.returnToIndiaPlans && mine.returnToIndiaPlans !== 'never') {
    starters.push(t('server.text.starter.returning', { plan: mine.returnToIndiaPlans }));
  }
  // A mood's name is the app's (its row's English name, worded as the mood screen words it), lower-case mid-sentence.
  if (sharedMood) starters.push(t('server.text.starter.mood', { mood: optionWord(t, 'moodType', sharedMood).toLowerCase() }));
  if (theirs.birthPlace) starters.push(t('server.text.starter.birthPlace', { name, place: theirs.birthPlace.split(',')[0] }));
  return [...new Set(starters)];
}
