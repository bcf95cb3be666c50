import { ageFromDateOfBirth } from '../../contracts/profile';
import { countryCode } from '../../contracts/countries';
import { incomeRangeOf } from '../../contracts/profile-basics';
import { relationOf } from '../../contracts/profile-for';
import type { PhotoView, ProfileCardView, ProfileView } from '../../contracts/views';
import type { Photo } from '../models/photo';
import type { Profile } from '../models/profile';
import { sunSignOfBirthDate } from '../services/kundali/astro';
import { effectiveAstro } from '../services/kundali/effective';
import type { User } from '../models/user';
import { photoUrl } from '../services/photos';

export interface PresentOptions {
  /** false: only blurred renditions are referenced (the clear files are never sent) */
  clearPhotos: boolean;
  /** owner sees everything, including contact details and completion flags */
  isOwner: boolean;
  showPhone: boolean;
  /** photos addressed through a share link (visitors have no session) */
  shareCode?: string;
  /** photos addressed through a family invitation link (the person it was made for, before they have an account) */
  invitationToken?: string;
  matchPercentage?: number | null;
}

export function presentPhotos(photos: Photo[] | undefined, options: Pick<PresentOptions, 'clearPhotos' | 'shareCode' | 'invitationToken'>): PhotoView[] {
  return (photos ?? []).map((p) => {
    const base = options.shareCode ? `/media/shares/${options.shareCode}/` : options.invitationToken ? `/media/family-invitations/${options.invitationToken}/` : '/media/photos/';
    const url = (variant: 'display' | 'thumb' | 'blur') => base + photoUrl(p.fileKey, variant).split('/').pop();
    return options.clearPhotos
      ? { id: p.id, url: url('display'), thumbnailUrl: url('thumb'), blurred: false }
      : { id: p.id, url: url('blur'), thumbnailUrl: url('blur'), blurred: true };
  });
}

function parseLanguages(value: string | null): Array<{ language: string; fluency: string }> {
  if (!value) return [];
  try {
    const list = JSON.parse(value) as unknown;
    return Array.isArray(list) ? (list as Array<{ language: string; fluency: string }>) : [];
  } catch {
    return [];
  }
}

/**
 * The owner sees the amount they entered; everyone else only the range it falls in (its lower bound, which the
 * screens print as that range: "CA$80,000–100,000 a year"), and nothing without a currency to give it a range.
 */
function presentIncome(profile: Pick<Profile, 'income' | 'incomeCurrency'>, isOwner: boolean): Pick<ProfileView, 'income' | 'incomeCurrency'> {
  if (isOwner) return { income: profile.income, incomeCurrency: profile.incomeCurrency };
  if (profile.income == null || !profile.incomeCurrency) return { income: null, incomeCurrency: null };
  return { income: incomeRangeOf(profile.income, profile.incomeCurrency).min, incomeCurrency: profile.incomeCurrency };
}

/** The name a profile is published under: the candidate's own on a managed profile, else the account's. */
export function profileName(profile: Pick<Profile, 'fullName' | 'profileType'>, user: Pick<User, 'fullName'>): string {
  return profile.profileType !== 'self' && profile.fullName ? profile.fullName : user.fullName;
}

/** A profile as members see it. Never a raw row: contact details and internals only where allowed. */
export function presentProfile(profile: Profile, user: Pick<User, 'id' | 'fullName' | 'username' | 'isVerified'>, options: PresentOptions): ProfileView {
  const photos = presentPhotos(profile.photos, options);
  return {
    id: profile.id,
    userId: profile.userId,
    user: { id: user.id, fullName: user.fullName, isVerified: user.isVerified },
    // A profile someone else manages carries the candidate's own name; a self-made one the account's.
    fullName: profileName(profile, user),
    username: options.isOwner ? user.username : undefined,
    isVerified: user.isVerified,
    gender: profile.gender,
    lookingFor: profile.lookingFor,
    dateOfBirth: profile.dateOfBirth,
    age: ageFromDateOfBirth(profile.dateOfBirth),
    profileType: profile.profileType,
    relation: relationOf(profile.profileType, profile.gender),
    parentName: profile.parentName,
    parentRelationship: profile.parentRelationship,
    parentContact: options.isOwner || options.showPhone ? profile.parentContact : null,
    location: profile.location,
    country: profile.country,
    city: profile.city,
    height: profile.height,
    education: profile.education,
    educationDetails: profile.educationDetails,
    profession: profile.profession,
    company: profile.company,
    ...presentIncome(profile, options.isOwner),
    maritalStatus: profile.maritalStatus,
    about: profile.about,
    bio: profile.about,
    motherTongue: profile.motherTongue,
    religion: profile.religion,
    diet: profile.diet,
    photos: photos.map((p) => p.url),
    photoDetails: photos,
    photosBlurred: photos.length > 0 && photos[0].blurred,
    birthHour: profile.birthHour,
    birthMinute: profile.birthMinute,
    birthAmPm: profile.birthAmPm,
    birthPlace: profile.birthPlace,
    // What the birth date gives, for screens to show where the member entered no sign.
    zodiacSignFromBirthDate: sunSignOfBirthDate(profile.dateOfBirth),
    ...effectiveAstro(profile),
    gotra: profile.gotra,
    kundaliDetails: profile.kundaliDetails ?? [],
    familyType: profile.familyType,
    familyValues: profile.familyValues,
    siblingDetails: profile.siblingDetails,
    community: profile.community,
    fatherOccupation: profile.fatherOccupation,
    motherOccupation: profile.motherOccupation,
    brothers: profile.brothers,
    brothersMarried: profile.brothersMarried,
    sisters: profile.sisters,
    sistersMarried: profile.sistersMarried,
    familyLocation: profile.familyLocation,
    familyBackground: profile.familyBackground,
    agePreferenceMin: profile.agePreferenceMin,
    agePreferenceMax: profile.agePreferenceMax,
    locationPreference: profile.locationPreference ?? [],
    educationPreference: profile.educationPreference,
    professionPreference: profile.professionPreference,
    heightPreferenceMin: profile.heightPreferenceMin,
    heightPreferenceMax: profile.heightPreferenceMax,
    maritalStatusPreference: profile.maritalStatusPreference ?? [],
    dietPreference: profile.dietPreference ?? [],
    communityPreference: profile.communityPreference ?? [],
    religionPreference: profile.religionPreference ?? [],
    motherTonguePreference: profile.motherTonguePreference ?? [],
    nriResidenceCountry: profile.nriResidenceCountry,
    nriCommunity: profile.nriCommunity,
    culturalIntegrationLevel: profile.culturalIntegrationLevel,
    returnToIndiaPlans: profile.returnToIndiaPlans,
    // null until the member answers (an empty list once they save the NRI card without a language).
    languagePreferences: profile.languagePreferences,
    languages: parseLanguages(profile.languagePreferences),
    visaImmigrationExperience: profile.visaImmigrationExperience,
    profileCompletionStage: profile.profileCompletionStage,
    basicInfoComplete: profile.basicInfoComplete,
    personalDetailsComplete: profile.personalDetailsComplete,
    astrologyInfoComplete: profile.astrologyInfoComplete,
    familyInfoComplete: profile.familyInfoComplete,
    preferencesComplete: profile.preferencesComplete,
    matchPercentage: options.matchPercentage ?? null,
    is_deleted: profile.isDeleted,
    createdAt: new Date(profile.createdAt).toISOString(),
    updatedAt: new Date(profile.updatedAt).toISOString(),
  };
}


/** The compact card used by lists (likes, search results, matches). */
export function presentProfileCard(profile: Profile, user: Pick<User, 'id' | 'fullName' | 'isVerified'>, options: Pick<PresentOptions, 'clearPhotos' | 'matchPercentage'>): ProfileCardView {
  const photos = presentPhotos(profile.photos?.slice(0, 1), options);
  return {
    id: profile.id,
    userId: profile.userId,
    user: { id: user.id, fullName: user.fullName, isVerified: user.isVerified },
    // A profile someone else manages carries the candidate's own name; a self-made one the account's.
    fullName: profileName(profile, user),
    isVerified: user.isVerified,
    gender: profile.gender,
    dateOfBirth: profile.dateOfBirth,
    age: ageFromDateOfBirth(profile.dateOfBirth),
    profileType: profile.profileType,
    parentName: profile.parentName,
    parentRelationship: profile.parentRelationship,
    location: profile.location,
    city: profile.city,
    country: profile.country,
    countryCode: countryCode(profile.country),
    profession: profile.profession,
    education: profile.education,
    religion: profile.religion,
    motherTongue: profile.motherTongue,
    ...effectiveAstro(profile),
    photos: photos.map((p) => p.thumbnailUrl),
    photosBlurred: photos.length > 0 && photos[0].blurred,
    matchPercentage: options.matchPercentage ?? null,
  };
}
