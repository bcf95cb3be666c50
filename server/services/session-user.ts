import type { AppServices } from '../context';
import { Profile } from '../models/profile';
import type { User } from '../models/user';
import { presentSessionUser } from '../presenters/user';
import { messagesSentThisMonth } from './messaging';

/** GET /api/auth/user's answer for `user` (also what the server's first screen renders for them). */
export async function sessionUserOf(services: Pick<AppServices, 'db' | 'config'>, user: User) {
  const profile = await Profile.query(services.db).where({ userId: user.id, isDeleted: false }).select('id').first();
  const { config } = services;
  return presentSessionUser(user, {
    profileId: profile?.id ?? null,
    demoMode: config.demoMode,
    firstFreePremium: config.firstFreePremium,
    messagesThisMonth: await messagesSentThisMonth(services.db, user.id),
  });
}
