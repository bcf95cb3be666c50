import { type AppContext, newRouter } from '../../context';
import { HttpError, notFound } from '../../errors';
import { Photo } from '../../models/photo';
import { PrivacySettings } from '../../models/settings';
import { decidePhotoAccess } from '../../policies/media';
import { auditIdDocumentView } from '../../services/audit';
import { type PhotoVariant, VARIANT_SUFFIX, mediaName } from '../../services/photos';
import { resolveShare } from '../shares/shares';
import { invitationByToken } from '../../services/family/invitations';
import { consentByToken } from '../../services/story-consent';

/** For uploaded media: no script, no plugins, no framing, a sandboxed document if opened directly. */
export const MEDIA_CSP = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'none'; sandbox";

const FILE_PATTERN = /^([a-f0-9]{32})(_thumb|_blur)?\.jpg$/;

/** Uploaded media, always through the access check; a refusal is a 404 so it confirms nothing. */
export function mediaRoutes() {
  const router = newRouter('/media');
  router.get('/photos/:file', async (ctx) => {
    const match = FILE_PATTERN.exec(ctx.params.file ?? '');
    if (!match) throw notFound('Photo not found');
    const [, fileKey, suffix] = match;
    const variant: PhotoVariant = suffix === '_thumb' ? 'thumb' : suffix === '_blur' ? 'blur' : 'display';
    const photo = await Photo.query(ctx.services.db).findOne({ fileKey });
    if (!photo) throw notFound('Photo not found');
    const decision = await decidePhotoAccess(ctx.services.db, ctx.state.user, photo);
    if (decision === 'deny' || (decision === 'blur-only' && variant !== 'blur')) throw notFound('Photo not found');
    await auditIdDocumentView(ctx, photo);
    const idDocument = photo.purpose === 'verification_selfie' || photo.purpose === 'verification_document';
    await sendPhoto(ctx, fileKey, variant, idDocument ? 'never' : 'revalidate');
  });
  // Photos of a shared profile, for whoever holds a valid link; the owner's blur setting still applies.
  router.get('/shares/:shareCode/:file', async (ctx) => {
    const match = FILE_PATTERN.exec(ctx.params.file ?? '');
    const code = ctx.params.shareCode ?? '';
    if (!match || !/^[A-Za-z0-9_-]{10,64}$/.test(code)) throw notFound('Photo not found');
    const [, fileKey, suffix] = match;
    const variant: PhotoVariant = suffix === '_thumb' ? 'thumb' : suffix === '_blur' ? 'blur' : 'display';
    let share: Awaited<ReturnType<typeof resolveShare>>;
    try {
      share = await resolveShare(ctx, code);
    } catch {
      throw notFound('Photo not found');
    }
    const photo = await Photo.query(ctx.services.db).findOne({ fileKey });
    if (photo?.purpose !== 'profile' || photo.profileId !== share.profileId) throw notFound('Photo not found');
    const privacy = await PrivacySettings.query(ctx.services.db).findOne({ userId: photo.userId }).select('blurPhotos');
    if (privacy?.blurPhotos && variant !== 'blur') throw notFound('Photo not found');
    await sendPhoto(ctx, fileKey, variant, 'revalidate');
  });

  // Photos of a profile made by family, for the person it was made for holding their open invitation: they see it
  // exactly as members do (the blur setting applies) before they accept, take over or decline it.
  router.get('/family-invitations/:token/:file', async (ctx) => {
    const match = FILE_PATTERN.exec(ctx.params.file ?? '');
    const token = ctx.params.token ?? '';
    if (!match || !/^[A-Za-z0-9_-]{20,100}$/.test(token)) throw notFound('Photo not found');
    const [, fileKey, suffix] = match;
    const variant: PhotoVariant = suffix === '_thumb' ? 'thumb' : suffix === '_blur' ? 'blur' : 'display';
    const open = await invitationByToken(ctx.services.db, token).catch(() => null);
    if (open?.invitation.role !== 'candidate') throw notFound('Photo not found');
    const photo = await Photo.query(ctx.services.db).findOne({ fileKey });
    if (photo?.purpose !== 'profile' || photo.profileId !== open.profile.id) throw notFound('Photo not found');
    const privacy = await PrivacySettings.query(ctx.services.db).findOne({ userId: photo.userId }).select('blurPhotos');
    if (privacy?.blurPhotos && variant !== 'blur') throw notFound('Photo not found');
    await sendPhoto(ctx, fileKey, variant, 'revalidate');
  });

  // Photos of a success story, for the member answering through their consent link: they agree to these photos.
  router.get('/story-consent/:token/:file', async (ctx) => {
    const match = FILE_PATTERN.exec(ctx.params.file ?? '');
    const token = ctx.params.token ?? '';
    if (!match || !/^[A-Za-z0-9_-]{20,100}$/.test(token)) throw notFound('Photo not found');
    const [, fileKey, suffix] = match;
    const variant: PhotoVariant = suffix === '_thumb' ? 'thumb' : suffix === '_blur' ? 'blur' : 'display';
    const found = await consentByToken(ctx.services.db, token).catch(() => null);
    if (!found?.story.photoKeys?.includes(fileKey)) throw notFound('Photo not found');
    await sendPhoto(ctx, fileKey, variant, 'revalidate');
  });

  return router;
}

/**
 * How a browser may keep a file. Access can end at any moment (sign-out, a block, a blur, a hidden profile), so
 * photos are kept only as long as the server confirms each use ('revalidate': no-cache, answered 304 after the
 * access check) and ID images are never kept at all ('never': no-store), e.g. on a shared computer.
 */
type Caching = 'revalidate' | 'never';

async function sendPhoto(ctx: AppContext, fileKey: string, variant: PhotoVariant, caching: Caching): Promise<void> {
  if (caching === 'revalidate') {
    // A file key names one immutable, re-encoded file: the key and variant are its version.
    ctx.set('Cache-Control', 'private, no-cache');
    ctx.etag = `${fileKey}${VARIANT_SUFFIX[variant]}`;
    ctx.status = 200;
    if (ctx.fresh) {
      ctx.status = 304;
      return;
    }
  } else {
    ctx.set('Cache-Control', 'no-store');
  }
  let data: Buffer | null;
  try {
    data = await ctx.services.media.get(mediaName(fileKey, variant));
  } catch (error) {
    // The store failed (an unreadable file, a bucket that does not answer): say so, rather than "not found".
    ctx.services.log({ level: 'error', msg: 'media read failed', reqId: ctx.state.requestId, store: ctx.services.media.kind, err: String((error as Error)?.message ?? error) });
    throw new HttpError(503, 'This photo cannot be loaded right now. Try again in a minute.', 'storage_unavailable', {}, { 'Retry-After': '30' });
  }
  if (!data) throw notFound('Photo not found');
  // Always the re-encoded JPEG under its server-made name, never sniffed, and a document that may run nothing:
  // even a file that somehow held markup could not execute script from this origin.
  ctx.type = 'image/jpeg';
  ctx.set('Content-Disposition', `inline; filename="${fileKey}${VARIANT_SUFFIX[variant]}.jpg"`);
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.set('Content-Security-Policy', MEDIA_CSP);
  ctx.body = data;
}
