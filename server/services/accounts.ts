import type { Language } from '../../contracts/i18n/languages';
import type { Knex } from 'knex';
import type { UserRole } from '../../contracts/enums';
import type { Db } from '../db';
import { Counter } from '../models/delivery';
import { NotificationSettings, PrivacySettings } from '../models/settings';
import { User } from '../models/user';
import { freeYearEnds } from './billing/clock';
import { type Argon2Params, hashPassword } from './passwords';

export interface NewAccount {
  fullName: string;
  email: string;
  username: string;
  password: string;
  role?: UserRole;
}

export async function findUserByLogin(db: Db, login: string): Promise<User | undefined> {
  const value = login.trim().toLowerCase();
  const column = value.includes('@') ? 'emailLower' : 'usernameLower';
  return User.query(db).where(column, value).where('isDeleted', false).first();
}

/** Raises `{field}` when the username or email is taken (checked again by the unique indexes). */
export async function takenField(db: Db | Knex.Transaction, username: string, email: string): Promise<'username' | 'email' | null> {
  if (await User.query(db).findOne({ usernameLower: username.toLowerCase() }).select('id')) return 'username';
  if (await User.query(db).findOne({ emailLower: email.toLowerCase() }).select('id')) return 'email';
  return null;
}

/**
 * Creates a member account with its settings rows. Members are numbered by an atomic counter inside the
 * transaction; numbers 1..firstFreePremium start on premium for one year.
 */
export async function createAccount(
  db: Db,
  input: NewAccount,
  options: { passwordParams: Argon2Params; firstFreePremium: number; countRegistration?: boolean; now?: number; emailConfirmed?: boolean; passwordHash?: string; language?: Language },
): Promise<User> {
  const now = options.now ?? Date.now();
  // A caller inside a transaction hashes first, so the slow hash does not hold the database's write lock.
  const passwordHash = options.passwordHash ?? (await hashPassword(input.password, options.passwordParams));
  const role = input.role ?? 'member';
  return db.transaction(async (trx) => {
    let registrationNumber: number | null = null;
    if (role === 'member' && options.countRegistration !== false) {
      await Counter.query(trx).insert({ name: 'registrations', value: 0 }).onConflict('name').ignore();
      await Counter.query(trx).findById('registrations').increment('value', 1);
      const counter = await Counter.query(trx).findById('registrations').select('value').throwIfNotFound();
      registrationNumber = counter.value;
    }
    const freePremium = registrationNumber !== null && registrationNumber <= options.firstFreePremium;
    const user = await User.query(trx).insertAndFetch({
      fullName: input.fullName,
      username: input.username,
      usernameLower: input.username.toLowerCase(),
      email: input.email,
      emailLower: input.email.toLowerCase(),
      passwordHash,
      role,
      status: 'active',
      subscriptionTier: freePremium ? 'premium' : 'tryme',
      subscriptionEnds: freePremium ? freeYearEnds(now) : null,
      registrationNumber,
      messageCount: 0,
      isVerified: false,
      totpEnabled: false,
      isDeleted: false,
      passwordChangedAt: now,
      emailConfirmedAt: options.emailConfirmed === false ? null : now,
      language: options.language ?? 'en',
      createdAt: now,
      updatedAt: now,
    });
    await PrivacySettings.query(trx).insert({ userId: user.id, updatedAt: now });
    await NotificationSettings.query(trx).insert({ userId: user.id, updatedAt: now });
    return user;
  });
}
