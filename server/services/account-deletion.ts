import crypto from 'node:crypto';
import type { Knex } from 'knex';
import type { AppServices } from '../context';
import { Photo } from '../models/photo';
import { Profile } from '../models/profile';
import { User } from '../models/user';
import { deleteImageFiles } from './photos';
import { endSessions } from './session-end';

/**
 * Deletes a member's account in one transaction: the user row is anonymised
 * (kept so foreign keys and audit entries stay valid, but holding nothing personal), the profile soft-deleted and
 * emptied, messages, notifications, likes, matches, moods, views and tokens deleted, every session ended, share links
 * deactivated, the subscription cancelled, and every uploaded file removed after the commit.
 * Returns the payment-provider ids that the caller must cancel with the provider.
 */
export async function deleteAccount(services: Pick<AppServices, 'db' | 'media' | 'live'>, userId: number): Promise<{ stripeCustomerId: string | null; stripeSubscriptionId: string | null }> {
  const { db, media, live } = services;
  const now = Date.now();
  let fileKeys: string[] = [];
  let stripe = { stripeCustomerId: null as string | null, stripeSubscriptionId: null as string | null };
  await db.transaction(async (trx: Knex.Transaction) => {
    const user = await User.query(trx).findById(userId).select('email', 'stripeCustomerId', 'stripeSubscriptionId');
    if (!user) return;
    stripe = { stripeCustomerId: user.stripeCustomerId ?? null, stripeSubscriptionId: user.stripeSubscriptionId ?? null };
    const profileIds = (await Profile.query(trx).where({ userId }).select('id')).map((r) => r.id);
    fileKeys = (await Photo.query(trx).where({ userId }).select('fileKey')).map((r) => r.fileKey);

    // Everything below is bulk work on purpose, raw knex: each statement deletes or blanks all of the member's rows
    // in one table at once (a model instance per row would be slower and buy nothing), inside this one transaction.
    await trx('messages').where({ senderId: userId }).orWhere({ receiverId: userId }).delete();
    await trx('notifications').where({ userId }).orWhere({ actorUserId: userId }).delete();
    if (profileIds.length) {
      await trx('profile_likes').whereIn('likedProfileId', profileIds).delete();
      await trx('notifications').whereIn('relatedItemId', profileIds).whereIn('type', ['like', 'profile_like', 'match', 'profile_view']).delete();
      await trx('profile_views').whereIn('profileId', profileIds).delete();
      await trx('profile_shares').whereIn('profileId', profileIds).update({ isActive: false, deactivatedAt: now });
      await trx('photos').whereIn('profileId', profileIds).delete();
    }
    await trx('profile_likes').where({ userId }).delete();
    await trx('profile_views').where({ viewerUserId: userId }).delete();
    await trx('matches').where({ user1Id: userId }).orWhere({ user2Id: userId }).delete();
    await trx('photos').where({ userId }).delete();
    // The profile wizard's draft holds what the member typed (names, about, birth details).
    await trx('profile_drafts').where({ userId }).delete();
    await trx('saved_searches').where({ userId }).delete();
    await trx('user_moods').where({ userId }).delete();
    await trx('mood_prompt_dismissals').where({ userId }).delete();
    await trx('cultural_adaptation_assessments').where({ userId }).delete();
    await trx('daily_matches').where({ userId }).delete();
    await endSessions(live, trx, { userId });
    await trx('push_subscriptions').where({ userId }).delete();
    await trx('known_devices').where({ userId }).delete();
    await trx('sign_in_attempts').where({ userId }).delete();
    await trx('password_reset_tokens').where({ userId }).delete();
    await trx('totp_recovery_codes').where({ userId }).delete();
    await trx('email_confirmation_tokens').where({ userId }).delete();
    await trx('verification_requests').where({ userId }).delete();
    await trx('contact_messages').where({ userId }).delete();
    await trx('email_outbox').where('toEmail', user.email).delete();
    await trx('blocks').where({ blockerId: userId }).delete();
    await trx('kundali_cache').where('pairKey', 'like', `%:${userId}:%`).delete();
    await trx('live_events').where({ userId }).delete();

    // One update blanking every personal column (raw: the bulk statement above all others must not miss one).
    // The profile stays as a soft-deleted shell (ids in old links resolve to "not found"); nothing personal remains.
    await trx('profiles')
      .where({ userId })
      .update({
        isDeleted: true,
        deletedAt: now,
        updatedAt: now,
        gender: null, lookingFor: null, dateOfBirth: null, parentName: null, parentRelationship: null, parentContact: null,
        location: null, country: null, city: null, height: null, education: null, educationDetails: null, profession: null,
        company: null, income: null, maritalStatus: null, about: null, motherTongue: null, religion: null, diet: null,
        birthHour: null, birthMinute: null, birthAmPm: null, birthPlace: null, zodiacSign: null, rashi: null, nakshatra: null,
        manglik: null, gotra: null, kundaliDetails: null, familyType: null, familyValues: null, siblingDetails: null,
        familyBackground: null, agePreferenceMin: null, agePreferenceMax: null, locationPreference: null,
        educationPreference: null, professionPreference: null, heightPreferenceMin: null, heightPreferenceMax: null,
        maritalStatusPreference: null, dietPreference: null, communityPreference: null, religionPreference: null, motherTonguePreference: null,
        nriResidenceCountry: null, nriCommunity: null,
        culturalIntegrationLevel: null, returnToIndiaPlans: null, languagePreferences: null, visaImmigrationExperience: null,
        searchText: null, birthYear: null,
      });

    // The user row is kept (foreign keys, audit entries) but anonymised in one statement.
    const placeholder = `deleted-${userId}-${crypto.randomBytes(4).toString('hex')}`;
    await trx('users')
      .where({ id: userId })
      .update({
        fullName: 'Deleted Member',
        username: placeholder,
        usernameLower: placeholder,
        email: `${placeholder}@deleted.invalid`,
        emailLower: `${placeholder}@deleted.invalid`,
        passwordHash: `disabled$${crypto.randomBytes(16).toString('hex')}`,
        subscriptionTier: 'tryme',
        subscriptionEnds: null,
        stripeCustomerId: null,
        stripeSubscriptionId: null,
        profilePicture: null,
        totpSecret: null,
        totpEnabled: false,
        isVerified: false,
        lastActiveAt: null,
        emailBouncedAt: null,
        emailBounceReason: null,
        isDeleted: true,
        deletedAt: now,
        updatedAt: now,
      });
    await trx('privacy_settings').where({ userId }).update({ profileVisibility: 'none', updatedAt: now });
  });
  for (const key of fileKeys) await deleteImageFiles(media, key);
  return stripe;
}
