import fs from 'node:fs/promises';
import path from 'node:path';
import type { Next } from 'koa';
import { koaBody } from 'koa-body';
import { LIMITS } from '../../../contracts/enums';
import { PROFILE_MESSAGES } from '../../../contracts/profile';
import { type AppContext, newRouter } from '../../context';
import { badRequest, conflict, notFound, payloadTooLarge, storageError, storageFault } from '../../errors';
import { currentUser, requireUser } from '../../middleware/auth';
import { idParam } from '../../middleware/validate';
import { Photo } from '../../models/photo';
import { countActivePhotos, removeAbandonedUploads } from '../../services/profile-draft';
import { PHOTO_TOO_LARGE, deleteImageFiles, photoUrl, storeImage } from '../../services/photos';

/** Where uploads are streamed while they arrive: inside the data directory, never under their own name. */
export function uploadTempDir(dataDir: string): string {
  return path.join(dataDir, 'tmp', 'uploads');
}

const STALE_TEMP_MS = 3600_000;
const sweptDirs = new Set<string>();

/** Temporary files older than an hour are leftovers of a process that was killed mid-upload. */
async function sweepStaleTempFiles(dir: string): Promise<void> {
  if (sweptDirs.has(dir)) return;
  sweptDirs.add(dir);
  const now = Date.now();
  for (const name of await fs.readdir(dir).catch(() => [] as string[])) {
    const file = path.join(dir, name);
    const stat = await fs.stat(file).catch(() => null);
    if (stat?.isFile() && now - stat.mtimeMs > STALE_TEMP_MS) await fs.rm(file, { force: true }).catch(() => {});
  }
}

interface TempFile {
  filepath: string;
  size: number;
  destroy?: () => void;
  on(event: 'error', listener: (error: Error) => void): void;
}

/**
 * multipart/form-data for the upload routes only; formidable enforces the size while streaming. Every temporary
 * file the request opens is removed when the request ends, whatever happened: stored, refused, or the client gone
 * mid-body. A full or read-only disk while streaming is a clear 507 / 503, never a half-written file taken for
 * the upload.
 */
export function uploadMiddleware(maxFiles: number) {
  return async function withUpload(ctx: AppContext, next: Next): Promise<void> {
    if (!ctx.is('multipart/form-data')) throw badRequest('Send the photo as multipart/form-data');
    const declared = Number(ctx.get('Content-Length') || 0);
    if (declared > maxFiles * LIMITS.photoMaxBytes + 64 * 1024) throw payloadTooLarge(PHOTO_TOO_LARGE);
    const uploadDir = uploadTempDir(ctx.services.config.dataDir);
    try {
      await fs.mkdir(uploadDir, { recursive: true });
    } catch (error) {
      const fault = storageFault(error);
      throw fault ? storageError(fault) : error;
    }
    await sweepStaleTempFiles(uploadDir);
    const opened: TempFile[] = [];
    const writeErrors: Error[] = [];
    // A client that goes away mid-body: the files being written are closed and removed at once.
    const onClose = () => {
      if (!ctx.req.complete) for (const file of opened) file.destroy?.();
    };
    ctx.req.once('close', onClose);
    // Gone before the body was read (it can happen while earlier middleware waited on the database): the parser
    // would wait forever for the rest, so stop here. From this check to the parser's own listeners nothing awaits.
    if (ctx.req.destroyed && !ctx.req.complete) {
      ctx.req.off('close', onClose);
      throw badRequest('The upload was interrupted');
    }
    const multipart = koaBody({
      multipart: true,
      urlencoded: false,
      json: false,
      formidable: {
        uploadDir,
        maxFileSize: LIMITS.photoMaxBytes,
        maxFiles,
        maxFields: 10,
        allowEmptyFiles: false,
        keepExtensions: false,
        onFileBegin: (_name: string, file: unknown) => {
          const temp = file as TempFile;
          opened.push(temp);
          temp.on('error', (error) => writeErrors.push(error));
        },
      },
      onError(error: Error) {
        const e = error as Error & { httpCode?: number; code?: number };
        const fault = storageFault(error) ?? writeErrors.map(storageFault).find(Boolean);
        if (fault) throw storageError(fault);
        if (e.httpCode === 413 || e.code === 1009 || e.code === 1016) throw payloadTooLarge(PHOTO_TOO_LARGE);
        throw badRequest('The upload could not be read');
      },
    });
    try {
      await multipart(ctx as never, async () => {
        await assertFullyWritten(opened, writeErrors);
        await next();
      });
    } finally {
      ctx.req.off('close', onClose);
      for (const file of opened) await fs.rm(file.filepath, { force: true }).catch(() => {});
    }
  };
}

/** Every received byte is on disk: a write that failed late (a disk filling up) is never taken for a short file. */
async function assertFullyWritten(files: TempFile[], writeErrors: Error[]): Promise<void> {
  for (const file of files) {
    const onDisk = await fs.stat(file.filepath).then((s) => s.size).catch((error: unknown) => {
      writeErrors.push(error as Error);
      return -1;
    });
    if (onDisk === file.size && writeErrors.length === 0) continue;
    const fault = writeErrors.map(storageFault).find(Boolean);
    if (fault) throw storageError(fault);
    if (onDisk !== file.size) throw badRequest('The upload could not be saved completely; please try again');
  }
  const fault = writeErrors.map(storageFault).find(Boolean);
  if (fault) throw storageError(fault);
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

/** Removes the request's temporary files now (uploadMiddleware also does it when the request ends). */
export async function removeTempFiles(ctx: AppContext): Promise<void> {
  const files = (ctx.request as unknown as { files?: Record<string, UploadedFile | UploadedFile[]> }).files ?? {};
  for (const f of Object.values(files).flat()) await fs.rm(f.filepath, { force: true });
}

export function photoRoutes() {
  const router = newRouter('/api/upload');
  router.use(requireUser);

  router.post('/photo', uploadMiddleware(1), async (ctx) => {
    const user = currentUser(ctx);
    const file = uploadedFiles(ctx).photo;
    try {
      if (!file) throw badRequest('Choose a photo to upload (field "photo")');
      await removeAbandonedUploads(ctx.services.db, ctx.services.media, user.id);
      if ((await countActivePhotos(ctx.services.db, user.id)) >= LIMITS.photosPerProfile) throw conflict(PROFILE_MESSAGES.tooManyPhotos);
      const stored = await storeImage(ctx.services.media, await fs.readFile(file.filepath), {
        mimetype: file.mimetype,
        filename: file.originalFilename,
      });
      let photo: Photo;
      try {
        photo = await Photo.query(ctx.services.db).insertAndFetch({
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
      } catch (error) {
        // No row, no files: a photo the database could not record is not kept on disk either.
        await deleteImageFiles(ctx.services.media, stored.fileKey).catch(() => {});
        throw error;
      }
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
    await deleteImageFiles(ctx.services.media, photo.fileKey);
    ctx.body = { message: 'Photo deleted' };
  });

  return router;
}

