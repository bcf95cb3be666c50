import fs from 'node:fs/promises';
import type { Next } from 'koa';
import { koaBody } from 'koa-body';
import { LIMITS } from '../../../contracts/enums';
import { PROFILE_MESSAGES } from '../../../contracts/profile';
import { type AppContext, newRouter } from '../../context';
import { badRequest, conflict, notFound, payloadTooLarge } from '../../errors';
import { currentUser, requireUser } from '../../middleware/auth';
import { idParam } from '../../middleware/validate';
import { Photo } from '../../models/photo';
import { deleteImageFiles, photoUrl, storeImage } from '../../services/photos';

const PENDING_WINDOW_MS = 24 * 3600_000;

/** multipart/form-data for the upload routes only; formidable enforces the size while streaming. */
export function uploadMiddleware(maxFiles: number) {
  const multipart = koaBody({
    multipart: true,
    urlencoded: false,
    json: false,
    formidable: { maxFileSize: LIMITS.photoMaxBytes, maxFiles, maxFields: 10, allowEmptyFiles: false, keepExtensions: false },
    onError(error: Error) {
      const e = error as Error & { httpCode?: number; code?: number };
      if (e.httpCode === 413 || e.code === 1009 || e.code === 1016) throw payloadTooLarge('Photos must be 10 MB or smaller');
      throw badRequest('The upload could not be read');
    },
  });
  return async function withUpload(ctx: AppContext, next: Next): Promise<void> {
    if (!ctx.is('multipart/form-data')) throw badRequest('Send the photo as multipart/form-data');
    const declared = Number(ctx.get('Content-Length') || 0);
    if (declared > maxFiles * LIMITS.photoMaxBytes + 64 * 1024) throw payloadTooLarge('Photos must be 10 MB or smaller');
    await multipart(ctx as never, next);
  };
}

export interface UploadedFile {
  filepath: string;
  size: number;
  mimetype?: string | null;
  originalFilename?: string | null;
}

/** The uploaded files of a request by field name; the caller removes the temporary files. */
export function uploadedFiles(ctx: AppContext): Record<string, UploadedFile | undefined> {
  const files = (ctx.request as unknown as { files?: Record<string, UploadedFile | UploadedFile[]> }).files ?? {};
  const out: Record<string, UploadedFile | undefined> = {};
  for (const [name, entry] of Object.entries(files)) out[name] = Array.isArray(entry) ? entry[0] : entry;
  return out;
}

export async function removeTempFiles(ctx: AppContext): Promise<void> {
  const files = (ctx.request as unknown as { files?: Record<string, UploadedFile | UploadedFile[]> }).files ?? {};
  for (const f of Object.values(files).flat()) await fs.rm(f.filepath, { force: true });
}

/** Photos of a profile in progress: attached to the member's live profile, or uploaded in the last day. */
export async function countActivePhotos(ctx: AppContext, userId: number): Promise<number> {
  const db = ctx.services.db;
  const live = await db('profiles').where({ userId, isDeleted: false }).first('id');
  const row = await db('photos')
    .where({ userId, purpose: 'profile' })
    .where((q) => {
      q.where((p) => p.whereNull('profileId').where('createdAt', '>', Date.now() - PENDING_WINDOW_MS));
      if (live) q.orWhere('profileId', live.id);
    })
    .count({ n: '*' })
    .first();
  return Number(row?.n ?? 0);
}

export function photoRoutes() {
  const router = newRouter('/api/upload');
  router.use(requireUser);

  router.post('/photo', uploadMiddleware(1), async (ctx) => {
    const user = currentUser(ctx);
    const file = uploadedFiles(ctx).photo;
    try {
      if (!file) throw badRequest('Choose a photo to upload (field "photo")');
      if ((await countActivePhotos(ctx, user.id)) >= LIMITS.photosPerProfile) throw conflict(PROFILE_MESSAGES.tooManyPhotos);
      const stored = await storeImage(ctx.services.config.dataDir, await fs.readFile(file.filepath), {
        mimetype: file.mimetype,
        filename: file.originalFilename,
      });
      const photo = await Photo.query(ctx.services.db).insertAndFetch({
        userId: user.id,
        profileId: null,
        purpose: 'profile',
        position: 0,
        fileKey: stored.fileKey,
        width: stored.width,
        height: stored.height,
        bytes: stored.bytes,
        createdAt: Date.now(),
      });
      ctx.status = 201;
      ctx.body = { id: photo.id, url: photoUrl(photo.fileKey), thumbnailUrl: photoUrl(photo.fileKey, 'thumb'), width: photo.width, height: photo.height };
    } finally {
      await removeTempFiles(ctx);
    }
  });

  router.delete('/photo/:photoId', async (ctx) => {
    const user = currentUser(ctx);
    const photo = await Photo.query(ctx.services.db).findById(idParam(ctx.params.photoId));
    if (!photo || photo.userId !== user.id || photo.purpose !== 'profile') throw notFound('Photo not found');
    await Photo.query(ctx.services.db).deleteById(photo.id);
    await deleteImageFiles(ctx.services.config.dataDir, photo.fileKey);
    ctx.body = { message: 'Photo deleted' };
  });

  return router;
}

