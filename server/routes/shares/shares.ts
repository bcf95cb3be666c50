import crypto from 'node:crypto';
import { SHARE_MESSAGES, shareCreateSchema } from '../../../contracts/profile';
import type { ProfileView, SharedProfileFields } from '../../../contracts/views';
import { type AppContext, newRouter } from '../../context';
import { HttpError, notFound } from '../../errors';
import { currentUser, requireUser } from '../../middleware/auth';
import { idParam, parse } from '../../middleware/validate';
import { ShareView } from '../../models/activity';
import { PrivacySettings } from '../../models/settings';
import { ProfileShare } from '../../models/social';
import { presentProfile } from '../../presenters/profile';
import { decideFamily, familyFacts } from '../../policies/relationship';
import { authorizeFamily } from '../../services/family/people';
import { loadProfile } from '../../services/profiles';

const DAY_MS = 24 * 3600_000;

/** 16 random bytes: 128 bits, unguessable. */
export function newShareCode(): string {
  return crypto.randomBytes(16).toString('base64url');
}

function presentShare(share: ProfileShare) {
  return {
    id: share.id,
    shareCode: share.shareCode,
    createdAt: new Date(share.createdAt).toISOString(),
    expiresAt: new Date(share.expiresAt).toISOString(),
    accessCount: share.accessCount,
    isActive: share.isActive,
  };
}

/**
 * A profile the session's member may share: their own, or one they help with as family while the candidate lets
 * family share it (the relationship policy's family rules). Anyone else's answers like a profile that does not exist.
 */
async function shareableProfileId(ctx: AppContext, profileId: number): Promise<number> {
  await authorizeFamily(ctx.services.db, currentUser(ctx).id, profileId, 'share');
  return profileId;
}

async function mayShareProfile(ctx: AppContext, profileId: number): Promise<boolean> {
  const facts = await familyFacts(ctx.services.db, currentUser(ctx).id, profileId);
  return facts !== null && facts.role !== null && decideFamily(facts, 'share');
}

/**
 * A shared link is opened by people outside the platform: they see the profile, never internal ids, the
 * parent's contact number, income, immigration history or completion bookkeeping.
 */
function forStrangers(presented: ProfileView): SharedProfileFields {
  const {
    id: _id, userId: _userId, user, username: _username, parentContact: _contact, income: _income, incomeCurrency: _currency, visaImmigrationExperience: _visa,
    matchPercentage: _match, is_deleted: _deleted, profileCompletionStage: _stage, basicInfoComplete: _b, personalDetailsComplete: _p,
    astrologyInfoComplete: _a, familyInfoComplete: _f, preferencesComplete: _pr, photoDetails, ...shown
  } = presented;
  return {
    ...shown,
    photoDetails: photoDetails.map(({ url, thumbnailUrl, blurred }) => ({ url, thumbnailUrl, blurred })),
    user: { fullName: user.fullName, isVerified: user.isVerified },
  };
}

export function shareRoutes() {
  const router = newRouter('/api');

  router.post('/profiles/:id/share', requireUser, async (ctx) => {
    const user = currentUser(ctx);
    const profileId = await shareableProfileId(ctx, idParam(ctx.params.id));
    const { expirationDays } = parse(shareCreateSchema, (ctx.request as unknown as { body?: unknown }).body ?? {});
    const now = Date.now();
    const share = await ProfileShare.query(ctx.services.db).insertAndFetch({
      profileId,
      userId: user.id,
      shareCode: newShareCode(),
      createdAt: now,
      expiresAt: now + expirationDays * DAY_MS,
      accessCount: 0,
      isActive: true,
    });
    ctx.status = 201;
    ctx.body = { ...presentShare(share), expirationDays };
  });

  router.get('/profiles/:id/shares', requireUser, async (ctx) => {
    const profileId = await shareableProfileId(ctx, idParam(ctx.params.id));
    const shares = await ProfileShare.query(ctx.services.db)
      .where({ profileId, isActive: true })
      .where('expiresAt', '>', Date.now())
      .orderBy('createdAt', 'desc');
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { shares: shares.map(presentShare) };
  });

  router.delete('/shares/:shareId', requireUser, async (ctx) => {
    const user = currentUser(ctx);
    const share = await ProfileShare.query(ctx.services.db).findById(idParam(ctx.params.shareId));
    // Its maker, or anyone who may share the profile now (the candidate can end a link family made).
    if (!share || (share.userId !== user.id && !(await mayShareProfile(ctx, share.profileId)))) throw notFound('Share link not found');
    await ProfileShare.query(ctx.services.db).findById(share.id).patch({ isActive: false, deactivatedAt: Date.now(), deactivatedBy: user.id });
    ctx.body = { message: 'Share link deactivated' };
  });

  // Public: anyone holding a valid link may view it, signed in or not (docs/privacy-and-visibility.md). Every view counts.
  router.get('/shares/:shareCode', async (ctx) => {
    const code = ctx.params.shareCode ?? '';
    ctx.set('Cache-Control', 'no-store');
    ctx.set('Referrer-Policy', 'no-referrer');
    ctx.set('X-Robots-Tag', 'noindex, nofollow');
    if (!/^[A-Za-z0-9_-]{10,64}$/.test(code)) throw notFound(SHARE_MESSAGES.invalid);
    const share = await resolveShare(ctx, code);
    const profile = share.profile;
    if (!profile?.user) throw notFound(SHARE_MESSAGES.notFound);
    await ProfileShare.query(ctx.services.db).findById(share.id).increment('accessCount', 1);
    await ShareView.query(ctx.services.db).insert({ shareId: share.id, createdAt: Date.now() });
    const privacy = await PrivacySettings.query(ctx.services.db).findById(profile.userId);
    const presented = presentProfile(profile, profile.user, {
      clearPhotos: !privacy?.blurPhotos,
      isOwner: false,
      showPhone: Boolean(privacy?.showPhoneNumber),
      shareCode: share.shareCode,
    });
    ctx.body = {
      profile: forStrangers(presented),
      share: { ...presentShare({ ...share, accessCount: share.accessCount + 1 } as ProfileShare), shareCode: undefined, id: undefined },
    };
  });

  return router;
}

/**
 * A share that is usable right now, with its profile, or the spec's errors: unknown code 404, expired or
 * deactivated 410, deleted/hidden profile or suspended owner 404 "Profile Not Found".
 */
export async function resolveShare(ctx: AppContext, code: string): Promise<ProfileShare> {
  return usableShare(ctx.services.db, code);
}

/** `resolveShare` on a database handle (the link preview of the page's HTML reads it without a request context). */
export async function usableShare(db: AppContext['services']['db'], code: string): Promise<ProfileShare> {
  const share = await ProfileShare.query(db).findOne({ shareCode: code });
  if (!share) throw notFound(SHARE_MESSAGES.invalid);
  if (!share.isActive || share.expiresAt <= Date.now()) throw new HttpError(410, SHARE_MESSAGES.invalid, 'gone');
  const profile = await loadProfile(db, share.profileId);
  const owner = profile?.user;
  const privacy = profile ? await PrivacySettings.query(db).findById(profile.userId).select('profileVisibility') : null;
  if (!profile || profile.isDeleted || !owner || owner.isDeleted || owner.status !== 'active' || privacy?.profileVisibility === 'none') {
    throw new HttpError(404, SHARE_MESSAGES.notFound, 'profile_not_found', { reason: 'profile_not_found' });
  }
  share.profile = profile;
  return share;
}
