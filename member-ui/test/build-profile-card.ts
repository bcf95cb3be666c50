import { countryCode } from '../../contracts/countries';
import type { ProfileCardView, SuccessStoryView } from '../../contracts/views';

let nextId = 100;

/** A search/match card as GET /api/matches/* and /api/search return it; override what a test cares about. */
export function buildProfileCard(overrides: Partial<ProfileCardView> = {}): ProfileCardView {
  const id = overrides.id ?? nextId++;
  const fullName = overrides.fullName ?? `Member ${id}`;
  const country = overrides.country === undefined ? 'Canada' : overrides.country;
  return {
    id,
    userId: id + 1000,
    user: { id: id + 1000, fullName, isVerified: false },
    fullName,
    isVerified: false,
    gender: 'female',
    dateOfBirth: '1995-04-12',
    age: 30,
    profileType: 'self',
    parentName: null,
    parentRelationship: null,
    location: 'Toronto, Canada',
    city: 'Toronto',
    country,
    // As the server's presenter works it out (server/presenters/profile.ts).
    countryCode: countryCode(country),
    profession: 'Software Engineer',
    education: 'Masters',
    religion: 'Hindu',
    motherTongue: 'Hindi',
    rashi: null,
    nakshatra: null,
    manglik: null,
    zodiacSign: null,
    astroSource: { rashi: null, nakshatra: null, manglik: null, zodiacSign: null },
    photos: [`/media/photos/${id}-thumb.jpg`],
    photosBlurred: false,
    matchPercentage: 82,
    ...overrides,
  };
}

export function buildSuccessStory(overrides: Partial<SuccessStoryView> = {}): SuccessStoryView {
  return {
    id: 1,
    user1: { fullName: 'Ananya Iyer' },
    user2: { fullName: 'Rahul Mehta' },
    profile1: { photos: ['/media/stories/1a.jpg'] },
    profile2: { photos: ['/media/stories/1b.jpg'] },
    story: {
      matchDate: '2024-02-14T00:00:00.000Z',
      marriageDate: '2024-12-08T00:00:00.000Z',
      testimonial: 'Our families met on a video call from three continents.',
      location: 'London, United Kingdom',
    },
    ...overrides,
  };
}
