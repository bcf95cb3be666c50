import type { SessionUser } from '../../contracts/auth';

/** A signed-in member with sensible defaults; override what a test cares about. */
export function buildSessionUser(overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    id: 7,
    fullName: 'Priya Sharma',
    username: 'priya',
    email: 'priya@example.com',
    role: 'member',
    subscriptionTier: 'tryme',
    subscriptionEnds: null,
    isFirst500: false,
    isVerified: false,
    messageCount: 0,
    messagesThisMonth: 0,
    profilePicture: null,
    profileId: null,
    createdAt: '2025-01-01T00:00:00.000Z',
    demoMode: true,
    language: 'en',
    ...overrides,
  };
}
