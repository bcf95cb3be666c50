import crypto from 'node:crypto';
import type { UserRole } from '../../contracts/enums';
import type { User } from '../models/user';
import { createAccount } from '../services/accounts';
import { Client, type TestServer } from './harness';

export interface BuiltUser {
  user: User;
  password: string;
}

/** A member (or reviewer/admin) straight in the database; overrides for anything the test cares about. */
export async function buildUser(
  server: TestServer,
  overrides: Partial<{ fullName: string; username: string; email: string; password: string; role: UserRole; tier: User['subscriptionTier']; countRegistration: boolean }> = {},
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
    { scryptCost: server.config.scryptCost, firstFreePremium: server.config.firstFreePremium, countRegistration: overrides.countRegistration ?? false },
  );
  if (overrides.tier && overrides.tier !== user.subscriptionTier) {
    const ends = overrides.tier === 'tryme' ? null : Date.now() + 30 * 24 * 3600_000;
    await server.db('users').where({ id: user.id }).update({ subscriptionTier: overrides.tier, subscriptionEnds: ends });
    user.subscriptionTier = overrides.tier;
    user.subscriptionEnds = ends;
  }
  return { user, password };
}

/** A client signed in as a fresh user. */
export async function signedInClient(server: TestServer, overrides: Parameters<typeof buildUser>[1] = {}) {
  const built = await buildUser(server, overrides);
  const client = new Client(server);
  const res = await client.postForm('/api/auth/login', { username: built.user.username, password: built.password });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return { client, ...built };
}
