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
 * the other member's own profile. Deterministic: the same two profiles give the same starters, best first.
 */
export function conversationStarters(mine: StarterProfile, theirs: StarterProfile, name: string, sharedMood: string | null): string[] {
  const starters: string[] = [];
  const sharedInterests = [...interestsOf(mine.about)].filter((i) => interestsOf(theirs.about).has(i));
  for (const interest of sharedInterests.slice(0, 2)) starters.push(`You both mention ${interest}. What got you into it, and when did you last make time for it?`);
  const sharedLanguages = [...languagesOf(mine)].filter((l) => languagesOf(theirs).has(l) && l !== 'english');
  if (sharedLanguages.length) {
    const lang = LANGUAGE_NAMES[sharedLanguages[0]] ?? sharedLanguages[0];
    starters.push(`You both speak ${lang}. Is there a ${lang} film, song or saying that always reminds you of home?`);
  }
  if (mine.city && theirs.city && mine.city === theirs.city) {
    starters.push(`You are both in ${theirs.city}. What is your favourite place there for proper Indian food?`);
  } else if (mine.country && theirs.country && mine.country === theirs.country) {
    starters.push(`You both live in ${theirs.country}. How long did it take before it started to feel like home?`);
  } else if (theirs.country) {
    starters.push(`${name} lives in ${theirs.country}. Ask what surprised them most when they first moved there.`);
  }
  if (mine.profession && theirs.profession && mine.profession.toLowerCase() === theirs.profession.toLowerCase()) {
    starters.push(`You are both ${theirs.profession.toLowerCase()}s. What do you enjoy most about the work, and what would you change?`);
  } else if (theirs.profession) {
    starters.push(`Ask ${name} what a good day looks like as a ${theirs.profession.toLowerCase()}.`);
  }
  if (mine.returnToIndiaPlans && theirs.returnToIndiaPlans && mine.returnToIndiaPlans === theirs.returnToIndiaPlans && mine.returnToIndiaPlans !== 'never') {
    starters.push(`You are both ${mine.returnToIndiaPlans === 'definite' ? 'planning' : 'thinking about'} a return to India. Which city would you choose, and why?`);
  }
  if (sharedMood) starters.push(`You have both been feeling ${sharedMood.toLowerCase()} lately. What has been behind it this week?`);
  if (theirs.birthPlace) starters.push(`${name} was born in ${theirs.birthPlace.split(',')[0]}. Ask about a childhood festival they still celebrate.`);
  return [...new Set(starters)];
}
