import type { RelationMappingsThunk } from 'objection';
import { BaseModel } from './base-model';
import { Photo } from './photo';
import { User } from './user';

export interface LanguagePreference {
  language: string;
  fluency: string;
}

export class Profile extends BaseModel {
  static tableName = 'profiles';
  static booleanColumns = [
    'manglik', 'basicInfoComplete', 'personalDetailsComplete', 'astrologyInfoComplete', 'familyInfoComplete',
    'preferencesComplete', 'isDeleted',
  ];
  static bigintColumns = ['deletedAt', 'createdAt', 'updatedAt'];
  static jsonAttributes = [
    'kundaliDetails', 'locationPreference', 'maritalStatusPreference', 'dietPreference', 'communityPreference', 'religionPreference',
    'motherTonguePreference',
  ];

  id!: number;
  userId!: number;
  gender!: string | null;
  lookingFor!: string | null;
  dateOfBirth!: string | null;
  profileType!: string;
  parentName!: string | null;
  parentRelationship!: string | null;
  parentContact!: string | null;
  /** The candidate's own name on a managed profile (null on a self-made one). */
  fullName!: string | null;
  location!: string | null;
  country!: string | null;
  city!: string | null;
  height!: number | null;
  education!: string | null;
  educationDetails!: string | null;
  profession!: string | null;
  company!: string | null;
  income!: number | null;
  /** ISO 4217 code of `income` */
  incomeCurrency!: string | null;
  maritalStatus!: string | null;
  about!: string | null;
  motherTongue!: string | null;
  religion!: string | null;
  diet!: string | null;
  birthHour!: number | null;
  birthMinute!: number | null;
  birthAmPm!: string | null;
  birthPlace!: string | null;
  zodiacSign!: string | null;
  rashi!: string | null;
  nakshatra!: string | null;
  manglik!: boolean | null;
  gotra!: string | null;
  kundaliDetails!: string[] | null;
  familyType!: string | null;
  familyValues!: string | null;
  siblingDetails!: string | null;
  /** The community the family belongs to (free text); nriCommunity is the diaspora association. */
  community!: string | null;
  /** Partner preferences on the basics: a height range (cm) and lists, each empty or null for "open to all". */
  heightPreferenceMin!: number | null;
  heightPreferenceMax!: number | null;
  maritalStatusPreference!: string[] | null;
  dietPreference!: string[] | null;
  communityPreference!: string[] | null;
  religionPreference!: string[] | null;
  motherTonguePreference!: string[] | null;
  fatherOccupation!: string | null;
  motherOccupation!: string | null;
  brothers!: number | null;
  brothersMarried!: number | null;
  sisters!: number | null;
  sistersMarried!: number | null;
  /** Where the family lives (free text, "Pune, India") */
  familyLocation!: string | null;
  familyBackground!: string | null;
  agePreferenceMin!: number | null;
  agePreferenceMax!: number | null;
  locationPreference!: string[] | null;
  educationPreference!: string | null;
  professionPreference!: string | null;
  nriResidenceCountry!: string | null;
  nriCommunity!: string | null;
  culturalIntegrationLevel!: string | null;
  returnToIndiaPlans!: string | null;
  /** JSON text of [{language, fluency}] as the spec sends it */
  languagePreferences!: string | null;
  visaImmigrationExperience!: string | null;
  profileCompletionStage!: number;
  basicInfoComplete!: boolean;
  personalDetailsComplete!: boolean;
  astrologyInfoComplete!: boolean;
  familyInfoComplete!: boolean;
  preferencesComplete!: boolean;
  searchText!: string | null;
  birthYear!: number | null;
  isDeleted!: boolean;
  deletedAt!: number | null;
  /** the moon's sidereal longitude at birth, for Kundali matching (null until computed) */
  moonLongitude!: number | null;
  createdAt!: number;
  updatedAt!: number;

  user?: User;
  photos?: Photo[];

  static relationMappings: RelationMappingsThunk = () => ({
    user: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: User,
      join: { from: 'profiles.userId', to: 'users.id' },
    },
    photos: {
      relation: BaseModel.HasManyRelation,
      modelClass: Photo,
      join: { from: 'profiles.id', to: 'photos.profileId' },
      modify: (builder) => builder.where('photos.purpose', 'profile').orderBy('photos.position'),
    },
  });
}
