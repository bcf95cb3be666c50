import type { SessionUser } from '../../contracts/auth';
import type { User } from '../models/user';
import { effectiveTier } from '../policies/tier';

export function isoOrNull(ms: unknown): string | null {
  return ms === null || ms === undefined ? null : new Date(Number(ms)).toISOString();
}

export function presentSessionUser(
  user: User,
  extra: { profileId: number | null; demoMode: boolean; firstFreePremium: number; messagesThisMonth: number },
): SessionUser {
  const tier = effectiveTier(user);
  return {
    id: user.id,
    fullName: user.fullName,
    username: user.username,
    email: user.email,
    role: user.role,
    subscriptionTier: tier,
    subscriptionEnds: tier === 'tryme' ? null : isoOrNull(user.subscriptionEnds),
    isFirst500: tier !== 'tryme' && user.registrationNumber !== null && user.registrationNumber <= extra.firstFreePremium,
    isVerified: user.isVerified,
    messageCount: user.messageCount,
    messagesThisMonth: extra.messagesThisMonth,
    profilePicture: user.profilePicture,
    profileId: extra.profileId,
    createdAt: new Date(user.createdAt).toISOString(),
    demoMode: extra.demoMode,
    language: user.language ?? 'en',
  };
}
