import type { MatchProfile } from '../matching';
import type { Dictionaries } from './dictionaries';
import { DAY_MS } from './member-row';
import { type MemberStore, NO_DOB, NO_HEIGHT } from './store';

/**
 * The member at a position as computeMatch reads a profile: the viewer's side of the score tables is filled from
 * it, with the same factor functions as the profile page's percentage.
 */
export function matchProfileAt(s: MemberStore, d: Dictionaries, p: number): MatchProfile {
  const [religion, tongue, plans, integration, verified] = d.cultures.values[s.culture.a[p]];
  const [country, education] = d.places.values[s.place.a[p]];
  const [min, max] = d.agePairs.values[s.agePair.a[p]];
  const [marital, diet, , community] = d.miscs.values[s.misc.a[p]];
  const [heightMin, heightMax, maritalPref, dietPref, communityPref] = d.wishes.values[s.wishes.a[p]];
  const dob = s.dob[p];
  return {
    userId: s.userId[p],
    gender: d.genders.values[s.gender[p]] ?? null,
    lookingFor: d.genders.values[s.lookingFor[p]] ?? null,
    dateOfBirth: dob === NO_DOB ? null : new Date(dob * DAY_MS).toISOString().slice(0, 10),
    country: d.countries.values[country],
    education: d.educations.values[education],
    profession: d.professions.values[s.profession.a[p]],
    religion: d.religions.values[religion],
    motherTongue: d.tongues.values[tongue],
    agePreferenceMin: min,
    agePreferenceMax: max,
    locationPreference: d.locPrefLists[s.locPref.a[p]],
    educationPreference: d.eduPrefs.values[s.eduPref.a[p]],
    professionPreference: d.profPrefs.values[s.profPref.a[p]],
    culturalIntegrationLevel: d.integrations.values[integration],
    returnToIndiaPlans: d.returnPlans.values[plans],
    isVerified: verified === 1,
    height: s.height[p] === NO_HEIGHT ? null : s.height[p],
    maritalStatus: d.maritals.values[marital],
    diet: d.diets.values[diet],
    community: d.communities.values[community],
    heightPreferenceMin: heightMin,
    heightPreferenceMax: heightMax,
    maritalStatusPreference: d.listPrefLists[maritalPref],
    dietPreference: d.listPrefLists[dietPref],
    communityPreference: d.listPrefLists[communityPref],
  };
}
