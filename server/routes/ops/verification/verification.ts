import type { Knex } from 'knex';
import { listPageSchema, verificationDecisionSchema } from '../../../../contracts/ops';
import type { AppContext, AppRouter } from '../../../context';
import { conflict, notFound } from '../../../errors';
import { currentUser } from '../../../middleware/auth';
import { idParam, parse, requestBody } from '../../../middleware/validate';
import { IdentityVerification, VerificationRequest } from '../../../models/ops';
import { Photo } from '../../../models/photo';
import { User } from '../../../models/user';
import { isoOrNull } from '../../../presenters/user';
import { auditFrom } from '../../../services/audit';
import { mailVerificationOutcome } from '../../../services/member-notices';
import { notify, worded } from '../../../services/notifications';
import { deleteImageFiles, photoUrl } from '../../../services/photos';
import { type ProfileSummary, namesOf, personOrNull, profilesOf } from '../lib/members';
import { countryName } from '../../../../contracts/countries';
import { paginate } from '../lib/pagination';

/** The page's ID images and profile photos, loaded in two queries for all its requests. */
async function presentRequests(db: Knex, rows: VerificationRequest[]) {
  const imageIds = rows.flatMap((r) => [r.selfiePhotoId, r.documentPhotoId]).filter((id): id is number => Boolean(id));
  const images = imageIds.length ? await Photo.query(db).whereIn('id', imageIds).select('id', 'fileKey') : [];
  const keyOf = new Map<number, string>(images.map((p) => [p.id, p.fileKey]));
  const userIds = [...new Set(rows.map((r) => r.userId))];
  const profilePhotos = userIds.length
    ? await Photo.query(db)
        .join('profiles', 'profiles.id', 'photos.profileId')
        .whereIn('profiles.userId', userIds)
        .where({ 'profiles.isDeleted': false, 'photos.purpose': 'profile' })
        .orderBy('photos.position')
        .orderBy('photos.id')
        .select('profiles.userId', 'photos.fileKey')
    : [];
  const names = await namesOf(db, rows.map((r) => r.reviewerId));
  // What the ID must agree with: the profile's date of birth, gender and country, beside the document.
  const profiles = await profilesOf(db, userIds);
  const urlOf = (id: number | null) => (id && keyOf.has(id) ? photoUrl(keyOf.get(id) as string) : null);
  return rows.map((r) => ({
    id: r.id,
    status: r.status,
    documentType: r.documentType,
    createdAt: isoOrNull(r.createdAt),
    decidedAt: isoOrNull(r.decidedAt),
    rejectionReason: r.rejectionReason,
    decidedBy: personOrNull(r.reviewerId, names),
    user: { id: r.userId, fullName: r.user?.fullName, username: r.user?.username, email: r.user?.email },
    selfieUrl: urlOf(r.selfiePhotoId),
    documentUrl: urlOf(r.documentPhotoId),
    profilePhotos: profilePhotos.filter((p) => p.userId === r.userId).map((p) => photoUrl(p.fileKey)),
    profile: profileFacts(profiles.get(r.userId)),
  }));
}

function profileFacts(profile: ProfileSummary | undefined) {
  if (!profile) return null;
  return { dateOfBirth: profile.dateOfBirth, gender: profile.gender, country: countryName(profile.country) ?? profile.country };
}

/** Removes a decided request's ID images from the database (in the decision's transaction); returns their file keys. */
async function detachVerificationImages(trx: Knex, request: { selfiePhotoId: number | null; documentPhotoId: number | null }): Promise<string[]> {
  const ids = [request.selfiePhotoId, request.documentPhotoId].filter((id): id is number => typeof id === 'number');
  if (ids.length === 0) return [];
  const photos = await Photo.query(trx).whereIn('id', ids).select('fileKey');
  await VerificationRequest.query(trx).whereIn('selfiePhotoId', ids).patch({ selfiePhotoId: null });
  await VerificationRequest.query(trx).whereIn('documentPhotoId', ids).patch({ documentPhotoId: null });
  await Photo.query(trx).whereIn('id', ids).delete();
  return photos.map((p) => p.fileKey);
}

async function pendingRequest(ctx: AppContext, id: number) {
  const request = await VerificationRequest.query(ctx.services.db).findById(id);
  if (!request) throw notFound('Verification request not found');
  if (request.status !== 'pending') throw conflict('This request was already decided');
  return request;
}

/** Decides a pending request; a concurrent decision that got there first makes this one a 409 (and rolls back). */
async function decide(trx: Knex, id: number, fields: Partial<VerificationRequest>): Promise<void> {
  const updated = await VerificationRequest.query(trx).where({ id, status: 'pending' }).patch(fields);
  if (!updated) throw conflict('This request was already decided');
}

/** Identity verification review: the queue, approve, reject. ID images are deleted once a request is decided. */
export function verificationRoutes(router: AppRouter) {
  router.get('/verifications', async (ctx) => {
    const input = parse(listPageSchema, ctx.query);
    const status = input.status ?? 'pending';
    const db = ctx.services.db;
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await paginate(
      VerificationRequest.query(db).where('verification_requests.status', status),
      input,
      (q) =>
        q
          .orderBy('verification_requests.createdAt', status === 'pending' ? 'asc' : 'desc')
          .orderBy('verification_requests.id', status === 'pending' ? 'asc' : 'desc')
          // The page's members in one query, not one per request.
          .withGraphFetched('user')
          .modifyGraph('user', (users) => users.select('id', 'fullName', 'username', 'email')),
      (rows) => presentRequests(db, rows),
    );
  });

  router.post('/verifications/:id/approve', async (ctx) => {
    const reviewer = currentUser(ctx);
    const id = idParam(ctx.params.id);
    const request = await pendingRequest(ctx, id);
    const now = Date.now();
    const fileKeys = await ctx.services.db.transaction(async (trx) => {
      await decide(trx, id, { status: 'approved', reviewerId: reviewer.id, decidedAt: now });
      await User.query(trx).findById(request.userId).patch({ isVerified: true, updatedAt: now });
      await IdentityVerification.query(trx).insert({ userId: request.userId, requestId: id, method: 'document_and_selfie', documentType: request.documentType, reviewerId: reviewer.id, verifiedAt: now });
      await auditFrom(ctx, 'verification.approve', 'verification_request', id, { userId: request.userId }, { db: trx, subjectUserId: request.userId });
      return detachVerificationImages(trx, request);
    });
    for (const key of fileKeys) await deleteImageFiles(ctx.services.media, key);
    await mailVerificationOutcome(ctx.services.config, ctx.services.db, request.userId, { approved: true });
    await notify(ctx.services, { userId: request.userId, type: 'verification', ...worded({ id: 'server.notification.verifiedTitle' }, { id: 'server.notification.verifiedText' }), sourceType: 'verification', sourceId: id });
    ctx.body = { message: 'Verification approved', id };
  });

  router.post('/verifications/:id/reject', async (ctx) => {
    const reviewer = currentUser(ctx);
    const id = idParam(ctx.params.id);
    const { reason } = parse(verificationDecisionSchema, requestBody(ctx));
    const request = await pendingRequest(ctx, id);
    const fileKeys = await ctx.services.db.transaction(async (trx) => {
      await decide(trx, id, { status: 'rejected', rejectionReason: reason, reviewerId: reviewer.id, decidedAt: Date.now() });
      await auditFrom(ctx, 'verification.reject', 'verification_request', id, { userId: request.userId, reason, note: reason }, { db: trx, subjectUserId: request.userId });
      return detachVerificationImages(trx, request);
    });
    for (const key of fileKeys) await deleteImageFiles(ctx.services.media, key);
    await mailVerificationOutcome(ctx.services.config, ctx.services.db, request.userId, { approved: false, reason });
    await notify(ctx.services, { userId: request.userId, type: 'verification', ...worded({ id: 'server.notification.notVerifiedTitle' }, { id: 'server.notification.notVerifiedText', values: { reason } }), sourceType: 'verification', sourceId: id });
    ctx.body = { message: 'Verification rejected', id };
  });
}
