import fs from 'node:fs/promises';
import { verificationSubmitFields } from '../../../contracts/ops';
import { type AppContext, newRouter } from '../../context';
import { badRequest, conflict } from '../../errors';
import { currentUser, requireUser } from '../../middleware/auth';
import { parse } from '../../middleware/validate';
import { VerificationRequest } from '../../models/ops';
import { Photo } from '../../models/photo';
import { User } from '../../models/user';
import { deleteImageFiles, storeImage } from '../../services/photos';
import { removeTempFiles, uploadMiddleware, uploadedFiles } from '../photos/photos';

export async function verificationStatus(ctx: AppContext, userId: number) {
  const db = ctx.services.db;
  const latest = await VerificationRequest.query(db).where({ userId }).orderBy('createdAt', 'desc').orderBy('id', 'desc').first();
  const user = await User.query(db).findById(userId).select('isVerified');
  if (!latest) return { status: user?.isVerified ? 'approved' : 'not_submitted', rejectionReason: null, documentType: null, submittedAt: null, decidedAt: null };
  return {
    status: latest.status,
    rejectionReason: latest.rejectionReason,
    documentType: latest.documentType,
    submittedAt: new Date(latest.createdAt).toISOString(),
    decidedAt: latest.decidedAt ? new Date(latest.decidedAt).toISOString() : null,
  };
}

/** Identity verification, member side: a selfie and an ID photo through the same checks as profile photos. */
export function verificationRoutes() {
  const router = newRouter('/api/verification');
  router.use(requireUser);

  router.get('/', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await verificationStatus(ctx, currentUser(ctx).id);
  });

  router.post('/', uploadMiddleware(2), async (ctx) => {
    const user = currentUser(ctx);
    const stored: string[] = [];
    try {
      const { documentType } = parse(verificationSubmitFields, (ctx.request as unknown as { body?: unknown }).body);
      const current = await verificationStatus(ctx, user.id);
      if (current.status === 'pending') throw conflict('Your verification is already being reviewed');
      if (current.status === 'approved') throw conflict('Your identity is already verified');
      const files = uploadedFiles(ctx);
      if (!files.selfie || !files.document) throw badRequest('Add both a selfie and a photo of your ID document');
      const now = Date.now();
      const ids: number[] = [];
      for (const [field, purpose] of [['selfie', 'verification_selfie'], ['document', 'verification_document']] as const) {
        const file = files[field];
        if (!file) continue;
        const image = await storeImage(ctx.services.media, await fs.readFile(file.filepath), { mimetype: file.mimetype, filename: file.originalFilename });
        stored.push(image.fileKey);
        const photo = await Photo.query(ctx.services.db).insertAndFetch({ userId: user.id, profileId: null, purpose, position: 0, ...image, createdAt: now });
        ids.push(photo.id);
      }
      await VerificationRequest.query(ctx.services.db).insert({ userId: user.id, documentType, selfiePhotoId: ids[0], documentPhotoId: ids[1], status: 'pending', createdAt: now });
      stored.length = 0;
      ctx.status = 201;
      ctx.body = await verificationStatus(ctx, user.id);
    } finally {
      // Images of a refused submission are not kept.
      // Files first: even when the database cannot be written to (read-only, full), no image stays on disk.
      for (const key of stored) {
        await deleteImageFiles(ctx.services.media, key).catch(() => {});
        await Photo.query(ctx.services.db).where({ fileKey: key }).delete().catch(() => {});
      }
      await removeTempFiles(ctx);
    }
  });

  return router;
}
