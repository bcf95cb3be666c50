import crypto from 'node:crypto';
import type { UserRole } from '../../contracts/enums';
import { User } from '../models/user';
import { createAccount } from '../services/accounts';
import { Client, type TestServer } from './harness';

export interface BuiltUser {
  user: User;
  password: string;
}

/** A member (or reviewer/admin) straight in the database; overrides for anything the test cares about. */
export async function buildUser(
  server: TestServer,
  overrides: Partial<{ fullName: string; username: string; email: string; password: string; role: UserRole; tier: User['subscriptionTier']; countRegistration: boolean; language: Language }> = {},
): Promise<BuiltUser> {
  const suffix = crypto.randomBytes(4).toString('hex');
  const password = overrides.password ?? 'correct horse battery';
  const user = await createAccount(
    server.db,
    {
      fullName: overrides.fullName ?? `Test Member ${suffix}`,
      username: overrides.username ?? `member_${suffix}`,
      email: overrides.email ?? `member_${suffix}@example.test`,
      password,
      role: overrides.role ?? 'member',
    },
    { passwordParams: server.config.argon2, firstFreePremium: server.config.firstFreePremium, countRegistration: overrides.countRegistration ?? false, language: overrides.language },
  );
  if (overrides.tier && overrides.tier !== user.subscriptionTier) {
    const ends = overrides.tier === 'tryme' ? null : Date.now() + 30 * 24 * 3600_000;
    await User.query(server.db).findById(user.id).patch({ subscriptionTier: overrides.tier, subscriptionEnds: ends });
    user.subscriptionTier = overrides.tier;
    user.subscriptionEnds = ends;
  }
  return { user, password };
}

/** A client signed in as a fresh user. */
export async function signedInClient(server: TestServer, overrides: Parameters<typeof buildUser>[1] = {}) {
  const built = await buildUser(server, overrides);
  const client = new Client(server);
  // Staff sign in through the console's form only.
  const credentials = { username: built.user.username, password: built.password };
  const res = built.user.role === 'member' ? await client.postForm('/api/auth/login', credentials) : await client.post('/api/ops/session', credentials);
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return { client, ...built };
}

import sharp from 'sharp';
import { Profile } from '../models/profile';
import { derivedFields } from '../services/profile-completion';
import type { Language } from '../../contracts/i18n/languages';

/** A complete profile for `user` straight in the database (all five stages satisfied unless overridden). */
export async function buildProfile(server: TestServer, user: User, overrides: Partial<Profile> = {}): Promise<Profile> {
  const fields: Partial<Profile> = {
    gender: 'female',
    lookingFor: 'male',
    dateOfBirth: '1995-04-12',
    profileType: 'self',
    country: 'United Kingdom',
    city: 'London',
    height: 165,
    education: "Master's",
    profession: 'Software Engineer',
    company: 'Monzo',
    maritalStatus: 'never_married',
    about: 'I love Carnatic music, long walks along the Thames and cooking for friends.',
    religion: 'Hindu',
    motherTongue: 'Tamil',
    diet: 'vegetarian',
    birthHour: 6,
    birthMinute: 30,
    birthAmPm: 'AM',
    birthPlace: 'Chennai, India',
    zodiacSign: 'Aries',
    rashi: 'Mesha',
    nakshatra: 'Ashwini',
    manglik: false,
    familyType: 'nuclear',
    familyValues: 'moderate',
    familyBackground: 'Parents are retired teachers in Chennai; one younger brother studying medicine.',
    agePreferenceMin: 27,
    agePreferenceMax: 35,
    locationPreference: ['United Kingdom', 'India'],
    culturalIntegrationLevel: 'moderate',
    returnToIndiaPlans: 'considering',
    ...overrides,
  };
  const now = Date.now();
  // Read back through the model: the test gets the profile as the application reads it (booleans, JSON, numbers).
  return Profile.query(server.db).insertAndFetch({
    ...fields,
    locationPreference: fields.locationPreference ?? [],
    kundaliDetails: null,
    userId: user.id,
    ...derivedFields(user.fullName, fields),
    isDeleted: false,
    createdAt: now,
    updatedAt: now,
  });
}

/** A small real JPEG; with `gps` it carries EXIF GPS tags like a phone photo. */
export async function jpegBytes(options: { width?: number; height?: number; gps?: boolean } = {}): Promise<Buffer> {
  const image = sharp({ create: { width: options.width ?? 64, height: options.height ?? 80, channels: 3, background: { r: 180, g: 90, b: 60 } } });
  if (options.gps) {
    return image
      .withExif({ IFD0: { Make: 'Saathi Test Phone', Model: 'GPS-1' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 0/1' } })
      .jpeg()
      .toBuffer();
  }
  return image.jpeg().toBuffer();
}

/** A complete profile as the wizard sends it to POST /api/profiles. */
export function profilePayload(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    gender: 'male',
    dateOfBirth: '1993-08-21',
    profileType: 'self',
    country: 'Canada',
    city: 'Toronto',
    education: "Bachelor's",
    educationDetails: 'B.Tech, IIT Bombay',
    profession: 'Data Scientist',
    company: 'Shopify',
    about: 'Cricket on weekends, biryani on Sundays.',
    birthHour: 11,
    birthMinute: 5,
    birthAmPm: 'PM',
    birthPlace: 'Pune, India',
    religion: 'Hindu',
    motherTongue: 'Marathi',
    agePreferenceMin: 24,
    agePreferenceMax: 32,
    locationPreference: ['Canada', 'United States'],
    educationPreference: "Bachelor's or above",
    professionPreference: 'Any',
    familyBackground: 'Close-knit family from Pune; father is an engineer, mother a doctor.',
    ...overrides,
  };
}
